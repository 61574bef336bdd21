// Screenshots dropped or pasted onto an offer, over the use cases the command line shares
// (core/usecases/screenshots). A drop queues what it can and reports each refusal.
import type { Handlers } from '../../../contract/ipc';
import { addScreenshots, removeScreenshot } from '../../usecases/screenshots';
import type { AppContext } from '../context';

export function screenshotHandlers(
  ctx: AppContext,
): Pick<Handlers, 'screenshots.add' | 'screenshots.remove'> {
  return {
    async 'screenshots.add'({ localId, files, urls }) {
      const seller = ctx.seller();
      const paths = await Promise.all(files.map((ref) => ctx.options.resolveFileRef(ref)));
      const outcome = await addScreenshots(seller, {
        localId,
        files: paths,
        urls,
        allOrNothing: false,
      });
      if (outcome.accepted > 0) ctx.changed([localId]);
      return { accepted: outcome.accepted, refused: outcome.refused };
    },

    async 'screenshots.remove'({ localId, ref }) {
      removeScreenshot(ctx.seller(), { localId, screenshot: ref });
      ctx.changed([localId]);
      return { message: 'Screenshot removed.' };
    },
  };
}
