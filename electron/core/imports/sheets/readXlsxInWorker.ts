// Reads a workbook's first sheet in a worker thread with a heap limit. The caps in xlsxLimits.ts
// refuse a crafted workbook long before the limit; should one slip past them, it is the worker
// that runs out of memory, not the process that holds the windows, and the seller is told the
// workbook is too large.
//
// Bundling: like the credential import's worker (importCredentialsInWorker), a bundle must emit
// this worker as its own entry next to itself, named XLSX_READ_WORKER_FILE:
//   'xlsx-read-worker': 'electron/core/imports/sheets/xlsxReadWorker.ts' (format 'cjs').
// From TypeScript source the worker starts through imports/workerBootstrap.mjs.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportError, type ImportErrorCode } from '../importError';
import { unpackRows } from './packedRows';
import { readFirstSheet, type SheetRow } from './readXlsx';
import { XLSX_WORKER_HEAP_MB, type XlsxLimits } from './xlsxLimits';
import type { XlsxReadRequest, XlsxWorkerMessage } from './xlsxReadWorker';
import { moduleFileOf, workerBeside, type WorkerEntry } from '../workerEntry';

/** File name of the bundled worker, expected next to the bundle that imports this module. */
export const XLSX_READ_WORKER_FILE = 'xlsx-read-worker.cjs';

/** Where the worker lives: next to this source file when running from TypeScript, else bundled. */
export function resolveXlsxReadWorker(moduleFile: string = moduleFileOf(import.meta)): WorkerEntry {
  return workerBeside(moduleFile, { source: 'xlsxReadWorker.ts', bundled: XLSX_READ_WORKER_FILE });
}

export interface XlsxReadOptions {
  /** Overrides the resolved worker (a bundle with another layout, tests of the bundle). */
  worker?: WorkerEntry;
  /** The worker's heap, in MB; tests lower it to see a worker die of memory. */
  heapMb?: number;
  /** Overrides the caps (tests). */
  limits?: XlsxLimits;
}

const TOO_LARGE =
  'This workbook is too large to read safely: reading it used more memory than a workbook may. ' +
  'Save its first sheet as CSV, or split it into smaller files.';

/**
 * How long a worker is kept after a read for the next one. Starting a thread costs tens of
 * milliseconds bundled and half a second from TypeScript (tests); kept a moment, it serves a
 * preview and its re-read, or a test's many small workbooks, without holding memory for long.
 */
const IDLE_MS = 2_000;

/** One reading thread; it takes one workbook at a time. */
class ReaderThread {
  private readonly worker: Worker;
  private pending: { resolve(rows: SheetRow[]): void; reject(error: unknown): void } | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  alive = true;

  constructor(
    readonly key: string,
    entry: WorkerEntry,
    heapMb: number,
  ) {
    this.worker = new Worker(entry.file, {
      workerData: { entry: entry.typescriptEntry && pathToFileURL(entry.typescriptEntry).href },
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        // A small nursery: parsing makes short-lived strings by the million, and a larger one
        // is no faster for 100 MB more of resident memory.
        maxYoungGenerationSizeMb: 16,
      },
    });
    this.worker.on('message', (message: XlsxWorkerMessage) =>
      message.type === 'done'
        ? this.settle((job) => job.resolve(unpackRows(message.rows)))
        : this.settle((job) =>
            job.reject(
              new ImportError(message.error.code as ImportErrorCode, message.error.message),
            ),
          ),
    );
    this.worker.on('error', (error: NodeJS.ErrnoException) => {
      this.alive = false;
      this.settle((job) =>
        job.reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ImportError('too-large', TOO_LARGE)
            : // The thread's own error may carry anything; the seller gets a plain statement.
              new ImportError('unreadable', 'the workbook could not be read (internal error)'),
        ),
      );
    });
    this.worker.on('exit', (code) => {
      this.alive = false;
      this.settle((job) =>
        job.reject(new ImportError('unreadable', `the workbook reader stopped (exit ${code})`)),
      );
    });
  }

  read(bytes: Uint8Array, limits: XlsxLimits | undefined): Promise<SheetRow[]> {
    clearTimeout(this.idleTimer);
    this.worker.ref();
    // The worker gets its own copy, moved rather than cloned.
    const copy = new Uint8Array(bytes);
    const request: XlsxReadRequest = { bytes: copy, limits };
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(request, [copy.buffer as ArrayBuffer]);
    });
  }

  /** Kept for the next read a moment, without keeping the process alive. */
  rest(onStop: () => void): void {
    this.worker.unref();
    this.idleTimer = setTimeout(() => {
      onStop();
      this.stop();
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  stop(): void {
    this.alive = false;
    clearTimeout(this.idleTimer);
    void this.worker.terminate();
  }

  private settle(outcome: (job: NonNullable<ReaderThread['pending']>) => void): void {
    const job = this.pending;
    this.pending = null;
    if (job) outcome(job);
  }
}

let resting: ReaderThread | undefined;

/** The first sheet's non-empty rows as text cells, read in a worker thread. */
export async function readFirstSheetCells(
  bytes: Uint8Array,
  options: XlsxReadOptions = {},
): Promise<SheetRow[]> {
  const entry = options.worker ?? resolveXlsxReadWorker();
  // A bundle that left the worker out still reads within the caps, on the caller's thread.
  if (!existsSync(entry.file)) return readFirstSheet(bytes, options.limits);
  const heapMb = options.heapMb ?? XLSX_WORKER_HEAP_MB;
  const key = `${entry.file}|${entry.typescriptEntry ?? ''}|${heapMb}`;
  let thread = resting;
  resting = undefined;
  if (!thread?.alive || thread.key !== key) {
    thread?.stop();
    thread = new ReaderThread(key, entry, heapMb);
  }
  try {
    return await thread.read(bytes, options.limits);
  } finally {
    if (thread.alive && !resting) {
      const kept = thread;
      resting = kept;
      kept.rest(() => {
        if (resting === kept) resting = undefined;
      });
    } else if (thread.alive) thread.stop();
  }
}
