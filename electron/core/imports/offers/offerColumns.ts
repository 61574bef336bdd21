// The columns of an offers spreadsheet (the CLI's CSV format and its XLSX twin): offer
// write-field names as headers, product fields as `data.<field id>` or by their title.
import {
  MarketplaceType,
  type Product,
  type ProductField,
} from '../../../contract/marketplace/wire';
import { fieldKindName, liveFieldsOf, type FieldKindName } from '../../../contract/rules';
import type { CellKind } from '../text/formulaGuard';
import { columnLabel } from '../../util/echo';

export type WriteColumnKind = 'number' | 'integer' | 'text' | 'boolean' | 'url-list';

/** Write fields a sheet may carry, in export order. `guarantee_delivery_time` rides on the request. */
export const offerWriteColumns = {
  id: 'integer',
  price_per_step: 'number',
  amount: 'number',
  min_purchase_amount: 'number',
  guarantee_delivery_time: 'integer',
  outer_name: 'text',
  internal_name: 'text',
  description: 'text',
  comment_for_reviewer: 'text',
  is_auto_activate_status: 'boolean',
  credential_system_type_id: 'integer',
  booster_price: 'number',
  screenshots: 'url-list',
  search_description: 'text',
  skycoach_price: 'number',
  import_status: 'integer',
  marketplace_type: 'integer',
} as const satisfies Record<string, WriteColumnKind>;

export type OfferWriteColumn = keyof typeof offerWriteColumns;

/** Account-only fields, left out of a gold product's export and template. */
const accountOnlyColumns = new Set<OfferWriteColumn>([
  'outer_name',
  'internal_name',
  'description',
  'booster_price',
]);
/** Importable but not exported: meaning unknown (skycoach_price, import_status) or implied. */
const importOnlyColumns = new Set<OfferWriteColumn>([
  'skycoach_price',
  'import_status',
  'marketplace_type',
]);

export function exportedWriteColumns(product: Product): OfferWriteColumn[] {
  const isAccount = product.marketplace_type === MarketplaceType.Account;
  return (Object.keys(offerWriteColumns) as OfferWriteColumn[]).filter(
    (name) => !importOnlyColumns.has(name) && (isAccount || !accountOnlyColumns.has(name)),
  );
}

/**
 * What each column of a sheet writes. `header` is the header as a message may name it (util/echo's
 * columnLabel): a file's text is never trusted into a message as it is.
 */
export type SheetColumn =
  | { kind: 'write'; name: OfferWriteColumn; header: string }
  | { kind: 'data'; field: ProductField; fieldKind: FieldKindName; header: string }
  | { kind: 'unknown'; header: string };

const writeColumnSet = new Set<string>(Object.keys(offerWriteColumns));

function normalize(header: string): string {
  return header.trim().toLowerCase();
}

/**
 * Number and whole-number columns hold numbers; every other column (names, lists, selects, flags,
 * an unknown column) is text. Export and import read it from here, so a CSV cell is guarded
 * against formulas and unguarded by the same rule.
 */
export function cellKindOf(column: SheetColumn): CellKind {
  if (column.kind === 'write') {
    const kind = offerWriteColumns[column.name];
    return kind === 'number' || kind === 'integer' ? 'number' : 'text';
  }
  return column.kind === 'data' && column.fieldKind === 'number' ? 'number' : 'text';
}

/** Maps a header row to what each column writes. */
export function mapOfferColumns(headers: readonly string[], product: Product): SheetColumn[] {
  const fields = liveFieldsOf(product);
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const byTitle = new Map<string, ProductField>();
  for (const field of fields) {
    const title = normalize(field.title);
    if (!byTitle.has(title)) byTitle.set(title, field);
  }
  return headers.map((raw, index): SheetColumn => {
    const header = columnLabel(raw, index);
    const name = normalize(raw).replace(/\s+/g, '_');
    if (writeColumnSet.has(name)) return { kind: 'write', name: name as OfferWriteColumn, header };
    const dataId = /^data\.(\d+)$/.exec(normalize(raw))?.[1];
    const field = dataId !== undefined ? byId.get(dataId) : byTitle.get(normalize(raw));
    if (field)
      return { kind: 'data', field, fieldKind: fieldKindName(field.component_edit), header };
    return { kind: 'unknown', header };
  });
}

/**
 * The header under which a product field is exported: its title when that is unambiguous,
 * else `data.<id>`.
 */
export function dataColumnHeader(field: ProductField, product: Product): string {
  const title = normalize(field.title);
  const clashes =
    title === '' ||
    writeColumnSet.has(title.replace(/\s+/g, '_')) ||
    /^data\.\d+$/.test(title) ||
    liveFieldsOf(product).some(
      (other) => other.id !== field.id && normalize(other.title) === title,
    );
  return clashes ? `data.${field.id}` : field.title.trim();
}

/** Product fields in the order the marketplace shows them. */
export function orderedFields(product: Product): ProductField[] {
  return [...liveFieldsOf(product)].sort((a, b) => a.priority - b.priority || a.id - b.id);
}
