// In the desktop app a file reference is a path: one a native dialog returned, or one the preload
// got from `webUtils.getPathForFile` for a file the seller dropped (the preload reports it to main
// over a private channel, FILE_GRANT_CHANNEL in electron/contract/ipc/protocol.ts). Only such
// granted paths are accepted, so a script injected into the page cannot name any file on disk;
// and each is checked again: an absolute path to a regular file that exists, never one of Seller
// Desk's own data files.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { AppFailure } from '../contract/ipc';

/** Paths the seller handed over in this run (picked in a dialog or dropped on the window). */
export interface FileGrants {
  grant(path: string): void;
  isGranted(path: string): boolean;
}

export function createFileGrants(): FileGrants {
  const granted = new Set<string>();
  return {
    grant(path) {
      if (typeof path === 'string' && isAbsolute(path) && !path.includes('\0')) granted.add(path);
    },
    isGranted: (path) => granted.has(path),
  };
}

function isInside(file: string, dir: string): boolean {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function createFileRefResolver(protectedDirs: readonly string[], grants: FileGrants) {
  return async function resolveFileRef(ref: string): Promise<string> {
    if (typeof ref !== 'string' || !isAbsolute(ref) || ref.includes('\0')) {
      throw new AppFailure('bad_input', 'That is not a file Seller Desk can open.');
    }
    if (!grants.isGranted(ref)) {
      throw new AppFailure(
        'bad_input',
        'Choose or drop the file again: this window was not given it.',
      );
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
