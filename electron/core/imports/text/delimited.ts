// RFC 4180 records (CSV, TSV and friends), read with line numbers so that a bad row can be
// pointed at, and written so that what we export reads back identically.
import { ImportError } from '../importError';

export interface DelimitedRecord {
  /** 1-based line on which the record starts (a quoted cell may span lines). */
  line: number;
  cells: string[];
  /** The record's first character in the text; lets callers tell `#comment` from `"#cell"`. */
  offset: number;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Splits text into records. A quote opens a quoted cell only at the start of a cell; inside, `""`
 * is a quote and separators and line breaks are content. Anything after the closing quote up to
 * the next separator is kept rather than rejected: sellers' hand-edited files are not strict.
 */
export function* delimitedRecords(text: string, delimiter: string): Generator<DelimitedRecord> {
  if (delimiter.length !== 1) throw new Error('a delimited file needs a one-character separator');
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  let pos = 0;
  let line = 1;

  // End of an unquoted stretch: the next separator, line break or end of text.
  const stretchEnd = (from: number): number => {
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === sep || c === LF || c === CR) break;
      i++;
    }
    return i;
  };

  while (pos < n) {
    const startLine = line;
    const offset = pos;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (text.charCodeAt(pos) === QUOTE) {
        cell = '';
        pos++;
        for (;;) {
          const close = text.indexOf('"', pos);
          if (close < 0) {
            throw new ImportError(
              'unterminated-quote',
              `line ${startLine}: a quoted cell is never closed`,
              startLine,
            );
          }
          const chunk = text.slice(pos, close);
          cell += chunk;
          line += countLineBreaks(chunk);
          if (text.charCodeAt(close + 1) === QUOTE) {
            cell += '"';
            pos = close + 2;
            continue;
          }
          pos = close + 1;
          break;
        }
        const end = stretchEnd(pos);
        cell += text.slice(pos, end);
        pos = end;
      } else {
        const end = stretchEnd(pos);
        cell = text.slice(pos, end);
        pos = end;
      }
      cells.push(cell);
      if (pos < n && text.charCodeAt(pos) === sep) {
        pos++;
        // A separator at the very end of the text still closes an (empty) last cell.
        if (pos === n) cells.push('');
        continue;
      }
      break;
    }
    if (text.charCodeAt(pos) === CR) pos++;
    if (text.charCodeAt(pos) === LF) pos++;
    line++;
    yield { line: startLine, cells, offset };
  }
}

function countLineBreaks(chunk: string): number {
  let count = 0;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk.charCodeAt(i);
    if (c === LF) count++;
    else if (c === CR && chunk.charCodeAt(i + 1) !== LF) count++;
  }
  return count;
}

/** A record is blank when every cell is empty or whitespace. */
export function isBlankRecord(record: DelimitedRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '');
}

function needsQuotes(cell: string, delimiter: string): boolean {
  return (
    cell.includes(delimiter) ||
    cell.includes('"') ||
    cell.includes('\n') ||
    cell.includes('\r') ||
    cell.startsWith('#') ||
    cell !== cell.trim()
  );
}

export function formatDelimitedRecord(cells: readonly string[], delimiter: string): string {
  return cells
    .map((cell) => (needsQuotes(cell, delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(delimiter);
}

/**
 * CRLF line ends, as RFC 4180 and Excel expect. Cells are written as given: a file meant for a
 * spreadsheet guards its formula-like text cells first (text/formulaGuard, per column).
 */
export function formatDelimited(rows: readonly (readonly string[])[], delimiter: string): string {
  return rows.map((row) => formatDelimitedRecord(row, delimiter) + '\r\n').join('');
}
