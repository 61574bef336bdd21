// The client-side guard of the marketplace's three rolling windows (docs/ARCHITECTURE.md, "Sync:
// what must hold" 8). Every request acquires here first: it waits until all of its windows have
// room, then it is recorded in all of them at once, inside one IMMEDIATE transaction, so that two
// processes on the same data file can never both take the last slot.
import { limits as apiLimits } from '../../contract/marketplace/limits';
import { systemClock, type Clock } from '../util/clock';
import { memoryLedger, sqliteLedger, type Ledger, type LedgerDatabase } from './ledger';
import { maxPenaltyMs, type Pause } from './pause';
import {
  usedInWindow,
  waitForRoom,
  type LedgerEntry,
  type Pool,
  type Room,
  type Weights,
  type WindowLimits,
} from './windows';

export interface RateCost {
  /** Offers in a manage request (weighs in the 200-per-window pool). */
  manageOffers?: number;
  /** attach_screenshots_from_links (weighs in the 300-per-window pool). */
  attach?: boolean;
}

export type WaitReason = Pool | 'retry_after';
export interface WaitEvent {
  waitMs: number;
  reason: WaitReason;
  /** With `retry_after`: the pause the marketplace asked for, and how long it is held. */
  pause?: Pause;
  /** With `manage_offers`: the offers in the request that waits ("the next 60 go out in…"). */
  offers?: number;
}

export interface RateBudget {
  requestsLeft: number;
  manageOffersLeft: number;
  attachLeft: number;
  /** 0 when a plain request may go now; else how long until one may. */
  nextRoomInMs: number;
}

/**
 * A granted place in the windows for a request about to be sent. Until it is answered, its
 * entry is dated at the latest moment the request could still reach the server (grant time +
 * `maxFlightMs`), so a slow request never leaves our window before it has even arrived.
 */
export interface RateSlot {
  /** When the slot was granted (clock ms). */
  readonly grantedAtMs: number;
  /**
   * The answer (or failure) came back: the server saw the request no later than now, so the
   * entry is dated now and leaves our window no earlier than it leaves the server's.
   */
  answered(): void;
}

export interface RateLimiter {
  /** Waits until every window has room, then records the request in all of them atomically. */
  acquire(cost: RateCost, signal?: AbortSignal): Promise<void>;
  /** As `acquire`, with a handle to report when the answer arrived (the client uses this). */
  acquireSlot(
    cost: RateCost,
    signal?: AbortSignal,
    flight?: { maxFlightMs?: number },
  ): Promise<RateSlot>;
  budget(): RateBudget;
  /**
   * How long until a request of this cost would fit every window (and any pause), by the ledger
   * as it is now: 0 when it fits. Requests already queued here are not counted.
   */
  roomInMs(cost: RateCost): number;
  /**
   * After a 429 with Retry-After: nothing is sent (by any process on the ledger) for that long
   * from now, or for `maxPenaltyMs` if that is shorter.
   */
  penalize(retryAfterMs: number): void;
  /** The pause a Retry-After imposed through this limiter, while it holds; else null. */
  pause(): Pause | null;
  /** The longest a Retry-After can hold requests (MAX_PENALTY_WINDOWS of this limiter's windows). */
  readonly maxPenaltyMs: number;
  /** After manage's 429: make our remaining offer budget match the server's figures. */
  recordServerBudget(budget: { used: number; limit: number }): void;
  onWait(listener: (e: WaitEvent) => void): () => void;
  /** Rejects whoever still waits and stops the timer. */
  close(): void;
}

export interface RateLimiterOptions {
  /**
   * The profile's connection, as the store hands it out for this table alone
   * (`store.rateLedgerDatabase()`); without it, an in-memory ledger.
   */
  db?: LedgerDatabase;
  windowMs?: number;
  limits?: Partial<WindowLimits>;
  clock?: Clock;
  /**
   * Longest a granted request may take to reach the server (default 2 minutes; never more than
   * MAX_PENALTY_WINDOWS − 1 windows, the furthest ahead any entry is dated).
   */
  maxFlightMs?: number;
}

interface Waiter {
  weights: Weights;
  /** Null for `acquire` (sent at once); else how long until the answer settles the entry. */
  flightMs: number | null;
  grant(id: number, atMs: number): void;
  fail(error: unknown): void;
  announced: boolean;
}

/** A planned wake-up is dropped (a plain reason: abort() alone builds a DOMException each time). */
const WAKE_MOVED = 'wake moved';

export class RateLimiterClosedError extends Error {
  constructor() {
    super('the rate limiter was closed');
    this.name = 'RateLimiterClosedError';
  }
}

export function createRateLimiter(opts: RateLimiterOptions = {}): RateLimiter {
  const clock = opts.clock ?? systemClock;
  const windowMs = opts.windowMs ?? apiLimits.windowMs;
  const limits: WindowLimits = {
    requestsPerWindow: apiLimits.requestsPerWindow,
    manageOffersPerWindow: apiLimits.manageOffersPerWindow,
    attachPerWindow: apiLimits.attachPerWindow,
    ...opts.limits,
  };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be ≥ 1`);
  }
  if (!(windowMs > 0)) throw new RangeError('windowMs must be > 0');
  const ledger: Ledger = opts.db ? sqliteLedger(opts.db) : memoryLedger();
  const maxPenalty = maxPenaltyMs(windowMs);
  // No entry is ever dated later than this ahead of its writer's clock: a penalty's entry (its
  // window ends when the penalty does) and a slot in flight alike.
  const latestAheadMs = maxPenalty - windowMs;
  // Readers keep a window of slack over it, for a writer whose clock was read a moment later (it
  // may have waited for the ledger's lock). Anything dated further ahead was written by an older
  // version (an unbounded Retry-After) or before the clock was set back: ignored, then pruned.
  const ignoredAfterMs = maxPenalty;
  const defaultFlightMs = opts.maxFlightMs ?? 120_000;
  // Entries still in flight (dated in the future) may be answered by another process, which
  // cannot wake us: look again this often while any is pending.
  const inFlightRecheckMs = Math.max(5, Math.min(1_000, windowMs / 20));
  const waiting: Waiter[] = [];
  const listeners = new Set<(e: WaitEvent) => void>();
  let penalty: Pause | null = null;
  let lastPruneAt = -Infinity;
  let wake: { at: number; stop: AbortController } | null = null;
  let closed = false;

  // Entries stay two windows so that a slot still in flight can always be moved later.
  const pruneIfDue = (now: number) => {
    if (now - lastPruneAt < windowMs / 4) return;
    lastPruneAt = now;
    ledger.prune(now - 2 * windowMs, now + ignoredAfterMs);
  };

  const liveEntries = (now: number): LedgerEntry[] =>
    ledger.entriesAfter(now - windowMs).filter((e) => e.atMs <= now + ignoredAfterMs);

  const penaltyLeftMs = (now: number) => Math.max(0, (penalty?.untilMs ?? 0) - now);

  /** The wait of a request (or of the `requests` pool alone), with the penalty if it is longer. */
  const withPenalty = (waitMs: number, pool: Pool, now: number): WaitEvent => {
    const penaltyMs = penaltyLeftMs(now);
    if (penalty && penaltyMs > 0 && penaltyMs >= waitMs) {
      return { waitMs: penaltyMs, reason: 'retry_after', pause: { ...penalty } };
    }
    return { waitMs, reason: pool };
  };
  const waitOf = (room: Room, now: number) =>
    withPenalty(room.waitMs, room.pool ?? 'requests', now);

  const announce = (e: WaitEvent) => {
    for (const listener of listeners) {
      try {
        listener(e);
      } catch {
        // A listener's failure must not stop the queue.
      }
    }
  };

  // Acquisitions and answers of one tick share one transaction: a burst of requests costs one
  // round through the ledger, not one each.
  const answeredSlots: { id: number; atMs: number }[] = [];
  let pumpQueued = false;
  function schedulePump(): void {
    if (pumpQueued) return;
    pumpQueued = true;
    queueMicrotask(() => {
      pumpQueued = false;
      pump();
    });
  }

  function pump(): void {
    if (closed || (waiting.length === 0 && answeredSlots.length === 0)) return;
    const now = clock.now();
    const granted: [Waiter, number][] = [];
    const newlyWaiting: [Waiter, WaitEvent][] = [];
    let nextWakeMs = Infinity;
    const settling = answeredSlots.splice(0);
    try {
      ledger.exclusively(() => {
        for (const answer of settling) ledger.settle(answer.id, answer.atMs);
        if (waiting.length === 0) return;
        pruneIfDue(now);
        const live = liveEntries(now);
        for (let i = 0; i < waiting.length; i++) {
          const waiter = waiting[i]!;
          const room = waitForRoom(live, waiter.weights, limits, now, windowMs);
          const wait = waitOf(room, now);
          if (wait.waitMs <= 0) {
            const atMs = now + (waiter.flightMs ?? 0);
            const id = ledger.record(atMs, waiter.weights);
            live.push({ id, atMs, ...waiter.weights });
            granted.push([waiter, id]);
            continue;
          }
          nextWakeMs = Math.min(nextWakeMs, wait.waitMs);
          if (!waiter.announced) newlyWaiting.push([waiter, wait]);
          // Every request needs a slot in `requests`: when the first waiter finds none, nobody
          // behind it can find one either.
          if (room.byPool.requests > 0 || wait.reason === 'retry_after') {
            const behindWait = withPenalty(room.byPool.requests, 'requests', now);
            nextWakeMs = Math.min(nextWakeMs, behindWait.waitMs);
            for (const behind of waiting.slice(i + 1)) {
              if (!behind.announced) newlyWaiting.push([behind, behindWait]);
            }
            break;
          }
        }
        if (live.some((e) => e.atMs > now)) nextWakeMs = Math.min(nextWakeMs, inFlightRecheckMs);
      });
    } catch (error) {
      for (const waiter of waiting.splice(0)) waiter.fail(error);
      return;
    }
    for (const [waiter, id] of granted) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.grant(id, now);
    }
    for (const [waiter, e] of newlyWaiting) {
      waiter.announced = true;
      announce(e.reason === 'manage_offers' ? { ...e, offers: waiter.weights.manageOffers } : e);
    }
    scheduleWake(now, nextWakeMs);
  }

  function scheduleWake(now: number, afterMs: number): void {
    if (!Number.isFinite(afterMs) || waiting.length === 0) {
      wake?.stop.abort(WAKE_MOVED);
      wake = null;
      return;
    }
    const at = now + afterMs;
    if (wake && wake.at <= at) return;
    wake?.stop.abort(WAKE_MOVED);
    const current = { at, stop: new AbortController() };
    wake = current;
    clock.sleep(afterMs, current.stop.signal).then(
      () => {
        if (wake === current) wake = null;
        pump();
      },
      () => undefined,
    );
  }

  function enqueue(
    cost: RateCost,
    signal: AbortSignal | undefined,
    flightMs: number | null,
  ): Promise<RateSlot> {
    return new Promise<RateSlot>((resolve, reject) => {
      const weights = weightsOf(cost, limits);
      if (closed) return reject(new RateLimiterClosedError());
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        weights,
        flightMs,
        announced: false,
        grant: (id, atMs) => {
          signal?.removeEventListener('abort', onAbort);
          resolve({ grantedAtMs: atMs, answered: () => settle(id) });
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
      schedulePump();
    });
  }

  function settle(id: number): void {
    if (closed) return;
    answeredSlots.push({ id, atMs: clock.now() });
    // Room may come sooner than the wake planned from the pessimistic date.
    schedulePump();
  }

  return {
    maxPenaltyMs: maxPenalty,
    acquireSlot: (cost, signal, flight) =>
      enqueue(
        cost,
        signal,
        Math.min(latestAheadMs, Math.max(0, flight?.maxFlightMs ?? defaultFlightMs)),
      ),
    acquire: async (cost, signal) => {
      await enqueue(cost, signal, null);
    },

    budget() {
      const now = clock.now();
      const live = liveEntries(now);
      const used = usedInWindow(live, now, windowMs);
      const room = waitOf(
        waitForRoom(live, { requests: 1, manageOffers: 0, attach: 0 }, limits, now, windowMs),
        now,
      );
      return {
        requestsLeft: Math.max(0, limits.requestsPerWindow - used.requests),
        manageOffersLeft: Math.max(0, limits.manageOffersPerWindow - used.manageOffers),
        attachLeft: Math.max(0, limits.attachPerWindow - used.attach),
        nextRoomInMs: room.waitMs,
      };
    },

    roomInMs(cost) {
      const now = clock.now();
      return waitOf(
        waitForRoom(liveEntries(now), weightsOf(cost, limits), limits, now, windowMs),
        now,
      ).waitMs;
    },

    penalize(retryAfterMs) {
      const now = clock.now();
      const askedMs = Math.min(retryAfterMs, Number.MAX_SAFE_INTEGER);
      if (!(askedMs > 0)) return;
      const heldMs = Math.min(askedMs, maxPenalty);
      if (now + heldMs > (penalty?.untilMs ?? 0))
        penalty = { untilMs: now + heldMs, askedMs, heldMs };
      // A full `requests` window that ends with the pause holds back every process on the ledger.
      ledger.exclusively(() =>
        ledger.record(now + heldMs - windowMs, {
          requests: limits.requestsPerWindow,
          manageOffers: 0,
          attach: 0,
        }),
      );
      pump();
    },

    pause() {
      return penalty && penaltyLeftMs(clock.now()) > 0 ? { ...penalty } : null;
    },

    recordServerBudget({ used, limit }) {
      const now = clock.now();
      const serverLeft = Math.max(0, limit - used);
      ledger.exclusively(() => {
        const ours = usedInWindow(liveEntries(now), now, windowMs);
        const missing = limits.manageOffersPerWindow - serverLeft - ours.manageOffers;
        if (missing > 0) ledger.record(now, { requests: 0, manageOffers: missing, attach: 0 });
      });
      pump();
    },

    onWait(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    close() {
      closed = true;
      wake?.stop.abort(WAKE_MOVED);
      wake = null;
      for (const waiter of waiting.splice(0)) waiter.fail(new RateLimiterClosedError());
    },
  };
}

function weightsOf(cost: RateCost, limits: WindowLimits): Weights {
  const manageOffers = cost.manageOffers ?? 0;
  if (!Number.isInteger(manageOffers) || manageOffers < 0) {
    throw new RangeError('manageOffers must be a whole number ≥ 0');
  }
  if (manageOffers > limits.manageOffersPerWindow) {
    throw new RangeError(
      `a manage request of ${manageOffers} offers can never fit the window of ${limits.manageOffersPerWindow}`,
    );
  }
  return { requests: 1, manageOffers, attach: cost.attach ? 1 : 0 };
}
