import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_IMPORT_WORKER_FILE,
  importCredentialsInWorker,
  resolveCredentialImportWorker,
  type CredentialImportProgress,
} from '../../electron/core/imports/credentials';
import { hashCredential } from '../../electron/core/credentials/hash';
import { ImportError } from '../../electron/core/imports/importError';

const root = resolve(import.meta.dirname, '../..');
// Inside the repository so that the bundle's external packages resolve from node_modules.
const cacheDir = join(root, 'node_modules', '.cache');
let dir: string;

beforeAll(() => {
  mkdirSync(cacheDir, { recursive: true });
  dir = mkdtempSync(join(cacheDir, 'credential-worker-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function accountLines(count: number): string {
  return Array.from({ length: count }, (_, i) => `user${i}:secret-pw-${i}`).join('\n') + '\n';
}

describe('credential import in a worker thread (from TypeScript source)', () => {
  it('parses a file by path off the main thread, with progress', async () => {
    const path = join(dir, 'accounts.txt');
    writeFileSync(path, accountLines(12_000) + 'user5:again\n');
    const progress: CredentialImportProgress[] = [];
    const result = await importCredentialsInWorker(
      { source: { path }, uploaded: [hashCredential({ login: 'user7' })] },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.format).toBe('lines');
    expect(result.totals).toEqual({
      rows: 12_001,
      valid: 11_999,
      invalid: 0,
      duplicatesInFile: 1,
      duplicatesUploaded: 1,
      caseOnlyDuplicates: 0,
    });
    expect(result.rows[0]!.credential).toMatchObject({
      login: 'user0',
      game_password: 'secret-pw-0',
    });
    expect(progress.map((p) => p.phase)).toEqual(
      expect.arrayContaining(['reading', 'parsing', 'checking']),
    );
    expect(progress.filter((p) => p.phase === 'parsing' && p.rowsRead === 10_000)).toHaveLength(1);
  });

  it('accepts bytes and reports a bad file as an ImportError without its content', async () => {
    // Over the 8 KB pool size, so the Buffer owns its ArrayBuffer: transferring it would empty it.
    const bytes = Buffer.from('login,password\n' + accountLines(1000) + 'user,"hunter2-secret\n');
    const length = bytes.length;
    const error = await importCredentialsInWorker({ source: { bytes } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ code: 'unterminated-quote', line: 1002 });
    expect(String((error as Error).message)).not.toContain('hunter2');
    expect(JSON.stringify(error)).not.toContain('hunter2');
    // The caller's buffer is untouched (the worker got a copy).
    expect(bytes.length).toBe(length);
    expect(bytes.toString()).toContain('hunter2');
  });

  it('refuses a file over 50 MB by its size, before reading it', async () => {
    const path = join(dir, 'huge.txt');
    writeFileSync(path, '');
    // A sparse file: large on paper, nothing to read.
    const { truncateSync } = await import('node:fs');
    truncateSync(path, 60 * 1024 * 1024);
    const started = Date.now();
    await expect(importCredentialsInWorker({ source: { path } })).rejects.toMatchObject({
      code: 'too-large',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('can be cancelled', async () => {
    const controller = new AbortController();
    const pending = importCredentialsInWorker(
      { source: { bytes: Buffer.from(accountLines(200_000)) } },
      { signal: controller.signal },
    );
    controller.abort(new Error('seller closed the preview'));
    await expect(pending).rejects.toThrow('seller closed the preview');
  });

  it('reports a missing file by its error code only', async () => {
    await expect(
      importCredentialsInWorker({ source: { path: join(dir, 'nope.txt') } }),
    ).rejects.toMatchObject({ code: 'unreadable', message: /ENOENT/ });
  });
});

describe('credential import worker after an esbuild bundle', () => {
  it('resolves the bundled worker next to the bundle and runs it', async () => {
    const bundleDir = join(dir, 'out-main');
    await build({
      entryPoints: {
        'credential-import-worker': join(
          root,
          'electron/core/imports/credentials/credentialImportWorker.ts',
        ),
      },
      outdir: bundleDir,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      packages: 'external',
      logLevel: 'silent',
    });
    const entry = resolveCredentialImportWorker(join(bundleDir, 'index.cjs'));
    expect(entry).toEqual({ file: join(bundleDir, CREDENTIAL_IMPORT_WORKER_FILE) });
    const result = await importCredentialsInWorker(
      { source: { bytes: Buffer.from('a;b\nc;d\n') } },
      { worker: entry },
    );
    expect(result.separator).toBe(';');
    expect(result.rows.map((r) => r.credential.login)).toEqual(['a', 'c']);
  });
});
