// The preview as the seller sees it (masked logins, problems by line, what "Replace all" would
// send), made where the file was read: in the import's worker thread, so that the thread
// answering the seller's queries neither hashes 100k accounts again nor walks their rows. The rows
// themselves, passwords included, travel back packed in one buffer (moved, not copied object by
// object) and are unpacked only when the seller confirms.
import { WHOLE_LINE, type ParsedCredentialRow } from './credentialRow';
import { GrowingBytes } from './growingBytes';
import { MaskedRowPacker, type MaskedRows } from './maskedRows';
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { ProblemSay } from '../../../contract/rules';
import type { CredentialPreview, CredentialPreviewRow } from './previewCredentials';

export type { MaskedCredentialRow } from './maskedRows';

/** A refused row's problem by line (no field when the whole line is refused). */
export interface LineProblem {
  line: number;
  field?: string;
  message: string;
  say?: ProblemSay;
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

/**
 * What packing takes per byte of the file, about: a packed row is its line with some 20 bytes of
 * JSON around it (a third more for 80-byte lines); a masked row some 35 bytes.
 */
const PACKED_PER_FILE_BYTE = 1.5;
const MASKED_PER_FILE_BYTE = 0.6;

/**
 * A credential's fields in the order a packed row lists them: a row is `[line, values, problems]`
 * rather than an object, so 100k rows do not spell every key 100k times (half the bytes).
 */
const CREDENTIAL_KEYS = [
  'login',
  'game_password',
  'email',
  'email_password',
  'is_2fa_active',
  'comment',
] as const satisfies readonly (keyof CredentialInput)[];
/** A field the row does not have (never a value: every field is text, a flag or null). */
const ABSENT = 0;

type PackedRow = [
  number,
  (CredentialInput[keyof CredentialInput] | typeof ABSENT)[],
  ParsedCredentialRow['problems'],
  // The row's cost per account, when the file says one (kept apart from the credential).
  number?,
];

function packedRow({ line, credential, problems, cost }: ParsedCredentialRow): PackedRow {
  const row: PackedRow = [
    line,
    CREDENTIAL_KEYS.map((key) => (credential[key] === undefined ? ABSENT : credential[key])),
    problems,
  ];
  if (cost !== undefined) row.push(cost);
  return row;
}

function rowOfPacked([line, values, problems, cost]: PackedRow): ParsedCredentialRow {
  const credential: Record<string, unknown> = {};
  CREDENTIAL_KEYS.forEach((key, i) => {
    if (values[i] !== ABSENT) credential[key] = values[i];
  });
  return {
    line,
    credential: credential as CredentialInput,
    problems,
    ...(cost !== undefined && { cost }),
  };
}

/**
 * Packs rows (line, credential, problems) as one UTF-8 JSON array, one row a line, each written
 * into the buffer as it comes, so that no string of the whole file's rows is ever built. The
 * buffer is its own (never a slice of Node's shared pool), so it can be moved to another thread.
 */
class RowPacker {
  private readonly bytes: GrowingBytes;
  private rows = 0;

  /** `expectedBytes`: about what the rows will take (a packed row is about its line and a bit). */
  constructor(expectedBytes = 0) {
    this.bytes = new GrowingBytes(expectedBytes);
    this.bytes.write('[');
  }

  add(row: ParsedCredentialRow): void {
    // One row a line (JSON never writes a raw newline): a commit reads the rows a range at a time.
    this.bytes.write((this.rows++ === 0 ? '' : ',\n') + JSON.stringify(packedRow(row)));
  }

  finish(): Uint8Array {
    this.bytes.write(']');
    return this.bytes.finish();
  }
}

export function packCredentialRows(rows: readonly ParsedCredentialRow[]): Uint8Array {
  const packer = new RowPacker();
  for (const row of rows) packer.add(row);
  return packer.finish();
}

export function unpackCredentialRows(packed: Uint8Array): ParsedCredentialRow[] {
  return (JSON.parse(new TextDecoder().decode(packed)) as PackedRow[]).map(rowOfPacked);
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
  return (JSON.parse(`[${text.replace(/,\n$/, '')}]`) as PackedRow[]).map(rowOfPacked);
}

/**
 * The seller's view of a file's rows, built as each row is checked: masked and packed at once, so
 * that no row object outlives its turn (a 100k-line file's rows are never all in memory).
 */
export class SellerPreviewBuilder {
  private damagedRows = 0;
  private readonly problems: LineProblem[] = [];
  private readonly packer: RowPacker;
  private readonly masked: MaskedRowPacker;

  /** `fileBytes`: the file's size, from which the packed buffers are first sized. */
  constructor(fileBytes = 0) {
    this.packer = new RowPacker(fileBytes * PACKED_PER_FILE_BYTE);
    this.masked = new MaskedRowPacker(fileBytes * MASKED_PER_FILE_BYTE);
  }

  add(row: CredentialPreviewRow): void {
    if (row.problems.some((p) => p.field === WHOLE_LINE)) this.damagedRows++;
    for (const p of row.problems) {
      this.problems.push({
        line: row.line,
        ...(p.field !== WHOLE_LINE && { field: p.field }),
        message: p.message,
        ...(p.say && { say: p.say }),
      });
    }
    this.masked.add({
      line: row.line,
      maskedLogin: maskLogin(row.credential.login),
      hasEmail: Boolean(row.credential.email),
      problems: row.problems.map(({ field, message, say }) => ({
        field,
        message,
        ...(say && { say }),
      })),
      duplicateOf: row.duplicateOf ?? null,
      caseOnlyOf: row.caseOnlyOf ?? null,
    });
    this.packer.add(row);
  }

  finish(replaceTotal: number): CredentialPreviewForSeller {
    return {
      rows: this.masked.finish(),
      problems: this.problems,
      damagedRows: this.damagedRows,
      replaceTotal,
      packedRows: this.packer.finish(),
    };
  }
}

/**
 * The seller's view of a preview and its packed rows. Takes the preview's rows over: each is let
 * go once masked and packed, so the file's rows are never held twice over.
 */
export function previewForSeller(preview: CredentialPreview): CredentialPreviewForSeller {
  const builder = new SellerPreviewBuilder();
  const rows = preview.rows as (CredentialPreviewRow | undefined)[];
  for (let i = 0; i < rows.length; i++) {
    builder.add(rows[i]!);
    rows[i] = undefined;
  }
  return builder.finish(preview.replaceTotal);
}
