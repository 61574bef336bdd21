// Turns what core throws into what the renderer can act on. The messages speak to the seller;
// none carries a token, a password or a request body (the errors below never hold them).
import { AppFailure, type FieldProblemDto } from '../../contract/ipc';
import { isMarketplaceError, type MarketplaceError } from '../api';
import { ImportError } from '../imports/importError';
import { DraftRejected, StoreError } from '../store';

function marketplaceFailure(error: MarketplaceError): AppFailure {
  switch (error.kind) {
    case 'unauthorized':
      return new AppFailure(
        'unauthorized',
        'The marketplace did not accept the API token. It may be wrong or expired: paste a new one from your dashboard.',
      );
    case 'forbidden':
      return new AppFailure('forbidden', 'The marketplace refused this for your account.');
    case 'not_found':
      return new AppFailure('not_found', 'The marketplace does not know this offer any more.');
    case 'rate_limited':
      return new AppFailure(
        'rate_limited',
        'The marketplace asked us to slow down; the app will carry on when the limit allows.',
      );
    case 'validation':
      return new AppFailure('validation', 'The marketplace refused some fields.', fieldList(error));
    case 'cancelled':
      return new AppFailure('cancelled', 'Cancelled.');
    case 'network_not_sent':
    case 'network_maybe_sent':
    case 'server':
    case 'bad_response':
      return new AppFailure(
        'offline',
        'The marketplace cannot be reached right now. Nothing is lost: changes stay queued.',
      );
  }
}

function fieldList(error: MarketplaceError): FieldProblemDto[] {
  return Object.entries(error.fieldErrors ?? {}).flatMap(([field, list]) =>
    list.map((item) =>
      typeof item === 'string'
        ? { field, message: item }
        : { field, message: item.error, type: item.type, allowedValues: item.allowed_values },
    ),
  );
}

export function toAppFailure(error: unknown): unknown {
  if (error instanceof AppFailure) return error;
  if (isMarketplaceError(error)) return marketplaceFailure(error);
  if (error instanceof DraftRejected) {
    return new AppFailure(
      'validation',
      error.message,
      error.problems.map(({ field, message }) => ({ field, message })),
    );
  }
  if (error instanceof ImportError) {
    const where = error.line ? ` (line ${error.line})` : '';
    return new AppFailure('bad_input', `${error.message}${where}`);
  }
  if (error instanceof StoreError) {
    if (error.kind === 'not_found') return new AppFailure('not_found', error.message);
    if (error.kind === 'invalid') return new AppFailure('validation', error.message);
    return new AppFailure('internal', error.message);
  }
  return error;
}

/** Wraps every handler so that core's errors cross as typed failures. */
export function withFailures<H extends Record<string, (input: never) => Promise<unknown>>>(
  handlers: H,
): H {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (input: never) => {
      try {
        return await handler(input);
      } catch (error) {
        throw toAppFailure(error);
      }
    };
  }
  return wrapped as H;
}
