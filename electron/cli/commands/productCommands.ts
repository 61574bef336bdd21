// `products list` and `products show ID`: the catalogue, and for one product everything an
// import file needs (its columns, which are required, the allowed values of select fields).
import { pageSizes } from '../../contract/marketplace/assumptions';
import type { Product } from '../../contract/marketplace/wire';
import { allowedValuesOf, fieldKindName } from '../../contract/rules';
import { dataColumnHeader, exportedWriteColumns, orderedFields } from '../../core/imports/offers';
import { productFor } from '../catalogue';
import { CliError } from '../cliError';
import type { CommandContext, CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { formatFields, formatTable } from '../table';

const marketplaceTypeName: Record<number, string> = { 1: 'gold', 2: 'account' };

/** Reads the whole catalogue, page by page (the product list answers at most 25 at a time). */
export async function refreshCatalogue(ctx: CommandContext): Promise<number> {
  const client = await ctx.profile().client();
  const store = ctx.profile().store();
  let offset = 0;
  let seen = 0;
  for (;;) {
    const page = await client.listProducts({ offset, limit: pageSizes.productList }, ctx.signal);
    store.saveProducts(page.result);
    seen += page.result.length;
    offset += page.result.length;
    if (page.result.length === 0 || offset >= page.total) return seen;
  }
}

const listProducts: CommandHandler = async (ctx, call) => {
  const store = ctx.profile().store();
  if (call.options.refresh === true || store.listProducts().length === 0) {
    await refreshCatalogue(ctx);
  }
  const type = call.options.type as number | undefined;
  const products = store
    .listProducts()
    .filter((p) => type === undefined || p.marketplace_type === type);
  const human =
    products.length === 0
      ? 'No products.'
      : formatTable(
          [
            { title: 'ID', value: (p) => p.id, align: 'right' },
            { title: 'TITLE', value: (p) => p.title, maxWidth: 48 },
            {
              title: 'TYPE',
              value: (p) => marketplaceTypeName[p.marketplace_type] ?? p.marketplace_type,
            },
            { title: 'ACTIVE', value: (p) => (p.is_active ? 'yes' : 'no') },
          ],
          products,
        );
  return { data: { products }, human, exitCode: ExitCode.Done };
};

/** The import columns of a product: what `offers import` reads and `offers export` writes. */
export function importColumnsOf(product: Product) {
  return {
    writeColumns: exportedWriteColumns(product),
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

const showProduct: CommandHandler = async (ctx, call) => {
  const raw = call.args[0]!;
  if (!/^\d+$/.test(raw)) throw new CliError('usage', `"${raw}" is not a product id.`);
  const productId = Number(raw);
  const product = await productFor(ctx, productId, { refresh: call.options.refresh === true });
  const columns = importColumnsOf(product);
  const human = [
    formatFields([
      ['id', product.id],
      ['title', product.title],
      ['type', marketplaceTypeName[product.marketplace_type]],
      ['step size', product.step_size],
      ['active', product.is_active ? 'yes' : 'no'],
    ]),
    '',
    `Import columns: ${columns.writeColumns.join(', ')}`,
    '',
    columns.fields.length === 0
      ? 'No product fields.'
      : formatTable(
          [
            { title: 'COLUMN', value: (f) => f.column },
            { title: 'FIELD', value: (f) => `data.${f.id}` },
            { title: 'KIND', value: (f) => f.kind },
            { title: 'REQUIRED', value: (f) => (f.required ? 'yes' : '') },
            { title: 'ALLOWED VALUES', value: (f) => f.allowedValues.join(' | '), maxWidth: 60 },
          ],
          columns.fields,
        ),
  ].join('\n');
  return { data: { product, importColumns: columns }, human, exitCode: ExitCode.Done };
};

export const productCommands: Record<string, CommandHandler> = {
  'products list': listProducts,
  'products show': showProduct,
};
