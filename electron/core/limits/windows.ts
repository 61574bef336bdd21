// The arithmetic of the marketplace's rolling windows, kept pure so that it can be checked with a
// fake clock and thousands of generated arrival patterns in milliseconds.
//
// An entry sent at `atMs` counts in the window at time `now` while `now < atMs + windowMs`: it
// leaves the window exactly `windowMs` after it was recorded.

export type Pool = 'requests' | 'manage_offers' | 'attach';
export const pools: readonly Pool[] = ['requests', 'manage_offers', 'attach'];

export interface WindowLimits {
  requestsPerWindow: number;
  manageOffersPerWindow: number;
  attachPerWindow: number;
}

/** What one request weighs in each pool. */
export interface Weights {
  requests: number;
  manageOffers: number;
  attach: number;
}

export interface LedgerEntry extends Weights {
  id: number;
  atMs: number;
}

export function weightIn(pool: Pool, w: Weights): number {
  if (pool === 'requests') return w.requests;
  if (pool === 'manage_offers') return w.manageOffers;
  return w.attach;
}

export function limitOf(pool: Pool, l: WindowLimits): number {
  if (pool === 'requests') return l.requestsPerWindow;
  if (pool === 'manage_offers') return l.manageOffersPerWindow;
  return l.attachPerWindow;
}

export function isInWindow(entry: { atMs: number }, nowMs: number, windowMs: number): boolean {
  return entry.atMs + windowMs > nowMs;
}

export function usedInWindow(
  entries: readonly LedgerEntry[],
  nowMs: number,
  windowMs: number,
): Weights {
  const used: Weights = { requests: 0, manageOffers: 0, attach: 0 };
  for (const e of entries) {
    if (!isInWindow(e, nowMs, windowMs)) continue;
    used.requests += e.requests;
    used.manageOffers += e.manageOffers;
    used.attach += e.attach;
  }
  return used;
}

export interface Room {
  /** 0 when the request fits now; else how long until it fits in every pool. */
  waitMs: number;
  /** The pool that keeps it waiting longest (null when it fits). */
  pool: Pool | null;
  /** The wait of each pool on its own. */
  byPool: Record<Pool, number>;
}

/**
 * How long until `cost` fits in every window: for each pool over its limit, the time at which
 * enough of the oldest entries have left. Exact, so a waiter sleeps once and never polls.
 */
export function waitForRoom(
  entries: readonly LedgerEntry[],
  cost: Weights,
  limits: WindowLimits,
  nowMs: number,
  windowMs: number,
): Room {
  const live = entries
    .filter((e) => isInWindow(e, nowMs, windowMs))
    .sort((a, b) => a.atMs - b.atMs);
  const byPool: Record<Pool, number> = { requests: 0, manage_offers: 0, attach: 0 };
  let waitMs = 0;
  let blocking: Pool | null = null;
  for (const pool of pools) {
    const wanted = weightIn(pool, cost);
    if (wanted <= 0) continue;
    const limit = limitOf(pool, limits);
    if (wanted > limit) {
      throw new RangeError(`a request weighing ${wanted} in ${pool} can never fit its ${limit}`);
    }
    const used = live.reduce((sum, e) => sum + weightIn(pool, e), 0);
    const excess = used + wanted - limit;
    if (excess <= 0) continue;
    let freed = 0;
    let freeAt = nowMs;
    for (const e of live) {
      const w = weightIn(pool, e);
      if (w <= 0) continue;
      freed += w;
      if (freed >= excess) {
        freeAt = e.atMs + windowMs;
        break;
      }
    }
    byPool[pool] = Math.max(0, freeAt - nowMs);
    if (byPool[pool] > waitMs) {
      waitMs = byPool[pool];
      blocking = pool;
    }
  }
  return { waitMs, pool: blocking, byPool };
}
