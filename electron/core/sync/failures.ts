// What a failed request means for the operation that sent it. The client's typed errors name
// what happened; this decides what the outbox does next.
import { sellerProblem } from '../../contract/rules/fieldLabels';
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
  if (isMarketplaceError(error)) return outcomeMessage(marketplaceWords(error), redact);
  return outcomeMessage(error instanceof Error ? error.message : String(error), redact);
}

/** The marketplace's own words in an error, without the request line and kind before them. */
function detailOf(error: MarketplaceError): string {
  const at = error.message.indexOf(' — ');
  return at >= 0 ? error.message.slice(at + 3) : error.message;
}

/**
 * What a refused or failed request means, for the seller: never the request line ("POST
 * /api/…"), the error's kind or a field's API key; a refused field by its label.
 */
function marketplaceWords(error: MarketplaceError): string {
  const detail = detailOf(error);
  const status = error.status !== null ? ` (HTTP ${error.status})` : '';
  switch (error.kind) {
    case 'validation': {
      const fields = Object.entries(error.fieldErrors ?? {}).flatMap(([field, list]) =>
        list.map((item) =>
          sellerProblem({ field, message: typeof item === 'string' ? item : item.error }),
        ),
      );
      return `The marketplace refused it: ${fields.length > 0 ? fields.join('; ') : detail}`;
    }
    case 'forbidden':
      return `The marketplace does not allow it: ${detail}`;
    case 'not_found':
      return `The marketplace could not find it: ${detail}`;
    case 'unauthorized':
      return 'The marketplace refused the API token.';
    case 'rate_limited':
      return 'The marketplace asked to slow down; it is sent again when its limit allows.';
    case 'network_not_sent':
      return `The marketplace could not be reached (${detail}).`;
    case 'network_maybe_sent':
      return `The connection broke (${detail}); Seller Desk checks whether it arrived before sending it again.`;
    case 'server':
      return `The marketplace had a problem${status}: ${detail}`;
    case 'bad_response':
      return `The marketplace's answer could not be read${status}: ${detail}`;
    case 'cancelled':
      return 'Cancelled.';
  }
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
