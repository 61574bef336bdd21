// Runs a credential import in a worker thread, with progress and cancellation.
//
// Bundling: when main is bundled with esbuild, add this worker as a separate entry point so it is
// emitted next to the bundle, for example
//   entryPoints: { index: 'electron/main/index.ts',
//                  'credential-import-worker': 'electron/core/imports/credentials/credentialImportWorker.ts' }
//   (format 'cjs', outExtension { '.js': '.cjs' }, same outdir)
// giving out/main/credential-import-worker.cjs. From TypeScript source (vitest, tsx) the worker
// is started through workerBootstrap.mjs instead, which registers tsx inside the thread.
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportError, type ImportErrorCode } from '../importError';
import type {
  CredentialImportProgress,
  CredentialImportRequest,
  CredentialImportResult,
  CredentialSellerPreview,
} from './credentialImportJob';
import type { CredentialWorkerMessage, CredentialWorkerTask } from './credentialImportWorker';
import { MaskedRows } from './maskedRows';
import { moduleFileOf, workerBeside, type WorkerEntry } from '../workerEntry';

/** File name of the bundled worker, expected next to the bundle that imports this module. */
export const CREDENTIAL_IMPORT_WORKER_FILE = 'credential-import-worker.cjs';

/** Where the worker lives: next to this source file when running from TypeScript, else bundled. */
export function resolveCredentialImportWorker(
  moduleFile: string = moduleFileOf(import.meta),
): WorkerEntry {
  return workerBeside(moduleFile, {
    source: 'credentialImportWorker.ts',
    bundled: CREDENTIAL_IMPORT_WORKER_FILE,
  });
}

export interface WorkerImportOptions {
  onProgress?: (progress: CredentialImportProgress) => void;
  signal?: AbortSignal;
  /** Overrides the resolved worker (a bundle with another layout, tests of the bundle). */
  worker?: WorkerEntry;
}

export function importCredentialsInWorker(
  request: CredentialImportRequest,
  options: WorkerImportOptions = {},
): Promise<CredentialImportResult> {
  return runInWorker('import', request, options) as Promise<CredentialImportResult>;
}

/** The seller's preview of the file, made in the worker (previewForSeller.ts). */
export function previewCredentialsInWorker(
  request: CredentialImportRequest,
  options: WorkerImportOptions = {},
): Promise<CredentialSellerPreview> {
  return runInWorker('preview', request, options) as Promise<CredentialSellerPreview>;
}

/**
 * The worker's heap, in proportion to the file: V8 lets a heap grow well past what is live before
 * it collects, and in the process that also answers the seller that growth is the core's memory.
 * A bound the file's size sets makes it collect sooner (a 100k-line file peaks tens of MB lower)
 * while leaving room for the largest file imported (50 MB).
 */
export function workerHeapMbFor(fileBytes: number): number {
  return Math.max(128, Math.ceil(64 + (12 * fileBytes) / (1024 * 1024)));
}

/**
 * The worker's young generation: a preview allocates short-lived strings and rows at a high rate,
 * and V8's default lets that space grow to tens of MB that count in the core's RSS; a small one is
 * collected more often for little CPU (every row is dead by the next collection).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

async function sizeOf(source: CredentialImportRequest['source']): Promise<number> {
  if ('bytes' in source) return source.bytes.byteLength;
  // The worker tells of a file it cannot open; here it only sizes the heap.
  return stat(source.path).then(
    (s) => s.size,
    () => 0,
  );
}

async function runInWorker(
  task: CredentialWorkerTask,
  request: CredentialImportRequest,
  options: WorkerImportOptions,
): Promise<CredentialImportResult | CredentialSellerPreview> {
  const entry = options.worker ?? resolveCredentialImportWorker();
  const heapMb = workerHeapMbFor(await sizeOf(request.source));
  const transferList: ArrayBuffer[] = [];
  let sent = request;
  if ('bytes' in request.source) {
    // Hand the worker its own copy, moved rather than cloned.
    // (Buffer#slice shares memory; the Uint8Array constructor copies.)
    const copy = new Uint8Array(request.source.bytes);
    transferList.push(copy.buffer as ArrayBuffer);
    sent = { ...request, source: { ...request.source, bytes: copy } };
  }
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new Error('aborted'));
      return;
    }
    const worker = new Worker(entry.file, {
      workerData: {
        request: sent,
        task,
        entry: entry.typescriptEntry && pathToFileURL(entry.typescriptEntry).href,
      },
      transferList,
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      // Answered once the thread has ended and its heap is given back: what the caller does
      // next (a commit of 100k rows) would otherwise grow on top of a heap being torn down.
      void worker.terminate().then(outcome, outcome);
    };
    const onAbort = () => finish(() => reject(options.signal?.reason ?? new Error('aborted')));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // A preview's problems arrive in parts, each its own turn of this thread's event loop.
    const problems: CredentialSellerPreview['problems'] = [];
    worker.on('message', (message: CredentialWorkerMessage) => {
      if (message.type === 'progress') options.onProgress?.(message);
      else if (message.type === 'part') {
        for (const problem of message.problems) problems.push(problem);
      } else if (message.type === 'done') {
        const result = message.result;
        if (!('maskedRows' in result)) return finish(() => resolve(result));
        const { maskedRows, ...preview } = result;
        finish(() => resolve({ ...preview, rows: new MaskedRows(maskedRows), problems }));
      } else
        finish(() =>
          reject(
            new ImportError(
              message.error.code as ImportErrorCode,
              message.error.message,
              message.error.line,
              message.error.candidates,
            ),
          ),
        );
    });
    worker.on('error', () =>
      // The thread's own error may carry anything; the seller gets a plain statement.
      finish(() => reject(new Error('the import stopped unexpectedly; the file was not imported'))),
    );
    worker.on('exit', (code) => {
      if (!settled)
        finish(() => reject(new Error(`the import stopped unexpectedly (exit ${code})`)));
    });
  });
}
