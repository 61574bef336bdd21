// What can go wrong when opening or writing the seller's store, typed so the app and the CLI can
// tell the seller what happened instead of showing SQLite's own words.

export type StoreErrorKind = 'corrupt' | 'newer_version' | 'not_found' | 'invalid' | 'locked';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Refused local input: nothing was queued; the seller sees each problem next to its field. */
export class DraftRejected extends Error {
  override readonly name = 'DraftRejected';
  constructor(
    readonly problems: { field: string; message: string; code?: string }[],
    message = 'The offer was not saved: some fields need fixing.',
  ) {
    super(message);
  }
}
