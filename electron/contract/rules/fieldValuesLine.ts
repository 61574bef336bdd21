// The product field values an offer row shows beside its name ("EU · Silvermoon · Horde"): the
// product's primary and filter fields, in the seller's words (an option's label, never its id).
// Hundreds of gold offers of one product differ only there, so the list shows and searches them.
import type { ProductField } from '../marketplace/wire';

/** Between two values in the line. */
export const FIELD_VALUES_SEPARATOR = ' · ';

export interface ShownField {
  /** The key in an offer's `data`. */
  id: string;
  labels: Map<string, string>;
}

/** The fields the line shows, primary first, then in the product's own order. */
export function shownFieldsOf(fields: readonly ProductField[]): ShownField[] {
  return fields
    .filter((f) => (f.is_primary || f.is_filter) && f.deleted_at === null && !f.is_hidden)
    .sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.priority - b.priority)
    .map((f) => ({
      id: String(f.id),
      labels: new Map(f.field_values.map((v) => [String(v.id), v.value])),
    }));
}

function labelOf(field: ShownField, value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .map((v) => labelOf(field, v))
      .filter(Boolean)
      .join(', ');
  }
  if (typeof value === 'number') return field.labels.get(String(value)) ?? String(value);
  if (typeof value !== 'string') return '';
  // A select may carry the option's id as text; a label is kept as written.
  return (/^\d+$/.test(value) ? field.labels.get(value) : undefined) ?? value.trim();
}

/** The line from an offer's data value by field id (`valueOf('203')`). */
export function lineOfShownFields(
  fields: readonly ShownField[],
  valueOf: (fieldId: string) => unknown,
): string {
  return fields
    .map((f) => labelOf(f, valueOf(f.id)))
    .filter(Boolean)
    .join(FIELD_VALUES_SEPARATOR);
}

/** The line for an offer's `data` under its product; '' without the product. */
export function fieldValuesLine(
  product: { product_fields: readonly ProductField[] } | null | undefined,
  data: Readonly<Record<string, unknown>> | undefined,
): string {
  if (!product || !data) return '';
  return lineOfShownFields(shownFieldsOf(product.product_fields), (id) => data[id]);
}
