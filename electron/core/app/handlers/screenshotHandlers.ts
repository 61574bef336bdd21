// Screenshots dropped or pasted onto an offer: each file checked by its bytes and copied into the
// data folder, each link normalised, all within the cap, then queued for the sync to upload and
// attach in order once the offer exists.
import { AppFailure, type Handlers } from '../../../contract/ipc';
import { prepareScreenshotAdd } from '../../screenshots';
import type { AppContext } from '../context';

export function screenshotHandlers(
  ctx: AppContext,
): Pick<Handlers, 'screenshots.add' | 'screenshots.remove'> {
  return {
    async 'screenshots.add'({ localId, files, urls }) {
      const { store } = ctx.profile();
      const detail = store.getOffer(localId);
      if (!detail) throw new AppFailure('not_found', 'This offer no longer exists.');
      const paths = await Promise.all(files.map((ref) => ctx.options.resolveFileRef(ref)));
      const prepared = await prepareScreenshotAdd({
        existing: detail.fields.screenshots?.length ?? 0,
        files: paths,
        urls,
        dataDir: ctx.options.dataDir,
      });
      if (prepared.files.length > 0) {
        store.queueScreenshotFiles(
          localId,
          prepared.files.map((f) => f.stagedPath),
        );
      }
      if (prepared.urls.length > 0) store.queueScreenshotUrls(localId, prepared.urls);
      const accepted = prepared.files.length + prepared.urls.length;
      if (accepted > 0) ctx.changed([localId]);
      return { accepted, refused: prepared.refused };
    },

    async 'screenshots.remove'({ localId, ref }) {
      ctx.profile().store.detachScreenshot(localId, ref);
      ctx.changed([localId]);
      return { message: 'Screenshot removed.' };
    },
  };
}
