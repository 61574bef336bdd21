// The offers import dialog's words and choices: which spreadsheet files it takes, the two ways to
// confirm (all or nothing, or only the good rows), and the problems sorted by line.
import type { ChannelOutput } from '../../../../electron/contract/ipc/channels';

export type OfferImportPreview = ChannelOutput<'imports.offersPreview'>;
export type OfferImportProblem = OfferImportPreview['problems'][number];

export type SheetFormat = 'csv' | 'xlsx';

/** The spreadsheet formats the offers import reads, told by the file's name. */
export function sheetFormatOf(name: string): SheetFormat | null {
  const match = /\.(csv|xlsx)$/i.exec(name.trim());
  return match ? (match[1]!.toLowerCase() as SheetFormat) : null;
}

export function notASheetMessage(name: string): string {
  return `${name || 'This file'} is not a CSV or XLSX file. Export your sheet as CSV or XLSX (Excel workbook) first.`;
}

export interface ImportChoice {
  label: string;
  enabled: boolean;
}

/**
 * "Import N offers" goes all-or-nothing and only when no row has a problem; "Import only the N
 * good rows" exists only when some rows are good and some are not.
 */
export function importChoices(preview: OfferImportPreview): {
  all: ImportChoice;
  goodOnly: ImportChoice | null;
} {
  const clean = preview.problems.length === 0 && preview.valid === preview.rows;
  const all = {
    label: `Import ${offers(preview.rows)}`,
    enabled: clean && preview.rows > 0,
  };
  const mixed = preview.valid > 0 && preview.valid < preview.rows;
  return {
    all,
    goodOnly: mixed
      ? {
          label: `Import only the ${preview.valid.toLocaleString('en-US')} good ${preview.valid === 1 ? 'row' : 'rows'}`,
          enabled: true,
        }
      : null,
  };
}

function offers(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'offer' : 'offers'}`;
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

export function previewSummary(preview: OfferImportPreview): string {
  if (preview.rows === 0 && preview.problems.length > 0) {
    return 'The file cannot be imported as it is: see the problems below.';
  }
  if (preview.rows === 0) return 'The file holds no offer rows.';
  const bad = preview.rows - preview.valid;
  const good = `${offers(preview.rows)} in the file, ${preview.valid.toLocaleString('en-US')} good`;
  const summary = bad > 0 ? `${good}, ${bad.toLocaleString('en-US')} with problems.` : `${good}.`;
  const quiet = leftAlone(preview);
  return quiet ? `${summary} ${quiet} will be skipped.` : summary;
}

/**
 * Good rows that queue nothing: duplicates (of an offer already there, or of an earlier row) and
 * edits that change nothing. The app and the command line count them alike (core/usecases).
 */
function leftAlone(counts: { duplicates?: number; unchanged?: number }): string {
  return [
    counts.duplicates
      ? `${counts.duplicates.toLocaleString('en-US')} duplicate ${counts.duplicates === 1 ? 'row' : 'rows'} (already there)`
      : '',
    counts.unchanged
      ? `${counts.unchanged.toLocaleString('en-US')} unchanged ${counts.unchanged === 1 ? 'row' : 'rows'}`
      : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

export function importResultSummary(result: {
  queued: number;
  skipped: number;
  duplicates?: number;
  unchanged?: number;
}): string {
  const queued = `${offers(result.queued)} added to your local changes`;
  const skipped =
    result.skipped > 0
      ? `; ${result.skipped.toLocaleString('en-US')} ${result.skipped === 1 ? 'row' : 'rows'} with problems left out`
      : '';
  const quiet = leftAlone(result);
  return `${queued}${skipped}${quiet ? `; ${quiet} skipped` : ''}. They are sent at the next sync.`;
}
