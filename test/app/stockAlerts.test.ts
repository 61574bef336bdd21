// Stock alerts through the app core against the sandbox: an account offer sent with 3 credentials
// sells 2 (low at the default level 1: one notification, a Needs-attention entry), syncs again
// (no second notification), then sells the last (Not Active: "Sold out", notified once).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountFields } from '../sync/harness';
import { connectedCoreForTests } from './coreHarness';

const world = connectedCoreForTests('stock', { syncDebounceMs: 3_600_000 });
const { call, syncNow, notes } = world;

const stockNotes = () => notes.filter((n) => /Low stock|Sold out/.test(n.title));

describe('stock alerts after a sync', { timeout: 120_000 }, () => {
  it('notifies once when low, lists it under Needs attention, and again when sold out', async () => {
    const saved = await call('offers.save', {
      productId: 10,
      fields: accountFields('Stocked smurf'),
      deliveryTimeMs: 600_000,
    });
    const file = join(world.dir, 'smurf.csv');
    writeFileSync(file, 'login,password\nsmurf-a,Pass-1\nsmurf-b,Pass-2\nsmurf-c,Pass-3\n');
    const preview = await call('credentials.preview', { localId: saved.localId, file });
    if (preview.state !== 'ready') throw new Error(preview.state);
    await call('credentials.commit', { previewId: preview.previewId, mode: 'add' });
    const first = await syncNow();
    expect(first.lowStock).toEqual([]);
    expect(stockNotes()).toEqual([]);
    const serverId = (await call('offers.get', { localId: saved.localId })).row.serverId!;
    expect(world.sandbox.control.credentials(serverId)).toHaveLength(3);

    expect(world.sandbox.control.simulateBuyers(serverId, 2)).toBe(2);
    const low = await syncNow();
    expect(low.lowStock).toEqual([
      { localId: saved.localId, title: 'Stocked smurf', reason: 'Low stock: 1 credential left' },
    ]);
    expect(stockNotes()).toEqual([
      {
        title: 'Stocked smurf: Low stock: 1 credential left',
        body: 'Add credentials in its Credentials section to keep it selling.',
      },
    ]);

    await syncNow();
    expect(stockNotes()).toHaveLength(1);
    const listed = await call('stock.list');
    expect(listed.offers.find((o) => o.localId === saved.localId)).toEqual({
      localId: saved.localId,
      credentialsLeft: 1,
      estimate: true,
      threshold: 1,
      low: true,
      soldOut: false,
      // Left, but not on sale: it is On Review.
      hiddenStatus: 5,
    });
    // The seeded offers' credentials were sent by another tool: not counted here.
    expect(listed.offers.map((o) => o.localId)).toEqual([saved.localId]);
    await call('stock.setThreshold', { localId: saved.localId, threshold: 0 });
    expect((await call('sync.status')).lowStock).toEqual([]);
    await call('stock.setThreshold', { localId: saved.localId, threshold: 1 });

    expect(world.sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    const gone = await syncNow();
    expect((await call('offers.get', { localId: saved.localId })).row.status).toBe(3);
    expect(gone.lowStock).toEqual([
      { localId: saved.localId, title: 'Stocked smurf', reason: 'Sold out: went Not Active' },
    ]);
    expect(stockNotes().map((n) => n.title)).toEqual([
      'Stocked smurf: Low stock: 1 credential left',
      'Stocked smurf: Sold out: went Not Active',
    ]);
    // Its sell-out is told by name, not again in the count of offers that went Not Active.
    expect(notes.filter((n) => /^\d+ offers? went Not Active/.test(n.title))).toEqual([]);
    await syncNow();
    expect(stockNotes()).toHaveLength(2);

    // Restocked above the level: the episode ends, and the next low stock is told again.
    const more = join(world.dir, 'more.csv');
    writeFileSync(more, 'login,password\nsmurf-d,Pass-4\nsmurf-e,Pass-5\n');
    const again = await call('credentials.preview', { localId: saved.localId, file: more });
    if (again.state !== 'ready') throw new Error(again.state);
    await call('credentials.commit', { previewId: again.previewId, mode: 'add' });
    expect((await syncNow()).lowStock).toEqual([]);
    expect(world.sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    await syncNow();
    expect(stockNotes().map((n) => n.title)).toEqual([
      'Stocked smurf: Low stock: 1 credential left',
      'Stocked smurf: Sold out: went Not Active',
      'Stocked smurf: Low stock: 1 credential left',
    ]);
  });
});
