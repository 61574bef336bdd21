// Tells "the marketplace cannot be reached" apart from everything else during a run. The sync
// engine keeps an operation whose request failed on the network and retries it later, which is
// right for the app's timer but would keep a cron job spinning against a server that is down:
// with `giveUpWhenUnreachable`, after two requests in a row failed that way (each after the
// client's own retries) the run is stopped, the queue intact. A marketplace that answers but not
// sensibly (5xx, 429 past every retry, a malformed answer) counts the same.
import type { MarketplaceErrorKind } from '../../api/errors';
import { UNREACHABLE_MARKETPLACE_KINDS } from '../failure';

const FAILURES_BEFORE_GIVING_UP = 2;

export interface LastFailure {
  kind: MarketplaceErrorKind;
  request: string;
  /** The error's message (method, path, cause; never a token or body). */
  said: string;
  /** The socket's error code of a network failure (tells "no network" from "not answering"). */
  networkCode: string | null;
}

export interface Reachability {
  /** Aborted when the marketplace is deemed unreachable (only when giving up is asked for). */
  readonly signal: AbortSignal;
  readonly unreachable: boolean;
  /** A request was refused for its token during the run. */
  readonly unauthorized: boolean;
  /** The most recent request failed on the network or with a 5xx (after the client's retries). */
  readonly lastCallFailed: boolean;
  readonly lastFailure: LastFailure | null;
  /** Feed with each request's fate (null: answered). */
  observe(failure: unknown): void;
}

export function watchReachability(giveUp: boolean): Reachability {
  const controller = new AbortController();
  let consecutive = 0;
  let unreachable = false;
  let unauthorized = false;
  let lastFailure: LastFailure | null = null;
  return {
    signal: controller.signal,
    get unreachable() {
      return unreachable;
    },
    get unauthorized() {
      return unauthorized;
    },
    get lastCallFailed() {
      return consecutive > 0;
    },
    get lastFailure() {
      return lastFailure;
    },
    observe(failure) {
      const e = (failure ?? {}) as {
        kind?: unknown;
        method?: unknown;
        path?: unknown;
        networkCode?: unknown;
      };
      if (failure === null || typeof e.kind !== 'string') {
        consecutive = 0;
        return;
      }
      if (e.kind === 'unauthorized') unauthorized = true;
      if (!UNREACHABLE_MARKETPLACE_KINDS.has(e.kind)) {
        consecutive = 0;
        return;
      }
      consecutive++;
      lastFailure = {
        kind: e.kind as MarketplaceErrorKind,
        request: `${String(e.method)} ${String(e.path)}`,
        said: (failure as Error).message,
        networkCode: typeof e.networkCode === 'string' ? e.networkCode : null,
      };
      if (giveUp && consecutive >= FAILURES_BEFORE_GIVING_UP && !unreachable) {
        unreachable = true;
        controller.abort(new Error('the marketplace is unreachable'));
      }
    },
  };
}
