// The progress line of long commands (push, pull), drawn on stderr only when it is a terminal:
// a script reading our output, or a cron log, never sees carriage returns. A wait for the rate
// limit is shown as such, so that a seller does not take a deliberate pause for a hang.
import { formatDuration, isCapped, type Pause } from '../core/limits/pause';
import type { Writable } from './output';

export type WaitCause = 'requests' | 'manage_offers' | 'attach' | 'retry_after';

export interface Progress {
  /** A new phase (`push`, `pull`), with its total when known. */
  phase(label: string, total?: number | null): void;
  /** Work done so far in the phase. */
  update(done: number, total?: number | null): void;
  /** The next request waits this long for the marketplace's rate limit (or its Retry-After). */
  waiting(waitMs: number, cause: WaitCause, pause?: Pause): void;
  /** Clears the line; the next output starts on a clean line. */
  finish(): void;
}

const causeText: Record<WaitCause, string> = {
  requests: 'requests per minute',
  manage_offers: 'offers per minute',
  attach: 'screenshot links per minute',
  retry_after: 'the marketplace asked to retry later',
};

/** A pause longer than Seller Desk honours says so: the seller sees it is not a hang, nor a year. */
function causeOf(cause: WaitCause, pause: Pause | null): string {
  if (cause !== 'retry_after' || !pause || !isCapped(pause)) return causeText[cause];
  return (
    `the marketplace asked for ${formatDuration(pause.askedMs)}, ` +
    `Seller Desk waits at most ${formatDuration(pause.heldMs)}`
  );
}

const BAR_WIDTH = 24;

export function renderProgressLine(state: {
  label: string;
  done: number;
  total: number | null;
  waitUntil: number | null;
  cause: WaitCause | null;
  pause?: Pause | null;
  now: number;
}): string {
  const { label, done, total, waitUntil, cause, now } = state;
  let text = label;
  if (total !== null && total > 0) {
    const share = Math.min(1, done / total);
    const filled = Math.round(share * BAR_WIDTH);
    text += ` [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
  } else {
    text += ` ${done}`;
  }
  if (waitUntil !== null && cause !== null && waitUntil > now) {
    const seconds = Math.ceil((waitUntil - now) / 1000);
    text += `  waiting for the rate limit (${causeOf(cause, state.pause ?? null)}): ${seconds} s`;
  }
  return text;
}

export const silentProgress: Progress = {
  phase: () => {},
  update: () => {},
  waiting: () => {},
  finish: () => {},
};

/** A progress line on `stream` if it is a terminal and the seller did not ask for quiet. */
export function createProgress(opts: {
  stream: Writable;
  enabled: boolean;
  now?: () => number;
  /** Redraw at most this often (a push can report thousands of steps). */
  minIntervalMs?: number;
}): Progress {
  const { stream, enabled } = opts;
  if (!enabled || !stream.isTTY) return silentProgress;
  const now = opts.now ?? Date.now;
  const minInterval = opts.minIntervalMs ?? 100;
  const state = {
    label: '',
    done: 0,
    total: null as number | null,
    waitUntil: null as number | null,
    cause: null as WaitCause | null,
    pause: null as Pause | null,
  };
  let lastDraw = -Infinity;
  let drawn = false;
  let ticker: ReturnType<typeof setInterval> | null = null;

  const draw = (force: boolean) => {
    const at = now();
    if (!force && at - lastDraw < minInterval) return;
    lastDraw = at;
    stream.write(`\r\x1b[2K${renderProgressLine({ ...state, now: at })}`);
    drawn = true;
  };
  // While waiting, nothing else happens: a ticker keeps the countdown honest.
  const tickWhileWaiting = () => {
    if (ticker) return;
    ticker = setInterval(() => {
      if (state.waitUntil === null || state.waitUntil <= now()) {
        if (ticker) clearInterval(ticker);
        ticker = null;
        state.waitUntil = null;
      }
      draw(true);
    }, 1000);
    ticker.unref?.();
  };

  return {
    phase(label, total = null) {
      Object.assign(state, { label, done: 0, total, waitUntil: null, cause: null });
      draw(true);
    },
    update(done, total) {
      state.done = done;
      if (total !== undefined) state.total = total;
      if (state.waitUntil !== null && state.waitUntil <= now()) state.waitUntil = null;
      draw(false);
    },
    waiting(waitMs, cause, pause) {
      state.waitUntil = now() + waitMs;
      state.cause = cause;
      state.pause = pause ?? null;
      draw(true);
      tickWhileWaiting();
    },
    finish() {
      if (ticker) clearInterval(ticker);
      ticker = null;
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
