// Turns what core throws into what the renderer can act on: core's errors become one
// UseCaseFailure (core/usecases/failure.ts, shared with the command line), presented here as the
// IPC error kind and the app's words. The messages speak to the seller; none carries a token, a
// password or a request body: the errors are written not to hold them, and every failure is
// passed through the redaction of the secrets the app knows (the token) and bounded on its way
// out, should a marketplace's words quote one back.
import { translate, type Locale, type MessageKey, type MessageValues } from '../../contract/i18n';
import { AppFailure, type ErrorKind, type FieldProblemDto } from '../../contract/ipc';
import { createRedactor, type Redact } from '../secrets/redact';
import { boundText } from '../util/echo';
import {
  toFailure,
  type FailureKind,
  type Sentence,
  type UseCaseFailure,
} from '../usecases/failure';

/** Each failure kind as the renderer knows it (the form/file split of bad input aside). */
export const appKindOf: Record<FailureKind, ErrorKind> = {
  bad_input: 'bad_input',
  not_found: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  unreachable: 'offline',
  needs_attention: 'validation',
  // The app holds the key under the OS keychain; a key it cannot open is a fault to report.
  credentials_locked: 'internal',
  insecure_storage: 'insecure_storage',
  data_folder: 'internal',
  cancelled: 'cancelled',
  internal: 'internal',
};

function appKind(failure: UseCaseFailure): ErrorKind {
  // A form's fields (the editor shows each message beside its field) are `validation`; a file or
  // payload that cannot be used is `bad_input`.
  if (failure.kind === 'bad_input') {
    const byField = failure.problems.some((p) => p.field !== undefined && p.line === undefined);
    return byField ? 'validation' : 'bad_input';
  }
  if (failure.kind === 'unreachable' && failure.detail.marketplace?.kind === 'rate_limited') {
    return 'rate_limited';
  }
  return appKindOf[failure.kind];
}

/**
 * The app's words where they differ from core's (they name what the seller does in the app), as
 * a catalogue message; null where core's own words stand.
 */
function appSentence(failure: UseCaseFailure): Sentence | null {
  if (
    failure.kind === 'unauthorized' &&
    failure.detail.marketplace &&
    !failure.detail.tokenMalformed
  ) {
    return { key: 'failures.tokenRefused' };
  }
  if (failure.kind === 'unreachable' && failure.detail.marketplace?.kind === 'rate_limited') {
    return { key: 'failures.rateLimited' };
  }
  if (failure.kind === 'unreachable' && failure.detail.queue)
    return { key: 'failures.unreachable' };
  if (failure.kind === 'cancelled') return { key: 'failures.cancelled' };
  return failure.detail.say ?? null;
}

/** The failure's sentence in the app's language; core's English where no message says it. */
function appMessage(failure: UseCaseFailure, locale: Locale): string {
  const sentence = appSentence(failure);
  return sentence ? translate(locale, sentence.key, sentence.values) : failure.message;
}

/** The store names an offer by its row number ("Offer 6 is not in the store."); never shown. */
const STORE_ROW = /\b([Oo])ffer \d+\b/g;

function withoutStoreRows(error: unknown, message: string): string {
  if (!(error instanceof Error) || error.name !== 'StoreError') return message;
  return message.replace(STORE_ROW, (_m, o: string) => (o === 'O' ? 'This offer' : 'this offer'));
}

/** The file line an import error names, said in the message as before ("… (line 7)"). */
function lineOfImport(failure: UseCaseFailure): number | undefined {
  const [only] = failure.problems;
  return failure.problems.length === 1 &&
    only!.line !== undefined &&
    only!.message === failure.message
    ? only!.line
    : undefined;
}

function fieldList(failure: UseCaseFailure, locale: Locale): FieldProblemDto[] | undefined {
  if (lineOfImport(failure) !== undefined) return undefined;
  const fields = failure.problems.flatMap((p): FieldProblemDto[] => {
    const line = p.line !== undefined ? translate(locale, 'failures.line', { line: p.line }) : '';
    const where = [line, p.field ?? ''].filter(Boolean).join(', ');
    if (!where) return [];
    return [
      {
        field: where,
        message: p.message,
        ...(p.type !== undefined && { type: p.type }),
        ...(p.allowedValues !== undefined && { allowedValues: p.allowedValues }),
        ...(p.say !== undefined && { say: p.say }),
      },
    ];
  });
  return fields.length > 0 || failure.kind === 'needs_attention' ? fields : undefined;
}

/**
 * The failure as the renderer acts on it, in the app's language; an error none of core's is left
 * for the log.
 */
export function toAppFailure(error: unknown, locale: Locale = 'en'): unknown {
  if (error instanceof AppFailure) return appRefusalIn(error, locale);
  const failure = toFailure(error);
  if (failure.kind === 'internal' && failure.detail.unexpected !== undefined) {
    return failure.detail.unexpected;
  }
  const line = lineOfImport(failure);
  const message = withoutStoreRows(error, appMessage(failure, locale));
  // An answer we did not expect: a sentence in the seller's language, the marketplace's words
  // (redacted where they entered, and again when the failure leaves) only as its detail.
  const technical = failure.detail.technical;
  return new AppFailure(
    appKind(failure),
    line !== undefined ? translate(locale, 'failures.atLine', { message, line }) : message,
    fieldList(failure, locale),
    undefined,
    technical,
  );
}

/**
 * One of the app's own refusals: its English from the catalogue (what a log and an English app
 * show), and the catalogue message it is said with in the seller's language.
 */
export function refusal(kind: ErrorKind, key: MessageKey, values?: MessageValues): AppFailure {
  return new AppFailure(kind, translate('en', key, values), undefined, { key, values });
}

function appRefusalIn(failure: AppFailure, locale: Locale): AppFailure {
  if (locale === 'en' || !failure.say) return failure;
  const { key, values } = failure.say;
  return new AppFailure(
    failure.kind,
    translate(locale, key, values),
    failure.fields,
    failure.say,
    failure.detail,
  );
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
      undefined,
      failure.detail === undefined ? undefined : text(failure.detail),
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

type Secrets = () => Iterable<string | null | undefined>;

/**
 * Wraps every handler so that core's errors cross as typed failures, in the app's language of
 * the moment (`locale`, English without one). `secrets` are read when a handler fails (the token
 * of the moment).
 */
export function withFailures<H extends Record<string, (input: never) => Promise<unknown>>>(
  secretsOrWords: Secrets | { secrets: Secrets; locale: () => Locale },
  handlers: H,
): H {
  const { secrets, locale } =
    typeof secretsOrWords === 'function'
      ? { secrets: secretsOrWords, locale: (): Locale => 'en' }
      : secretsOrWords;
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (input: never) => {
      try {
        return await handler(input);
      } catch (error) {
        throw scrubFailure(toAppFailure(error, locale()), createRedactor(secrets()));
      }
    };
  }
  return wrapped as H;
}
