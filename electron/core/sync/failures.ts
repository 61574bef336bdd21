// What a failed request means for the operation that sent it. The client's typed errors name
// what happened; this decides what the outbox does next.
import { isMarketplaceError, type MarketplaceError } from '../api';
import { keepText, type Redact } from '../secrets/redact';
import { boundText } from '../util/echo';

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

/** The longest message an operation, an offer or a run keeps; the rest is counted, not stored. */
export const FAILURE_MESSAGE_MAX = 600;

/**
 * A message for the outbox and the seller: the error's words, never a body, a token or a
 * credential (`redact` knows what this push sent), on one line and bounded. A SyntaxError's words
 * are not repeated: V8 quotes the text around the error, and that text may be an opened credential.
 */
export function failureMessage(error: unknown, redact: Redact = keepText): string {
  if (error instanceof SyntaxError) return 'A queued item could not be read: it is not valid JSON.';
  return outcomeMessage(error instanceof Error ? error.message : String(error), redact);
}

/** The marketplace's words about an operation, as the outbox and the offer keep them. */
export function outcomeMessage(text: string, redact: Redact = keepText): string {
  return boundText(redact(text), FAILURE_MESSAGE_MAX);
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
