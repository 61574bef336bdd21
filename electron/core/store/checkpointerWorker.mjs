// The write-ahead log's checkpointer thread (checkpointer.ts starts it). Its own connection to
// the profile copies what the core committed into the database file and syncs it, so that copy
// and its fsync (50–150 ms on a busy disk) never run on the thread that answers the seller.
// PASSIVE: it takes no lock the core's reads or writes wait on; it only copies frames no reader
// still needs. It writes nothing of its own, so if it dies, nothing is lost: the WAL just grows
// until the core's own checkpoint (its fallback, or the close) folds it.
// Plain JavaScript, not TypeScript: from source the thread starts without registering tsx in it
// (a second of CPU on a busy machine, at every profile the app or a test opens).
import { statSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// The slots and states of checkpointerControl.ts (CONTROL, STATE), which this file cannot import.
const CONTROL = { stop: 0, nudge: 1, state: 2, checkpoints: 3, foldAsked: 4, folded: 5 };
const STATE = { starting: 0, running: 1, closed: 2, abandoned: 3 };

/** @type {import('./checkpointerControl').CheckpointerData} */
const { file, nativeBinding, control, intervalMs, thresholdBytes } = workerData;

/**
 * The WAL file's size, by stat — never by opening the WAL or the -shm file ourselves. Closing any
 * descriptor of a file drops every POSIX lock this process holds on it (SQLite's own included):
 * reading -shm with fs once let another process take the core's connection for gone and delete
 * the WAL under it. Whether the core committed comes from SQLite (`data_version`).
 */
function walSize() {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/** While the core waits for a fold, how often the thread looks again at a log it could not fold. */
const FOLD_LOOK_MS = 2;
/**
 * As long as the core waits (checkpointer.ts FOLD_WAIT_MS in undoSteps): a reader of another
 * process holding the log back longer would otherwise keep the thread checkpointing 500 times a
 * second until it let go.
 */
const FOLD_HURRY_MS = 1_000;

/** Everything committed before the core's fold request `asked` is in the file: tell the core. */
function markFolded(asked) {
  if (Atomics.load(control, CONTROL.folded) < asked) Atomics.store(control, CONTROL.folded, asked);
  Atomics.notify(control, CONTROL.folded);
}

function run() {
  // The parent may have stopped us before this thread even started: then no connection at all.
  if (
    Atomics.compareExchange(control, CONTROL.state, STATE.starting, STATE.running) !==
    STATE.starting
  ) {
    return;
  }
  let db = null;
  try {
    // No busy wait: a PASSIVE checkpoint never waits for a lock, it copies what it can.
    db = new Database(file, {
      fileMustExist: true,
      timeout: 0,
      ...(nativeBinding ? { nativeBinding } : {}),
    });
    // data_version changes whenever another connection (the core's) commits.
    const statement = db.prepare('PRAGMA data_version').pluck();
    // Busy for a moment while the core's commit updates the WAL index: the next look sees it.
    const version = () => {
      try {
        return statement.get();
      } catch {
        return null;
      }
    };
    let lastSeen = version();
    // Nothing counts as copied yet: the core may have committed before this thread opened its
    // connection (a slow start under load), and a core that then waits for that checkpoint
    // before writing again would wait for ever. On an empty WAL the first checkpoint is a no-op.
    let copiedAt = null;
    let sizeAtCopy = walSize();
    let lastCopyMs = Date.now();
    // The core asked for a fold that is not done yet: look again soon, not at the interval.
    let folding = false;
    let foldingSince = 0;
    let hurriedFor = 0;
    for (;;) {
      const nudges = Atomics.load(control, CONTROL.nudge);
      if (Atomics.load(control, CONTROL.stop) !== 0) break;
      const hurry = folding && Date.now() - foldingSince < FOLD_HURRY_MS;
      Atomics.wait(control, CONTROL.nudge, nudges, hurry ? FOLD_LOOK_MS : intervalMs);
      // Nudged after a large commit: copy it now, while the core goes on.
      const nudged = Atomics.load(control, CONTROL.nudge) !== nudges;
      if (Atomics.load(control, CONTROL.stop) !== 0) break;
      // Read before the version: every commit the core made before asking is in `now`.
      const asked = Atomics.load(control, CONTROL.foldAsked);
      folding = asked > Atomics.load(control, CONTROL.folded);
      // Each new ask hurries the thread again, for as long as the core waits for it.
      if (folding && asked !== hurriedFor) {
        hurriedFor = asked;
        foldingSince = Date.now();
      }
      const now = version();
      if (now === null) continue;
      if (now === copiedAt) {
        if (folding) markFolded(asked);
        folding = false;
        continue;
      }
      // Committed since the last checkpoint. One checkpoint (and fsync) per burst of small
      // commits: once the core went quiet, once the WAL file grew past the threshold, or at least
      // every four looks while it keeps writing, so the WAL stays bounded; at once when asked.
      const quiet = now === lastSeen;
      lastSeen = now;
      const size = walSize();
      const grown = size - sizeAtCopy >= thresholdBytes;
      const due = Date.now() - lastCopyMs >= intervalMs * 4;
      if (!quiet && !grown && !due && !folding && !nudged) continue;
      try {
        const [result] = db.pragma('wal_checkpoint(PASSIVE)');
        Atomics.add(control, CONTROL.checkpoints, 1);
        // A reader's snapshot can hold frames back: then the next look copies the rest.
        if (result && result.checkpointed < result.log) continue;
        copiedAt = now;
        sizeAtCopy = size;
        lastCopyMs = Date.now();
        if (folding) markFolded(asked);
        folding = false;
      } catch {
        // Busy or locked by another process's checkpoint: the next look tries again.
      }
    }
  } finally {
    db?.close();
    Atomics.store(control, CONTROL.state, STATE.closed);
    Atomics.notify(control, CONTROL.state);
  }
}

run();
