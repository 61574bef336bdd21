// The preview as the seller sees it (masked logins, problems by line, what "Replace all" would
// send), made where the file was read: in the import's worker thread, so that the thread
// answering the seller's queries neither hashes 100k accounts again nor walks their rows. The rows
// themselves, passwords included, travel back packed in one buffer (moved, not copied object by
// object) and are unpacked only when the seller confirms.
import { WHOLE_LINE, type ParsedCredentialRow } from './credentialRow';
import { MaskedRowPacker, type MaskedRows } from './maskedRows';
import type { CredentialPreview } from './previewCredentials';

/** A row as the seller may see it: the login masked, never a password. */
export interface MaskedCredentialRow {
  line: number;
  maskedLogin: string;
  hasEmail: boolean;
  problems: { field: string; message: string }[];
  duplicateOf: 'file' | 'uploaded' | null;
  /** An earlier line whose login differs from this one only by case: left out unless kept. */
  caseOnlyOf: number | null;
}

/** A refused row's problem by line (no field when the whole line is refused). */
export interface LineProblem {
  line: number;
  field?: string;
  message: string;
}

export interface CredentialPreviewForSeller {
  /** Every row masked, packed (maskedRows.ts). */
  rows: MaskedRows;
  problems: LineProblem[];
  /** Rows refused because their line does not read in the encoding. */
  damagedRows: number;
  /**
   * How many accounts "Replace all" would send: a replace removes what the offer has, so the
   * accounts already uploaded go again (only duplicates inside the file are left out).
   */
  replaceTotal: number;
  /** Every row with its credential and reading problems (packCredentialRows). */
  packedRows: Uint8Array;
}

/** Enough of a login for the seller to recognise the row, not enough to use it. */
export function maskLogin(login: string): string {
  const chars = [...login.trim()];
  if (chars.length <= 3) return '•'.repeat(Math.max(chars.length, 1));
  return `${chars.slice(0, 2).join('')}${'•'.repeat(Math.min(chars.length - 3, 6))}${chars.at(-1)}`;
}

const PACK_EVERY_ROWS = 5000;

/**
 * Packs rows (line, credential, problems) as one UTF-8 JSON array, one row a line, a part at a
 * time, so that no
 * string of the whole file's rows is ever built. The buffer is its own (never a slice of Node's
 * shared pool), so it can be moved to another thread.
 */
class RowPacker {
  private readonly encoder = new TextEncoder();
  private readonly parts: Uint8Array[] = [];
  private pending: string[] = [];
  private bytes = 0;

  add(row: ParsedCredentialRow): void {
    const { line, credential, problems } = row;
    this.pending.push(JSON.stringify({ line, credential, problems }));
    if (this.pending.length === PACK_EVERY_ROWS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    // One row a line (JSON never writes a raw newline): a commit reads the rows a range at a time.
    const part = this.encoder.encode((this.parts.length ? ',\n' : '') + this.pending.join(',\n'));
    this.parts.push(part);
    this.bytes += part.byteLength;
    this.pending = [];
  }

  finish(): Uint8Array {
    this.flush();
    const packed = new Uint8Array(this.bytes + 2);
    packed[0] = 0x5b; // [
    let at = 1;
    for (const part of this.parts.splice(0)) {
      packed.set(part, at);
      at += part.byteLength;
    }
    packed[at] = 0x5d; // ]
    return packed;
  }
}

export function packCredentialRows(rows: readonly ParsedCredentialRow[]): Uint8Array {
  const packer = new RowPacker();
  for (const row of rows) packer.add(row);
  return packer.finish();
}

export function unpackCredentialRows(packed: Uint8Array): ParsedCredentialRow[] {
  return JSON.parse(new TextDecoder().decode(packed)) as ParsedCredentialRow[];
}

/** Where some packed rows lie: bytes [start, end) of the buffer. */
export interface PackedRowRange {
  start: number;
  end: number;
  rows: number;
}

const NEWLINE = 0x0a;

/** The packed rows cut into ranges of at most `rowsPerRange` rows, in file order. */
export function packedRowRanges(packed: Uint8Array, rowsPerRange: number): PackedRowRange[] {
  const ranges: PackedRowRange[] = [];
  // Past '[' and before ']'; rows are separated by ',\n'.
  const last = packed.byteLength - 1;
  let start = 1;
  while (start < last) {
    let end = start;
    let rows = 0;
    while (rows < rowsPerRange) {
      const newline = packed.indexOf(NEWLINE, end);
      rows++;
      if (newline < 0 || newline >= last) {
        end = last;
        break;
      }
      end = newline + 1;
    }
    ranges.push({ start, end, rows });
    start = end;
  }
  return ranges;
}

/** The rows of one range, and only those, as objects. */
export function readPackedRows(packed: Uint8Array, range: PackedRowRange): ParsedCredentialRow[] {
  const text = new TextDecoder().decode(packed.subarray(range.start, range.end));
  return JSON.parse(`[${text.replace(/,\n$/, '')}]`) as ParsedCredentialRow[];
}

/**
 * The seller's view of a preview and its packed rows. Takes the preview's rows over: each is let
 * go once masked and packed, so the file's rows are never held twice over.
 */
export function previewForSeller(preview: CredentialPreview): CredentialPreviewForSeller {
  let damagedRows = 0;
  const problems: LineProblem[] = [];
  const packer = new RowPacker();
  const rows = preview.rows as (CredentialPreview['rows'][number] | undefined)[];
  const masked = new MaskedRowPacker();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    rows[i] = undefined;
    if (row.problems.some((p) => p.field === WHOLE_LINE)) damagedRows++;
    for (const p of row.problems) {
      problems.push({
        line: row.line,
        ...(p.field !== WHOLE_LINE && { field: p.field }),
        message: p.message,
      });
    }
    masked.add({
      line: row.line,
      maskedLogin: maskLogin(row.credential.login),
      hasEmail: Boolean(row.credential.email),
      problems: row.problems.map(({ field, message }) => ({ field, message })),
      duplicateOf: row.duplicateOf ?? null,
      caseOnlyOf: row.caseOnlyOf ?? null,
    });
    packer.add(row);
  }
  return {
    rows: masked.finish(),
    problems,
    damagedRows,
    replaceTotal: preview.replaceTotal,
    packedRows: packer.finish(),
  };
}
