// Rows as they cross from the reading worker: one string and three typed arrays instead of a
// million small strings, so the copy between threads is a few memcpys rather than a clone of
// every cell (about a second less for a million cells).
import type { SheetRow } from './readXlsx';

export interface PackedRows {
  /** Every cell's text, one after the other. */
  text: string;
  cellLengths: Uint32Array;
  rowNumbers: Uint32Array;
  rowWidths: Uint32Array;
}

export function packRows(rows: readonly SheetRow[]): PackedRows {
  const cellCount = rows.reduce((sum, row) => sum + row.cells.length, 0);
  const cellLengths = new Uint32Array(cellCount);
  const rowNumbers = new Uint32Array(rows.length);
  const rowWidths = new Uint32Array(rows.length);
  const texts: string[] = [];
  let cell = 0;
  rows.forEach((row, i) => {
    rowNumbers[i] = row.row;
    rowWidths[i] = row.cells.length;
    for (const text of row.cells) {
      cellLengths[cell++] = text.length;
      texts.push(text);
    }
  });
  return { text: texts.join(''), cellLengths, rowNumbers, rowWidths };
}

export function unpackRows({ text, cellLengths, rowNumbers, rowWidths }: PackedRows): SheetRow[] {
  const rows: SheetRow[] = new Array(rowNumbers.length);
  let cell = 0;
  let at = 0;
  for (let i = 0; i < rowNumbers.length; i++) {
    const cells: string[] = new Array(rowWidths[i]!);
    for (let j = 0; j < cells.length; j++) {
      const length = cellLengths[cell++]!;
      cells[j] = text.slice(at, at + length);
      at += length;
    }
    rows[i] = { row: rowNumbers[i]!, cells };
  }
  return rows;
}
