// XLSX account lists. The first sheet is read; its first row is the header if it names login and
// password columns, otherwise columns are taken in the one-account-a-line order.
import { readFirstSheetCells } from '../sheets/xlsx';
import {
  isCredentialHeader,
  mapCredentialColumns,
  POSITIONAL_COLUMNS,
  type CredentialColumns,
} from './credentialColumns';
import { credentialFromCells, type ParsedCredentialRow } from './credentialRow';

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
