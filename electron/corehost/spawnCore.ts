// Starting the core's thread. The parent sees a port, a way to answer the core's synchronous
// port calls, a kill and an exit signal; how the core is started hides behind `spawnCore`.
// From TypeScript source (vitest, tsx, `npm run preview`) the thread starts through the
// bootstrap that registers tsx (core/imports/workerBootstrap.mjs); from a build it starts the
// bundled `core-worker.cjs` beside main's bundle (build/scripts/build.mjs).
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type {
  RelayedSyncCall,
  RelayedSyncReply,
  SyncPortMethod,
  SyncReply,
} from '../contract/ipc/corePort';
import { moduleFileOf, type WorkerEntry } from '../core/imports/workerEntry';
import { childProcessPort, nodePort, type CorePort } from './corePort';
import { portError } from './portErrors';
import { answerSyncCalls } from './syncCalls';

/** File names of the bundled core thread and core process, next to main's bundle. */
export const CORE_WORKER_FILE = 'core-worker.cjs';
export const CORE_PROCESS_FILE = 'core-process.cjs';

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

/**
 * The core thread's young generation (V8's default lets it grow to 48 MB). A credential commit or
 * a pull allocates short-lived rows fast, and the space grows to its bound and stays in the
 * process's memory; a small one keeps a 100k-line import's peak some 25 MB lower.
 */
const CORE_YOUNG_GENERATION_MB = 12;

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
      resourceLimits: { maxYoungGenerationSizeMb: CORE_YOUNG_GENERATION_MB },
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

/** Where the core's process starts: its TypeScript source (run with tsx), or beside the bundle. */
export function resolveCoreProcess(moduleFile: string = moduleFileOf(import.meta)): {
  file: string;
  typescript: boolean;
} {
  const directory = dirname(moduleFile);
  return moduleFile.endsWith('.ts')
    ? { file: join(directory, 'coreProcess.ts'), typescript: true }
    : { file: join(directory, CORE_PROCESS_FILE), typescript: false };
}

/** The core's process as the app sees it, however it was started (utilityProcess, fork). */
export interface CoreProcess extends CorePort {
  /** Ends the process at once. */
  kill(): void;
  onExit(listener: (code: number) => void): void;
}

/**
 * The core in a process of its own (coreProcess.ts runs its thread there). Its synchronous port
 * calls arrive relayed as messages and are answered here the same way.
 */
export function processSpawner(start: () => CoreProcess): SpawnCore {
  return () => {
    const child = start();
    let exited = false;
    const gone = new Promise<void>((resolve) => {
      child.onExit(() => {
        exited = true;
        resolve();
      });
    });
    let serve: (method: SyncPortMethod, args: unknown[]) => unknown = () => {
      throw new Error('Nothing serves the core yet.');
    };
    const isRelayed = (message: unknown) => (message as RelayedSyncCall)?.type === 'syncCall';
    child.onMessage((message) => {
      if (!isRelayed(message)) return;
      const call = message as RelayedSyncCall;
      void (async () => {
        let reply: SyncReply;
        try {
          reply = { ok: true, value: await serve(call.method, call.args) };
        } catch (error) {
          reply = { ok: false, error: portError(error) };
        }
        if (!exited)
          child.postMessage({ type: 'syncReply', id: call.id, reply } satisfies RelayedSyncReply);
      })();
    });
    return {
      postMessage: (message) => {
        if (!exited) child.postMessage(message);
      },
      onMessage: (listener) =>
        child.onMessage((message) => {
          if (!isRelayed(message)) listener(message);
        }),
      serveSync(serving) {
        serve = serving;
      },
      async kill() {
        if (!exited) child.kill();
        await gone;
      },
      onExit(listener) {
        child.onExit((code) => listener(code, null));
      },
    };
  };
}

/** The core's process as a Node child process: the browser host and tests (Electron's: main). */
export function childProcessSpawner(entry = resolveCoreProcess()): SpawnCore {
  return processSpawner(() => {
    const child = fork(entry.file, [], {
      // Structured clone, as Electron's ports carry: Buffers and Uint8Arrays cross as such.
      serialization: 'advanced',
      execArgv: entry.typescript ? ['--import', 'tsx'] : [],
      stdio: 'inherit',
    });
    return {
      ...childProcessPort(child),
      kill: () => void child.kill('SIGKILL'),
      onExit: (listener) => child.once('exit', (code) => listener(code ?? 1)),
    };
  });
}
