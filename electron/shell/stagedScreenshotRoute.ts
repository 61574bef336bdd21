// Staged screenshot copies as page addresses, so a queued file shows as a thumbnail before the
// sync uploads it. Shared by Electron's app:// scheme and the browser host. Only files directly
// in a staged folder (each seller's profile has its own) whose name is one the stager makes (a
// random UUID, .jpg or .png, the extension set by the checked bytes) are served: no other folder,
// no other file, no traversal.
import { existsSync } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export const STAGED_SCREENSHOTS_ROUTE = '/staged-screenshots/';

const STAGED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

/** True for a name `stageScreenshotFile` gives a staged copy. */
export function isStagedScreenshotName(name: string): boolean {
  return STAGED_NAME.test(name);
}

/** The staged folders: one, or every profile's. */
export type StagedDirs = string | readonly string[];
const dirsOf = (dirs: StagedDirs): readonly string[] => (typeof dirs === 'string' ? [dirs] : dirs);

/** The route path of a staged copy, or null for a file outside the staged folders or with another name. */
export function stagedScreenshotPath(stagedPath: string, stagedDirs: StagedDirs): string | null {
  const name = basename(stagedPath);
  const folder = dirname(resolve(stagedPath));
  if (!dirsOf(stagedDirs).some((d) => resolve(d) === folder) || !isStagedScreenshotName(name)) {
    return null;
  }
  return STAGED_SCREENSHOTS_ROUTE + name;
}

/**
 * The staged file a request path asks for, or null. The path is taken as sent (still
 * percent-encoded): a valid name has nothing to decode, so anything encoded is refused outright.
 */
export function resolveStagedScreenshot(
  requestPath: string,
  stagedDirs: StagedDirs,
): { file: string; contentType: string } | null {
  if (!requestPath.startsWith(STAGED_SCREENSHOTS_ROUTE)) return null;
  const name = requestPath.slice(STAGED_SCREENSHOTS_ROUTE.length);
  const match = STAGED_NAME.exec(name);
  if (!match) return null;
  // Names are random UUIDs: the folder that holds one is the profile that staged it.
  const dirs = dirsOf(stagedDirs);
  const dir = dirs.find((d) => existsSync(join(d, name))) ?? dirs[0];
  if (dir === undefined) return null;
  return { file: join(dir, name), contentType: CONTENT_TYPES[match[1] as 'jpg' | 'png'] };
}

/** The headers of a served copy: an image that only our own page may load. */
export function stagedScreenshotHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'",
    'cache-control': 'no-store',
  };
}

/** The bytes of a staged copy, or null when it is gone (uploaded, removed) or not a plain file. */
export async function readStagedScreenshot(file: string): Promise<Buffer | null> {
  try {
    // lstat: a link planted in the folder is not followed out of it.
    if (!(await lstat(file)).isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}
