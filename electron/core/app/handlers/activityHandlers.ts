// The Activity view's two asks: the filtered log, and the same filter written to a CSV file.
import type { Handlers } from '../../../contract/ipc';
import { exportActivityCsv, listActivityWithSay } from '../../usecases/activity';
import { saveExport } from '../../usecases/transfers/exportOffers';
import type { AppContext } from '../context';
import { refusal } from '../failures';

export function activityHandlers(
  ctx: AppContext,
): Pick<Handlers, 'activity.list' | 'activity.export'> {
  return {
    async 'activity.list'(query) {
      return listActivityWithSay(ctx.seller(), query);
    },
    async 'activity.export'({ file, ...query }) {
      const csv = exportActivityCsv(ctx.seller(), query);
      // Nothing to write is said before a save dialog opens for it.
      if (csv.rows === 0) throw refusal('bad_input', 'refusals.app.noActivity');
      const target = file
        ? await ctx.options.resolveFileRef(file)
        : await ctx.options.dialogs.saveFile('Seller Desk activity.csv');
      if (!target) throw refusal('cancelled', 'refusals.app.exportCancelled');
      await saveExport(target, csv.contents);
      return { file: target, rows: csv.rows };
    },
  };
}
