// XLSX account lists, read with exceljs (maintained, unlike the frozen SheetJS build on npm).
// The first sheet is read; its first row is the header if it names login and password columns,
// otherwise columns are taken in the one-account-a-line order.
import type ExcelJS from 'exceljs';
import { ImportError } from '../importError';
import {
  isCredentialHeader,
  mapCredentialColumns,
  POSITIONAL_COLUMNS,
  type CredentialColumns,
} from './credentialColumns';
import { credentialFromCells, type ParsedCredentialRow } from './credentialRow';

export async function readFirstSheetCells(
  bytes: Uint8Array,
): Promise<{ row: number; cells: string[] }[]> {
  // Loaded on demand: exceljs is large, and most account lists are plain text.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never,
    );
  } catch {
    throw new ImportError('format', 'the file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      cells.push(cellText(row.getCell(column)));
    }
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return cell.text ?? '';
}

export interface ParsedCredentialSheet {
  ignoredColumns: string[];
  rows: ParsedCredentialRow[];
}

export async function parseCredentialXlsx(bytes: Uint8Array): Promise<ParsedCredentialSheet> {
  const sheetRows = await readFirstSheetCells(bytes);
  const content = sheetRows.filter(
    ({ cells }) =>
      cells.some((cell) => cell.trim() !== '') && !cells[0]?.trimStart().startsWith('#'),
  );
  let columns: CredentialColumns = POSITIONAL_COLUMNS;
  const first = content[0];
  if (first) {
    const header = mapCredentialColumns(first.cells);
    if (isCredentialHeader(header)) {
      columns = header;
      content.shift();
    }
  }
  return {
    ignoredColumns: columns.ignored,
    rows: content.map(({ row, cells }) => credentialFromCells(cells, columns, row)),
  };
}
