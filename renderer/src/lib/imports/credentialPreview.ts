// What the credentials panel shows of a preview main built: rows the seller can page and filter,
// plain totals, and the words of the Add / Replace all choice. Masked rows only: the renderer
// never holds a password or a full login.
import type { CredentialPreviewReady } from '../../../../electron/contract/ipc/models';
import { CredentialSystem } from '../../../../electron/contract/marketplace/wire';

export type CredentialPreviewRow = CredentialPreviewReady['rows'][number];
export type CredentialTotals = CredentialPreviewReady['totals'];

export interface EncodingOption {
  value: string;
  label: string;
}

/** Encodings sellers' account lists actually come in; "" lets main detect it. */
export const credentialEncodings: readonly EncodingOption[] = [
  { value: '', label: 'Detect automatically' },
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'windows-1251', label: 'Windows-1251 (Cyrillic)' },
  { value: 'windows-1252', label: 'Windows-1252 (Western)' },
  { value: 'koi8-r', label: 'KOI8-R' },
  { value: 'utf-16le', label: 'UTF-16 LE' },
  { value: 'utf-16be', label: 'UTF-16 BE' },
];

/**
 * The choices when main could not tell the encoding: its candidates first (those it names, in
 * its order, marked as likely), then the other usual ones. "Detect automatically" is left out:
 * it has just failed.
 */
export function encodingChoices(candidates: readonly string[]): EncodingOption[] {
  const known = credentialEncodings.filter((option) => option.value !== '');
  const labelOf = (value: string) => known.find((o) => o.value === value)?.label ?? value;
  const likely = candidates.map((value) => ({ value, label: `${labelOf(value)} — likely` }));
  return [...likely, ...known.filter((option) => !candidates.includes(option.value))];
}

const formatNames: Record<string, string> = {
  lines: 'Lines',
  csv: 'CSV table',
  tsv: 'TSV table',
  json: 'JSON',
  xlsx: 'Excel sheet',
};

/** How the file was read, in words ("Lines · text encoding UTF-8"); a sheet has no encoding. */
export function fileReadAs(format: string, encoding: string): string {
  const name = formatNames[format.toLowerCase()] ?? format.toUpperCase();
  if (format.toLowerCase() === 'xlsx' || !encoding) return name;
  const known = credentialEncodings.find((o) => o.value === encoding.toLowerCase());
  return `${name} · text encoding ${known?.label ?? encoding.toUpperCase()}`;
}

/** The preview's word for rows refused because their bytes do not read in the encoding. */
export function damagedRowsNote(damagedRows: number, encoding: string): string {
  const [rows, they] =
    damagedRows === 1 ? ['1 row does', 'it'] : [`${count(damagedRows, 'row')} do`, 'they'];
  return (
    `${rows} not read as ${encoding.toUpperCase()} — the file may be damaged or mix encodings; ` +
    `${they} will not be sent. If the file is in another encoding, choose it.`
  );
}

export type RowVerdict = 'send' | 'problem' | 'duplicate';

export function rowVerdict(row: CredentialPreviewRow): RowVerdict {
  if (row.problems.length > 0) return 'problem';
  // A login differing from an earlier row's only by case waits with the duplicates: it is left
  // out unless the seller sends it anyway.
  return row.duplicateOf || row.caseOnlyOf != null ? 'duplicate' : 'send';
}

/** The warning of a login that differs from an earlier row's only by upper/lower case. */
export function caseOnlyLabel(row: CredentialPreviewRow, kept: boolean): string | null {
  if (row.caseOnlyOf == null) return null;
  return `Same login as line ${row.caseOnlyOf} but for case: ${kept ? 'sent too' : 'left out'}`;
}

export const rowFilters = ['all', 'problem', 'duplicate', 'send'] as const;
export type RowFilter = (typeof rowFilters)[number];

export const rowFilterLabels: Record<RowFilter, string> = {
  all: 'All rows',
  problem: 'With problems',
  duplicate: 'Duplicates',
  send: 'To send',
};

export function filterRows(
  rows: readonly CredentialPreviewRow[],
  filter: RowFilter,
): readonly CredentialPreviewRow[] {
  return filter === 'all' ? rows : rows.filter((row) => rowVerdict(row) === filter);
}

export function duplicateLabel(duplicateOf: CredentialPreviewRow['duplicateOf']): string | null {
  if (duplicateOf === 'file') return 'Duplicate in this file';
  if (duplicateOf === 'uploaded') return 'Already on this offer';
  return null;
}

export interface RowPage<T> {
  rows: readonly T[];
  /** 0-based, clamped to the pages there are. */
  page: number;
  pages: number;
  /** 1-based positions for "rows 51–100 of 230"; 0 and 0 when empty. */
  first: number;
  last: number;
}

/** A page of the preview: 100k rows stay cheap to show because only one page is in the DOM. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): RowPage<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  const start = current * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: current,
    pages,
    first: slice.length ? start + 1 : 0,
    last: start + slice.length,
  };
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** One line of totals: what will be sent and why the rest will not. */
export function totalsSummary(totals: CredentialTotals): string {
  const parts = [`${count(totals.valid, 'account')} to send`];
  if (totals.invalid) parts.push(`${count(totals.invalid, 'row')} with problems`);
  if (totals.duplicatesInFile) {
    parts.push(`${count(totals.duplicatesInFile, 'duplicate')} inside the file`);
  }
  if (totals.duplicatesUploaded) {
    parts.push(`${count(totals.duplicatesUploaded, 'account')} already on this offer`);
  }
  if (totals.caseOnlyDuplicates) {
    parts.push(`${count(totals.caseOnlyDuplicates, 'login')} differing only by case`);
  }
  return `${count(totals.rows, 'row')}: ${parts.join(', ')}.`;
}

/**
 * Replace all exists only for credential system Multiple. An offer the marketplace has not seen
 * yet has no system stored (null): it gets Multiple, the default on create.
 */
export function canReplaceAll(system: number | null): boolean {
  return system === CredentialSystem.Multiple || system === null;
}

/** The confirmation of Replace all: plainly what goes away and what takes its place. */
export function replaceConfirmation(toSend: number, onOffer: number): string {
  const replacement = count(toSend, 'account');
  const now =
    onOffer > 0
      ? `Seller Desk knows of ${count(onOffer, 'credential')} on this offer (uploaded or waiting), but the marketplace may hold more.`
      : 'Seller Desk does not know of any credential on this offer, but the marketplace may hold some.';
  return (
    `Every credential now on this offer will be removed — sold-out and unsold alike — and replaced by the ${replacement} of this file.\n\n` +
    `${now} This cannot be undone.`
  );
}

export interface CommitOutcome {
  queued: number;
  skipped: number;
}

/** What a confirmed import did, in the seller's words: queued N, skipped M, failed K. */
export function commitSummary(
  outcome: CommitOutcome,
  totals: CredentialTotals,
  mode: 'add' | 'replace',
): string {
  const duplicates = totals.duplicatesInFile + totals.duplicatesUploaded;
  const queued =
    mode === 'replace'
      ? `${count(outcome.queued, 'account')} queued to replace every credential on this offer`
      : `${count(outcome.queued, 'account')} queued for upload`;
  const rest = [];
  if (duplicates) rest.push(`${count(duplicates, 'duplicate')} skipped`);
  if (totals.invalid) rest.push(`${count(totals.invalid, 'row')} not sendable (problems)`);
  return `${[queued, ...rest].join('; ')}.`;
}

/** A credential id the seller typed: a positive whole number, or why not. */
export function parseCredentialId(
  text: string,
): { ok: true; id: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter the credential id.' };
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed)) || Number(trimmed) < 1) {
    return { ok: false, message: 'A credential id is a positive whole number.' };
  }
  return { ok: true, id: Number(trimmed) };
}

/** The file's own name without its folders, for "Preview of accounts.txt". */
export function fileLabel(nameOrPath: string): string {
  const parts = nameOrPath.split(/[\\/]/);
  return parts.at(-1) || nameOrPath;
}
