// The columns of an offers spreadsheet (the CLI's CSV format and its XLSX twin): the offer's own
// fields under the labels of the offer form ("Price per step", "Delivery time (hours)"), in the
// language of the export; product fields by their title or `data.<field id>`. An import reads
// either language's labels and the API's field names (`price_per_step`, `guarantee_delivery_time`
// in milliseconds), so files written for earlier versions and scripts still work.
import type { Locale } from '../../../contract/i18n/locale';
import { translate } from '../../../contract/i18n/translate';
import {
  MarketplaceType,
  type Product,
  type ProductField,
} from '../../../contract/marketplace/wire';
import { fieldKindName, liveFieldsOf, type FieldKindName } from '../../../contract/rules';
import { ruWriteFieldLabels, writeFieldLabels } from '../../../contract/rules/fieldLabels';
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

/** Columns whose label in a sheet differs from the form's: the delivery time is in hours there. */
const sheetOnlyLabels = {
  id: 'imports.column.offerNumber',
  guarantee_delivery_time: 'imports.column.deliveryHours',
} as const;

const MS_PER_HOUR = 3_600_000;

/** The header an export writes for a write column, in the seller's words. */
export function writeColumnHeader(name: OfferWriteColumn, locale: Locale = 'en'): string {
  if (name in sheetOnlyLabels) {
    return translate(locale, sheetOnlyLabels[name as keyof typeof sheetOnlyLabels]);
  }
  const labels = locale === 'ru' ? ruWriteFieldLabels : writeFieldLabels;
  return labels[name] ?? writeFieldLabels[name] ?? name;
}

/** The delivery time as the sheet's hours column holds it, and back. */
export const deliveryHours = {
  fromMs: (ms: number): number => ms / MS_PER_HOUR,
  toMs: (hours: number): number => Math.round(hours * MS_PER_HOUR),
};

/**
 * What each column of a sheet writes. `header` is the header as a message may name it (util/echo's
 * columnLabel): a file's text is never trusted into a message as it is. `hours`: a delivery time
 * column in hours (the seller's), not in milliseconds (the API's name).
 */
export type SheetColumn =
  | { kind: 'write'; name: OfferWriteColumn; header: string; hours?: boolean }
  | { kind: 'data'; field: ProductField; fieldKind: FieldKindName; header: string }
  | { kind: 'unknown'; header: string };

function normalize(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Every header an import takes for a write column: the API's name and both languages' labels. */
const writeColumnByHeader: ReadonlyMap<string, { name: OfferWriteColumn; hours: boolean }> =
  (() => {
    const map = new Map<string, { name: OfferWriteColumn; hours: boolean }>();
    for (const name of Object.keys(offerWriteColumns) as OfferWriteColumn[]) {
      map.set(name, { name, hours: false });
      for (const locale of ['en', 'ru'] as const) {
        map.set(normalize(writeColumnHeader(name, locale)), {
          name,
          hours: name === 'guarantee_delivery_time',
        });
      }
    }
    return map;
  })();

function writeColumnOf(header: string): { name: OfferWriteColumn; hours: boolean } | undefined {
  const text = normalize(header);
  return writeColumnByHeader.get(text) ?? writeColumnByHeader.get(text.replace(/ /g, '_'));
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
    const write = writeColumnOf(raw);
    if (write) return { kind: 'write', name: write.name, header, hours: write.hours };
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
    writeColumnOf(title) !== undefined ||
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
