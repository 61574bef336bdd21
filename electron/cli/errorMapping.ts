// Every error any part of the core can throw, turned into what the seller is told and the exit
// code a script sees. Core's errors are recognised once (`toFailure`, core/usecases/failure.ts,
// shared with the app); this module says each failure kind in the command line's words, naming
// the request and the flags a script can change. It stays cheap to load (no client, no SQLite)
// for `help` and usage errors.
import {
  toFailure,
  UNREACHABLE_MARKETPLACE_KINDS,
  type FailureKind,
  type Problem,
  type UseCaseFailure,
} from '../core/usecases/failure';
import { CliError, type CliErrorKind, type InputProblem } from './cliError';

/**
 * The marketplace failure kinds that end a run with exit 5: it cannot be reached, or it does not
 * answer sensibly (server errors, 429s past every retry, answers that are not the API's). Each is
 * something to try again later, with the queue kept; none is the seller's input or token.
 */
export const UNREACHABLE_KINDS: ReadonlySet<string> = UNREACHABLE_MARKETPLACE_KINDS;

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

/** Each failure kind as the command line reports it (and so its exit code, cliError.ts). */
export const cliKindOf: Record<FailureKind, CliErrorKind> = {
  bad_input: 'bad_input',
  not_found: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  unreachable: 'unreachable',
  needs_attention: 'needs_attention',
  credentials_locked: 'credentials_locked',
  // Only the app asks the OS keychain for the token.
  insecure_storage: 'internal',
  data_folder: 'data_folder',
  cancelled: 'interrupted',
  internal: 'internal',
};

const TOKEN_REFUSED =
  'The marketplace refused the API token (401). Check SELLER_DESK_TOKEN or the token file; ';

/** The failure's message in the command line's words. */
function cliMessage(failure: UseCaseFailure): string {
  const { marketplace, queue } = failure.detail;
  const request = marketplace?.request ? ` (${marketplace.request})` : '';
  switch (failure.kind) {
    case 'unreachable': {
      if (queue) {
        return (
          `${unreachableReason(marketplace?.kind)} (${marketplace?.said ?? 'network error'}). ` +
          `${queue.sent} operation(s) were sent; ${queue.kept} are kept for the next push.`
        );
      }
      return (
        `${unreachableReason(marketplace?.kind)}${request}: ${marketplace?.said ?? failure.message}. ` +
        'Queued changes are kept for the next push.'
      );
    }
    case 'unauthorized':
      if (failure.detail.tokenMalformed) {
        return `${failure.message} Copy it again from your seller dashboard; queued changes are kept.`;
      }
      if (!marketplace) return failure.message;
      return queue
        ? `${TOKEN_REFUSED}${queue.kept} queued operation(s) are kept.`
        : `${TOKEN_REFUSED}queued changes are kept.`;
    case 'forbidden':
      return marketplace
        ? `The marketplace refused this${request}: ${marketplace.said}`
        : failure.message;
    case 'not_found':
      return marketplace
        ? `Not found on the marketplace${request}: ${marketplace.said}`
        : failure.message;
    case 'needs_attention':
      return marketplace
        ? `The marketplace refused the input: ${marketplace.said}`
        : failure.message;
    case 'bad_input':
      // The core cannot tell the encoding: the command line's way to name it is --encoding.
      return failure.detail.encodingUnsure
        ? `${failure.message}. Name it with --encoding NAME.`
        : failure.message;
    case 'cancelled':
      return queue
        ? `Interrupted; ${queue.kept} queued operation(s) are kept.`
        : 'Interrupted; queued changes are kept.';
    default:
      return failure.message;
  }
}

/** A use case's problem with a row or field, in the command line's terms (a file's column). */
export const inputProblem = (p: Problem): InputProblem => ({
  ...(p.line !== undefined && { line: p.line }),
  ...(p.field !== undefined && { column: p.field }),
  reason: p.message,
});

function cliProblems(failure: UseCaseFailure): InputProblem[] {
  return failure.problems.map(inputProblem);
}

/** What the seller is told; output.ts keeps the token out of it when it is printed. */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const failure = toFailure(error);
  return new CliError(cliKindOf[failure.kind], cliMessage(failure), cliProblems(failure));
}
