// Plain grids of text in and out of XLSX. Reading streams the archive (yauzl) and its XML (saxes)
// within the caps of xlsxLimits.ts, in a worker thread with a heap limit; writing (yazl) makes
// the simple sheets an export or a template needs. See readXlsx.ts and writeXlsx.ts.
export type { SheetRow } from './readXlsx';
export { readFirstSheetCells, type XlsxReadOptions } from './readXlsxInWorker';
export { writeWorkbook, type SheetCell, type SheetSpec } from './writeXlsx';

/** A ZIP's local-file signature: the only way an XLSX starts. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
