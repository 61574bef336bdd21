// `products list` and `products show ID`: the catalogue, and for one product everything an
// import file needs (its columns, which are required, the allowed values of select fields). The
// rules are the catalogue use cases' (core/usecases/catalogue), the same as the app's.
import { listProducts as listCatalogue } from '../../core/usecases/catalogue/listProducts';
import { showProduct as showCatalogueProduct } from '../../core/usecases/catalogue/showProduct';
import { CliError } from '../cliError';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { formatFields, formatTable } from '../table';

const marketplaceTypeName: Record<number, string> = { 1: 'gold', 2: 'account' };

const listProducts: CommandHandler = async (ctx, call) => {
  const entries = await listCatalogue(
    ctx.profile(),
    {
      search: call.options.search as string | undefined,
      marketplaceType: call.options.type as number | undefined,
    },
    { refresh: call.options.refresh === true ? 'always' : 'if-empty', signal: ctx.signal },
  );
  const products = entries.map(({ product: p }) => ({
    id: p.id,
    title: p.title,
    marketplace_type: p.marketplace_type,
    is_active: p.is_active,
  }));
  const human =
    products.length === 0
      ? call.options.search !== undefined
        ? `No products match "${String(call.options.search)}".`
        : 'No products.'
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

const showProduct: CommandHandler = async (ctx, call) => {
  const raw = call.args[0]!;
  if (!/^\d+$/.test(raw)) throw new CliError('usage', `"${raw}" is not a product id.`);
  const { product, importColumns: columns } = await showCatalogueProduct(
    ctx.profile(),
    Number(raw),
    { refresh: call.options.refresh === true, signal: ctx.signal },
  );
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
