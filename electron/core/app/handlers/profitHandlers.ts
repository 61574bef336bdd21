// Costs of goods over the profit use cases (core/usecases/profit): the same door as
// `seller-desk offers set-cost`. Costs stay in the profile; nothing here queues a change.
import type { Handlers } from '../../../contract/ipc';
import { nextUnitCosts, setOfferCost } from '../../usecases/profit';
import type { AppContext } from '../context';

export function profitHandlers(ctx: AppContext): Pick<Handlers, 'offers.costs' | 'offers.setCost'> {
  return {
    async 'offers.costs'({ localIds }) {
      const costs = nextUnitCosts(ctx.seller(), localIds);
      return [...costs].map(([localId, perUnit]) => ({ localId, perUnit }));
    },
    async 'offers.setCost'({ localIds, perUnit }) {
      const outcome = setOfferCost(ctx.seller(), { localIds, perUnit });
      ctx.changed([...localIds]);
      return outcome;
    },
  };
}
