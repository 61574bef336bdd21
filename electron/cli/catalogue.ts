// The product an import or export is about: from the local catalogue, else read from the
// marketplace (one request) and kept, so that `offers import` works before a first `pull`.
import type { Product } from '../contract/marketplace/wire';
import { CliError } from './cliError';
import type { CommandContext } from './commandTypes';

export async function productFor(
  ctx: CommandContext,
  productId: number,
  opts: { refresh?: boolean } = {},
): Promise<Product> {
  const store = ctx.profile().store();
  const cached = opts.refresh ? null : store.getProduct(productId);
  if (cached) return cached;
  const client = await ctx.profile().client();
  try {
    const product = await client.getProduct(productId, ctx.signal);
    store.saveProducts([product]);
    return product;
  } catch (error) {
    if ((error as { kind?: unknown }).kind === 'not_found') {
      throw new CliError('not_found', `There is no product ${productId} on the marketplace.`);
    }
    throw error;
  }
}
