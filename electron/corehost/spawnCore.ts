// Starting the core's thread. The parent sees a port, a way to answer the core's synchronous
// port calls, a kill and an exit signal; how the core is started hides behind `spawnCore`.
// From TypeScript source (vitest, tsx, `npm run preview`) the thread starts through the
// bootstrap that registers tsx (core/imports/workerBootstrap.mjs); from a build it starts the
// bundled `core-worker.cjs` beside main's bundle (build/scripts/build.mjs).
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { SyncPortMethod } from '../contract/ipc/corePort';
import { moduleFileOf, type WorkerEntry } from '../core/imports/workerEntry';
import { nodePort, type CorePort } from './corePort';
import { answerSyncCalls } from './syncCalls';

/** File name of the bundled core thread, next to main's bundle. */
export const CORE_WORKER_FILE = 'core-worker.cjs';

export interface SpawnedCore extends CorePort {
  /** Who answers the core's synchronous port calls (the vault, the keychain). */
  serveSync(serve: (method: SyncPortMethod, args: unknown[]) => unknown): void;
  /** Ends the core at once (a close that took too long, a test's crash). */
  kill(): Promise<void>;
  /** Called once when the core's thread ends, for whatever reason (`why`: its uncaught error). */
  onExit(listener: (code: number, why: string | null) => void): void;
}

export type SpawnCore = () => SpawnedCore;

/** Where the core's thread starts: beside this source file, or beside the bundle. */
export function resolveCoreWorker(moduleFile: string = moduleFileOf(import.meta)): WorkerEntry {
  const directory = dirname(moduleFile);
  if (moduleFile.endsWith('.ts')) {
    return {
      file: join(directory, '../core/imports/workerBootstrap.mjs'),
      typescriptEntry: join(directory, 'coreWorker.ts'),
    };
  }
  return { file: join(directory, CORE_WORKER_FILE) };
}

/** The core in a worker thread of this process. */
export function workerSpawner(entry: WorkerEntry = resolveCoreWorker()): SpawnCore {
  return () => {
    const sync = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(entry.file, {
      workerData: {
        entry: entry.typescriptEntry && pathToFileURL(entry.typescriptEntry).href,
        syncPort: sync.port2,
        syncFlag: flag,
      },
      transferList: [sync.port2],
    });
    // An uncaught error ends the thread: the exit that follows is what the parent acts on.
    let why: string | null = null;
    worker.on('error', (error) => {
      why = `${error.name}: ${error.message}`;
    });
    const port = nodePort(worker);
    return {
      ...port,
      serveSync: (serve) => answerSyncCalls(sync.port1, flag, serve),
      async kill() {
        await worker.terminate();
      },
      onExit(listener) {
        worker.once('exit', (code) => {
          sync.port1.close();
          listener(code, why);
        });
      },
    };
  };
}
