// Rows of an offers spreadsheet → offer writes for one product, each checked with the same rules
// the marketplace applies, so every problem can be shown (line, column, reason) before anything
// is queued.
import type { DataValue, OfferWrite, Product } from '../../../contract/marketplace/wire';
import { validateOfferWrite, type FieldProblem, type ProblemSay } from '../../../contract/rules';
import { parseTwoFactor } from '../credentials/credentialRow';
import { unguardFormulaCell } from '../text/formulaGuard';
import { looksLikeCredentials } from '../../util/echo';
import {
  cellKindOf,
  deliveryHours,
  mapOfferColumns,
  offerWriteColumns,
  writeColumnHeader,
  type SheetColumn,
} from './offerColumns';

export interface OfferRowProblem {
  line: number;
  /** The header of the column as written in the file (or the field name when no column has it). */
  column: string;
  message: string;
  /** The reason as a catalogue message (contract/rules), said in the app's language; `message` is English. */
  say?: ProblemSay;
  /** A select's values, said after the reason in the app's language. */
  allowedValues?: string[];
}

export interface OfferSheetRow {
  line: number;
  offer: OfferWrite;
  /** From a delivery time column: it travels on the manage request, not the offer. */
  deliveryTimeMs?: number;
  /** The header of the column naming the offer, as written (a problem of the id is told under it). */
  idColumn?: string;
  problems: OfferRowProblem[];
}

export interface ParsedOfferSheet {
  rows: OfferSheetRow[];
  /** Header-level problems (unknown or repeated columns), on the header's line. */
  headerProblems: OfferRowProblem[];
}

/** `|` separates the items of a list cell (screenshots, multi-select values). */
export const LIST_SEPARATOR = '|';

function splitList(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Accepts a decimal comma too: spreadsheets in many locales write 12,5. */
function parseNumber(cell: string): number | null {
  const text = cell.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

type CellValue = { value: unknown } | { problem: string; say: ProblemSay };

function writeCellValue(
  kind: (typeof offerWriteColumns)[keyof typeof offerWriteColumns],
  cell: string,
): CellValue {
  switch (kind) {
    case 'text':
      return { value: cell };
    case 'url-list':
      return { value: splitList(cell) };
    case 'boolean': {
      const flag = parseTwoFactor(cell);
      return flag === 'invalid' || flag === null
        ? { problem: 'must be true or false', say: { key: 'editor.rule.trueOrFalse' } }
        : { value: flag };
    }
    case 'number': {
      const value = parseNumber(cell);
      return value === null
        ? { problem: 'must be a number', say: { key: 'editor.rule.number' } }
        : { value };
    }
    case 'integer': {
      const value = parseNumber(cell);
      return value === null || !Number.isInteger(value)
        ? { problem: 'must be a whole number', say: { key: 'editor.rule.wholeNumber' } }
        : { value };
    }
  }
}

function dataCellValue(column: Extract<SheetColumn, { kind: 'data' }>, cell: string): DataValue {
  switch (column.fieldKind) {
    case 'multi_select':
      return splitList(cell);
    case 'select':
      return cell.trim();
    case 'number':
      // Left as text when not a number, so that the rules report it against the field.
      return parseNumber(cell) ?? cell;
    default:
      return cell;
  }
}

/** Unknown columns are named one by one up to this many; the rest are counted. */
export const UNKNOWN_COLUMNS_NAMED = 10;

/**
 * A first row that names no offer field at all is not a header: it is said in one problem that
 * repeats none of its cells, since it may well be data (a `login,password` account is two
 * "unknown columns" otherwise).
 */
function notAHeader(cells: readonly string[], line: number): OfferRowProblem {
  const accountLike =
    cells.some((cell) => looksLikeCredentials(cell)) ||
    looksLikeCredentials(cells.slice(0, 6).join(','));
  return {
    line,
    column: '',
    say: accountLike
      ? { key: 'imports.row.credentialsNotHeader' }
      : { key: 'imports.row.notAHeader', values: { count: cells.length } },
    message: accountLike
      ? 'the first row looks like account credentials (a login and a password), not a row of ' +
        'column names; it is not repeated here. Account credentials are imported into an ' +
        "offer's credentials, not as offers."
      : `the first row names no offer field (${cells.length} column${cells.length === 1 ? '' : 's'}): ` +
        'an offers file starts with a row naming its columns, e.g. price_per_step, amount, ' +
        'description, or a field title or data.<field id>; its cells are not repeated here.',
  };
}

function headerProblems(
  columns: SheetColumn[],
  cells: readonly string[],
  headerLine: number,
): OfferRowProblem[] {
  const named = columns.filter((column) => column.header !== '');
  if (named.length > 0 && named.every((column) => column.kind === 'unknown')) {
    return [notAHeader(cells, headerLine)];
  }
  const problems: OfferRowProblem[] = [];
  const seen = new Set<string>();
  let unknown = 0;
  for (const [index, column] of columns.entries()) {
    if (column.kind === 'unknown') {
      if (column.header === '') continue;
      if (++unknown > UNKNOWN_COLUMNS_NAMED) continue;
      problems.push({
        line: headerLine,
        column: column.header,
        say: {
          key: looksLikeCredentials(cells[index] ?? '')
            ? 'imports.row.credentialsColumn'
            : 'imports.row.unknownColumn',
        },
        message: looksLikeCredentials(cells[index] ?? '')
          ? 'its name looks like account credentials, so it is not repeated here; it is not an ' +
            'offer field'
          : 'not an offer field, nor a field of this product (use a field title or data.<field id>)',
      });
      continue;
    }
    const key = column.kind === 'write' ? column.name : `data.${column.field.id}`;
    if (seen.has(key))
      problems.push({
        line: headerLine,
        column: column.header,
        message: 'this field has two columns',
        say: { key: 'imports.row.twoColumns' },
      });
    seen.add(key);
  }
  if (unknown > UNKNOWN_COLUMNS_NAMED) {
    problems.push({
      line: headerLine,
      column: '',
      message: `and ${unknown - UNKNOWN_COLUMNS_NAMED} more columns that are not offer fields`,
      say: { key: 'imports.row.moreUnknown', values: { count: unknown - UNKNOWN_COLUMNS_NAMED } },
    });
  }
  return problems;
}

export interface OfferSheetOptions {
  /** CSV: cells carry the export's formula guard (text/formulaGuard), taken off here. */
  formulaGuarded?: boolean;
}

export function parseOfferSheet(
  header: { line: number; cells: readonly string[] },
  records: Iterable<{ line: number; cells: readonly string[] }>,
  product: Product,
  options: OfferSheetOptions = {},
): ParsedOfferSheet {
  const guarded = options.formulaGuarded === true;
  const headers = guarded
    ? header.cells.map((cell) => unguardFormulaCell(cell, 'text'))
    : header.cells;
  const columns = mapOfferColumns(headers, product);
  const kinds = guarded ? columns.map(cellKindOf) : null;
  const columnOfField = new Map<string, string>();
  for (const column of columns) {
    if (column.kind === 'write') columnOfField.set(column.name, column.header);
    if (column.kind === 'data') columnOfField.set(`data.${column.field.id}`, column.header);
  }
  const rows: OfferSheetRow[] = [];
  for (const record of records) {
    const cells = kinds
      ? record.cells.map((cell, i) => unguardFormulaCell(cell, kinds[i] ?? 'text'))
      : record.cells;
    rows.push(parseOfferRow({ line: record.line, cells }, columns, columnOfField, product));
  }
  return { rows, headerProblems: headerProblems(columns, headers, header.line) };
}

function parseOfferRow(
  record: { line: number; cells: readonly string[] },
  columns: SheetColumn[],
  columnOfField: Map<string, string>,
  product: Product,
): OfferSheetRow {
  const offer: Record<string, unknown> = {};
  const data: Record<string, DataValue> = {};
  const problems: OfferRowProblem[] = [];
  let deliveryTimeMs: number | undefined;
  columns.forEach((column, index) => {
    const cell = record.cells[index] ?? '';
    // An empty cell leaves the field out: on an edit it keeps the marketplace's value.
    if (column.kind === 'unknown' || cell.trim() === '') return;
    if (column.kind === 'data') {
      data[String(column.field.id)] = dataCellValue(column, cell);
      return;
    }
    // Hours may be a fraction ("0.5"); milliseconds are whole.
    const parsed = writeCellValue(column.hours ? 'number' : offerWriteColumns[column.name], cell);
    if ('problem' in parsed) {
      problems.push({
        line: record.line,
        column: column.header,
        message: `${writeColumnHeader(column.name)} ${parsed.problem}`,
        say: parsed.say,
      });
    } else if (column.name === 'guarantee_delivery_time') {
      const value = parsed.value as number;
      deliveryTimeMs = column.hours ? deliveryHours.toMs(value) : value;
    } else {
      offer[column.name] = parsed.value;
    }
  });
  if (Object.keys(data).length > 0) offer.data = data;
  offer.marketplace_type ??= product.marketplace_type;
  const write = offer as OfferWrite;
  const mode = typeof write.id === 'number' ? 'edit' : 'create';
  const alreadyReported = new Set(problems.map((p) => p.column));
  for (const problem of validateOfferWrite(write, product, mode)) {
    const column = columnOfField.get(problem.field) ?? problem.field;
    if (!alreadyReported.has(column)) problems.push(toRowProblem(problem, record.line, column));
  }
  if (deliveryTimeMs !== undefined && deliveryTimeMs < 1) {
    problems.push({
      line: record.line,
      column: columnOfField.get('guarantee_delivery_time') ?? 'guarantee_delivery_time',
      message: 'the delivery time must be more than zero',
      say: { key: 'imports.row.deliveryAtLeastOne' },
    });
  }
  const idColumn = columnOfField.get('id');
  return {
    line: record.line,
    offer: write,
    ...(deliveryTimeMs !== undefined && { deliveryTimeMs }),
    ...(idColumn !== undefined && { idColumn }),
    problems,
  };
}

function toRowProblem(problem: FieldProblem, line: number, column: string): OfferRowProblem {
  const allowed = problem.allowedValues?.length
    ? ` (allowed: ${problem.allowedValues.join(', ')})`
    : '';
  return {
    line,
    column,
    message: problem.message + allowed,
    ...(problem.say && { say: problem.say }),
    ...(problem.allowedValues?.length && { allowedValues: problem.allowedValues }),
  };
}
