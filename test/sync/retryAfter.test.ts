// A marketplace that asks for a year-long pause (one 429 with `Retry-After: 31536000`): the push
// goes through the real client, limiter and sync engine against the sandbox on loopback, and
// ends within a few (scaled) windows. The shared ledger never holds an entry past the bound, the
// status another process reads shows a bounded wait, and the seller is told what was asked.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { waitReasonText } from '../../electron/core/app/syncStatus';
import {
  createRateLimiter,
  maxPenaltyMs,
  pauseNotice,
  type WaitEvent,
} from '../../electron/core/limits';
import { goldOffer, openDesk, useSyncWorld, WINDOW_MS, type Desk } from './harness';
import { testDatabase } from '../../electron/core/store/testing';

const world = useSyncWorld();
const YEAR_S = 365 * 24 * 3600;
const BOUND = maxPenaltyMs(WINDOW_MS);

const latestEntry = (desk: Desk) =>
  testDatabase(desk.store)
    .prepare<{ at: number }>('SELECT max(at_ms) AS at FROM rate_ledger')
    .get()!.at;

async function deskWithOneOffer(name: string): Promise<Desk> {
  const desk = (world.desk = openDesk(world.sb, world.dir.file(name)));
  expect((await desk.engine.pull({ catalogue: true })).error).toBeNull();
  desk.store.createOffer({ productId: 1, guaranteeDeliveryTime: 60_000, fields: goldOffer(4.2) });
  return desk;
}

describe('a year-long Retry-After', { timeout: 60_000 }, () => {
  it('holds a push for at most the bound, persists nothing past it, and tells the seller', async () => {
    const desk = await deskWithOneOffer('pause.db');
    // What the seller and every other process see while the pause holds, sampled at its start.
    const during: { event: WaitEvent; latestAheadMs: number; statusWaitMs: number }[] = [];
    desk.limiter.onWait((event) => {
      if (event.reason !== 'retry_after') return;
      // As `seller-desk status` reads it: its own connection and limiter on the profile's file.
      const other = new Database(desk.store.file);
      const status = createRateLimiter({ db: other, windowMs: WINDOW_MS });
      during.push({
        event,
        latestAheadMs: latestEntry(desk) - Date.now(),
        statusWaitMs: status.budget().nextRoomInMs,
      });
      status.close();
      other.close();
    });

    world.sb.setFaults({ tooManyRequests: 1, retryAfter: String(YEAR_S) });
    const started = performance.now();
    const summary = await desk.engine.push();
    const tookMs = performance.now() - started;

    expect(summary).toMatchObject({ sent: 1, pending: 0, error: null });
    expect(world.sb.requests.filter((r) => r.status === 429)).toHaveLength(1);
    expect(world.sb.control.offers(3).map((o) => o.price_per_step)).toEqual([4.2]);
    // Bounded: it waited out the held pause (not less), and not much more.
    expect(tookMs).toBeGreaterThanOrEqual(BOUND - 100);
    expect(tookMs).toBeLessThan(BOUND + 4 * WINDOW_MS);

    expect(during.length).toBeGreaterThan(0);
    for (const d of during) {
      expect(d.latestAheadMs).toBeLessThanOrEqual(BOUND - WINDOW_MS);
      expect(d.statusWaitMs).toBeGreaterThan(0);
      expect(d.statusWaitMs).toBeLessThanOrEqual(BOUND);
      expect(d.event.waitMs).toBeLessThanOrEqual(BOUND);
    }
    // Told: the event carries what was asked, in the words the CLI and the app show.
    const pause = during[0]!.event.pause!;
    expect(pause).toMatchObject({ askedMs: YEAR_S * 1000, heldMs: BOUND });
    const told =
      'The marketplace asked us to pause for 1 year; Seller Desk waits at most 5 s and then tries again.';
    expect(pauseNotice(pause)).toBe(told);
    const progress = desk.progress.find((p) => p.waitReason === 'retry_after');
    expect(progress?.waitingMs).toBeLessThanOrEqual(BOUND);
    expect(waitReasonText(progress!.waitReason, pause)).toBe(told);
    expect(desk.limiter.budget().nextRoomInMs).toBeLessThanOrEqual(BOUND);
  });

  it('left in the ledger by an older version, it holds nothing back and is dropped', async () => {
    const desk = await deskWithOneOffer('older.db');
    // What the unbounded penalize wrote: a full `requests` window ending a year from now.
    testDatabase(desk.store)
      .prepare(
        'INSERT INTO rate_ledger (at_ms, requests, manage_offers, attach) VALUES (?, ?, 0, 0)',
      )
      .run(Date.now() + YEAR_S * 1000 - WINDOW_MS, 120);
    expect(desk.limiter.budget().nextRoomInMs).toBe(0);

    const started = performance.now();
    const summary = await desk.engine.push();
    expect(summary).toMatchObject({ sent: 1, pending: 0, error: null });
    expect(performance.now() - started).toBeLessThan(2 * WINDOW_MS);
    // Dropped from the file by the next prune (due every quarter window).
    await new Promise((r) => setTimeout(r, WINDOW_MS / 4));
    await desk.limiter.acquire({});
    expect(latestEntry(desk)).toBeLessThanOrEqual(Date.now() + BOUND);
  });
});
