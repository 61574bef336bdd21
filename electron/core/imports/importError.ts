// One error type for every file the seller hands us. Messages name the file's problem and where
// (line, column), never the content of a cell: the content may be a password.

export type ImportErrorCode =
  | 'too-large'
  | 'binary'
  | 'empty'
  | 'encoding'
  /** No encoding could be told for sure: `candidates` lists what the seller may choose. */
  | 'encoding-unsure'
  | 'format'
  | 'unterminated-quote'
  | 'no-header'
  | 'unreadable';

export class ImportError extends Error {
  override readonly name = 'ImportError';
  constructor(
    readonly code: ImportErrorCode,
    message: string,
    readonly line?: number,
    readonly candidates?: readonly string[],
  ) {
    super(message);
  }
}

/** 50 MB: far above any real account list, low enough to refuse a disk image dropped by mistake. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
