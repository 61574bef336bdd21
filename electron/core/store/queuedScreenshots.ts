// Where a queued screenshot's staged copy is, so the app can show it before the sync uploads it.
import { prep, type StoreContext } from './context';
import { QUEUED_SCREENSHOT_PREFIX } from './offerFields';

/**
 * The offer's queued screenshot files, keyed by the placeholder its screenshots list carries
 * (`queued-screenshot:<id>`) → the staged copy's path. Queued links are not here: they have no
 * local copy to show.
 */
export function queuedScreenshotFiles(ctx: StoreContext, localId: number): Map<string, string> {
  const rows = prep<{ id: number; file_path: string }>(
    ctx,
    "SELECT id, file_path FROM queued_screenshots WHERE local_id = ? AND source = 'file' AND file_path IS NOT NULL",
  ).all(localId);
  return new Map(rows.map((row) => [QUEUED_SCREENSHOT_PREFIX + row.id, row.file_path]));
}
