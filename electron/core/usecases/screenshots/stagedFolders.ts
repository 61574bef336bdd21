// Staged screenshot copies live in their profile's own folder (usecases/paths). Versions before
// kept every profile's in one folder of the data folder; at the first start of this one each
// profile takes the copies its queue points at, so one seller's queue never points into a folder
// shared with another, and removing a profile removes its files.
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { openStore } from '../../store';
import { allProfileFiles, legacyStagedScreenshotsDir, profileStagedScreenshotsDir } from '../paths';

export interface StagedFilesMove {
  /** Queued screenshots now pointing into their profile's folder. */
  moved: number;
  /** Profiles that could not be opened (tried again at the next start). */
  failed: number;
}

/**
 * Copies each queued screenshot of the folder-wide staging folder into its profile's folder and
 * points the queue there; the old copies go once every profile has its own. A copy is made
 * before the queue points at it, so a stop halfway leaves every queue pointing at a file.
 */
export function moveStagedScreenshotsIntoProfiles(
  dataDir: string,
  log?: (message: string, error: unknown) => void,
): StagedFilesMove {
  const legacy = resolve(legacyStagedScreenshotsDir(dataDir));
  if (!existsSync(legacy)) return { moved: 0, failed: 0 };
  const taken = new Set<string>();
  let moved = 0;
  let failed = 0;
  for (const file of allProfileFiles(dataDir)) {
    try {
      const store = openStore(file);
      try {
        for (const row of store.allQueuedScreenshotFiles()) {
          if (dirname(resolve(row.filePath)) !== legacy) continue;
          const target = join(profileStagedScreenshotsDir(file), basename(row.filePath));
          if (existsSync(row.filePath)) {
            mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
            copyFileSync(row.filePath, target);
            chmodSync(target, 0o600);
            taken.add(row.filePath);
          } else if (!existsSync(target)) {
            continue; // gone before this version: the sync says so when it comes to it
          }
          store.moveQueuedScreenshotFile(row.id, target);
          moved += 1;
        }
      } finally {
        store.close();
      }
    } catch (error) {
      failed += 1;
      log?.('staged screenshots could not be moved into a profile', error);
    }
  }
  if (failed === 0) for (const path of taken) rmSync(path, { force: true });
  return { moved, failed };
}
