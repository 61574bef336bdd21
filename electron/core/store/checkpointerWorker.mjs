// The write-ahead log's checkpointer thread (checkpointer.ts starts it). Its own connection to
// the profile copies what the core committed into the database file and syncs it, so that copy
// and its fsync (50–150 ms on a busy disk) never run on the thread that answers the seller.
// PASSIVE: it takes no lock the core's reads or writes wait on; it only copies frames no reader
// still needs. It writes nothing of its own, so if it dies, nothing is lost: the WAL just grows
// until the core's own checkpoint (its fallback, or the close) folds it.
// Plain JavaScript, not TypeScript: from source the thread starts without registering tsx in it
// (a second of CPU on a busy machine, at every profile the app or a test opens).
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// The slots and states of checkpointerControl.ts (CONTROL, STATE), which this file cannot import.
const CONTROL = { stop: 0, nudge: 1, state: 2, checkpoints: 3 };
const STATE = { starting: 0, running: 1, closed: 2, abandoned: 3 };

/** @type {import('./checkpointerControl').CheckpointerData} */
const { file, nativeBinding, control, intervalMs, thresholdBytes } = workerData;

/**
 * The WAL's last committed frame and how far checkpoints have copied, from the shared WAL index
 * (-shm; SQLite's file format: the header's mxFrame at byte 16, the checkpoint info's nBackfill at
 * byte 96, native byte order). A plain read costs no lock and no SQLite call, where the WAL
 * file's size and mtime say little (it is reused from its start, and mtime is coarse).
 */
const index = Buffer.alloc(100);
/** @returns {{ committed: number, copied: number } | null} */
function walFrames() {
  let fd = null;
  try {
    fd = openSync(`${file}-shm`, 'r');
    if (readSync(fd, index, 0, 100, 0) < 100) return null;
    const read = (/** @type {number} */ at) =>
      endianness() === 'LE' ? index.readUInt32LE(at) : index.readUInt32BE(at);
    return { committed: read(16), copied: read(96) };
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
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
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    let lastCommitted = -1;
    for (;;) {
      const nudges = Atomics.load(control, CONTROL.nudge);
      if (Atomics.load(control, CONTROL.stop) !== 0) break;
      Atomics.wait(control, CONTROL.nudge, nudges, intervalMs);
      if (Atomics.load(control, CONTROL.stop) !== 0) break;
      const frames = walFrames();
      if (frames === null || frames.committed <= frames.copied) continue;
      // Past the threshold while the core writes on, or whatever is left once it went quiet: one
      // checkpoint (and fsync) per burst of small commits, and a WAL that stays bounded.
      const pending = (frames.committed - frames.copied) * pageSize;
      const quiet = frames.committed === lastCommitted;
      lastCommitted = frames.committed;
      if (pending < thresholdBytes && !quiet) continue;
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
        Atomics.add(control, CONTROL.checkpoints, 1);
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
