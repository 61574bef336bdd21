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

/** Every queued screenshot file of the profile (its row id and staged copy's path). */
export function allQueuedScreenshotFiles(ctx: StoreContext): { id: number; filePath: string }[] {
  return prep<{ id: number; filePath: string }>(
    ctx,
    "SELECT id, file_path AS filePath FROM queued_screenshots WHERE source = 'file' AND file_path IS NOT NULL ORDER BY id",
  ).all();
}

/** A queued screenshot's staged copy moved (into the profile's own folder). */
export function moveQueuedScreenshotFile(ctx: StoreContext, id: number, filePath: string): void {
  prep(ctx, "UPDATE queued_screenshots SET file_path = ? WHERE id = ? AND source = 'file'").run(
    filePath,
    id,
  );
}
