// A queued upload must survive the seller moving or deleting the original, so accepted files are
// copied into the app's data folder first. The copy lands under a temporary name and is renamed
// into place, so a crash never leaves a half-written file that looks like a staged screenshot.
import { randomUUID } from 'node:crypto';
import { chmod, copyFile, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { ProblemSay } from '../../contract/rules/problems';
import { checkScreenshotFile, type ScreenshotKind } from './checkScreenshotFile';

const TEMP_SUFFIX = '.partial';

export function stagedScreenshotsDir(dataDir: string): string {
  return join(dataDir, 'screenshots');
}

export class StageScreenshotError extends Error {
  constructor(
    readonly item: string,
    readonly reason: string,
    /** The reason as a catalogue message, said in the app's language (`reason` is English). */
    readonly say?: ProblemSay,
  ) {
    super(`${item} ${reason}`);
    this.name = 'StageScreenshotError';
  }
}

export interface StageOptions {
  /** A fresh unguessable name; injected so tests can predict it. */
  randomName?: () => string;
}

const extensionOf: Record<ScreenshotKind, string> = { jpeg: 'jpg', png: 'png' };

/**
 * Copies `path` into `<dataDir>/screenshots/<random>.<jpg|png>` and returns the staged path. The
 * copy is checked again (the original may have changed since the drop) and its extension follows
 * its bytes, not the original's name.
 */
export async function stageScreenshotFile(
  path: string,
  dataDir: string,
  options: StageOptions = {},
): Promise<string> {
  const dir = stagedScreenshotsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = (options.randomName ?? randomUUID)();
  const temp = join(dir, `${name}${TEMP_SUFFIX}`);
  try {
    await copyFile(path, temp);
    await chmod(temp, 0o600); // the copy keeps the original's mode, which may be world-readable
  } catch {
    await rm(temp, { force: true });
    const checked = await checkScreenshotFile(path);
    throw checked.ok
      ? new StageScreenshotError(basename(path), 'cannot be copied', {
          key: 'screenshots.reason.notCopied',
        })
      : new StageScreenshotError(basename(path), checked.reason, checked.say);
  }
  const checked = await checkScreenshotFile(temp);
  if (!checked.ok) {
    await rm(temp, { force: true });
    throw new StageScreenshotError(basename(path), checked.reason, checked.say);
  }
  // Flushed before the rename, so that the name never points at bytes still in a cache.
  const handle = await open(temp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  const staged = join(dir, `${name}.${extensionOf[checked.kind]}`);
  await rename(temp, staged);
  return staged;
}

/** True when `path` is a file this module staged (so removing it cannot touch anything else). */
export function isStagedScreenshot(path: string, dataDir: string): boolean {
  const rel = relative(resolve(stagedScreenshotsDir(dataDir)), resolve(path));
  return (
    rel.length > 0 &&
    !rel.startsWith('..') &&
    !rel.includes(sep) &&
    /^[^.][^/\\]*\.(jpg|png)$/.test(rel)
  );
}

/** Removes a staged copy once it was uploaded or the seller removed it before sync. */
export async function removeStagedScreenshot(path: string, dataDir: string): Promise<void> {
  if (!isStagedScreenshot(path, dataDir)) {
    throw new Error('refusing to remove a file outside the staged screenshots folder');
  }
  await rm(path, { force: true });
}

/** Deletes copies a crash left half-written; staged screenshots themselves are kept. */
export async function removeUnfinishedStagings(dataDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(stagedScreenshotsDir(dataDir));
  } catch {
    return 0;
  }
  const unfinished = names.filter((n) => n.endsWith(TEMP_SUFFIX));
  await Promise.all(
    unfinished.map((n) => rm(join(stagedScreenshotsDir(dataDir), n), { force: true })),
  );
  return unfinished.length;
}
