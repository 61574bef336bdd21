// What can go wrong when opening or writing the seller's store, typed so the app and the CLI can
// tell the seller what happened instead of showing SQLite's own words.
import type { ProblemSay } from '../../contract/rules/problems';

export type StoreErrorKind = 'corrupt' | 'newer_version' | 'not_found' | 'invalid' | 'locked';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    /** The data file it is about, for a front that says the sentence in its own language. */
    readonly file?: string,
  ) {
    super(message);
  }
}

/** Refused local input: nothing was queued; the seller sees each problem next to its field. */
export class DraftRejected extends Error {
  override readonly name = 'DraftRejected';
  constructor(
    readonly problems: { field: string; message: string; code?: string; say?: ProblemSay }[],
    message = 'The offer was not saved: some fields need fixing.',
  ) {
    super(message);
  }
}
