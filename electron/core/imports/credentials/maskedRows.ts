// A preview's masked rows, packed where they are made (the import's worker): one UTF-8 JSON text
// per row (its values in order, no keys), found by its offset, and each row's verdict in a byte.
// Three buffers cross to the core (moved, not copied) instead of 100k objects cloned, and the core
// holds a 100k-line file's rows in a few MB instead of tens; a page the window asks for is decoded
// when asked for.
import { GrowingBytes } from './growingBytes';
import type { ProblemSay } from '../../../contract/rules';

/** A row as the seller may see it: the login masked, never a password. */
export interface MaskedCredentialRow {
  line: number;
  maskedLogin: string;
  hasEmail: boolean;
  /** With its catalogue message where it has one: the app says it in the language shown. */
  problems: { field: string; message: string; say?: ProblemSay }[];
  duplicateOf: 'file' | 'uploaded' | null;
  /** An earlier line whose login differs from this one only by case: left out unless kept. */
  caseOnlyOf: number | null;
}

/** A row's verdict, as the preview table's filters name them. */
export type MaskedRowVerdict = 'send' | 'problem' | 'duplicate';

const VERDICTS: readonly MaskedRowVerdict[] = ['send', 'problem', 'duplicate'];

export function verdictOfMaskedRow(row: MaskedCredentialRow): MaskedRowVerdict {
  if (row.problems.length > 0) return 'problem';
  // A login differing from an earlier row's only by case waits with the duplicates.
  return row.duplicateOf || row.caseOnlyOf != null ? 'duplicate' : 'send';
}

/** The packed rows as plain data: what a thread hands another (its buffers moved). */
export interface PackedMaskedRows {
  bytes: Uint8Array;
  /** Row i is bytes [offsets[i], offsets[i + 1]). */
  offsets: Uint32Array;
  /** Row i's verdict: an index into VERDICTS. */
  verdicts: Uint8Array;
}

/**
 * A row as packed: its values in a fixed order rather than an object, so that 100k rows do not
 * spell every key 100k times (a third of the bytes).
 */
type PackedMaskedRow = [
  line: number,
  maskedLogin: string,
  hasEmail: 0 | 1,
  problems: MaskedCredentialRow['problems'],
  duplicateOf: MaskedCredentialRow['duplicateOf'],
  caseOnlyOf: number | null,
];

function packedMaskedRow(row: MaskedCredentialRow): PackedMaskedRow {
  const { line, maskedLogin, hasEmail, problems, duplicateOf, caseOnlyOf } = row;
  return [line, maskedLogin, hasEmail ? 1 : 0, problems, duplicateOf, caseOnlyOf];
}

function maskedRowOf(packed: PackedMaskedRow): MaskedCredentialRow {
  const [line, maskedLogin, hasEmail, problems, duplicateOf, caseOnlyOf] = packed;
  return { line, maskedLogin, hasEmail: hasEmail === 1, problems, duplicateOf, caseOnlyOf };
}

/** Packs masked rows as they are made, each written into the buffer at once. */
export class MaskedRowPacker {
  private readonly bytes: GrowingBytes;
  private readonly ends: number[] = [];
  private readonly verdicts: number[] = [];

  constructor(expectedBytes = 0) {
    this.bytes = new GrowingBytes(expectedBytes);
  }

  add(row: MaskedCredentialRow): void {
    this.bytes.write(JSON.stringify(packedMaskedRow(row)));
    this.ends.push(this.bytes.length);
    this.verdicts.push(VERDICTS.indexOf(verdictOfMaskedRow(row)));
  }

  finish(): MaskedRows {
    const offsets = new Uint32Array(this.ends.length + 1);
    offsets.set(this.ends, 1);
    return new MaskedRows({
      bytes: this.bytes.finish(),
      offsets,
      verdicts: Uint8Array.from(this.verdicts),
    });
  }
}

/** The packed rows, read a row or a page at a time. */
export class MaskedRows {
  private readonly decoder = new TextDecoder();

  constructor(readonly data: PackedMaskedRows) {}

  static empty(): MaskedRows {
    return new MaskedRowPacker().finish();
  }

  get length(): number {
    return this.data.verdicts.length;
  }

  at(index: number): MaskedCredentialRow | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const { bytes, offsets } = this.data;
    return maskedRowOf(
      JSON.parse(
        this.decoder.decode(bytes.subarray(offsets[index]!, offsets[index + 1]!)),
      ) as PackedMaskedRow,
    );
  }

  verdictAt(index: number): MaskedRowVerdict {
    return VERDICTS[this.data.verdicts[index]!]!;
  }

  slice(start = 0, end = this.length): MaskedCredentialRow[] {
    const rows: MaskedCredentialRow[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) rows.push(this.at(i)!);
    return rows;
  }

  filter(keep: (row: MaskedCredentialRow) => boolean): MaskedCredentialRow[] {
    return this.slice().filter(keep);
  }

  map<T>(each: (row: MaskedCredentialRow) => T): T[] {
    return this.slice().map(each);
  }

  /** Serialised (the command line's --json, a test), the rows as they are. */
  toJSON(): MaskedCredentialRow[] {
    return this.slice();
  }
}
