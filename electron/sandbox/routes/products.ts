// Product list (page size ≤ 25, sort, type and active filters) and product details.
import { pageSizes, query as q } from '../../contract/marketplace/assumptions';
import { MarketplaceType, type Product } from '../../contract/marketplace/wire';
import type { RequestContext } from '../context';
import { compareBy, readBoolean, readChoice, readInt, readOrder, readPage } from '../query';
import { json, message, ReplyError, validationFailed, type Reply } from '../reply';

export const productSortColumns = ['id', 'title', 'step_size', 'marketplace_type'] as const;

export function listProducts(ctx: RequestContext): Reply {
  ctx.record.processed = true;
  const page = readPage(ctx.query, pageSizes.productList, pageSizes.productList);
  const sort = readChoice(ctx.query, q.sort, productSortColumns, 'id');
  const order = readOrder(ctx.query, 'asc');
  const errors: Record<string, string[]> = {};
  const type = readInt(ctx.query, q.marketplaceType, 0, errors);
  if (
    ctx.query.get(q.marketplaceType) &&
    type !== MarketplaceType.Gold &&
    type !== MarketplaceType.Account
  ) {
    errors[q.marketplaceType] = ['The marketplace type must be 1 or 2.'];
  }
  if (Object.keys(errors).length > 0) throw new ReplyError(validationFailed(errors));
  const active = readBoolean(ctx.query, q.isActive);
  const matching = [...ctx.state.products.values()]
    .filter((p) => type === 0 || p.marketplace_type === type)
    .filter((p) => active === null || p.is_active === active)
    .sort(
      compareBy<Product>(
        (p) => p[sort],
        order,
        (p) => p.id,
      ),
    );
  return json(200, {
    result: matching.slice(page.offset, page.offset + page.limit),
    total: matching.length,
  });
}

export function productDetails(ctx: RequestContext): Reply {
  ctx.record.processed = true;
  const product = ctx.state.products.get(ctx.params.productId ?? -1);
  if (!product) return message(404, `Product ${ctx.params.productId} not found.`);
  return json(200, { result: product });
}
