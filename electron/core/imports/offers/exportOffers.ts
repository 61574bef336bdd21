// The offers view → the same CSV/XLSX format the importer reads, so an export can be edited and
// imported back; and a per-product template with its field columns and allowed values.
import type { Locale } from '../../../contract/i18n/locale';
import type { DataValue, OfferWrite, Product } from '../../../contract/marketplace/wire';
import { allowedValuesOf, fieldKindName } from '../../../contract/rules';
import { writeWorkbook, type SheetCell } from '../sheets/xlsx';
import { formatDelimited, formatDelimitedRecord } from '../text/delimited';
import { guardFormulaCell, type CellKind } from '../text/formulaGuard';
import {
  cellKindOf,
  dataColumnHeader,
  deliveryHours,
  exportedWriteColumns,
  mapOfferColumns,
  orderedFields,
  writeColumnHeader,
  type OfferWriteColumn,
} from './offerColumns';
import { LIST_SEPARATOR } from './parseOfferSheet';

/** An offer of the merged view as written: its fields and the delivery time of its last manage. */
export type ExportedOffer = OfferWrite & { guarantee_delivery_time?: number | null };

interface SheetLayout {
  headers: string[];
  /** Per column, as the importer maps the header back: what the CSV formula guard applies. */
  kinds: CellKind[];
  cellsOf(offer: ExportedOffer): SheetCell[];
}

function formatValue(value: unknown): SheetCell {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(String).join(LIST_SEPARATOR);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
    return value;
  return JSON.stringify(value);
}

/** A write field's cell: the delivery time in hours, as its header says. */
function writeCell(offer: ExportedOffer, name: OfferWriteColumn): SheetCell {
  const value = (offer as Record<string, unknown>)[name];
  if (name === 'guarantee_delivery_time' && typeof value === 'number') {
    return deliveryHours.fromMs(value);
  }
  return formatValue(value);
}

function sheetLayout(product: Product, locale: Locale): SheetLayout {
  const writeColumns = exportedWriteColumns(product);
  const fields = orderedFields(product);
  const headers = [
    ...writeColumns.map((name) => writeColumnHeader(name, locale)),
    ...fields.map((field) => dataColumnHeader(field, product)),
  ];
  return {
    headers,
    kinds: mapOfferColumns(headers, product).map(cellKindOf),
    cellsOf: (offer) => [
      ...writeColumns.map((name) => writeCell(offer, name)),
      ...fields.map((field) =>
        formatValue(offer.data?.[String(field.id)] as DataValue | undefined),
      ),
    ],
  };
}

function asText(cell: SheetCell): string {
  return cell === null ? '' : String(cell);
}

/** CSV cells are text to a spreadsheet: a formula-like start is guarded (XLSX cells are typed). */
function csvRow(cells: readonly SheetCell[], kinds: readonly CellKind[]): string[] {
  return cells.map((cell, i) => guardFormulaCell(asText(cell), kinds[i] ?? 'text'));
}

export function exportOffersCsv(
  offers: readonly ExportedOffer[],
  product: Product,
  locale: Locale = 'en',
): string {
  const layout = sheetLayout(product, locale);
  return formatDelimited(
    [csvRow(layout.headers, []), ...offers.map((o) => csvRow(layout.cellsOf(o), layout.kinds))],
    ',',
  );
}

export function exportOffersXlsx(
  offers: readonly ExportedOffer[],
  product: Product,
  locale: Locale = 'en',
): Promise<Buffer> {
  const layout = sheetLayout(product, locale);
  return writeWorkbook([
    { name: 'Offers', rows: [layout.headers, ...offers.map((o) => layout.cellsOf(o))] },
    allowedValuesSheet(product),
  ]);
}

/** Select fields and their allowed values, one column per field. */
function allowedValuesSheet(product: Product): { name: string; rows: SheetCell[][] } {
  const selects = orderedFields(product).filter((field) => {
    const kind = fieldKindName(field.component_edit);
    return kind === 'select' || kind === 'multi_select';
  });
  const values = selects.map((field) => allowedValuesOf(field));
  const depth = Math.max(0, ...values.map((v) => v.length));
  const rows: SheetCell[][] = [selects.map((field) => dataColumnHeader(field, product))];
  for (let i = 0; i < depth; i++) rows.push(values.map((v) => v[i] ?? null));
  return { name: 'Allowed values', rows };
}

function commentText(text: string): string {
  // A comment row must stay one unquoted cell: no quotes or line breaks in it.
  return text.replace(/["\r\n]/g, "'");
}

/** What the template's comment rows say about each field. */
function fieldNotes(product: Product): string[] {
  const notes = [
    `Offers for "${product.title}" (product ${product.id}). One offer a row; leave id empty to create.`,
    `Lists (screenshots, multi-select values) are separated by ${LIST_SEPARATOR}. ${writeColumnHeader('guarantee_delivery_time')} may be a fraction (0.5 is 30 minutes). ${writeColumnHeader('credential_system_type_id')}: 3 for accounts you upload, 1 for manual delivery via chat.`,
  ];
  for (const field of orderedFields(product)) {
    const kind = fieldKindName(field.component_edit);
    const header = dataColumnHeader(field, product);
    const required = field.is_required ? 'required' : 'optional';
    if (kind === 'select' || kind === 'multi_select') {
      const many = kind === 'multi_select' ? ', several separated by |' : '';
      notes.push(`${header} (${required}${many}): ${allowedValuesOf(field).join(' | ')}`);
    } else {
      notes.push(`${header} (${required}, ${kind})`);
    }
  }
  return notes.map((note) => `# ${commentText(note)}`);
}

/**
 * A note as a CSV comment row. A spreadsheet still splits it at its commas, and an allowed value
 * from the marketplace may follow one: each piece after the first is guarded like a text cell.
 */
function csvCommentRow(note: string): string {
  return note
    .split(',')
    .map((piece, i) => (i === 0 ? piece : guardFormulaCell(piece, 'text')))
    .join(',');
}

/** A CSV with the product's columns and `#` rows listing required fields and allowed values. */
export function offerTemplateCsv(product: Product, locale: Locale = 'en'): string {
  const { headers } = sheetLayout(product, locale);
  return (
    formatDelimitedRecord(csvRow(headers, []), ',') +
    '\r\n' +
    fieldNotes(product)
      .map((n) => csvCommentRow(n) + '\r\n')
      .join('')
  );
}

/** The XLSX template: an empty Offers sheet, the allowed values, and the notes. */
export function offerTemplateXlsx(product: Product, locale: Locale = 'en'): Promise<Buffer> {
  const { headers } = sheetLayout(product, locale);
  return writeWorkbook([
    { name: 'Offers', rows: [headers] },
    allowedValuesSheet(product),
    { name: 'Notes', rows: [['Notes'], ...fieldNotes(product).map((n) => [n.slice(2)])] },
  ]);
}
