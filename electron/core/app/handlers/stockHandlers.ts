// The offers list's Stock column and the credentials section's low-stock level.
import type { Handlers } from '../../../contract/ipc';
import { STOCK_ESTIMATE_NOTE, setStockThreshold, stockReport } from '../../usecases/stock';
import type { AppContext } from '../context';

export function stockHandlers(
  ctx: AppContext,
): Pick<Handlers, 'stock.list' | 'stock.setThreshold'> {
  return {
    async 'stock.list'() {
      const offers = stockReport(ctx.seller()).map((s) => ({
        localId: s.localId,
        credentialsLeft: s.credentialsLeft,
        estimate: s.estimate,
        threshold: s.threshold,
        low: s.low,
        soldOut: s.soldOut,
      }));
      return { offers, estimate: STOCK_ESTIMATE_NOTE };
    },
    async 'stock.setThreshold'(input) {
      setStockThreshold(ctx.seller(), input);
      const n = input.threshold;
      return { message: `Low stock at ${n} credential${n === 1 ? '' : 's'} left or fewer.` };
    },
  };
}
