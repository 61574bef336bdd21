// When a failed request may be sent again, and after how long. The API has no idempotency key, so
// only what cannot do harm twice is retried: reads, PUT/DELETE, anything the server refused
// unprocessed (429) and anything known never to have left. A POST whose outcome is unknown is
// handed back to the caller, who reads back before deciding (docs/ARCHITECTURE.md, "Sync: what must
// hold" 2).
import type { MarketplaceError } from './errors';
import type { HttpMethod } from './transport';

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetry: RetryOptions = { attempts: 4, baseDelayMs: 250, maxDelayMs: 8_000 };

export function isSafeToRetry(error: MarketplaceError, method: HttpMethod): boolean {
  const idempotent = method !== 'POST';
  switch (error.kind) {
    case 'rate_limited':
    case 'network_not_sent':
      return true;
    case 'network_maybe_sent':
    case 'server':
      return idempotent;
    default:
      return false;
  }
}

/**
 * Exponential backoff with "equal jitter" (half fixed, half random), so that clients failing
 * together do not come back together; never shorter than the server's Retry-After.
 */
export function retryDelayMs(
  attempt: number,
  opts: RetryOptions,
  random: () => number,
  retryAfterMs: number | null,
): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jittered = ceiling / 2 + (random() * ceiling) / 2;
  return Math.max(jittered, retryAfterMs ?? 0);
}
