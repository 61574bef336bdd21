// The profile's sync lock against real SQLite and the sandbox: a pid proves nothing once it is
// reused, so liveness is a heartbeat; a waiter is told and bounded; a stalled holder that lost
// the lock stops instead of pushing beside the new one.
import { describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../electron/core/sync';
import { goldOffer, openDesk, useSyncWorld } from './harness';
import { testDatabase } from '../../electron/core/store/testing';

const w = useSyncWorld();
const LIVE_UNRELATED_PID = 1; // init: alive, and certainly not a Seller Desk process
const times = { heartbeatMs: 50, staleMs: 500 };

function writeLock(record: Record<string, unknown> | null) {
  const db = testDatabase(w.desk!.store);
  if (record === null) db.prepare("DELETE FROM meta WHERE key = 'sync_lock'").run();
  else
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('sync_lock', ?)").run(
      JSON.stringify(record),
    );
}

function readLock(): { pid: number; at: number; nonce?: string } | null {
  const row = testDatabase(w.desk!.store)
    .prepare<{ value: string }>("SELECT value FROM meta WHERE key = 'sync_lock'")
    .get();
  return row ? JSON.parse(row.value) : null;
}

async function deskWithOneQueuedOffer(name: string, price: number) {
  w.desk = openDesk(w.sb, w.dir.file(name), { sellerId: 3 });
  await w.desk.engine.pull({ catalogue: true });
  w.desk.store.createOffer({ productId: 1, guaranteeDeliveryTime: 1000, fields: goldOffer(price) });
  return w.desk;
}

function engineAs(pid: number, extra: Partial<Parameters<typeof createSyncEngine>[0]> = {}) {
  return createSyncEngine({
    store: w.desk!.store,
    client: w.desk!.client,
    limiter: w.desk!.limiter,
    processId: pid,
    lockTimes: times,
    ...extra,
  });
}

describe('sync lock', () => {
  it('takes over at once a lock whose pid is alive but whose heartbeat stopped long ago (pid reused)', async () => {
    const desk = await deskWithOneQueuedOffer('reused.db', 510);
    writeLock({ pid: LIVE_UNRELATED_PID, at: Date.now() - 60_000 });
    const waited: number[] = [];
    const started = Date.now();
    const summary = await engineAs(process.pid, { onLockWait: (p) => waited.push(p) }).push();
    expect(summary).toMatchObject({ error: null, pending: 0, sent: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(waited).toEqual([]);
    expect(readLock()).toBeNull();
    expect(desk.store.countOffers().outbox).toBe(0);
  });

  it('reads a lock written by an older version (pid and time only) as a heartbeat that never beats again', async () => {
    await deskWithOneQueuedOffer('old.db', 511);
    writeLock({ pid: LIVE_UNRELATED_PID, at: Date.now() });
    const waited: number[] = [];
    const started = Date.now();
    const summary = await engineAs(process.pid, { onLockWait: (p) => waited.push(p) }).push();
    const elapsed = Date.now() - started;
    expect(summary).toMatchObject({ error: null, pending: 0, sent: 1 });
    // The waiter was told who it waited for, and took over within the stale time (plus a poll).
    expect(waited).toEqual([LIVE_UNRELATED_PID]);
    expect(elapsed).toBeGreaterThanOrEqual(times.staleMs - 50);
    expect(elapsed).toBeLessThan(times.staleMs + 3_000);
  });

  it('leaves a live holder alone while its heartbeat beats, even through a run longer than the stale time', async () => {
    const desk = await deskWithOneQueuedOffer('beating.db', 512);
    for (let i = 1; i <= 2; i++)
      desk.store.createOffer({
        productId: 1,
        guaranteeDeliveryTime: 3000 + i, // one manage request each
        fields: goldOffer(512 + i),
      });
    // Two manage requests go side by side (push's lanes): 2 × 600 ms still outlasts the stale time.
    w.sb.setFaults({ latencyMs: 600 });
    try {
      const holder = engineAs(process.pid + 1);
      const waiter = engineAs(process.pid + 2, { isProcessAlive: () => true });
      const started = Date.now();
      const holding = holder.push();
      await new Promise((r) => setTimeout(r, 100)); // the holder has the lock
      const waiting = waiter.push();
      const first = await holding;
      expect(Date.now() - started).toBeGreaterThan(times.staleMs * 2);
      const second = await waiting;
      // The holder sent all three; the waiter found nothing left, so nothing went out twice.
      expect(first).toMatchObject({ error: null, sent: 3, pending: 0 });
      expect(second).toMatchObject({ error: null, sent: 0, pending: 0 });
      const mine = w.sb.control
        .offers(3)
        .filter((o) => o.price_per_step >= 512 && o.price_per_step <= 514);
      expect(mine).toHaveLength(3);
    } finally {
      w.sb.setFaults({});
    }
  });

  it('gives up waiting for a live holder after a bound, says so, and sends nothing', async () => {
    const desk = await deskWithOneQueuedOffer('bounded.db', 514);
    writeLock({ pid: LIVE_UNRELATED_PID, at: Date.now(), nonce: 'other', since: Date.now() });
    const beat = setInterval(
      () => writeLock({ pid: LIVE_UNRELATED_PID, at: Date.now(), nonce: 'other', since: 0 }),
      50,
    );
    try {
      const mark = w.sb.requests.length;
      const summary = await engineAs(process.pid, { maxLockWaitMs: 700 }).push();
      expect(summary.error).toMatch(/Another Seller Desk process \(pid 1\) has been syncing/);
      expect(summary.sent).toBe(0);
      expect(w.sb.requests.length).toBe(mark);
      expect(desk.store.countOffers().outbox).toBe(1);
    } finally {
      clearInterval(beat);
    }
  });

  it('stops between requests when another process took the lock over from it, keeping the queue', async () => {
    const desk = await deskWithOneQueuedOffer('lost.db', 515);
    for (let i = 0; i < 5; i++)
      desk.store.createOffer({
        productId: 1,
        guaranteeDeliveryTime: 2000 + i, // one manage request each
        fields: goldOffer(520 + i),
      });
    w.sb.setFaults({ latencyMs: 150 });
    try {
      const holder = engineAs(process.pid + 1);
      const running = holder.push();
      await new Promise((r) => setTimeout(r, 200));
      // A process that believed this one dead takes the lock.
      writeLock({
        pid: process.pid + 9,
        at: Date.now() + 60_000,
        nonce: 'thief',
        since: Date.now(),
      });
      const summary = await running;
      expect(summary.cancelled).toBe(true);
      expect(summary.error).toMatch(/took over this profile's sync/);
      expect(summary.pending).toBeGreaterThan(0);
      // The thief's lock is left in place.
      expect(readLock()?.nonce).toBe('thief');
    } finally {
      w.sb.setFaults({});
    }
  });
});
