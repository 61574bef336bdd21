// The catalogue as the seller browses it in the app: from the local cache, so it works offline
// (core/usecases/catalogue).
import type { Handlers } from '../../../contract/ipc';
import { listProducts } from '../../usecases/catalogue/listProducts';
import { requireProduct } from '../../usecases/catalogue/requireProduct';
import type { AppContext } from '../context';
import { productSummaryView } from '../views';

export function catalogueHandlers(
  ctx: AppContext,
): Pick<Handlers, 'catalogue.list' | 'catalogue.get'> {
  return {
    async 'catalogue.list'(query) {
      const entries = await listProducts(ctx.seller(), query);
      return entries.map(({ product, offers }) => productSummaryView(product, offers));
    },

    async 'catalogue.get'({ productId }) {
      return requireProduct(ctx.seller(), productId);
    },
  };
}
