// What a failed request means for the operation that sent it. The client's typed errors name
// what happened; this decides what the outbox does next.
import { isMarketplaceError, type MarketplaceError } from '../api';

export type FailureAction =
  /** The token was refused: stop the whole sync, keep everything queued. */
  | 'stop_unauthorized'
  /** The seller's signal: stop now. */
  | 'cancelled'
  /** The marketplace refused it for a reason the seller must fix. */
  | 'refuse'
  /** Per-field validation errors (manage 400, 422s). */
  | 'validation'
  /** Not processed, try later (5xx to a safe request, network before sending, rate limit). */
  | 'retry'
  /** It may have been processed: read back before sending again. */
  | 'unknown';

export function failureAction(error: unknown): FailureAction {
  if (!isMarketplaceError(error)) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'AbortError' || name === 'RateLimiterClosedError') return 'cancelled';
    // A local failure (a screenshot file gone, credentials sealed under another key) does not
    // heal by itself: the seller sees it instead of a retry loop.
    return 'refuse';
  }
  switch (error.kind) {
    case 'unauthorized':
      return 'stop_unauthorized';
    case 'cancelled':
      return 'cancelled';
    case 'forbidden':
    case 'not_found':
      return 'refuse';
    case 'validation':
      return 'validation';
    case 'rate_limited':
    case 'network_not_sent':
      return 'retry';
    case 'network_maybe_sent':
    case 'server':
    case 'bad_response':
      return error.outcomeUnknown || error.kind === 'network_maybe_sent' ? 'unknown' : 'retry';
  }
}

/** A message for the outbox and the seller: the error's words, never a body or a token. */
export function failureMessage(error: unknown): string {
  if (isMarketplaceError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export function retryAfterOf(error: unknown): number | null {
  return isMarketplaceError(error) ? (error as MarketplaceError).retryAfterMs : null;
}

export class SyncStopped extends Error {
  override readonly name = 'SyncStopped';
  constructor(readonly reason: 'unauthorized' | 'cancelled') {
    super(reason === 'unauthorized' ? 'The marketplace refused the API token.' : 'Sync cancelled.');
  }
}

/** Persisted backoff: exponential with half jitter, from the op's attempt count. */
export function backoffDelayMs(
  attempts: number,
  opts: { baseMs: number; maxMs: number },
  random: () => number,
): number {
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}
