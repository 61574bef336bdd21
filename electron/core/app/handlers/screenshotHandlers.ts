// Screenshots dropped or pasted onto an offer, over the use cases the command line shares
// (core/usecases/screenshots). A drop queues what it can and reports each refusal.
import type { Locale } from '../../../contract/i18n';
import type { Handlers } from '../../../contract/ipc';
import { sayReason } from '../../../contract/rules/fieldLabels';
import { addScreenshots, keepScreenshot, removeScreenshot } from '../../usecases/screenshots';
import type { AppContext } from '../context';

/** `locale`: the app's language, which a refused item's reason is said in. */
export function screenshotHandlers(
  ctx: AppContext,
  locale: () => Locale = () => 'en',
): Pick<Handlers, 'screenshots.add' | 'screenshots.remove' | 'screenshots.keep'> {
  return {
    async 'screenshots.add'({ localId, files, urls, anyway }) {
      const seller = ctx.seller();
      const paths = await Promise.all(files.map((ref) => ctx.options.resolveFileRef(ref)));
      const outcome = await addScreenshots(seller, {
        localId,
        files: paths,
        urls,
        allOrNothing: false,
        anyway,
      });
      if (outcome.accepted > 0) ctx.changed([localId]);
      const said = locale();
      return {
        accepted: outcome.accepted,
        refusedDomains: outcome.refusedDomains,
        refused: outcome.refused.map(({ item, reason, say }) => ({
          item,
          reason: say && said !== 'en' ? sayReason(say, said) : reason,
        })),
      };
    },

    async 'screenshots.remove'({ localId, ref }) {
      const outcome = removeScreenshot(ctx.seller(), { localId, screenshot: ref });
      if (!outcome.already) ctx.changed([localId]);
      return { message: 'Screenshot removed.' };
    },

    async 'screenshots.keep'({ localId, ref }) {
      keepScreenshot(ctx.seller(), { localId, screenshot: ref });
      ctx.changed([localId]);
      return { message: 'Screenshot kept.' };
    },
  };
}
