// One product and everything an import file needs: its columns, which are required, the allowed
// values of its select fields (what `offers import` reads and `offers export` writes).
import type { Product } from '../../../contract/marketplace/wire';
import { allowedValuesOf, fieldKindName } from '../../../contract/rules';
import {
  dataColumnHeader,
  exportedWriteColumns,
  orderedFields,
  writeColumnHeader,
} from '../../imports/offers';
import type { SellerProfile } from '../profile';
import { requireProduct, type RequireProductOptions } from './requireProduct';

export interface ImportColumns {
  /** The offer's own columns, in export order, as an export's headers name them. */
  writeColumns: string[];
  fields: {
    id: number;
    /** The header an export writes for it (its title, or `data.<id>` when titles clash). */
    column: string;
    title: string;
    kind: string;
    required: boolean;
    allowedValues: string[];
  }[];
}

export function importColumnsOf(product: Product): ImportColumns {
  return {
    writeColumns: exportedWriteColumns(product).map((name) => writeColumnHeader(name)),
    fields: orderedFields(product).map((field) => ({
      id: field.id,
      column: dataColumnHeader(field, product),
      title: field.title,
      kind: fieldKindName(field.component_edit),
      required: field.is_required,
      allowedValues: allowedValuesOf(field),
    })),
  };
}

export async function showProduct(
  profile: SellerProfile,
  productId: number,
  options: RequireProductOptions = {},
): Promise<{ product: Product; importColumns: ImportColumns }> {
  const product = await requireProduct(profile, productId, options);
  return { product, importColumns: importColumnsOf(product) };
}
