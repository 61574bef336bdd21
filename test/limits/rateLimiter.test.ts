import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  RateLimiterClosedError,
  type RateCost,
  type WaitEvent,
  type Weights,
  type WindowLimits,
} from '../../electron/core/limits';
import { FakeClock, settle } from './fakeClock';

const W = 1000;

function weightsOf(cost: RateCost): Weights {
  return { requests: 1, manageOffers: cost.manageOffers ?? 0, attach: cost.attach ? 1 : 0 };
}

interface Arrival {
  seq: number;
  at: number;
  cost: RateCost;
}
interface Grant {
  seq: number;
  at: number;
  weights: Weights;
}

/** Runs arrivals through a real limiter on a fake clock; returns when each was granted. */
async function simulate(arrivals: Arrival[], limits: WindowLimits): Promise<Grant[]> {
  const clock = new FakeClock(0);
  const limiter = createRateLimiter({ clock, windowMs: W, limits });
  const grants: Grant[] = [];
  let pending = 0;
  let i = 0;
  while (i < arrivals.length || pending > 0) {
    const nextArrival = arrivals[i]?.at ?? Infinity;
    const next = Math.min(nextArrival, clock.nextWake() ?? Infinity);
    if (!Number.isFinite(next)) throw new Error(`stuck with ${pending} waiting`);
    await clock.advanceTo(next);
    while (arrivals[i]?.at === clock.now()) {
      const a = arrivals[i++]!;
      pending++;
      void limiter.acquire(a.cost).then(() => {
        pending--;
        grants.push({ seq: a.seq, at: clock.now(), weights: weightsOf(a.cost) });
      });
    }
    await settle();
  }
  limiter.close();
  return grants;
}

const sumIn = (gs: Grant[], k: keyof Weights) => gs.reduce((s, g) => s + g.weights[k], 0);
const live = (gs: Grant[], t: number) => gs.filter((g) => g.at <= t && g.at + W > t);

function fits(state: Grant[], w: Weights, limits: WindowLimits): boolean {
  return (
    sumIn(state, 'requests') + w.requests <= limits.requestsPerWindow &&
    sumIn(state, 'manageOffers') + w.manageOffers <= limits.manageOffersPerWindow &&
    sumIn(state, 'attach') + w.attach <= limits.attachPerWindow
  );
}

const limitsArb = fc.record({
  requestsPerWindow: fc.integer({ min: 2, max: 8 }),
  manageOffersPerWindow: fc.integer({ min: 5, max: 20 }),
  attachPerWindow: fc.integer({ min: 1, max: 5 }),
});

const scenarioArb = limitsArb.chain((limits) =>
  fc.record({
    limits: fc.constant(limits),
    arrivals: fc
      .array(
        fc.record({
          gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1500 })),
          cost: fc.oneof(
            fc.constant<RateCost>({}),
            fc
              .integer({ min: 1, max: limits.manageOffersPerWindow })
              .map((n) => ({ manageOffers: n })),
            fc.constant<RateCost>({ attach: true }),
          ),
        }),
        { minLength: 1, maxLength: 50 },
      )
      .map((items) => {
        let at = 0;
        return items.map((it, seq) => ({ seq, at: (at += it.gap), cost: it.cost }));
      }),
  }),
);

describe('rate limiter on a fake clock', () => {
  it('property: no rolling window ever holds more than its limit', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ limits, arrivals }) => {
        const grants = await simulate(arrivals, limits);
        expect(grants).toHaveLength(arrivals.length);
        for (const g of grants) {
          const inWindow = live(grants, g.at);
          expect(sumIn(inWindow, 'requests')).toBeLessThanOrEqual(limits.requestsPerWindow);
          expect(sumIn(inWindow, 'manageOffers')).toBeLessThanOrEqual(limits.manageOffersPerWindow);
          expect(sumIn(inWindow, 'attach')).toBeLessThanOrEqual(limits.attachPerWindow);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: a request is granted at the first moment it has room, never later', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ limits, arrivals }) => {
        const grants = await simulate(arrivals, limits);
        const bySeq = new Map(grants.map((g) => [g.seq, g]));
        for (const a of arrivals) {
          const g = bySeq.get(a.seq)!;
          // What this request competed with at time t: grants before t, and those at t of
          // requests queued ahead of it.
          const stateAt = (t: number) =>
            live(grants, t).filter((h) => h.at < t || (h.at === t && h.seq < a.seq));
          expect(fits(stateAt(g.at), g.weights, limits)).toBe(true);
          // Room only appears on arrival or when an entry leaves; none of those moments had it.
          const moments = [a.at, ...grants.map((h) => h.at + W)].filter(
            (t) => t >= a.at && t < g.at,
          );
          for (const t of moments) expect(fits(stateAt(t), g.weights, limits)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('grants at once, without sleeping, while there is room', async () => {
    const clock = new FakeClock();
    const limiter = createRateLimiter({ clock, windowMs: W, limits: { requestsPerWindow: 3 } });
    let granted = 0;
    for (let i = 0; i < 3; i++) void limiter.acquire({}).then(() => granted++);
    await settle();
    expect(granted).toBe(3);
    expect(clock.nextWake()).toBeNull();
    expect(limiter.budget()).toMatchObject({ requestsLeft: 0, nextRoomInMs: W });
  });

  it('sleeps exactly until the oldest entry leaves, and says why', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W, limits: { requestsPerWindow: 2 } });
    const waits: WaitEvent[] = [];
    limiter.onWait((e) => waits.push(e));
    await limiter.acquire({});
    await clock.advanceTo(100);
    await limiter.acquire({});
    await clock.advanceTo(200);
    let done = false;
    void limiter.acquire({}).then(() => (done = true));
    await settle();
    expect(waits).toEqual([{ waitMs: 800, reason: 'requests' }]);
    expect(clock.nextWake()).toBe(1000);
    await clock.advanceTo(999);
    expect(done).toBe(false);
    await clock.advanceTo(1000);
    expect(done).toBe(true);
  });

  it('weights manage by offers; a plain request passes a manage request that waits', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W });
    const waits: WaitEvent[] = [];
    limiter.onWait((e) => waits.push(e));
    await limiter.acquire({ manageOffers: 150 });
    const order: string[] = [];
    void limiter.acquire({ manageOffers: 100 }).then(() => order.push('manage'));
    void limiter.acquire({}).then(() => order.push('plain'));
    await settle();
    expect(order).toEqual(['plain']);
    expect(waits).toEqual([{ waitMs: W, reason: 'manage_offers', offers: 100 }]);
    expect(limiter.budget()).toMatchObject({ manageOffersLeft: 50, requestsLeft: 118 });
    await clock.advanceTo(W);
    expect(order).toEqual(['plain', 'manage']);
    await expect(limiter.acquire({ manageOffers: 201 })).rejects.toThrow(RangeError);
  });

  it('counts attach-from-links in its own pool and in requests', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({
      clock,
      windowMs: W,
      limits: { attachPerWindow: 2, requestsPerWindow: 5 },
    });
    await limiter.acquire({ attach: true });
    await limiter.acquire({ attach: true });
    expect(limiter.budget()).toMatchObject({ attachLeft: 0, requestsLeft: 3 });
    let attached = false;
    void limiter.acquire({ attach: true }).then(() => (attached = true));
    await limiter.acquire({});
    expect(attached).toBe(false);
    await clock.advanceTo(W);
    expect(attached).toBe(true);
  });

  it('a Retry-After penalty holds every request until its time', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W });
    const waits: WaitEvent[] = [];
    limiter.onWait((e) => waits.push(e));
    limiter.penalize(1500);
    expect(limiter.budget()).toMatchObject({ requestsLeft: 0, nextRoomInMs: 1500 });
    let done = false;
    void limiter.acquire({}).then(() => (done = true));
    await settle();
    await clock.advanceTo(1499);
    expect(done).toBe(false);
    await clock.advanceTo(1500);
    expect(done).toBe(true);
    expect(waits).toEqual([
      {
        waitMs: 1500,
        reason: 'retry_after',
        pause: { untilMs: 1500, askedMs: 1500, heldMs: 1500 },
      },
    ]);
    expect(limiter.pause()).toBeNull(); // over
  });

  it("a manage 429's budget figures re-align the offers left", async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W });
    await limiter.acquire({ manageOffers: 20 });
    limiter.recordServerBudget({ used: 180, limit: 200 });
    expect(limiter.budget().manageOffersLeft).toBe(20);
    limiter.recordServerBudget({ used: 10, limit: 200 }); // never gives budget back
    expect(limiter.budget().manageOffersLeft).toBe(20);
  });

  it('an answered slot moves its entry to the answer time', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W, limits: { requestsPerWindow: 1 } });
    const slot = await limiter.acquireSlot({});
    await clock.advanceTo(300);
    slot.answered();
    let done = false;
    void limiter.acquire({}).then(() => (done = true));
    await clock.advanceTo(W + 299);
    expect(done).toBe(false);
    await clock.advanceTo(W + 300);
    expect(done).toBe(true);
  });

  it('a slot still in flight stays in the window until it is answered', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W, limits: { requestsPerWindow: 1 } });
    const slow = await limiter.acquireSlot({}, undefined, { maxFlightMs: 5 * W });
    let done = false;
    void limiter.acquire({}).then(() => (done = true));
    await clock.advanceTo(W + 100); // no answer yet: the server may not have seen it
    expect(done).toBe(false);
    slow.answered(); // at W + 100: it leaves the window at 2W + 100
    await clock.advanceTo(2 * W + 99);
    expect(done).toBe(false);
    await clock.advanceTo(2 * W + 100);
    expect(done).toBe(true);
  });

  it('a cancelled wait leaves the queue; close rejects the rest', async () => {
    const clock = new FakeClock(0);
    const limiter = createRateLimiter({ clock, windowMs: W, limits: { requestsPerWindow: 1 } });
    await limiter.acquire({});
    const ctl = new AbortController();
    const cancelled = limiter.acquire({}, ctl.signal);
    const closed = limiter.acquire({});
    ctl.abort(new Error('seller cancelled'));
    await expect(cancelled).rejects.toThrow('seller cancelled');
    limiter.close();
    await expect(closed).rejects.toBeInstanceOf(RateLimiterClosedError);
    expect(clock.nextWake()).toBeNull();
  });
});
