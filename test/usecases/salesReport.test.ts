// The sales report over a history recorded on a manual clock: days and weeks, the price at the
// time of each sale, falls that are not sales, and the bounds on what it is asked.
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/core/store';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { salesReport } from '../../electron/core/usecases/sales';
import { testDatabase } from '../../electron/core/store/testing';
import { asSchema } from '../support/olderSchema';
import { manualClock, serverOffer, tempDir } from '../store/fixtures';

const DAY = 86_400_000;
let store: Store | null = null;
const dir = tempDir();
afterEach(() => {
  store?.close();
  store = null;
});

function history() {
  // 2026-11-22 is a Sunday: the ISO week of day 1 starts on the 23rd.
  const clock = manualClock(Date.parse('2026-11-22T10:00:00.000Z'));
  store = openStore(dir.file(`s${Math.random()}.db`), { clock });
  const sync = store.syncStore();
  const see = (id: number, purchased: number, price: number) =>
    sync.recordSalesPoints([
      serverOffer({
        id,
        purchased_amount: purchased,
        price_per_step: price,
        outer_name: `Offer ${id}`,
      }),
    ]);
  see(1, 0, 2);
  see(2, 10, 1);
  clock.advance(DAY); // 23rd
  see(1, 5, 2);
  see(1, 5, 3); // a price change alone: no sale
  clock.advance(7 * DAY); // 30th
  see(1, 9, 3);
  see(2, 8, 1); // a fall (a refund): not a sale
  clock.advance(DAY); // 1 Dec
  see(2, 11, 1);
  const profile = { store: () => store! } as unknown as SellerProfile;
  return { profile, now: clock.now() };
}

describe('salesReport', () => {
  it('prices each sale at the price before it, per day and per week', () => {
    const { profile, now } = history();
    const report = salesReport(profile, { since: Date.parse('2026-11-22T00:00:00Z'), now });
    expect(report.totals).toMatchObject({ units: 12, revenue: 5 * 2 + 4 * 3 + 3 * 1 });
    const byDay = Object.fromEntries(report.series.map((s) => [s.start, s.units]));
    expect(byDay).toMatchObject({
      '2026-11-22': 0,
      '2026-11-23': 5,
      '2026-11-30': 4,
      '2026-12-01': 3,
    });
    expect(report.series).toHaveLength(10);
    // The 4 units of the 30th sold after the price went to 3 on the 23rd.
    expect(report.offers.find((o) => o.id === 1)).toMatchObject({ units: 9, revenue: 10 + 12 });
  });

  it('adds up weeks from Monday and lists offers that stopped selling', () => {
    const { profile, now } = history();
    const weekly = salesReport(profile, {
      since: Date.parse('2026-11-22T00:00:00Z'),
      now,
      bucket: 'week',
    });
    expect(weekly.series.map((s) => [s.start, s.units])).toEqual([
      ['2026-11-16', 0],
      ['2026-11-23', 5],
      ['2026-11-30', 7],
    ]);
    const recent = salesReport(profile, { since: now - 12 * 3_600_000, now });
    expect(recent.offers.map((o) => o.id)).toEqual([2]);
    expect(recent.stopped).toEqual([
      expect.objectContaining({ id: 1, name: 'Offer 1', unitsBefore: 9 }),
    ]);
  });

  it('turns the history kept before profit into sales, at the commission the offers show', () => {
    const { profile, now } = history();
    const since = Date.parse('2026-11-22T00:00:00Z');
    const kept = salesReport(profile, { since, now });
    // The profile as schema 13 left it: points without commission, no sales, no costs.
    const db = testDatabase(store!);
    asSchema(db, 13);
    db.prepare(
      `INSERT INTO offers (server_id, product_id, price_per_step) VALUES (1, 10, 3)`,
    ).run();
    db.prepare(
      `INSERT INTO server_copies (local_id, json) SELECT local_id, ? FROM offers WHERE server_id = 1`,
    ).run(JSON.stringify(serverOffer({ id: 1, commission_percent: 10 })));
    const file = store!.file;
    store!.close();
    store = openStore(file, { clock: manualClock(now) });
    const migrated = salesReport({ store: () => store! } as unknown as SellerProfile, {
      since,
      now,
    });
    expect(migrated.totals).toMatchObject({ units: 12, revenue: kept.totals.revenue });
    // Offer 1 (22 of revenue) shows 10 % commission now; offer 2 has no copy to read it from.
    expect(migrated.offers.map((o) => [o.id, o.revenue, o.commission, o.unitsWithoutCost])).toEqual(
      [
        [1, 22, 2.2, 9],
        [2, 3, 0, 3],
      ],
    );
  });

  it('refuses a start in the future and a period too long per day', () => {
    const { profile, now } = history();
    expect(() => salesReport(profile, { since: now + DAY, now })).toThrow(UseCaseFailure);
    expect(() => salesReport(profile, { since: now - 1000 * DAY, now })).toThrow(/too long/);
    expect(salesReport(profile, { since: now - 1000 * DAY, now, bucket: 'week' }).hasHistory).toBe(
      true,
    );
  });
});
