// The connection line in words, counting down by itself: the core sends a deadline (an absolute
// time), the renderer ticks every second until it passes, so "next retry in 12 s" never freezes
// between two events. And the end-of-sync summary ("Sent 260 changes · 3 need attention").
import type {
  Connection,
  ConnectionState,
  LastRunSummary,
  SyncState,
} from '../../../electron/contract/ipc/models';
import type { Scheduler } from './latestOnly';

/** Whole seconds left until `until` (rounded up: "1 s" until it is really over), never < 0. */
export function secondsLeft(until: string, now: number): number {
  const at = Date.parse(until);
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "42 s", "2 min". */
export function inWords(seconds: number): string {
  return seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/**
 * The sentence under the connection's title at `now`:
 * - waiting: "The marketplace allows 200 offers a minute; the next 60 go out in 42 s"
 * - unreachable: "The marketplace is not answering. Next retry in 12 s."
 * - token refused: the reason with its way out.
 * Null when there is nothing to add to the title ("Online", "Syncing…").
 */
export function connectionText(connection: Connection, now: number): string | null {
  const { state, reason, countdown } = connection;
  if (state === 'waiting') {
    if (!countdown) return reason;
    const left = secondsLeft(countdown.until, now);
    const when = left > 0 ? `in ${inWords(left)}` : 'now';
    return `${reason ?? 'Waiting for the rate limit'}; ${countdown.label} ${when}`;
  }
  if (state === 'unreachable') {
    const why = reason ?? '';
    if (!countdown) return `${why} Trying again now…`.trim();
    const left = secondsLeft(countdown.until, now);
    const next = left > 0 ? `Next retry in ${inWords(left)}.` : 'Retrying now…';
    return `${why} ${next}`.trim();
  }
  return reason;
}

/** The countdown alone, for the sidebar: "The next 60 go out in 42 s", "Next retry in 12 s". */
export function shortCountdownText(
  connection: { state: string; countdown: Connection['countdown'] },
  now: number,
): string | null {
  const { state, countdown } = connection;
  if (state === 'unreachable' && !countdown) return 'Trying again now…';
  if (!countdown || (state !== 'waiting' && state !== 'unreachable')) return null;
  const left = secondsLeft(countdown.until, now);
  if (left === 0) return state === 'waiting' ? 'Sending again…' : 'Retrying now…';
  const label = countdown.label.charAt(0).toUpperCase() + countdown.label.slice(1);
  return `${label} in ${inWords(left)}`;
}

/**
 * Calls `tick(now)` at once and then on every whole second until `until` has passed (one last
 * call at 0), so a countdown shows 3 s, 2 s, 1 s, then what happens at 0. Returns a stop.
 */
export function tickUntil(
  until: string | null,
  tick: (now: number) => void,
  timers: Scheduler,
  clock: () => number = Date.now,
): () => void {
  let handle: unknown = null;
  let stopped = false;
  const at = until ? Date.parse(until) : NaN;
  const step = () => {
    handle = null;
    if (stopped) return;
    const now = clock();
    tick(now);
    if (!Number.isFinite(at) || now >= at) return;
    // Wake at the next change of the whole-second count, not a drifting 1000 ms later.
    const wait = (at - now) % 1000 || 1000;
    handle = timers.setTimeout(step, wait);
  };
  step();
  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}

function changes(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'change' : 'changes'}`;
}

/** "12 changes wait", "1 change waits". */
function changesWait(n: number): string {
  return `${changes(n)} ${n === 1 ? 'waits' : 'wait'}`;
}

/** One sync's end in a line, and the part that links to the offers that need the seller. */
export function lastRunText(run: LastRunSummary): { text: string; attention: string | null } {
  const attention =
    run.needsAttention > 0
      ? `${run.needsAttention.toLocaleString('en-US')} ${run.needsAttention === 1 ? 'needs' : 'need'} attention`
      : null;
  switch (run.failure) {
    case 'unreachable':
      return {
        text:
          run.waiting > 0
            ? `Could not reach the marketplace: ${changesWait(run.waiting)}`
            : 'Could not reach the marketplace',
        attention,
      };
    case 'token_refused':
      return {
        text: `The marketplace refused the token${run.waiting > 0 ? `: ${changesWait(run.waiting)}` : ''}`,
        attention,
      };
    case 'cancelled':
      return {
        text: `Cancelled after sending ${changes(run.sent)}${run.waiting > 0 ? `; ${changesWait(run.waiting)}` : ''}`,
        attention,
      };
    case 'error':
      return { text: 'The last sync stopped on an error', attention };
    default: {
      const refused = run.refused > 0 ? `${changes(run.refused)} refused` : null;
      const sent = run.sent > 0 ? `Sent ${changes(run.sent)}` : null;
      return {
        text:
          [sent, refused].filter(Boolean).join(' · ') ||
          (run.waiting > 0 ? 'Nothing sent yet' : 'Up to date, nothing to send'),
        attention,
      };
    }
  }
}

/**
 * An offer's sync chip while the marketplace is away: a change is not "Sending" then, it waits;
 * null when the chip's own words hold.
 */
export function chipWhileAway(
  state: SyncState,
  connection: ConnectionState,
): { label: string; meaning: string } | null {
  const away = connection === 'unreachable' || connection === 'token_refused';
  if (!away || (state !== 'sending' && state !== 'local')) return null;
  const why =
    connection === 'unreachable'
      ? 'The marketplace cannot be reached right now'
      : 'The marketplace refused the API token';
  return state === 'sending'
    ? {
        label: 'Waiting to send',
        meaning: `${why}; Seller Desk checks whether it arrived before sending it again.`,
      }
    : { label: 'Local change', meaning: `Saved on this computer. ${why}; it waits here.` };
}
