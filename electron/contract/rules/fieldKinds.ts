// How a product field's `component_edit` integer is read. The API document names only 1 (text)
// and 2 (select); the further values below are our assumption, used by the sandbox's seed and by
// every validator. A kind we do not know is accepted as given (like text), so a new field type
// on the real service never blocks the seller.
import type { ProductField } from '../marketplace/wire';

export const FieldKind = {
  Text: 1,
  Select: 2,
  Number: 3,
  MultiSelect: 4,
  TextArea: 5,
} as const;

export type FieldKindName = 'text' | 'select' | 'number' | 'multi_select' | 'textarea' | 'unknown';

export function fieldKindName(componentEdit: number): FieldKindName {
  switch (componentEdit) {
    case FieldKind.Text:
      return 'text';
    case FieldKind.Select:
      return 'select';
    case FieldKind.Number:
      return 'number';
    case FieldKind.MultiSelect:
      return 'multi_select';
    case FieldKind.TextArea:
      return 'textarea';
    default:
      return 'unknown';
  }
}

/** The `value` strings a seller may send for a select or multi-select field. */
export function allowedValuesOf(field: ProductField): string[] {
  return field.field_values.filter((v) => v.deleted_at === null).map((v) => v.value);
}

/** Fields the seller can fill: deleted ones no longer count. */
export function liveFieldsOf(product: { product_fields: ProductField[] }): ProductField[] {
  return product.product_fields.filter((f) => f.deleted_at === null);
}
