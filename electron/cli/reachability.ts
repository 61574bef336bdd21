// Tells "the marketplace cannot be reached" apart from everything else during a push or pull.
// The sync engine keeps an operation whose request failed on the network and retries it later,
// which is right for the app but would keep a cron job spinning against a server that is down:
// after two operations in a row failed on the network (each after the client's own retries),
// the run is stopped and ends with exit code 5, the queue intact. A marketplace that answers but
// not sensibly (5xx, 429 past every retry, a malformed answer) counts the same.
import type { MarketplaceClient } from '../core/api';
import { UNREACHABLE_KINDS } from './errorMapping';

const FAILURES_BEFORE_GIVING_UP = 2;

export interface Reachability {
  client: MarketplaceClient;
  /** Aborted when the marketplace is deemed unreachable. */
  signal: AbortSignal;
  readonly unreachable: boolean;
  readonly unauthorized: boolean;
  /** The most recent request failed on the network or with a 5xx (after the client's retries). */
  readonly lastCallFailed: boolean;
  /** The last network failure's message (method, path, cause; never a token or body). */
  readonly lastFailure: string | null;
  /** Its MarketplaceError kind. */
  readonly lastFailureKind: string | null;
}

export function watchReachability(client: MarketplaceClient): Reachability {
  const controller = new AbortController();
  let consecutive = 0;
  const state = {
    unreachable: false,
    unauthorized: false,
    lastFailure: null as string | null,
    lastFailureKind: null as string | null,
  };
  const watched = new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'close') return value;
      return async (...args: unknown[]) => {
        try {
          const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          consecutive = 0;
          return answer;
        } catch (error) {
          const kind = (error as { kind?: unknown }).kind;
          if (kind === 'unauthorized') state.unauthorized = true;
          if (typeof kind === 'string' && UNREACHABLE_KINDS.has(kind)) {
            consecutive++;
            state.lastFailure = (error as Error).message;
            state.lastFailureKind = kind;
            if (consecutive >= FAILURES_BEFORE_GIVING_UP && !state.unreachable) {
              state.unreachable = true;
              controller.abort(new Error('the marketplace is unreachable'));
            }
          } else {
            consecutive = 0;
          }
          throw error;
        }
      };
    },
  });
  return {
    client: watched,
    signal: controller.signal,
    get unreachable() {
      return state.unreachable;
    },
    get unauthorized() {
      return state.unauthorized;
    },
    get lastCallFailed() {
      return consecutive > 0;
    },
    get lastFailure() {
      return state.lastFailure;
    },
    get lastFailureKind() {
      return state.lastFailureKind;
    },
  };
}
