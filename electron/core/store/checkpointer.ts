// The app's profile connection commits without checkpointing (wal_autocheckpoint = 0): SQLite's
// automatic checkpoint runs inside the commit that crosses 1000 pages, copying the WAL into the
// file and syncing it — 50–150 ms of the core's thread under load, the longest stall of a pull.
// This starts a thread with its own connection that looks at the WAL file every `intervalMs` and,
// when it changed, checkpoints (PASSIVE) once it grew `thresholdBytes`, the core went quiet, or
// four looks passed, or at once when the core nudges it or asks for a fold (a long job's chunks:
// undoSteps settle); the store stops it before its own closing checkpoint.
// If the thread cannot start or dies, the connection goes back to SQLite's own checkpoints.
//
// Bundling: the thread's file is emitted beside the bundle holding the store, as
// wal-checkpointer.cjs (build/scripts/build.mjs); from source it starts checkpointerWorker.mjs
// directly (plain JavaScript: no tsx to register in the thread).
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { moduleFileOf, type WorkerEntry } from '../imports/workerEntry';
import { CONTROL, CONTROL_SLOTS, STATE, type CheckpointerData } from './checkpointerControl';

/** File name of the bundled thread, beside the bundle that holds the store. */
export const WAL_CHECKPOINTER_FILE = 'wal-checkpointer.cjs';

/** How long the store's close waits for a checkpoint under way to end before closing anyway. */
const STOP_WAIT_MS = 5000;

export function resolveWalCheckpointer(
  moduleFile: string = moduleFileOf(import.meta),
): WorkerEntry {
  const directory = dirname(moduleFile);
  if (moduleFile.endsWith('.ts')) return { file: join(directory, 'checkpointerWorker.mjs') };
  return { file: join(directory, WAL_CHECKPOINTER_FILE) };
}

export interface WalCheckpointerOptions {
  /** How often the thread looks at the WAL (default 250 ms). */
  intervalMs?: number;
  /** WAL bytes not yet copied past which it checkpoints while the core still writes (4 MB). */
  thresholdBytes?: number;
  nativeBinding?: string;
  /** Overrides the resolved thread file (tests of the bundle). */
  worker?: WorkerEntry;
  /** The thread ended before `stop` (it failed to start, or crashed). */
  onLost?: (why: string) => void;
}

export interface WalCheckpointer {
  /** Wakes the thread now (after a large commit) instead of at its next interval. */
  nudge(): void;
  /** How many checkpoints the thread has run. */
  checkpoints(): number;
  /**
   * Resolves once everything committed before the call is in the database file, so that the
   * core's next write starts the log over from its beginning; false after `timeoutMs` (a reader
   * of another process holds it back) or at once if the thread is gone. The core's thread is free
   * meanwhile.
   */
  fold(timeoutMs: number): Promise<boolean>;
  /**
   * Stops the thread and returns once its connection is closed (synchronous: the store's close
   * is). A checkpoint under way is let finish, up to a few seconds.
   */
  stop(): void;
  /** Ends the thread at once, as a crash would (tests). */
  kill(): Promise<void>;
}

export function startWalCheckpointer(
  file: string,
  options: WalCheckpointerOptions = {},
): WalCheckpointer {
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
  const entry = options.worker ?? resolveWalCheckpointer();
  const data: CheckpointerData = {
    file,
    control,
    intervalMs: options.intervalMs ?? 250,
    thresholdBytes: options.thresholdBytes ?? 4 * 1024 * 1024,
    ...(options.nativeBinding !== undefined && { nativeBinding: options.nativeBinding }),
  };
  let stopped = false;
  let lost = false;
  const worker = new Worker(entry.file, {
    workerData: {
      ...data,
      ...(entry.typescriptEntry && { entry: pathToFileURL(entry.typescriptEntry).href }),
    },
  });
  // The checkpointer never keeps the process alive: a CLI run or a test ends without stopping it.
  worker.unref();
  let why = 'it ended';
  worker.on('error', (error) => {
    why = `${error.name}: ${error.message}`;
  });
  worker.once('exit', () => {
    // Ended without closing its connection (terminated): nothing for stop() to wait for.
    lost = true;
    Atomics.store(control, CONTROL.state, STATE.closed);
    Atomics.notify(control, CONTROL.folded); // a fold waited for ends now, unfolded
    if (!stopped) options.onLost?.(why);
  });
  return {
    nudge() {
      Atomics.add(control, CONTROL.nudge, 1);
      Atomics.notify(control, CONTROL.nudge);
    },
    checkpoints: () => Atomics.load(control, CONTROL.checkpoints),
    async fold(timeoutMs) {
      if (stopped || lost) return false;
      const ticket = Atomics.add(control, CONTROL.foldAsked, 1) + 1;
      Atomics.add(control, CONTROL.nudge, 1);
      Atomics.notify(control, CONTROL.nudge);
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const folded = Atomics.load(control, CONTROL.folded);
        if (folded >= ticket) return true;
        const left = deadline - performance.now();
        if (left <= 0 || stopped || lost) return false;
        const wait = Atomics.waitAsync(control, CONTROL.folded, folded, left);
        if (wait.async) await wait.value;
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (lost) return;
      Atomics.store(control, CONTROL.stop, 1);
      Atomics.notify(control, CONTROL.folded);
      Atomics.add(control, CONTROL.nudge, 1);
      Atomics.notify(control, CONTROL.nudge);
      // Not started yet (tsx still loading in the thread): it will open nothing.
      if (
        Atomics.compareExchange(control, CONTROL.state, STATE.starting, STATE.abandoned) ===
        STATE.starting
      ) {
        return;
      }
      Atomics.wait(control, CONTROL.state, STATE.running, STOP_WAIT_MS);
    },
    async kill() {
      await worker.terminate();
    },
  };
}
