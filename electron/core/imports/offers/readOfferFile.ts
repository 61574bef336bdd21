// An offers file (CSV or XLSX) for one product → validated rows. CSV is the CLI's format; XLSX
// reads the first sheet the same way. Rows whose first cell starts with `#` are comments (the
// template lists allowed values in such rows).
import type { Product } from '../../../contract/marketplace/wire';
import { ImportError } from '../importError';
import { isXlsx, readFirstSheetCells } from '../sheets/xlsx';
import { brokenLineCheck, lastLineOf, type BrokenLineCheck } from '../text/brokenLines';
import { decodeImportText } from '../text/decodeText';
import { delimitedRecords, isBlankRecord } from '../text/delimited';
import { mapOfferColumns } from './offerColumns';
import { parseOfferSheet, type ParsedOfferSheet } from './parseOfferSheet';

type Record_ = { line: number; cells: string[] };

const CSV_DELIMITERS = [',', ';', '\t'] as const;

function isCommentCells(cells: readonly string[]): boolean {
  return cells[0]?.trimStart().startsWith('#') ?? false;
}

/** The delimiter under which the header names the most known columns. */
function detectOfferDelimiter(text: string, product: Product): string {
  const firstLine = text
    .split(/\r\n|\n|\r/, 20)
    .find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  let best = ',';
  let bestKnown = -1;
  for (const delimiter of CSV_DELIMITERS) {
    let cells: string[];
    try {
      cells = delimitedRecords(firstLine ?? '', delimiter).next().value?.cells ?? [];
    } catch {
      continue;
    }
    const known = mapOfferColumns(cells, product).filter((c) => c.kind !== 'unknown').length;
    if (known > bestKnown) {
      best = delimiter;
      bestKnown = known;
    }
  }
  return best;
}

function* csvContentRecords(text: string, delimiter: string): Generator<Record_> {
  for (const record of delimitedRecords(text, delimiter)) {
    // An unquoted # opens a comment; a quoted "#…" cell is data.
    const raw = text.charCodeAt(record.offset) === 35; /* # */
    if (isBlankRecord(record) || (raw && isCommentCells(record.cells))) continue;
    yield record;
  }
}

function splitHeader(records: Iterable<Record_>): { header: Record_; rows: Record_[] } {
  const all = [...records];
  const header = all.shift();
  if (!header)
    throw new ImportError('no-header', 'the file is empty: the first row must name the columns');
  return { header, rows: all };
}

/** Rows on lines the decoder could not read are refused by line, never imported as read. */
function refuseBrokenLines(
  sheet: ParsedOfferSheet,
  header: Record_,
  records: readonly Record_[],
  brokenLine: BrokenLineCheck | undefined,
): ParsedOfferSheet {
  if (!brokenLine) return sheet;
  const problemAt = (record: Record_) => {
    const broken = brokenLine(record.line, lastLineOf(record));
    return broken ? { line: record.line, column: '', ...broken } : undefined;
  };
  const rowProblems = new Map(records.map((record) => [record.line, problemAt(record)]));
  const headerProblem = problemAt(header);
  return {
    headerProblems: headerProblem ? [headerProblem, ...sheet.headerProblems] : sheet.headerProblems,
    rows: sheet.rows.map((row) => {
      const problem = rowProblems.get(row.line);
      return problem ? { ...row, problems: [problem, ...row.problems] } : row;
    }),
  };
}

export interface OfferFileOptions {
  encoding?: string;
  /** CSV delimiter; detected from the header when not given. */
  delimiter?: string;
}

export async function readOfferFile(
  bytes: Uint8Array,
  product: Product,
  options: OfferFileOptions = {},
): Promise<ParsedOfferSheet & { format: 'csv' | 'xlsx' }> {
  if (isXlsx(bytes)) {
    const sheet = (await readFirstSheetCells(bytes))
      .filter(({ cells }) => cells.some((c) => c.trim() !== '') && !isCommentCells(cells))
      .map(({ row, cells }) => ({ line: row, cells }));
    const { header, rows } = splitHeader(sheet);
    return { format: 'xlsx', ...parseOfferSheet(header, rows, product) };
  }
  const decoded = decodeImportText(bytes, options.encoding);
  const delimiter = options.delimiter ?? detectOfferDelimiter(decoded.text, product);
  const { header, rows } = splitHeader(csvContentRecords(decoded.text, delimiter));
  const sheet = parseOfferSheet(header, rows, product, { formulaGuarded: true });
  return { format: 'csv', ...refuseBrokenLines(sheet, header, rows, brokenLineCheck(decoded)) };
}
