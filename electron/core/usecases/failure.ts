// What a use case tells its front end when it cannot do what the seller asked. One set of kinds
// for every front: the app turns a kind into the IPC error the renderer acts on
// (core/app/failures.ts), the command line into an exit code (cli/errorMapping.ts). Core's own
// errors (marketplace, store, import, keys) are recognised once, in `toFailure`, so both fronts
// say the same thing for the same fault.
//
// Errors are recognised by name and kind rather than by class, so that this module stays cheap to
// load (no HTTP client, no SQLite): the command line maps a usage error before opening anything.
import type { MessageKey, MessageValues } from '../../contract/i18n';
import type { MarketplaceErrorKind } from '../api/errors';
import { tokenProblemKindOf } from '../api/tokenFormat';
import type { ProblemSay } from '../../contract/rules/problems';
import { boundText } from '../util/echo';

export const failureKinds = [
  /** The seller's input or file broke a rule; `problems` says where and why. Nothing was done. */
  'bad_input',
  /** An offer, product or credential that does not exist (here or on the marketplace). */
  'not_found',
  /** The token is missing, malformed, refused or belongs to another seller. */
  'unauthorized',
  /** The marketplace refused this for the seller's account. */
  'forbidden',
  /** The marketplace cannot be reached or does not answer sensibly; the queue is kept. */
  'unreachable',
  /** The marketplace refused some offers or fields; they need the seller. */
  'needs_attention',
  /** Queued credentials are sealed with a key this process may not open. */
  'credentials_locked',
  /** The OS keychain offers only plain-text storage; the seller must accept it explicitly. */
  'insecure_storage',
  /** The data folder or profile file cannot be used (corrupt, newer, locked, unwritable). */
  'data_folder',
  'cancelled',
  'internal',
] as const;
export type FailureKind = (typeof failureKinds)[number];

/** Where a refused input went wrong: a file's line and column, or a form's field. */
export interface Problem {
  line?: number;
  /** The column or field, in the words the seller sees (a header, a field label). */
  field?: string;
  message: string;
  /** A data field's rule (`select`, `required`, …) and its allowed values, when the API says. */
  type?: string;
  allowedValues?: string[];
  /** A rule's reason as a catalogue message, for the app; `message` stays the CLI's English. */
  say?: ProblemSay;
}

/**
 * What a front may add to a failure's message in its own words (the command line names the
 * request and its flags, the app its buttons). Never a secret: the marketplace's words were
 * redacted where they entered (api/answers.ts).
 */
export interface FailureDetail {
  /** The marketplace said it: what it did, to which request, in its words. */
  marketplace?: {
    kind: MarketplaceErrorKind;
    request: string;
    said: string;
    /** The socket's error code when the request failed on the network (ECONNREFUSED, …). */
    networkCode?: string | null;
  };
  /** The token never left this computer: it is missing or malformed (not a refusal). */
  tokenMalformed?: boolean;
  /** The file's encoding cannot be told for sure; the seller must name it. */
  encodingUnsure?: boolean;
  /** A sync stopped part-way: what was sent and what stays queued. */
  queue?: { sent: number; kept: number };
  /** An error that is none of ours, kept so the app can log it whole. */
  unexpected?: unknown;
  /**
   * Technical words (an unexpected answer's, SQLite's) that the app's sentence does not quote:
   * shown only as its detail, in the words they came in (redacted as the failure leaves core).
   */
  technical?: string;
  /**
   * The failure as a catalogue message, for a front that speaks the seller's language (the app);
   * the command line prints `message`, in English, unchanged.
   */
  say?: Sentence;
}

/** A message of the contract's catalogues (contract/i18n) with its values. */
export interface Sentence {
  key: MessageKey;
  values?: MessageValues;
}

export class UseCaseFailure extends Error {
  override readonly name = 'UseCaseFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly problems: Problem[] = [],
    readonly detail: FailureDetail = {},
  ) {
    super(message);
  }
}

export function isUseCaseFailure(error: unknown): error is UseCaseFailure {
  return error instanceof UseCaseFailure;
}

/** The shape core's errors are recognised by (see the note at the top). */
interface Named {
  name?: unknown;
  kind?: unknown;
  file?: unknown;
  reason?: unknown;
  code?: unknown;
  message?: unknown;
  line?: unknown;
  problems?: unknown;
  method?: unknown;
  path?: unknown;
  fieldErrors?: unknown;
}

/** The marketplace error kinds that mean "try again later": it is down or not making sense. */
export const UNREACHABLE_MARKETPLACE_KINDS: ReadonlySet<string> = new Set([
  'network_not_sent',
  'network_maybe_sent',
  'server',
  'rate_limited',
  'bad_response',
]);

const INTERNAL_MESSAGE_MAX = 300;

/** Every error core throws, as the one failure both fronts present. */
export function toFailure(error: unknown): UseCaseFailure {
  if (error instanceof UseCaseFailure) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as Named;
  const message = typeof e.message === 'string' ? e.message : String(error ?? 'unknown error');
  switch (e.name) {
    case 'MarketplaceError':
      return fromMarketplace(e, message);
    case 'StoreError':
      return fromStore(e, message);
    case 'DraftRejected':
      // The store's summary (its fields' problems are worded by each front, in its language).
      return new UseCaseFailure(
        'bad_input',
        message,
        draftProblems(e.problems),
        message === DRAFT_NOT_SAVED ? { say: { key: 'failures.notSaved' } } : {},
      );
    case 'ImportError': {
      const line = typeof e.line === 'number' ? e.line : undefined;
      const say = importSentence(e.code, message);
      return new UseCaseFailure(
        'bad_input',
        message,
        line === undefined ? [] : [{ line, message }],
        {
          ...(e.code === 'encoding-unsure' && { encodingUnsure: true }),
          ...(say && { say }),
        },
      );
    }
    case 'SecretBoxError':
      return new UseCaseFailure(
        e.reason === 'locked' ? 'credentials_locked' : 'data_folder',
        message,
        [],
        { say: { key: vaultSentence(e.reason) } },
      );
    case 'AbortError':
    case 'RateLimiterClosedError':
      return new UseCaseFailure('cancelled', 'Cancelled; queued changes are kept.', [], {
        say: { key: 'failures.cancelled' },
      });
    default:
      break;
  }
  if (typeof e.code === 'string' && /^(ENOENT|EACCES|EISDIR|EPERM)$/.test(e.code)) {
    return new UseCaseFailure('bad_input', message, [], {
      say: fileSentence(e.code, typeof e.path === 'string' ? e.path : ''),
    });
  }
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_')) {
    return new UseCaseFailure('data_folder', `The data folder could not be used: ${message}`, [], {
      say: { key: 'failures.dataFolder' },
      technical: message,
    });
  }
  // Not one of ours: its words (a SyntaxError quotes the text it choked on) are kept short.
  return new UseCaseFailure('internal', boundText(message, INTERNAL_MESSAGE_MAX), [], {
    unexpected: error,
  });
}

/** A file the seller named that cannot be read, by the system's code (ENOENT, EACCES, …). */
export function fileSentence(code: string, path: string): Sentence {
  switch (code) {
    case 'ENOENT':
    case 'EACCES':
    case 'EPERM':
    case 'EISDIR':
      return { key: `failures.file.${code}`, values: { path } };
    default:
      return { key: 'failures.file.cannotRead', values: { path } };
  }
}

/**
 * A file problem the app can say in the seller's language. The readers word the rest with the
 * file's own details (a column, an encoding), which the app shows as the core wrote them.
 */
function importSentence(code: unknown, message: string): Sentence | null {
  if (code === 'no-header') return { key: 'failures.file.noHeader' };
  if (code === 'unreadable') return { key: 'failures.file.unreadable' };
  const size = code === 'too-large' ? /\b(\d+(?:\.\d+)?) MB\b/.exec(message) : null;
  return size ? { key: 'failures.file.tooLarge', values: { mb: Number(size[1]) } } : null;
}

/** A sealed credential that cannot be opened, by the secret box's reason, in the app's words. */
function vaultSentence(reason: unknown): MessageKey {
  switch (reason) {
    case 'locked':
      return 'failures.vault.locked';
    case 'key_unavailable':
      return 'failures.vault.keyMissing';
    case 'unknown_key':
      return 'failures.vault.unknownKey';
    default:
      return 'failures.vault.damaged';
  }
}

function fromStore(e: Named, message: string): UseCaseFailure {
  const file = typeof e.file === 'string' ? e.file : null;
  switch (e.kind) {
    case 'not_found':
      return new UseCaseFailure('not_found', message);
    case 'invalid':
      return new UseCaseFailure('bad_input', message);
    case 'corrupt':
    case 'newer_version':
    case 'locked':
      // The data file named in the app's language too (a profile another program holds, …).
      return new UseCaseFailure(
        'data_folder',
        message,
        [],
        file ? { say: { key: `failures.store.${e.kind}`, values: { file } } } : {},
      );
    default:
      return new UseCaseFailure('data_folder', message);
  }
}

function draftProblems(problems: unknown): Problem[] {
  if (!Array.isArray(problems)) return [];
  return (problems as { field?: unknown; message?: unknown; say?: unknown }[]).map((p) => ({
    ...(typeof p.field === 'string' && { field: p.field }),
    message: typeof p.message === 'string' ? p.message : 'invalid',
    ...(isProblemSay(p.say) && { say: p.say }),
  }));
}

function isProblemSay(say: unknown): say is ProblemSay {
  return typeof say === 'object' && say !== null && typeof (say as ProblemSay).key === 'string';
}

/** store/errors.ts's DraftRejected says this when it names no refusal of its own. */
const DRAFT_NOT_SAVED = 'The offer was not saved: some fields need fixing.';

const MALFORMED_TOKEN = /^the API token is malformed: (.*)$|^no API token is set$/;

function fromMarketplace(e: Named, message: string): UseCaseFailure {
  const kind = e.kind as MarketplaceErrorKind;
  const request =
    typeof e.method === 'string' && typeof e.path === 'string' ? `${e.method} ${e.path}` : '';
  const detail: FailureDetail = { marketplace: { kind, request, said: message } };
  const saying = (key: MessageKey, values?: MessageValues): FailureDetail => ({
    ...detail,
    say: { key, ...(values && { values }) },
  });
  if (UNREACHABLE_MARKETPLACE_KINDS.has(kind)) {
    return kind === 'rate_limited'
      ? new UseCaseFailure(
          'unreachable',
          'The marketplace asked us to slow down; Seller Desk carries on when the limit allows.',
          [],
          saying('failures.rateLimited'),
        )
      : new UseCaseFailure(
          'unreachable',
          'The marketplace cannot be reached right now. Nothing is lost: changes stay queued.',
          [],
          saying('failures.unreachable'),
        );
  }
  switch (kind) {
    case 'unauthorized': {
      const words = message.slice(message.indexOf(' — ') + 3);
      const malformed = MALFORMED_TOKEN.exec(words);
      if (malformed) {
        return new UseCaseFailure(
          'unauthorized',
          malformed[1] ? `The API token is malformed: ${malformed[1]}.` : 'No API token is set.',
          [],
          {
            ...(malformed[1]
              ? saying('failures.tokenMalformed', {
                  why: tokenProblemKindOf(malformed[1]) ?? 'notAscii',
                })
              : saying('failures.noToken')),
            tokenMalformed: true,
          },
        );
      }
      return new UseCaseFailure(
        'unauthorized',
        'The marketplace did not accept the API token. It may be wrong or expired.',
        [],
        saying('failures.tokenRefused'),
      );
    }
    case 'forbidden':
      return new UseCaseFailure(
        'forbidden',
        'The marketplace refused this for your account.',
        [],
        saying('failures.forbidden'),
      );
    case 'not_found':
      return new UseCaseFailure(
        'not_found',
        'The marketplace does not know this offer any more.',
        [],
        saying('failures.notFound'),
      );
    case 'validation':
      return new UseCaseFailure(
        'needs_attention',
        'The marketplace refused some fields.',
        marketplaceFieldProblems(e.fieldErrors),
        saying('failures.fieldsRefused'),
      );
    case 'cancelled':
      return new UseCaseFailure(
        'cancelled',
        'Cancelled; queued changes are kept.',
        [],
        saying('failures.cancelled'),
      );
    default:
      return new UseCaseFailure(
        'internal',
        `The marketplace answered unexpectedly: ${message}`,
        [],
        // The app says a sentence of its own; the marketplace's words go as a detail (core/app).
        { ...saying('failures.unexpected'), technical: message },
      );
  }
}

type FieldErrorItem = string | { error: string; type?: string; allowed_values?: string[] };

function marketplaceFieldProblems(fieldErrors: unknown): Problem[] {
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return [];
  return Object.entries(fieldErrors as Record<string, FieldErrorItem[]>).flatMap(([field, list]) =>
    (Array.isArray(list) ? list : []).map((item): Problem =>
      typeof item === 'string'
        ? { field, message: item }
        : {
            field,
            message: item.error,
            ...(item.type !== undefined && { type: item.type }),
            ...(item.allowed_values !== undefined && { allowedValues: item.allowed_values }),
          },
    ),
  );
}
