// Uploads (upload_screenshot): a queued file sent, its stored path written down later, together
// with the others answered by then.
import { unlink } from 'node:fs/promises';
import { limits } from '../../contract/marketplace/limits';
import type { ReadyOpOf } from '../store';
import type { PushRun } from './pushRun';

/**
 * Writes down the paths of the uploads answered so far, in one transaction. Not one by one as
 * they come: while a window has room, the lanes' time is the requests' time (each answer's
 * ledger entry is dated when the core gets to it, and the next window opens from those dates),
 * so the bookkeeping waits until a request has to wait for a window, the round ends, or a
 * window's worth is pending. A crash before then leaves those uploads "sending": sent again
 * on the next push (resolveUnknown), which costs requests but changes no offer.
 */
export function recordUploads(deps: PushRun): void {
  const answered = deps.answeredUploads.splice(0);
  if (answered.length === 0) return;
  deps.store.transaction(() => {
    for (const u of answered) deps.store.acceptUpload(u.opId, u.queuedId, u.path);
  });
  // The copy only had to outlive the original until the marketplace held the image; it goes
  // while the lanes go on (the push waits for it before it returns). unlink, not rm: rm stats
  // the path first, another round through the thread pool; a file already gone is what we want.
  for (const u of answered) deps.cleanup.push(unlink(u.file).catch(() => undefined));
}

/** One upload: its path joins the answered ones; a window's worth pending are written down. */
export async function sendUpload(
  deps: PushRun,
  op: ReadyOpOf<'screenshot_upload'>,
  signal?: AbortSignal,
): Promise<void> {
  const { store, client } = deps;
  const queuedId = op.payload.queuedScreenshotId;
  const file = store.queuedScreenshotFile(queuedId);
  if (!file) {
    store.complete(op.id);
    return;
  }
  const uploaded = await client.uploadScreenshot(file, signal);
  deps.answeredUploads.push({ opId: op.id, queuedId, path: uploaded.path, file });
  if (deps.answeredUploads.length >= limits.requestsPerWindow) recordUploads(deps);
}
