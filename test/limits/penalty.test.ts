// The bound on a 429's Retry-After (MAX_PENALTY_WINDOWS): whatever the marketplace asks, or an
// older version wrote into the shared ledger, no request waits longer than a few windows, no
// absurd penalty is persisted, and what was asked is kept to tell the seller.
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  formatDuration,
  MAX_PENALTY_WINDOWS,
  maxPenaltyMs,
  pauseNotice,
  type WaitEvent,
} from '../../electron/core/limits';
import { FakeClock, settle } from './fakeClock';
import { openLedgerFile } from './sqlite';

const W = 1000;
const YEAR_MS = 365 * 24 * 3600 * 1000;
const BOUND = maxPenaltyMs(W);

// The ledger's real SQL, in memory: the properties open hundreds (another process's view of a
// file is checked in test/sync/retryAfter.test.ts).
let opened: Database.Database[] = [];
const openLedger = () => {
  const db = openLedgerFile(':memory:');
  opened.push(db);
  return db;
};
const latestEntry = (db: Database.Database) =>
  (db.prepare('SELECT max(at_ms) AS at FROM rate_ledger').get() as { at: number | null }).at;

afterEach(() => {
  for (const db of opened) db.close();
  opened = [];
});

describe('the bound on a Retry-After penalty', () => {
  it('is MAX_PENALTY_WINDOWS windows: five minutes of the real 60 s windows', () => {
    expect(MAX_PENALTY_WINDOWS).toBe(5);
    expect(maxPenaltyMs()).toBe(300_000);
    expect(BOUND).toBe(5 * W);
  });

  it('a year-long Retry-After holds every request for the bound only, and keeps what was asked', async () => {
    const clock = new FakeClock(0);
    const db = openLedger();
    const limiter = createRateLimiter({ db, clock, windowMs: W });
    const waits: WaitEvent[] = [];
    limiter.onWait((e) => waits.push(e));

    limiter.penalize(YEAR_MS);
    expect(limiter.budget()).toMatchObject({ requestsLeft: 0, nextRoomInMs: BOUND });
    expect(limiter.pause()).toEqual({ untilMs: BOUND, askedMs: YEAR_MS, heldMs: BOUND });
    // Persisted bounded: the ledger's one entry ends its window with the pause.
    expect(latestEntry(db)).toBe(BOUND - W);

    let granted = false;
    void limiter.acquire({}).then(() => (granted = true));
    await settle();
    expect(waits).toEqual([
      {
        waitMs: BOUND,
        reason: 'retry_after',
        pause: { untilMs: BOUND, askedMs: YEAR_MS, heldMs: BOUND },
      },
    ]);
    expect(pauseNotice(waits[0]!.pause!)).toBe(
      'The marketplace asked us to pause for 1 year; Seller Desk waits at most 5 s and then tries again.',
    );
    await clock.advanceTo(BOUND - 1);
    expect(granted).toBe(false);
    await clock.advanceTo(BOUND);
    expect(granted).toBe(true);
    expect(limiter.pause()).toBeNull();
    limiter.close();
  });

  it('a short Retry-After is honoured as asked, and said plainly', () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W });
    limiter.penalize(3000);
    expect(limiter.pause()).toEqual({ untilMs: 3000, askedMs: 3000, heldMs: 3000 });
    expect(pauseNotice(limiter.pause()!)).toBe('The marketplace asked us to pause for 3 s.');
    // A later, shorter pause does not shorten the one held.
    limiter.penalize(600);
    expect(limiter.budget().nextRoomInMs).toBe(3000);
    limiter.close();
  });

  it('property: whatever is asked, the wait is min(asked, bound) and no entry is dated past it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 120_000 }),
        fc.oneof(
          fc.integer({ min: 1, max: 20_000 }),
          fc.integer({ min: 1, max: 2 ** 52 }),
          fc.constant(Number.POSITIVE_INFINITY),
        ),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (windowMs, askedMs, start) => {
          const clock = new FakeClock(start);
          const db = openLedger();
          const limiter = createRateLimiter({ db, clock, windowMs });
          const bound = maxPenaltyMs(windowMs);
          limiter.penalize(askedMs);
          const held = Math.min(askedMs, bound);
          expect(limiter.budget().nextRoomInMs).toBe(held);
          expect(limiter.pause()).toMatchObject({ heldMs: held, untilMs: start + held });
          expect(latestEntry(db)).toBeLessThanOrEqual(start + bound - windowMs);
          // Another process on the same ledger (the CLI's `status`) sees the same bounded wait.
          const other = createRateLimiter({ db, clock, windowMs });
          expect(other.budget().nextRoomInMs).toBe(held);
          limiter.close();
          other.close();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('property: whatever an older version left in the ledger, no request waits past the bound and a window', async () => {
    const entryArb = fc.record({
      aheadMs: fc.oneof(
        fc.integer({ min: -2 * W, max: BOUND + 2 * W }),
        fc.integer({ min: 0, max: 100 * YEAR_MS }),
      ),
      requests: fc.integer({ min: 0, max: 500 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { maxLength: 12 }), async (entries) => {
        const clock = new FakeClock(10 * YEAR_MS);
        const now = clock.now();
        const db = openLedger();
        const insert = db.prepare(
          'INSERT INTO rate_ledger (at_ms, requests, manage_offers, attach) VALUES (?, ?, 0, 0)',
        );
        for (const e of entries) insert.run(now + e.aheadMs, e.requests);
        const limiter = createRateLimiter({ db, clock, windowMs: W });
        expect(limiter.budget().nextRoomInMs).toBeLessThanOrEqual(BOUND + W);
        let granted = false;
        void limiter.acquire({}).then(() => (granted = true));
        await settle();
        // Dropped by the first prune: nothing beyond the bound stays in the file.
        expect(latestEntry(db)).toBeLessThanOrEqual(now + BOUND);
        await clock.advanceTo(now + BOUND + W);
        expect(granted).toBe(true);
        limiter.close();
      }),
      { numRuns: 100 },
    );
  });

  it('a ledger that already holds a year-long penalty (an older version) is ignored, then pruned', async () => {
    const clock = new FakeClock(50_000);
    const db = openLedger();
    // What the unbounded penalize wrote: a full window ending a year from now.
    db.prepare(
      'INSERT INTO rate_ledger (at_ms, requests, manage_offers, attach) VALUES (?, 120, 0, 0)',
    ).run(clock.now() + YEAR_MS - W);
    const limiter = createRateLimiter({ db, clock, windowMs: W });
    expect(limiter.budget()).toMatchObject({ requestsLeft: 120, nextRoomInMs: 0 });
    await limiter.acquire({}); // at once
    expect(latestEntry(db)).toBe(clock.now());
    limiter.close();
  });

  it('a slot in flight is never dated past the bound, and still counts for every process', async () => {
    const clock = new FakeClock(0);
    const db = openLedger();
    const limiter = createRateLimiter({
      db,
      clock,
      windowMs: W,
      limits: { requestsPerWindow: 2 },
    });
    await limiter.acquireSlot({}, undefined, { maxFlightMs: 10 * YEAR_MS });
    expect(latestEntry(db)).toBe(BOUND - W);
    const other = createRateLimiter({ db, clock, windowMs: W, limits: { requestsPerWindow: 2 } });
    expect(other.budget().requestsLeft).toBe(1);
    limiter.close();
    other.close();
  });
});

describe('formatDuration', () => {
  it('reads naturally from seconds to years', () => {
    expect(
      [
        0,
        400,
        5_000,
        89_000,
        300_000,
        3 * 3600_000,
        3 * 24 * 3600_000,
        YEAR_MS - 1,
        YEAR_MS,
        3 * YEAR_MS,
      ].map(formatDuration),
    ).toEqual([
      '0 s',
      '1 s',
      '5 s',
      '89 s',
      '5 min',
      '3 h',
      '3 days',
      '1 year',
      '1 year',
      '3 years',
    ]);
  });
});
