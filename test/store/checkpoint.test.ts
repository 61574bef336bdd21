// The app's profile connection never checkpoints the write-ahead log inside a commit on the core's
// thread: a thread of its own does (core/store/checkpointer.ts). The WAL stays bounded through a
// long pull written in chunks, the close still folds it, and losing that thread loses nothing.
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/core/store';
import { startWalCheckpointer } from '../../electron/core/store/checkpointer';
import { testDatabase } from '../../electron/core/store/testing';
import { goldProduct, serverOffer, tempDir } from './fixtures';

const OFFERS = 10_000;
const CHUNK = 500;

let tmp = tempDir();
afterEach(() => {
  tmp.remove();
  tmp = tempDir();
});

function walSize(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/**
 * Whether every frame in the WAL has been copied into the database file, read from the shared
 * WAL index (SQLite's file format: the header's mxFrame at byte 16, the checkpoint info's
 * nBackfill at byte 96) — what a checkpoint leaves behind, whoever ran it.
 */
function walCheckpointed(file: string): boolean {
  const bytes = Buffer.alloc(100);
  const fd = openSync(`${file}-shm`, 'r');
  try {
    readSync(fd, bytes, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  const mxFrame = bytes.readUInt32LE(16);
  return mxFrame > 0 && bytes.readUInt32LE(96) === mxFrame;
}

async function untilCheckpointed(file: string): Promise<void> {
  await expect.poll(() => walCheckpointed(file)).toBe(true);
}

/** 10k offers as a pull writes them, a chunk per transaction; the WAL's largest size on the way. */
async function pullInChunks(
  store: Store,
  afterChunk: (chunk: number) => Promise<void> = async () => {},
): Promise<number> {
  const sync = store.syncStore();
  sync.saveProducts([goldProduct]);
  let largest = 0;
  for (let start = 0; start < OFFERS; start += CHUNK) {
    const chunk = Array.from({ length: CHUNK }, (_, i) =>
      serverOffer({ id: 100_000 + start + i, description: `offer ${start + i} `.repeat(20) }),
    );
    store.transaction(() => sync.applyServerOffers(chunk));
    largest = Math.max(largest, walSize(store.file));
    await afterChunk(start / CHUNK);
  }
  return largest;
}

function countOffers(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return (db.prepare('SELECT count(*) AS n FROM offers').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("the app's WAL checkpoints, in a thread of their own", { timeout: 120_000 }, () => {
  it('keep the WAL bounded while 10k offers are written in chunks, and the close empties it', async () => {
    // What the WAL grows to when nothing checkpoints: the whole pull.
    const unchecked = openStore(tmp.file('unchecked.db'));
    testDatabase(unchecked).pragma('wal_autocheckpoint = 0');
    const whole = await pullInChunks(unchecked);
    unchecked.close();

    const file = tmp.file('profile.db');
    const store = openStore(file, { checkpointInBackground: { intervalMs: 10 } });
    // The core's connection leaves checkpoints to the thread.
    expect(testDatabase(store).pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const largest = await pullInChunks(store, () => untilCheckpointed(file));
    // Each commit after a checkpoint starts the WAL over: it holds about one chunk, not the pull.
    expect(largest).toBeLessThan(whole / 5);
    store.close();
    expect(walSize(file)).toBe(0);
    expect(countOffers(file)).toBe(OFFERS);
  });

  it('lose nothing when the checkpointer thread dies mid-pull', async () => {
    const file = tmp.file('profile.db');
    const store = openStore(file);
    testDatabase(store).pragma('wal_autocheckpoint = 0');
    const lost: string[] = [];
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 10,
      onLost: (why) => lost.push(why),
    });
    await pullInChunks(store, async (chunk) => {
      // The thread's own count, not the WAL index read with fs: closing a descriptor of the -shm
      // drops every POSIX lock this process holds on it, the checkpointer thread's included.
      if (chunk < 5) {
        const before = checkpointer.checkpoints();
        await expect.poll(() => checkpointer.checkpoints()).toBeGreaterThan(before);
      }
      // Ended as a crash would, between two checkpoints, with the pull half written.
      if (chunk === 5) await checkpointer.kill();
    });
    expect(lost).toHaveLength(1);
    expect(checkpointer.checkpoints()).toBeGreaterThan(0);
    checkpointer.stop(); // nothing left to wait for
    store.close();
    expect(walSize(file)).toBe(0);
    expect(countOffers(file)).toBe(OFFERS);
  });

  it('copy what the core committed before the thread opened its connection', async () => {
    // Under load the thread opens its connection well after the profile's first commits; the
    // core may then write nothing more until those are folded (a test waiting on it hung so).
    const file = tmp.file('profile.db');
    const store = openStore(file);
    testDatabase(store).pragma('wal_autocheckpoint = 0');
    await pullInChunks(store);
    expect(walCheckpointed(file)).toBe(false);
    const checkpointer = startWalCheckpointer(file, { intervalMs: 10 });
    await expect.poll(() => walCheckpointed(file)).toBe(true);
    expect(checkpointer.checkpoints()).toBeGreaterThan(0);
    checkpointer.stop();
    store.close();
    expect(countOffers(file)).toBe(OFFERS);
  });

  it('hand checkpoints back to SQLite when the thread cannot run', async () => {
    const file = tmp.file('profile.db');
    const store = openStore(file, {
      checkpointInBackground: { worker: { file: tmp.file('no-such-worker.mjs') } },
    });
    const db = testDatabase(store);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // The thread's failure arrives as an event: the connection checkpoints by itself again.
    while (db.pragma('wal_autocheckpoint', { simple: true }) === 0) await sleep(5);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    store.close();
    expect(walSize(file)).toBe(0);
  });

  it('stop at once when stopped before the thread has started, and the profile reopens', () => {
    const file = tmp.file('profile.db');
    const store = openStore(file, { checkpointInBackground: true });
    store.syncStore().saveProducts([goldProduct]);
    store.close();
    expect(walSize(file)).toBe(0);
    const again = openStore(file, { checkpointInBackground: true });
    expect(again.listProducts()).toHaveLength(1);
    again.close();
  });
});
