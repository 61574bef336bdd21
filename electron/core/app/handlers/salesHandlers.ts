// The Sales view's one ask: the report over the sales history each sync keeps.
import type { Handlers } from '../../../contract/ipc';
import { ESTIMATE_NOTE, salesReport } from '../../usecases/sales';
import type { AppContext } from '../context';

export function salesHandlers(ctx: AppContext): Pick<Handlers, 'sales.report'> {
  return {
    async 'sales.report'(query) {
      return { ...salesReport(ctx.seller(), query), estimate: ESTIMATE_NOTE };
    },
  };
}
