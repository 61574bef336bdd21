// A long chunked step commits back to back; the checkpointer thread copies the log into the file
// meanwhile, but SQLite starts the log over only when a write begins with all of it copied. The
// step's settle() gives it that moment every few chunks, so the log file stops growing: before,
// a 100k-offer change grew it to 2.7 GB (test/bench/bulk.bench.ts).
import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/core/store';
import type { WalCheckpointer } from '../../electron/core/store/checkpointer';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { goldProduct, manualClock, serverOffer, tempDir, testSecretBox } from './fixtures';

let dir: ReturnType<typeof tempDir>;
let store: Store;

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir.file('seller.db'), {
    clock: manualClock(),
    secretBox: testSecretBox(),
    checkpointInBackground: true,
  });
  store.saveProducts([goldProduct]);
  const ctx = testContext(store);
  testDatabase(store).transaction(() => {
    for (let id = 1; id <= 2_400; id++) applyServerOffer(ctx, serverOffer({ id, status: 2 }));
  })();
});
afterEach(() => {
  store.close();
  dir.remove();
});

const walBytes = () => statSync(`${dir.file('seller.db')}-wal`).size;

/** Every offer to Not Active as the use cases run it, in chunks of 25; the log's size after each. */
async function changeStatusInChunks(): Promise<{ sizes: number[]; changed: number }> {
  const ids = testDatabase(store)
    .prepare<{ local_id: number }>('SELECT local_id FROM offers ORDER BY local_id')
    .all()
    .map((r) => r.local_id);
  const step = store.undoSteps().inChunks((n) => `Status of ${n}`);
  const sizes: number[] = [];
  let changed = 0;
  try {
    for (let i = 0; i < ids.length; i += 25) {
      const chunk = ids.slice(i, i + 25);
      step.chunk(
        chunk,
        () => store.bulkChanges().changeStatuses(chunk, 3),
        (writes) => {
          const done = writes.filter((w) => 'done' in w).map((w) => w.localId);
          changed += done.length;
          return done;
        },
      );
      await step.settle();
      sizes.push(walBytes());
    }
  } finally {
    step.end();
  }
  return { sizes, changed };
}

describe('a long step lets the log start over', () => {
  it('keeps the log file at what a few chunks write, not what the whole change writes', async () => {
    // The thread is up and has copied the seeded offers.
    expect(await testContext(store).checkpointer!.fold(10_000)).toBe(true);
    const { sizes, changed } = await changeStatusInChunks();
    expect(changed).toBe(2_400);
    expect(sizes).toHaveLength(96);
    // 96 chunks: a log never started over would end three times its size after 32.
    expect(sizes.at(-1)!).toBeGreaterThan(0);
    expect(sizes.at(-1)!).toBeLessThan(sizes[31]! * 1.5);
  }, 60_000);

  it("gives up on a fold another process's reader holds back, and the thread goes back to its pace", async () => {
    // The store's context holds the whole thread; long jobs see only nudge and fold.
    const checkpointer = testContext(store).checkpointer as WalCheckpointer;
    expect(await checkpointer.fold(10_000)).toBe(true);
    // Another process's reader (the command line) keeps its snapshot of the log open.
    const reader = new Database(dir.file('seller.db'));
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM offers').get();
      await changeStatusInChunks();
      expect(await checkpointer.fold(300)).toBe(false);
      // It does not keep checkpointing every 2 ms for as long as the reader holds on: past the
      // core's wait it looks at its interval (250 ms) again.
      await sleep(1_200);
      const before = checkpointer.checkpoints();
      await sleep(1_000);
      expect(checkpointer.checkpoints() - before).toBeLessThan(20);
      reader.exec('COMMIT');
      expect(await checkpointer.fold(10_000)).toBe(true);
    } finally {
      reader.close();
    }
  }, 60_000);

  it('a fold asked of a stopped thread answers at once, unfolded', async () => {
    const checkpointer = testContext(store).checkpointer!;
    store.close();
    expect(await checkpointer.fold(10_000)).toBe(false);
  });
});
