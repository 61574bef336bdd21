// The connection line in words, counting down by itself: the core sends a deadline (an absolute
// time), the renderer ticks every second until it passes, so "next retry in 12 s" never freezes
// between two events. And the end-of-sync summary ("Sent 260 changes · 3 need attention").
import { translate, type Locale } from '../../../electron/contract/i18n';
import { currentLocale } from './i18nText';
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
export function inWords(seconds: number, locale: Locale = currentLocale()): string {
  return seconds < 90
    ? translate(locale, 'sync.seconds', { n: seconds })
    : translate(locale, 'sync.minutes', { n: Math.ceil(seconds / 60) });
}

/**
 * The sentence under the connection's title at `now`:
 * - waiting: "The marketplace allows 200 offers a minute; the next 60 go out in 42 s"
 * - unreachable: "The marketplace is not answering. Next retry in 12 s."
 *   then "Trying again now…", the same words whether the deadline passed or none was sent.
 * - token refused: the reason with its way out.
 * Null when there is nothing to add to the title ("Online", "Syncing…").
 */
export function connectionText(
  connection: Connection,
  now: number,
  locale: Locale = currentLocale(),
): string | null {
  const { state, reason, countdown } = connection;
  if (state === 'waiting') {
    if (!countdown) return reason;
    const left = secondsLeft(countdown.until, now);
    return translate(locale, 'sync.countdown.waiting', {
      reason: reason ?? translate(locale, 'sync.countdown.defaultReason'),
      label: countdown.label,
      when:
        left > 0
          ? translate(locale, 'sync.countdown.in', { wait: inWords(left, locale) })
          : translate(locale, 'sync.countdown.now'),
    });
  }
  if (state === 'unreachable') {
    const why = reason ?? '';
    if (!countdown) return `${why} ${translate(locale, 'sync.countdown.tryingNow')}`.trim();
    const left = secondsLeft(countdown.until, now);
    const next =
      left > 0
        ? translate(locale, 'sync.countdown.nextRetry', { wait: inWords(left, locale) })
        : translate(locale, 'sync.countdown.tryingNow');
    return `${why} ${next}`.trim();
  }
  return reason;
}

/** The countdown alone, for the sidebar: "The next 60 go out in 42 s", "Next retry in 12 s". */
export function shortCountdownText(
  connection: { state: string; countdown: Connection['countdown'] },
  now: number,
  locale: Locale = currentLocale(),
): string | null {
  const { state, countdown } = connection;
  if (state === 'unreachable' && !countdown) return translate(locale, 'sync.countdown.tryingNow');
  if (!countdown || (state !== 'waiting' && state !== 'unreachable')) return null;
  const left = secondsLeft(countdown.until, now);
  if (left === 0) {
    return translate(
      locale,
      state === 'waiting' ? 'sync.countdown.sendingAgain' : 'sync.countdown.tryingNow',
    );
  }
  const label = countdown.label.charAt(0).toUpperCase() + countdown.label.slice(1);
  return translate(locale, 'sync.countdown.short', { label, wait: inWords(left, locale) });
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

/** One sync's end in a line, and the part that links to the offers that need the seller. */
export function lastRunText(
  run: LastRunSummary,
  locale: Locale = currentLocale(),
): { text: string; attention: string | null } {
  const attention =
    run.needsAttention > 0
      ? translate(locale, 'sync.run.attention', { count: run.needsAttention })
      : null;
  const waiting =
    run.waiting > 0 ? translate(locale, 'sync.run.changesWait', { count: run.waiting }) : null;
  switch (run.failure) {
    case 'unreachable':
      return {
        text: waiting
          ? translate(locale, 'sync.run.unreachableWaiting', { waiting })
          : translate(locale, 'sync.run.unreachable'),
        attention,
      };
    case 'token_refused':
      return {
        text: waiting
          ? translate(locale, 'sync.run.tokenRefusedWaiting', { waiting })
          : translate(locale, 'sync.run.tokenRefused'),
        attention,
      };
    case 'cancelled':
      return {
        text: waiting
          ? translate(locale, 'sync.run.cancelledWaiting', { count: run.sent, waiting })
          : translate(locale, 'sync.run.cancelled', { count: run.sent }),
        attention,
      };
    case 'error':
      return { text: translate(locale, 'sync.run.error'), attention };
    default: {
      const refused =
        run.refused > 0 ? translate(locale, 'sync.run.refused', { count: run.refused }) : null;
      const sent = run.sent > 0 ? translate(locale, 'sync.run.sent', { count: run.sent }) : null;
      return {
        text:
          [sent, refused].filter(Boolean).join(' · ') ||
          translate(locale, run.waiting > 0 ? 'sync.run.nothingSent' : 'sync.run.upToDate'),
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
  locale: Locale = currentLocale(),
): { label: string; meaning: string } | null {
  const away = connection === 'unreachable' || connection === 'token_refused';
  if (!away || (state !== 'sending' && state !== 'local')) return null;
  const why = translate(
    locale,
    connection === 'unreachable' ? 'sync.away.unreachable' : 'sync.away.tokenRefused',
  );
  return state === 'sending'
    ? {
        label: translate(locale, 'sync.away.waitingLabel'),
        meaning: translate(locale, 'sync.away.waitingMeaning', { why }),
      }
    : {
        label: translate(locale, 'sync.away.localLabel'),
        meaning: translate(locale, 'sync.away.localMeaning', { why }),
      };
}
