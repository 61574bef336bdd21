import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A folder of the OS's temp dir for one test file's data, removed by `remove()`. */
export interface TempDir {
  readonly path: string;
  /** A file's path in the folder; with content, the file is written first. */
  file(name: string, content?: string | Buffer): string;
  remove(): void;
}

export function tempDir(prefix = 'sd-test-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file(name, content) {
      const file = join(path, name);
      if (content !== undefined) writeFileSync(file, content);
      return file;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
