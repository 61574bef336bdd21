// How long a 429's Retry-After may stop every request, and how that is told to the seller. The
// pause is written into the shared ledger, so it holds every process on the profile (the app and
// any `seller-desk` beside it): an unbounded one would let a single answer stop all syncing.
import { limits } from '../../contract/marketplace/limits';

/**
 * The longest pause a Retry-After can impose, in rate windows (5 × 60 s). The marketplace's
 * limits are per window, so a well-behaved server never needs more than one or two; asking for
 * more than a few is a server error (a misconfigured proxy, a bug, a hostile answer), not a
 * reason to stop. After this long Seller Desk simply asks again: a marketplace that still wants
 * a pause answers another 429 and gets another bounded one.
 */
export const MAX_PENALTY_WINDOWS = 5;

/** MAX_PENALTY_WINDOWS in milliseconds for a window of `windowMs` (tests scale the window). */
export function maxPenaltyMs(windowMs: number = limits.windowMs): number {
  return MAX_PENALTY_WINDOWS * windowMs;
}

/** A pause the marketplace asked for (a 429's Retry-After), as the limiter holds it. */
export interface Pause {
  /** When requests may go again (clock ms). */
  untilMs: number;
  /** How long the marketplace asked for. */
  askedMs: number;
  /** How long Seller Desk holds it: `askedMs`, bounded by maxPenaltyMs. */
  heldMs: number;
}

export function isCapped(pause: Pause): boolean {
  return pause.askedMs > pause.heldMs;
}

/**
 * What the seller is told about a pause: "The marketplace asked us to pause for 1 year; Seller
 * Desk waits at most 5 min and then tries again." (the CLI's note, the app's sync status).
 */
export function pauseNotice(pause: Pause): string {
  const asked = `The marketplace asked us to pause for ${formatDuration(pause.askedMs)}`;
  if (!isCapped(pause)) return `${asked}.`;
  return `${asked}; Seller Desk waits at most ${formatDuration(pause.heldMs)} and then tries again.`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** A length of time in the largest unit that reads naturally: "45 s", "5 min", "3 h", "1 year". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return 'an unlimited time';
  // Whole seconds first: a Retry-After read back a millisecond after its answer is "1 year",
  // not "365 days"; anything above zero is at least "1 s".
  const rounded = ms <= 0 ? 0 : Math.max(SECOND, Math.round(ms / SECOND) * SECOND);
  const units: [number, string, string][] = [
    [YEAR, 'year', 'years'],
    [DAY, 'day', 'days'],
    [HOUR, 'h', 'h'],
    [MINUTE, 'min', 'min'],
  ];
  for (const [size, one, many] of units) {
    // 90 s reads better than "2 min", 36 h better than "2 days".
    if (rounded >= 1.5 * size || (size === YEAR && rounded >= size)) {
      const n = Math.round(rounded / size);
      return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
    }
  }
  return `${rounded / SECOND} s`;
}
