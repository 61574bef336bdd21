// A preview's masked rows, packed where they are made (the import's worker): one UTF-8 JSON text
// per row, found by its offset, and each row's verdict in a byte. Three buffers cross to the core
// (moved, not copied) instead of 100k objects cloned, and the core holds a 100k-line file's rows
// in some ten MB instead of tens; a page the window asks for is decoded when asked for.
import type { MaskedCredentialRow } from './previewForSeller';

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

const PACK_EVERY_ROWS = 5000;

/** Packs masked rows as they are made, a part at a time (never a string of every row). */
export class MaskedRowPacker {
  private readonly encoder = new TextEncoder();
  private readonly parts: Uint8Array[] = [];
  private readonly ends: number[] = [];
  private readonly verdicts: number[] = [];
  private pending: string[] = [];
  private bytes = 0;

  add(row: MaskedCredentialRow): void {
    const text = JSON.stringify(row);
    this.bytes += Buffer.byteLength(text, 'utf8');
    this.ends.push(this.bytes);
    this.verdicts.push(VERDICTS.indexOf(verdictOfMaskedRow(row)));
    this.pending.push(text);
    if (this.pending.length === PACK_EVERY_ROWS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.parts.push(this.encoder.encode(this.pending.join('')));
    this.pending = [];
  }

  finish(): MaskedRows {
    this.flush();
    const bytes = new Uint8Array(this.bytes);
    let at = 0;
    for (const part of this.parts.splice(0)) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    const offsets = new Uint32Array(this.ends.length + 1);
    offsets.set(this.ends, 1);
    return new MaskedRows({ bytes, offsets, verdicts: Uint8Array.from(this.verdicts) });
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
    return JSON.parse(
      this.decoder.decode(bytes.subarray(offsets[index]!, offsets[index + 1]!)),
    ) as MaskedCredentialRow;
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
