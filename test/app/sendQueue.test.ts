// One number for what waits to be sent: the sync status the sidebar shows (`queued`), the Sync
// view's queue (`sync.queue`) and the offers' sync-state counts agree on a mixed queue (a price and
// a status change on one offer, a deletion, a price), and the queue says what each offer will do.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from './coreHarness';
import { onlyProfileFile, queueOfferRefusedOn } from '../queuedRefusal';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
const { call, syncNow } = coreCalls(() => core);

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-queue-'));
  // Nothing is sent behind the test's back: the background sync waits an hour.
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    syncDebounceMs: 3_600_000,
    syncHoldMs: 3_600_000,
  });
  await core.start();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
});

describe('what waits to be sent', () => {
  it('the sidebar, the queue and the counts give one figure for a mixed queue', async () => {
    await call('session.connect', { token: sandbox.sellers[0]!.token });
    await syncNow();
    const page = await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 50,
    });
    const gold = page.rows.filter((r) => r.marketplaceType === 1);
    const [a, b, c] = gold.map((r) => r.localId);
    await call('offers.changePrice', { localIds: [a], mode: 'amount', value: 1 });
    await call('offers.setStatus', { localIds: [a], status: 3 });
    await call('offers.delete', { localIds: [b] });
    await call('offers.changePrice', { localIds: [c], mode: 'amount', value: 2 });

    const status = await call('sync.status');
    const queue = await call('sync.queue', {});
    const counts = await call('offers.counts', {});
    expect(status.queued).toBe(3);
    expect(queue.total).toBe(3);
    expect((counts.bySyncState.local ?? 0) + (counts.bySyncState.sending ?? 0)).toBe(3);
    expect(status.needsSeller).toBe(0);

    const kinds = (localId: number | undefined) =>
      queue.entries.find((e) => e.localId === localId)!.changes.map((ch) => ch.kind);
    expect(kinds(a)).toEqual(['update', 'status']);
    expect(kinds(b)).toEqual(['delete']);
    expect(kinds(c)).toEqual(['update']);
    // Named as the seller knows them: never by a local row number.
    for (const entry of queue.entries) expect(entry.name).not.toMatch(/^L\d+|Offer \d+$/);

    // The rows carry what is pending.
    const rows = (
      await call('offers.query', {
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: 50,
      })
    ).rows;
    expect(rows.find((r) => r.localId === a)!.pending).toEqual({ delete: false, status: 3 });
    expect(rows.find((r) => r.localId === b)!.pending).toEqual({ delete: true, status: null });

    // Sent: nothing waits, and every figure says so.
    const after = await syncNow();
    expect(after.queued).toBe(0);
    expect((await call('sync.queue', {})).total).toBe(0);
  });
});

describe('what waits behind a refusal', () => {
  it('is listed as held, apart from what the next sync sends, with what holds it', async () => {
    await call('session.connect', { token: sandbox.sellers[0]!.token });
    await syncNow();
    const refused = queueOfferRefusedOn(onlyProfileFile(dataDir), { price_per_step: 0.00001 });
    await syncNow();
    expect((await call('sync.status')).needsSeller).toBe(1);
    await call('offers.setStatus', { localIds: [refused], status: 3 });

    const queue = await call('sync.queue', {});
    expect(queue.total).toBe(0);
    expect(queue.held.total).toBe(1);
    // The refused create itself is under Needs attention; what waits behind it is the status.
    expect(queue.held.entries).toEqual([
      expect.objectContaining({
        localId: refused,
        heldBy: 'refusal',
        changes: [{ kind: 'status', status: 3 }],
      }),
    ]);
    // Let go: nothing is held any more.
    await call('offers.discardLocal', { localIds: [refused] });
    expect((await call('sync.queue', {})).held.total).toBe(0);
  });
});
