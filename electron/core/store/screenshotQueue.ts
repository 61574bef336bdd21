// Screenshots the seller adds at once (files already copied into the data folder, and links)
// are queued together or not at all: one transaction, so a refused link leaves no file queued.
import type { StoreContext } from './context';
import { queueScreenshotFiles, queueScreenshotUrls } from './drafts';

export interface ScreenshotBatch {
  /** Staged copies in the data folder, uploaded one by one by the sync. */
  files: string[];
  /** Public image URLs the marketplace attaches itself. */
  urls: string[];
}

/** Throws `DraftRejected` (the cap, a link that is not http(s)) with nothing written. */
export function queueScreenshots(ctx: StoreContext, localId: number, batch: ScreenshotBatch): void {
  ctx.db
    .transaction(() => {
      if (batch.files.length > 0) queueScreenshotFiles(ctx, localId, batch.files);
      if (batch.urls.length > 0) queueScreenshotUrls(ctx, localId, batch.urls);
    })
    .immediate();
}
