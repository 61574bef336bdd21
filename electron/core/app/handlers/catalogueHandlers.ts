// The catalogue as the seller browses it: from the local cache, so it works offline.
import { AppFailure, type Handlers } from '../../../contract/ipc';
import type { AppContext } from '../context';
import { productSummaryView } from '../views';

export function catalogueHandlers(
  ctx: AppContext,
): Pick<Handlers, 'catalogue.list' | 'catalogue.get'> {
  return {
    async 'catalogue.list'({ search, marketplaceType, activeOnly }) {
      const { store } = ctx.profile();
      const needle = search?.trim().toLowerCase() ?? '';
      return store
        .listProducts()
        .filter((p) => !needle || p.title.toLowerCase().includes(needle) || String(p.id) === needle)
        .filter((p) => marketplaceType === undefined || p.marketplace_type === marketplaceType)
        .filter((p) => !activeOnly || p.is_active)
        .flatMap((p) => {
          const product = store.getProduct(p.id);
          if (!product) return [];
          const offers = store.queryOffers({ productId: p.id, limit: 1 }).total;
          return [productSummaryView(product, offers)];
        });
    },

    async 'catalogue.get'({ productId }) {
      const product = ctx.profile().store.getProduct(productId);
      if (!product) throw new AppFailure('not_found', 'This product is not in the catalogue.');
      return product;
    },
  };
}
