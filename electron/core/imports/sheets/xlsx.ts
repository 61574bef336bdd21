// Reading and writing plain grids of text through exceljs (maintained, unlike the frozen SheetJS
// build on npm). exceljs is loaded on demand: it is large, and most imports are plain text.
import type ExcelJS from 'exceljs';
import { ImportError } from '../importError';

export interface SheetRow {
  /** 1-based row number in the sheet, as Excel shows it. */
  row: number;
  cells: string[];
}

async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return cell.text ?? '';
}

/** The first sheet's non-empty rows as text cells. */
export async function readFirstSheetCells(bytes: Uint8Array): Promise<SheetRow[]> {
  const excel = await loadExcel();
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
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++)
      cells.push(cellText(row.getCell(column)));
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

export type SheetCell = string | number | boolean | null;

export interface SheetSpec {
  name: string;
  rows: SheetCell[][];
}

/** A workbook whose first row of each sheet is a bold header. */
export async function writeWorkbook(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const excel = await loadExcel();
  const workbook = new excel.Workbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name);
    for (const row of spec.rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
