// The offers import dialog's words and choices: which spreadsheet files it takes, the two ways to
// confirm (all or nothing, or only the good rows), and the problems sorted by line.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
import type { ChannelOutput } from '../../../../electron/contract/ipc/channels';

export type OfferImportPreview = ChannelOutput<'imports.offersPreview'>;
export type OfferImportProblem = OfferImportPreview['problems'][number];

export type SheetFormat = 'csv' | 'xlsx';

/** The spreadsheet formats the offers import reads, told by the file's name. */
export function sheetFormatOf(name: string): SheetFormat | null {
  const match = /\.(csv|xlsx)$/i.exec(name.trim());
  return match ? (match[1]!.toLowerCase() as SheetFormat) : null;
}

export function notASheetMessage(name: string, locale: Locale = currentLocale()): string {
  return translate(locale, 'imports.notASheet', {
    name: name || translate(locale, 'imports.thisFile'),
  });
}

export interface ImportChoice {
  label: string;
  enabled: boolean;
}

/**
 * "Import N offers" goes all-or-nothing and only when no row has a problem; "Import only the N
 * good rows" exists only when some rows are good and some are not.
 */
export function importChoices(
  preview: OfferImportPreview,
  locale: Locale = currentLocale(),
): {
  all: ImportChoice;
  goodOnly: ImportChoice | null;
} {
  const clean = preview.problems.length === 0 && preview.valid === preview.rows;
  const all = {
    label: translate(locale, 'imports.importAll', { count: preview.rows }),
    enabled: clean && preview.rows > 0,
  };
  const mixed = preview.valid > 0 && preview.valid < preview.rows;
  return {
    all,
    goodOnly: mixed
      ? { label: translate(locale, 'imports.importGood', { count: preview.valid }), enabled: true }
      : null,
  };
}

/** Header problems (line 1) first, then row by row, column order kept within a line. */
export function problemsByLine(problems: readonly OfferImportProblem[]): OfferImportProblem[] {
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => a.problem.line - b.problem.line || a.index - b.index)
    .map(({ problem }) => problem);
}

export function linesWithProblems(problems: readonly OfferImportProblem[]): number {
  return new Set(problems.map((p) => p.line)).size;
}

export function previewSummary(
  preview: OfferImportPreview,
  locale: Locale = currentLocale(),
): string {
  if (preview.rows === 0 && preview.problems.length > 0) {
    return translate(locale, 'imports.summary.unusable');
  }
  if (preview.rows === 0) return translate(locale, 'imports.summary.empty');
  const bad = preview.rows - preview.valid;
  const good = translate(locale, 'imports.summary.good', {
    rows: preview.rows,
    good: preview.valid,
  });
  const summary =
    bad > 0
      ? translate(locale, 'imports.summary.bad', { good, bad })
      : translate(locale, 'imports.summary.clean', { good });
  const quiet = leftAlone(preview, locale);
  return quiet ? translate(locale, 'imports.summary.skipped', { summary, quiet }) : summary;
}

/**
 * Good rows that queue nothing: duplicates (of an offer already there, or of an earlier row) and
 * edits that change nothing. The app and the command line count them alike (core/usecases).
 */
function leftAlone(counts: { duplicates?: number; unchanged?: number }, locale: Locale): string {
  const duplicates = counts.duplicates
    ? translate(locale, 'imports.duplicates', { count: counts.duplicates })
    : '';
  const unchanged = counts.unchanged
    ? translate(locale, 'imports.unchanged', { count: counts.unchanged })
    : '';
  return duplicates && unchanged
    ? translate(locale, 'imports.and', { first: duplicates, second: unchanged })
    : duplicates || unchanged;
}

export function importResultSummary(
  result: {
    queued: number;
    skipped: number;
    duplicates?: number;
    unchanged?: number;
  },
  locale: Locale = currentLocale(),
): string {
  const quiet = leftAlone(result, locale);
  return translate(locale, 'imports.result', {
    queued: translate(locale, 'imports.result.queued', { count: result.queued }),
    skipped:
      result.skipped > 0
        ? translate(locale, 'imports.result.skipped', { count: result.skipped })
        : '',
    quiet: quiet ? translate(locale, 'imports.result.quiet', { quiet }) : '',
  });
}
