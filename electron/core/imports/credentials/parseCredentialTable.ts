// CSV/TSV account lists with a header row ("login,password,email,…" in any usual spelling).
import { ImportError } from '../importError';
import { delimitedRecords, isBlankRecord, type DelimitedRecord } from '../text/delimited';
import {
  isCredentialHeader,
  mapCredentialColumns,
  type CredentialColumns,
} from './credentialColumns';
import { lastLineOf, type BrokenLineCheck } from '../text/brokenLines';
import { credentialFromCells, wholeLineProblem, type ParsedCredentialRow } from './credentialRow';
import { PROGRESS_EVERY_ROWS } from './parseCredentialLines';

export const TABLE_DELIMITERS = [',', ';', '\t', '|'] as const;
export type TableDelimiter = (typeof TABLE_DELIMITERS)[number];

function firstContentLine(text: string): string | undefined {
  for (const line of text.split(/\r\n|\n|\r/, 50)) {
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) return line;
  }
  return undefined;
}

/**
 * The delimiter under which the first line reads as a credential header (the one naming the most
 * columns), or undefined when the file has no such header.
 */
export function detectCredentialHeader(text: string): TableDelimiter | undefined {
  const line = firstContentLine(text);
  if (line === undefined) return undefined;
  let best: TableDelimiter | undefined;
  let bestNamed = 0;
  for (const delimiter of TABLE_DELIMITERS) {
    let record: DelimitedRecord | undefined;
    try {
      record = delimitedRecords(line, delimiter).next().value ?? undefined;
    } catch {
      continue;
    }
    if (!record) continue;
    const columns = mapCredentialColumns(record.cells);
    const named = Object.keys(columns.indexOf).length;
    if (isCredentialHeader(columns) && named > bestNamed) {
      best = delimiter;
      bestNamed = named;
    }
  }
  return best;
}

export interface ParsedCredentialTable {
  delimiter: TableDelimiter;
  ignoredColumns: string[];
  rows: ParsedCredentialRow[];
}

/** An unquoted `#` opening the line; `"#…"` is a cell that happens to start with `#`. */
function isComment(text: string, record: DelimitedRecord): boolean {
  let i = record.offset;
  while (text[i] === ' ') i++;
  return text[i] === '#';
}

export interface CredentialTableOptions {
  onProgress?: (rowsRead: number) => void;
  brokenLine?: BrokenLineCheck;
}

export function parseCredentialTable(
  text: string,
  delimiter: TableDelimiter,
  options: CredentialTableOptions = {},
): ParsedCredentialTable {
  const rows: ParsedCredentialRow[] = [];
  const table = readCredentialTable(text, delimiter, (row) => rows.push(row), options);
  return { delimiter, ignoredColumns: table.ignoredColumns, rows };
}

/** The table's rows handed to `take` one at a time, none kept (see readCredentialLines). */
export function readCredentialTable(
  text: string,
  delimiter: TableDelimiter,
  take: (row: ParsedCredentialRow) => void,
  options: CredentialTableOptions = {},
): { ignoredColumns: string[]; rows: number } {
  const brokenLine = options.brokenLine;
  let columns: CredentialColumns | undefined;
  let rows = 0;
  for (const record of delimitedRecords(text, delimiter)) {
    if (isBlankRecord(record)) continue;
    if (!columns) {
      if (isComment(text, record)) continue;
      if (brokenLine?.(record.line, lastLineOf(record))) {
        // A damaged header may have lost or renamed a column: every row would be misread.
        throw new ImportError(
          'encoding',
          `line ${record.line}: the header row does not read in the file's encoding — the file may be damaged or mix encodings; fix it`,
          record.line,
        );
      }
      columns = mapCredentialColumns(record.cells);
      if (!isCredentialHeader(columns)) {
        // Taking an account row for a header would silently drop it and misread the rest.
        throw new ImportError(
          'no-header',
          `line ${record.line}: the first row must name the columns (login, password, …)`,
          record.line,
        );
      }
      continue;
    }
    if (isComment(text, record)) continue;
    const row = credentialFromCells(record.cells, columns, record.line);
    const broken = brokenLine?.(record.line, lastLineOf(record));
    if (broken) row.problems.unshift(wholeLineProblem(broken));
    take(row);
    rows++;
    if (options.onProgress && rows % PROGRESS_EVERY_ROWS === 0) options.onProgress(rows);
  }
  return { ignoredColumns: columns?.ignored ?? [], rows };
}
