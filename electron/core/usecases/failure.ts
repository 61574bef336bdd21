// What a use case tells its front end when it cannot do what the seller asked. One set of kinds
// for every front: the app turns a kind into the IPC error the renderer acts on
// (core/app/failures.ts), the command line into an exit code (cli/errorMapping.ts). Core's own
// errors (marketplace, store, import, keys) are recognised once, in `toFailure`, so both fronts
// say the same thing for the same fault.

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
}

export class UseCaseFailure extends Error {
  override readonly name = 'UseCaseFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

export function isUseCaseFailure(error: unknown): error is UseCaseFailure {
  return error instanceof UseCaseFailure;
}
