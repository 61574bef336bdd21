// Sales history against the sandbox: buyers simulated between pulls show up as units sold and
// estimated revenue at the price the offer had when they bought, one history row per change.
import { describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { salesReport } from '../../electron/core/usecases/sales';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { testDatabase } from '../../electron/core/store/testing';
import type { Desk } from './harness';
import { openDesk, secretBox, useSyncWorld } from './harness';
import { createSyncEngine } from '../../electron/core/sync';

const w = useSyncWorld();

const profileOf = (desk: Desk) => ({ store: () => desk.store }) as unknown as SellerProfile;
const rows = (desk: Desk) =>
  (
    testDatabase(desk.store).prepare('SELECT count(*) AS n FROM sales_points').get() as {
      n: number;
    }
  ).n;

describe('sales history', () => {
  it('counts gold units sold between pulls at the price they were sold at', async () => {
    w.desk = openDesk(w.sb, w.dir.file('a.db'), { sellerId: 1 });
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const baseline = rows(desk);
    expect(baseline).toBe(w.sb.control.offers(1).length);

    // 1001 sells at 0.05, 1002 at 0.012.
    expect(w.sb.control.simulateBuyers(1001, 1000)).toBe(1000);
    expect(w.sb.control.simulateBuyers(1002, 500)).toBe(500);
    await desk.engine.pull();
    // The seller raises 1001's price; buyers then pay the new one.
    w.sb.control.editOfferAsServer(1001, { price_per_step: 0.08 });
    await desk.engine.pull();
    expect(w.sb.control.simulateBuyers(1001, 200)).toBe(200);
    await desk.engine.pull();
    const afterSales = rows(desk);
    expect(afterSales).toBe(baseline + 4);
    // Nothing changed: a pull adds no row.
    await desk.engine.pull({ full: true });
    expect(rows(desk)).toBe(afterSales);

    const onServer = w.sb.control.offers(1).find((o) => o.id === 1001)!;
    expect(onServer).toMatchObject({ amount: 500000 - 1200, purchased_amount: 1200 });

    const report = salesReport(profileOf(desk), { since: Date.now() - 3_600_000 });
    expect(report.totals.units).toBe(1700);
    expect(report.totals.revenue).toBeCloseTo(1000 * 0.05 + 200 * 0.08 + 500 * 0.012, 2);
    expect(report.offers.map((o) => [o.id, o.units, o.revenue])).toEqual([
      [1001, 1200, 66],
      [1002, 500, 6],
    ]);
    expect(report.topSellers[0]!.id).toBe(1001);
    const today = report.series[report.series.length - 1]!;
    expect(today).toMatchObject({ units: 1700, revenue: 72 });
    expect(report.products.map((p) => [p.productId, p.units])).toEqual([
      [1, 1200],
      [2, 500],
    ]);
    // Per product: only that product's offers.
    const one = salesReport(profileOf(desk), { since: Date.now() - 3_600_000, productId: 2 });
    expect(one.totals).toMatchObject({ units: 500, revenue: 6 });
    // Sold before the period, nothing in it: stopped selling.
    const later = salesReport(profileOf(desk), {
      since: Date.now() + 1_000,
      now: Date.now() + 2 * 86_400_000,
    });
    expect(later.totals.units).toBe(0);
    expect(later.stopped.map((s) => [s.id, s.unitsBefore])).toEqual(
      expect.arrayContaining([
        [1001, 1200],
        [1002, 500],
      ]),
    );
  });

  it('writes the history with the page it was read from: a failure in between keeps neither', async () => {
    w.desk = openDesk(w.sb, w.dir.file('c.db'), { sellerId: 1 });
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const before = rows(desk);
    w.sb.control.simulateBuyers(1003, 50);
    // The engine's door with the history's write failing once, after the page's upsert.
    let failOnce = true;
    const store = new Proxy(desk.store, {
      get(target, key, receiver) {
        if (key !== 'syncStore') return Reflect.get(target, key, receiver) as unknown;
        return (clock?: never) => {
          const door = target.syncStore(clock);
          return {
            ...door,
            recordSalesPoints(offers: Parameters<typeof door.recordSalesPoints>[0]) {
              if (failOnce) {
                failOnce = false;
                throw new Error('disk full');
              }
              return door.recordSalesPoints(offers);
            },
          };
        };
      },
    });
    const engine = createSyncEngine({
      store,
      client: desk.client,
      limiter: desk.limiter,
      secretBox,
      backoff: { baseMs: 20, maxMs: 200 },
      maxInlineWaitMs: 1000,
    });
    const failed = await engine.pull().catch((e: unknown) => e);
    expect(String((failed as { error?: unknown }).error ?? failed)).toMatch(/disk full/);
    // The upsert of that page was rolled back with it: the offer still shows the old count.
    const server = () =>
      JSON.parse(
        (
          testDatabase(desk.store)
            .prepare(
              'SELECT s.json FROM server_copies s JOIN offers o USING (local_id) WHERE o.server_id = 1003',
            )
            .get() as { json: string }
        ).json,
      ) as { purchased_amount: number };
    expect(server().purchased_amount).toBe(0);
    expect(rows(desk)).toBe(before);
    // The next pull reads it again and records both.
    await engine.pull();
    expect(server().purchased_amount).toBe(50);
    expect(rows(desk)).toBe(before + 1);
    expect(
      salesReport(profileOf(desk), { since: Date.now() - 3_600_000 }).offers.map((o) => [
        o.id,
        o.units,
      ]),
    ).toEqual([[1003, 50]]);
  });

  it('sells one credential per unit of an account offer and records the Not Active sell-out', async () => {
    w.desk = openDesk(w.sb, w.dir.file('b.db'), { sellerId: 1 });
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    // 1008 (Multiple) holds 3 credentials; a fourth buyer finds nothing to buy.
    const active = w.sb.control.credentials(1008).filter((c) => c.status === 1).length;
    expect(w.sb.control.simulateBuyers(1008, active + 1)).toBe(active);
    const offer = w.sb.control.offers(1).find((o) => o.id === 1008)!;
    expect(offer.status).toBe(OfferStatus.NotActive);
    expect(offer.purchased_amount).toBe(active);
    await desk.engine.pull();
    const report = salesReport(profileOf(desk), { since: Date.now() - 3_600_000 });
    expect(report.offers).toEqual([
      expect.objectContaining({ id: 1008, units: active, revenue: active * 35 }),
    ]);
    const last = testDatabase(desk.store)
      .prepare('SELECT status, purchased FROM sales_points WHERE server_id = 1008 ORDER BY id DESC')
      .get();
    expect(last).toEqual({ status: OfferStatus.NotActive, purchased: active });
  });
});
