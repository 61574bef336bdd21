// In the desktop app a file reference is the path the preload got from `webUtils.getPathForFile`
// or a dialog returned. The renderer is not trusted with paths, so main checks each one again: an
// absolute path to a regular file that exists, and never one of Seller Desk's own data files.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { AppFailure } from '../contract/ipc';

function isInside(file: string, dir: string): boolean {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function createFileRefResolver(protectedDirs: readonly string[]) {
  return async function resolveFileRef(ref: string): Promise<string> {
    if (typeof ref !== 'string' || !isAbsolute(ref) || ref.includes('\0')) {
      throw new AppFailure('bad_input', 'That is not a file Seller Desk can open.');
    }
    let file: string;
    try {
      file = await realpath(ref);
      if (!(await stat(file)).isFile()) throw new Error('not a file');
    } catch {
      throw new AppFailure('bad_input', 'That file no longer exists or is not a regular file.');
    }
    const realProtected = await Promise.all(
      protectedDirs.map((dir) => realpath(dir).catch(() => dir)),
    );
    if (realProtected.some((dir) => isInside(file, dir))) {
      throw new AppFailure('bad_input', "Seller Desk's own data files cannot be used here.");
    }
    return file;
  };
}
