// Files the page hands to the browser host (dropped or picked in the browser) are written to a
// staging folder under an unguessable name; the page gets back a reference (`staged:<id>`) that
// only this staging area can turn into a path again. Stateless across host restarts.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppFailure } from '../contract/ipc';

export const STAGED_REF_PREFIX = 'staged:';
const ID_PATTERN = /^[0-9a-f]{32}$/;
export const DEFAULT_MAX_STAGED_BYTES = 100 * 1024 * 1024;

export class StagingTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`);
  }
}

/**
 * A file name safe on every OS, keeping the extension (the importers look at it): no folders,
 * no control or reserved characters, no leading dots, bounded length.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').replace(/^[.\s]+/, '');
  const trimmed = cleaned.length > 120 ? cleaned.slice(-120) : cleaned;
  return trimmed.trim() || 'file';
}

export interface FileStaging {
  readonly dir: string;
  readonly maxBytes: number;
  /** Streams `body` into a new staged file; rejects with StagingTooLarge past the limit. */
  stage(name: string, body: Readable): Promise<string>;
  /** The staged file's absolute path, or AppFailure('bad_input') for anything else. */
  resolveFileRef(ref: string): Promise<string>;
  /** Deletes a staged file once the app is done with it (account files must not linger). */
  release(ref: string): Promise<void>;
  clear(): Promise<void>;
}

export function createFileStaging(
  dir: string,
  options: { maxBytes?: number; randomId?: () => string } = {},
): FileStaging {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_STAGED_BYTES;
  const randomId = options.randomId ?? (() => randomBytes(16).toString('hex'));

  return {
    dir,
    maxBytes,
    async stage(name, body) {
      const id = randomId();
      const folder = join(dir, id);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      let written = 0;
      body.on('data', (chunk: Buffer) => {
        written += chunk.length;
        if (written > maxBytes) body.destroy(new StagingTooLarge(maxBytes));
      });
      try {
        await pipeline(body, createWriteStream(join(folder, safeFileName(name)), { mode: 0o600 }));
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
      return `${STAGED_REF_PREFIX}${id}`;
    },
    async release(ref) {
      const id = typeof ref === 'string' && ref.startsWith(STAGED_REF_PREFIX) ? ref.slice(7) : '';
      if (ID_PATTERN.test(id)) await rm(join(dir, id), { recursive: true, force: true });
    },
    async resolveFileRef(ref) {
      const id = typeof ref === 'string' && ref.startsWith(STAGED_REF_PREFIX) ? ref.slice(7) : '';
      if (!ID_PATTERN.test(id)) {
        throw new AppFailure('bad_input', 'That file reference is not one this page was given.');
      }
      try {
        const [name] = await readdir(join(dir, id));
        if (name) {
          const file = join(dir, id, name);
          if ((await stat(file)).isFile()) return file;
        }
      } catch {
        // Falls through to the same answer as an unknown id.
      }
      throw new AppFailure('bad_input', 'That file is no longer available; add it again.');
    },
    async clear() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
