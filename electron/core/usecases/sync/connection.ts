// The app's one answer to "can I reach the marketplace?": what the last sync attempt found, when
// the next attempt comes, and whether the seller was already told. A failed attempt is retried
// by itself with a growing pause (a marketplace that is down is not hammered, one that comes
// back is found within a minute); each outage is one episode, notified once.
import { translate, type Locale } from '../../../contract/i18n';
import type { Connection } from '../../../contract/ipc';
import { limits } from '../../../contract/marketplace/limits';
import type { Clock } from '../../util/clock';

export type UnreachableReason = 'no_network' | 'not_answering' | 'marketplace_error';

/** 5 s, 15 s, 30 s, then every 60 s while the marketplace stays away. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 15_000, 30_000, 60_000];

// Node's codes for "this computer has no way out" (no DNS, no route) as opposed to "the
// marketplace's host does not answer" (refused, reset, timed out).
const NO_NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
]);

/** Why a request found the marketplace unreachable, from the client's error kind and code. */
export function unreachableReason(
  kind: string | undefined,
  networkCode: string | null | undefined,
): UnreachableReason {
  if (kind === 'network_not_sent' || kind === 'network_maybe_sent') {
    return networkCode && NO_NETWORK_CODES.has(networkCode) ? 'no_network' : 'not_answering';
  }
  return kind ? 'marketplace_error' : 'not_answering';
}

export type WaitPool = 'requests' | 'manage_offers' | 'attach' | 'retry_after';

export interface RateWait {
  pool: WaitPool;
  until: number;
  /** Offers in the request that waits (the offers-per-minute window only). */
  offers?: number;
  /** The sentence of a Retry-After pause (how long the marketplace asked, how long we hold). */
  pauseText?: string;
}

/**
 * "The marketplace allows 200 offers a minute" and what goes out when the wait ends, in the app's
 * language (the renderer adds "in 42 s").
 */
export function rateWaitWords(
  wait: RateWait,
  locale: Locale = 'en',
): { reason: string; label: string } {
  switch (wait.pool) {
    case 'manage_offers':
      return {
        reason: translate(locale, 'notices.rate.offers', { limit: limits.manageOffersPerWindow }),
        label: translate(locale, 'notices.rate.offersNext', { count: wait.offers ?? 0 }),
      };
    case 'attach':
      return {
        reason: translate(locale, 'notices.rate.links', { limit: limits.attachPerWindow }),
        label: translate(locale, 'notices.rate.linksNext'),
      };
    case 'retry_after':
      return {
        reason: wait.pauseText ?? translate(locale, 'notices.rate.askedToWait'),
        label: translate(locale, 'notices.rate.resumes'),
      };
    default:
      return {
        reason: translate(locale, 'notices.rate.requests', { limit: limits.requestsPerWindow }),
        label: translate(locale, 'notices.rate.requestNext'),
      };
  }
}

export interface ConnectionFacts {
  hasProfile: boolean;
  tokenRefused: boolean;
  running: boolean;
  wait: RateWait | null;
  /** The app's language: the connection line is the seller's to read. */
  locale?: Locale;
}

export interface ConnectionTracker {
  /** The state every front shows, at `now`. */
  view(facts: ConnectionFacts, now: number): Connection;
  /** An attempt reached the marketplace. True when this ends an outage. */
  succeeded(): boolean;
  /**
   * An attempt could not reach it: schedules the next one. True for the first failure of an
   * outage (the one the seller is notified of).
   */
  failed(reason: UnreachableReason): boolean;
  readonly unreachable: UnreachableReason | null;
  readonly nextRetryAt: number | null;
  /** Stops the pending retry (a run started anyway, or the app closes). */
  cancelRetry(): void;
}

export function createConnectionTracker(options: {
  clock: Clock;
  retry(): void;
  delaysMs?: readonly number[];
}): ConnectionTracker {
  const delays = options.delaysMs?.length ? options.delaysMs : DEFAULT_RETRY_DELAYS_MS;
  let reason: UnreachableReason | null = null;
  let failures = 0;
  let nextRetryAt: number | null = null;
  let since: number | null = null;
  let timer: AbortController | null = null;

  function cancelRetry() {
    timer?.abort();
    timer = null;
    nextRetryAt = null;
  }

  return {
    get unreachable() {
      return reason;
    },
    get nextRetryAt() {
      return nextRetryAt;
    },
    cancelRetry,
    succeeded() {
      cancelRetry();
      const ended = reason !== null;
      reason = null;
      since = null;
      failures = 0;
      return ended;
    },
    failed(why) {
      cancelRetry();
      const first = reason === null;
      if (first) since = options.clock.now();
      reason = why;
      const delay = delays[Math.min(failures, delays.length - 1)]!;
      failures++;
      nextRetryAt = options.clock.now() + delay;
      const controller = new AbortController();
      timer = controller;
      options.clock.sleep(delay, controller.signal).then(
        () => {
          if (timer !== controller) return;
          timer = null;
          nextRetryAt = null;
          options.retry();
        },
        () => {},
      );
      return first;
    },
    view(facts, now) {
      const locale = facts.locale ?? 'en';
      const say = (key: Parameters<typeof translate>[1]) => translate(locale, key);
      if (!facts.hasProfile) {
        return {
          state: 'offline',
          title: say('notices.connection.notConnected'),
          reason: null,
          countdown: null,
          action: null,
        };
      }
      if (facts.tokenRefused) {
        return {
          state: 'token_refused',
          title: say('notices.connection.tokenRefused'),
          reason: say('notices.connection.tokenRefusedReason'),
          countdown: null,
          action: 'replace_token',
        };
      }
      if (reason) {
        return {
          state: 'unreachable',
          title: say('notices.connection.unreachable'),
          reason: say(`notices.connection.${reason}`),
          countdown:
            !facts.running && nextRetryAt !== null
              ? {
                  label: say('notices.connection.nextRetry'),
                  until: new Date(nextRetryAt).toISOString(),
                }
              : null,
          action: facts.running ? null : 'retry',
          since: since === null ? null : new Date(since).toISOString(),
        };
      }
      if (facts.running && facts.wait && facts.wait.until > now) {
        const words = rateWaitWords(facts.wait, locale);
        return {
          state: 'waiting',
          title: say('notices.connection.waiting'),
          reason: words.reason,
          countdown: { label: words.label, until: new Date(facts.wait.until).toISOString() },
          action: null,
        };
      }
      if (facts.running) {
        return {
          state: 'syncing',
          title: say('notices.connection.syncing'),
          reason: null,
          countdown: null,
          action: null,
        };
      }
      return {
        state: 'online',
        title: say('notices.connection.online'),
        reason: null,
        countdown: null,
        action: null,
      };
    },
  };
}
