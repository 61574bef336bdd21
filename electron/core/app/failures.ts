// Turns what core throws into what the renderer can act on. The messages speak to the seller;
// none carries a token, a password or a request body: the errors below are written not to hold
// them, and every failure is passed through the redaction of the secrets the app knows (the
// token) and bounded on its way out, should a marketplace's words quote one back.
import { AppFailure, type FieldProblemDto } from '../../contract/ipc';
import { isMarketplaceError, type MarketplaceError } from '../api';
import { ImportError } from '../imports/importError';
import { createRedactor, type Redact } from '../secrets/redact';
import { boundText } from '../util/echo';
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

/** The longest message a failure carries across; the rest is counted, not sent. */
const FAILURE_MESSAGE_MAX = 600;
const FIELD_TEXT_MAX = 120;

/**
 * The failure as it may leave core: secrets redacted and every text bounded. An error that is not
 * a failure keeps its name and (redacted) words only, for the log the dispatcher writes.
 */
export function scrubFailure(failure: unknown, redact: Redact): unknown {
  const text = (value: string, max = FAILURE_MESSAGE_MAX) => boundText(redact(value), max);
  if (failure instanceof AppFailure) {
    return new AppFailure(
      failure.kind,
      text(failure.message),
      failure.fields?.map((f) => ({
        ...f,
        field: text(f.field, FIELD_TEXT_MAX),
        message: text(f.message),
        ...(f.type !== undefined && { type: text(f.type, FIELD_TEXT_MAX) }),
        ...(f.allowedValues && {
          allowedValues: f.allowedValues.map((v) => text(v, FIELD_TEXT_MAX)),
        }),
      })),
    );
  }
  if (failure instanceof Error) {
    const scrubbed = new Error(text(failure.message));
    scrubbed.name = failure.name;
    scrubbed.stack = redact(failure.stack ?? '');
    return scrubbed;
  }
  return failure;
}

/**
 * Wraps every handler so that core's errors cross as typed failures. `secrets` are read when a
 * handler fails (the token of the moment).
 */
export function withFailures<H extends Record<string, (input: never) => Promise<unknown>>>(
  secrets: () => Iterable<string | null | undefined>,
  handlers: H,
): H {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (input: never) => {
      try {
        return await handler(input);
      } catch (error) {
        throw scrubFailure(toAppFailure(error), createRedactor(secrets()));
      }
    };
  }
  return wrapped as H;
}
