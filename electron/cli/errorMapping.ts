// Every error any part of the core can throw, turned into what the seller is told and the exit
// code a script sees. Errors are recognised by name and kind rather than by class so that this
// module stays cheap to load (no client, no SQLite) for `help` and usage errors.
import { boundText } from '../core/util/echo';
import { CliError, type InputProblem } from './cliError';

interface Named {
  name?: unknown;
  kind?: unknown;
  /** SecretBoxError's why (`locked`: the app's keychain holds the key). */
  reason?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  line?: unknown;
  problems?: unknown;
  method?: unknown;
  path?: unknown;
}

function describeRequest(e: Named): string {
  return typeof e.method === 'string' && typeof e.path === 'string'
    ? ` (${e.method} ${e.path})`
    : '';
}

/**
 * The marketplace failure kinds that end a run with exit 5: it cannot be reached, or it does not
 * answer sensibly (server errors, 429s past every retry, answers that are not the API's). Each is
 * something to try again later, with the queue kept; none is the seller's input or token.
 */
export const UNREACHABLE_KINDS: ReadonlySet<string> = new Set([
  'network_not_sent',
  'network_maybe_sent',
  'server',
  'rate_limited',
  'bad_response',
]);

/** The first words of an exit-5 message, by what the marketplace did. */
export function unreachableReason(kind: unknown): string {
  switch (kind) {
    case 'server':
      return 'The marketplace answered with a server error';
    case 'rate_limited':
      return 'The marketplace kept answering "too many requests" (429) after every retry';
    case 'bad_response':
      return 'The marketplace answered something that is not the Seller API (malformed answer)';
    default:
      return 'The marketplace could not be reached';
  }
}

function fromMarketplaceError(e: Named, message: string): CliError {
  if (typeof e.kind === 'string' && UNREACHABLE_KINDS.has(e.kind)) {
    return new CliError(
      'unreachable',
      `${unreachableReason(e.kind)}${describeRequest(e)}: ${message}. ` +
        'Queued changes are kept for the next push.',
    );
  }
  switch (e.kind) {
    case 'unauthorized':
      return new CliError(
        'unauthorized',
        'The marketplace refused the API token (401). Check SELLER_DESK_TOKEN or the token file; ' +
          'queued changes are kept.',
      );
    case 'forbidden':
      return new CliError(
        'forbidden',
        `The marketplace refused this${describeRequest(e)}: ${message}`,
      );
    case 'not_found':
      return new CliError(
        'not_found',
        `Not found on the marketplace${describeRequest(e)}: ${message}`,
      );
    case 'validation':
      return new CliError('needs_attention', `The marketplace refused the input: ${message}`);
    case 'cancelled':
      return new CliError('interrupted', 'Interrupted; queued changes are kept.');
    default:
      return new CliError('internal', `The marketplace answered unexpectedly: ${message}`);
  }
}

/** What the seller is told; output.ts keeps the token out of it when it is printed. */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as Named;
  const message = typeof e.message === 'string' ? e.message : String(error ?? 'unknown error');
  switch (e.name) {
    case 'MarketplaceError':
      return fromMarketplaceError(e, message);
    case 'StoreError':
      return new CliError(e.kind === 'invalid' ? 'bad_input' : 'data_folder', message);
    case 'DraftRejected': {
      const problems = Array.isArray(e.problems)
        ? (e.problems as { field?: string; message?: string }[]).map((p): InputProblem => ({
            column: p.field,
            reason: p.message ?? 'invalid',
          }))
        : [];
      return new CliError('bad_input', message, problems);
    }
    case 'ImportError': {
      // The core cannot tell the encoding: the command line's way to name it is --encoding.
      const ask = e.code === 'encoding-unsure' ? '. Name it with --encoding NAME.' : '';
      return new CliError(
        'bad_input',
        message + ask,
        typeof e.line === 'number' ? [{ line: e.line, reason: message }] : [],
      );
    }
    case 'SecretBoxError':
      return new CliError(e.reason === 'locked' ? 'credentials_locked' : 'data_folder', message);
    case 'AbortError':
    case 'RateLimiterClosedError':
      return new CliError('interrupted', 'Interrupted; queued changes are kept.');
    default:
      break;
  }
  if (typeof e.code === 'string' && /^(ENOENT|EACCES|EISDIR|EPERM)$/.test(e.code)) {
    return new CliError('bad_input', message);
  }
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_')) {
    return new CliError('data_folder', `The data folder could not be used: ${message}`);
  }
  // Not one of ours: its words (a SyntaxError quotes the text it choked on) are kept short.
  return new CliError('internal', boundText(message, INTERNAL_MESSAGE_MAX));
}

const INTERNAL_MESSAGE_MAX = 300;
