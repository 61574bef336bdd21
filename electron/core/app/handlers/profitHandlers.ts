// Costs of goods over the profit use cases (core/usecases/profit): the same door as
// `seller-desk offers set-cost`. Costs stay in the profile; nothing here queues a change.
import type { Handlers } from '../../../contract/ipc';
import { MarketplaceType } from '../../../contract/marketplace/wire';
import { getOffer } from '../../usecases/offers';
import { nextUnitCosts, setOfferCost } from '../../usecases/profit';
import type { AppContext } from '../context';

export function profitHandlers(ctx: AppContext): Pick<Handlers, 'offers.costs' | 'offers.setCost'> {
  return {
    async 'offers.costs'({ localIds }) {
      const seller = ctx.seller();
      const costs = nextUnitCosts(seller, localIds);
      return localIds.map((localId) => ({
        localId,
        account: getOffer(seller, localId).product.marketplace_type === MarketplaceType.Account,
        perUnit: costs.get(localId) ?? null,
      }));
    },
    async 'offers.setCost'({ localIds, perUnit }) {
      const outcome = setOfferCost(ctx.seller(), { localIds, perUnit });
      ctx.changed([...localIds]);
      return outcome;
    },
  };
}
