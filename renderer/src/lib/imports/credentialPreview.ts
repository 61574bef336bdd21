// What the credentials panel shows of a preview main built: rows the seller can page and filter,
// plain totals, and the words of the Add / Replace all choice. Masked rows only: the renderer
// never holds a password or a full login.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
import type { CredentialPreviewReady } from '../../../../electron/contract/ipc/models';
import { CredentialSystem } from '../../../../electron/contract/marketplace/wire';
import { pagesCovering } from '../virtualWindow';

export type CredentialPreviewRow = CredentialPreviewReady['rows'][number];
export type CredentialTotals = CredentialPreviewReady['totals'];

export interface EncodingOption {
  value: string;
  label: string;
}

/** Encodings sellers' account lists actually come in; "" lets main detect it. */
export function credentialEncodings(locale: Locale = currentLocale()): EncodingOption[] {
  return [
    { value: '', label: translate(locale, 'credentials.encoding.detect') },
    { value: 'utf-8', label: 'UTF-8' },
    { value: 'windows-1251', label: translate(locale, 'credentials.encoding.cyrillic') },
    { value: 'windows-1252', label: translate(locale, 'credentials.encoding.western') },
    { value: 'koi8-r', label: 'KOI8-R' },
    { value: 'utf-16le', label: 'UTF-16 LE' },
    { value: 'utf-16be', label: 'UTF-16 BE' },
  ];
}

/**
 * The choices when main could not tell the encoding: its candidates first (those it names, in
 * its order, marked as likely), then the other usual ones. "Detect automatically" is left out:
 * it has just failed.
 */
export function encodingChoices(
  candidates: readonly string[],
  locale: Locale = currentLocale(),
): EncodingOption[] {
  const known = credentialEncodings(locale).filter((option) => option.value !== '');
  const labelOf = (value: string) => known.find((o) => o.value === value)?.label ?? value;
  const likely = candidates.map((value) => ({
    value,
    label: translate(locale, 'credentials.encoding.likely', { label: labelOf(value) }),
  }));
  return [...likely, ...known.filter((option) => !candidates.includes(option.value))];
}

const formatKeys = {
  lines: 'credentials.format.lines',
  csv: 'credentials.format.csv',
  tsv: 'credentials.format.tsv',
  xlsx: 'credentials.format.xlsx',
} as const;

/** How the file was read, in words ("Lines · text encoding UTF-8"); a sheet has no encoding. */
export function fileReadAs(
  format: string,
  encoding: string,
  locale: Locale = currentLocale(),
): string {
  const key = formatKeys[format.toLowerCase() as keyof typeof formatKeys] as
    (typeof formatKeys)[keyof typeof formatKeys] | undefined;
  const name = key ? translate(locale, key) : format.toUpperCase();
  if (format.toLowerCase() === 'xlsx' || !encoding) return name;
  const known = credentialEncodings(locale).find((o) => o.value === encoding.toLowerCase());
  return translate(locale, 'credentials.readAs', {
    format: name,
    encoding: known?.label ?? encoding.toUpperCase(),
  });
}

/** The preview's word for rows refused because their bytes do not read in the encoding. */
export function damagedRowsNote(
  damagedRows: number,
  encoding: string,
  locale: Locale = currentLocale(),
): string {
  return translate(locale, 'credentials.damaged', {
    count: damagedRows,
    encoding: encoding.toUpperCase(),
  });
}

export type RowVerdict = 'send' | 'problem' | 'duplicate';

export function rowVerdict(row: CredentialPreviewRow): RowVerdict {
  if (row.problems.length > 0) return 'problem';
  // A login differing from an earlier row's only by case waits with the duplicates: it is left
  // out unless the seller sends it anyway.
  return row.duplicateOf || row.caseOnlyOf != null ? 'duplicate' : 'send';
}

/** The warning of a login that differs from an earlier row's only by upper/lower case. */
export function caseOnlyLabel(
  row: CredentialPreviewRow,
  kept: boolean,
  locale: Locale = currentLocale(),
): string | null {
  if (row.caseOnlyOf == null) return null;
  return translate(locale, 'credentials.caseOnlyLabel', {
    line: String(row.caseOnlyOf),
    kept: String(kept),
  });
}

export const rowFilters = ['all', 'problem', 'duplicate', 'send'] as const;
export type RowFilter = (typeof rowFilters)[number];

export function rowFilterLabel(filter: RowFilter, locale: Locale = currentLocale()): string {
  return translate(locale, `credentials.filter.${filter}`);
}

export function filterRows(
  rows: readonly CredentialPreviewRow[],
  filter: RowFilter,
): readonly CredentialPreviewRow[] {
  return filter === 'all' ? rows : rows.filter((row) => rowVerdict(row) === filter);
}

/** Rows asked of main at a time; the preview's own answer carries the first page. */
export const PREVIEW_PAGE_ROWS = 100;

/** Asks main for a page of the preview's rows (null when it cannot: the preview has gone). */
export type LoadPreviewRows = (request: {
  offset: number;
  limit: number;
  filter: RowFilter;
}) => Promise<{ rows: readonly CredentialPreviewRow[]; total: number } | null>;

/**
 * A preview's rows as far as the window has asked for them: main keeps every row (a 100k-line
 * file is never one answer); pages arrive as the seller scrolls, each asked for once.
 */
export class PreviewRowPages {
  private readonly pages = new Map<number, readonly CredentialPreviewRow[]>();
  private readonly asked = new Set<number>();

  constructor(
    readonly filter: RowFilter,
    private readonly load: LoadPreviewRows,
    /** Rows under the filter; null until main has said. */
    public total: number | null = null,
    first?: readonly CredentialPreviewRow[],
    readonly pageSize = PREVIEW_PAGE_ROWS,
  ) {
    if (first && total !== null) {
      // The first answer's rows, cut to this table's pages.
      for (let at = 0; at < first.length; at += pageSize) {
        const rows = first.slice(at, at + pageSize);
        // A part page is kept only when it is the list's last.
        if (rows.length === pageSize || at + rows.length === total) {
          this.pages.set(at / pageSize, rows);
          this.asked.add(at / pageSize);
        }
      }
    }
  }

  rowAt(index: number): CredentialPreviewRow | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Fetches the pages holding rows [start, end) not yet asked for; true when any arrived. */
  async ensure(start: number, end: number): Promise<boolean> {
    const wanted = pagesCovering(start, end, this.pageSize).filter((p) => !this.asked.has(p));
    for (const p of wanted) this.asked.add(p);
    const answers = await Promise.all(
      wanted.map(async (page) => {
        const answer = await this.load({
          offset: page * this.pageSize,
          limit: this.pageSize,
          filter: this.filter,
        });
        if (!answer) {
          this.asked.delete(page);
          return false;
        }
        this.pages.set(page, answer.rows);
        this.total = answer.total;
        return true;
      }),
    );
    return answers.some(Boolean);
  }
}

export function duplicateLabel(
  duplicateOf: CredentialPreviewRow['duplicateOf'],
  locale: Locale = currentLocale(),
): string | null {
  if (duplicateOf === 'file') return translate(locale, 'credentials.dupInFile');
  if (duplicateOf === 'uploaded') return translate(locale, 'credentials.dupUploaded');
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

/** One line of totals: what will be sent and why the rest will not. */
export function totalsSummary(totals: CredentialTotals, locale: Locale = currentLocale()): string {
  const say = (key: Parameters<typeof translate>[1], count: number) =>
    translate(locale, key, { count });
  const parts = [say('credentials.totals.valid', totals.valid)];
  if (totals.invalid) parts.push(say('credentials.totals.invalid', totals.invalid));
  if (totals.duplicatesInFile) {
    parts.push(say('credentials.totals.dupFile', totals.duplicatesInFile));
  }
  if (totals.duplicatesUploaded) {
    parts.push(say('credentials.totals.dupUploaded', totals.duplicatesUploaded));
  }
  if (totals.caseOnlyDuplicates) {
    parts.push(say('credentials.totals.caseOnly', totals.caseOnlyDuplicates));
  }
  return translate(locale, 'credentials.totals', { rows: totals.rows, parts: parts.join(', ') });
}

/**
 * Replace all exists only for credential system Multiple. An offer the marketplace has not seen
 * yet has no system stored (null): it gets Multiple, the default on create.
 */
export function canReplaceAll(system: number | null): boolean {
  return system === CredentialSystem.Multiple || system === null;
}

/** The confirmation of Replace all: plainly what goes away and what takes its place. */
export function replaceConfirmation(
  toSend: number,
  onOffer: number,
  locale: Locale = currentLocale(),
): string {
  const now =
    onOffer > 0
      ? translate(locale, 'credentials.replaceKnown', { count: onOffer })
      : translate(locale, 'credentials.replaceUnknown');
  return translate(locale, 'credentials.replaceMessage', { count: toSend, now });
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
  locale: Locale = currentLocale(),
): string {
  const duplicates = totals.duplicatesInFile + totals.duplicatesUploaded;
  const queued = translate(
    locale,
    mode === 'replace' ? 'credentials.committedReplace' : 'credentials.committedAdd',
    { count: outcome.queued },
  );
  const rest = [];
  if (duplicates) rest.push(translate(locale, 'credentials.committedDup', { count: duplicates }));
  if (totals.invalid) {
    rest.push(translate(locale, 'credentials.committedInvalid', { count: totals.invalid }));
  }
  return `${[queued, ...rest].join('; ')}.`;
}

/** A credential id the seller typed: a positive whole number, or why not. */
export function parseCredentialId(
  text: string,
  locale: Locale = currentLocale(),
): { ok: true; id: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: translate(locale, 'credentials.idMissing') };
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed)) || Number(trimmed) < 1) {
    return { ok: false, message: translate(locale, 'credentials.idInvalid') };
  }
  return { ok: true, id: Number(trimmed) };
}

/** The file's own name without its folders, for "Preview of accounts.txt". */
/** The folder a saved file is in, as its path names it. */
export function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : path;
}

export function fileLabel(nameOrPath: string): string {
  const parts = nameOrPath.split(/[\\/]/);
  return parts.at(-1) || nameOrPath;
}

/** What a credential file may be, for the page's own file input (the import's and the pool's). */
export const credentialFileTypes =
  '.txt,.csv,.tsv,.json,.xlsx,text/plain,text/csv,application/json';
