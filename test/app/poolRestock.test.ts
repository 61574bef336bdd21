// The restock pool through the app core's channels against the sandbox: a file previewed (masked,
// duplicates against the offer and the pool) and added with a level; a sold-out offer restocked
// and set Active by the next "Sync now"; the pool running dry notified once (native notification
// and the Sync view's stock list), again only after a refill ran dry; set-keep and clear.
import { describe, expect, it } from 'vitest';
import { accountFields } from '../sync/harness';
import { connectedCoreForTests } from './coreHarness';

const world = connectedCoreForTests('pool', { syncDebounceMs: 3_600_000 });
const { call, syncNow, notes, file } = world;

const dryNotes = () => notes.filter((n) => /restock pool empty/i.test(n.title));

describe('restock pool in the app', { timeout: 120_000 }, () => {
  it('adds from a file, restocks a sold-out offer at Sync now, and tells a dry pool once', async () => {
    const saved = await call('offers.save', {
      productId: 10,
      fields: accountFields('Pool smurf'),
      deliveryTimeMs: 600_000,
    });
    const { localId } = saved;
    const first = await call('credentials.preview', {
      localId,
      file: file('first.csv', 'login,password\nsmurf-a,Pass-1\n'),
    });
    if (first.state !== 'ready') throw new Error(first.state);
    await call('credentials.commit', { previewId: first.previewId, mode: 'add' });
    await syncNow();
    const serverId = (await call('offers.get', { localId })).row.serverId!;

    expect(await call('stock.pool', { localId })).toEqual({
      localId,
      pool: 0,
      keep: 0,
      onSale: null,
      onMarketplace: null,
      queued: 0,
      hiddenStatus: null,
      uncertain: 0,
      dry: false,
    });
    const preview = await call('stock.poolPreview', {
      localId,
      file: file('pool.csv', 'login,password\nsmurf-b,Pass-2\nsmurf-a,Pass-1\nsmurf-c,Pass-3\n'),
    });
    if (preview.state !== 'ready') throw new Error(preview.state);
    // Masked, never a password; the login the offer has is a duplicate.
    expect(JSON.stringify(preview)).not.toMatch(/Pass-|smurf-/);
    expect(preview.totals).toMatchObject({ rows: 3, valid: 2, duplicatesUploaded: 1 });
    const added = await call('stock.poolAdd', { previewId: preview.previewId, keep: 1 });
    expect(added).toEqual({
      added: 2,
      skipped: 1,
      // Sent, but under review: not on sale yet, and said so.
      pool: {
        localId,
        pool: 2,
        keep: 1,
        onSale: 0,
        onMarketplace: 1,
        queued: 0,
        hiddenStatus: 5,
        uncertain: 0,
        dry: false,
      },
    });

    // Sold out: the next Sync now sends one from the pool and sets the offer Active.
    expect(world.sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    await syncNow();
    expect((await call('offers.get', { localId })).row.status).toBe(2);
    expect(world.sandbox.control.credentials(serverId).map((c) => c.login)).toEqual([
      'smurf-a',
      'smurf-b',
    ]);
    expect(await call('stock.pool', { localId })).toMatchObject({ pool: 1, keep: 1, onSale: 1 });
    expect(dryNotes()).toEqual([]);
    // Low once, at the first sync, before the pool backed it; not since.
    expect(notes.filter((n) => /Low stock/.test(n.title)).map((n) => n.title)).toEqual([
      'Pool smurf: Low stock: 1 credential left',
    ]);

    // While the pool backs it, one on sale is not low. The last one goes: the offer is low and
    // its pool dry, told once, and listed for the Sync view.
    expect(world.sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    const drained = await syncNow();
    expect(await call('stock.pool', { localId })).toMatchObject({ pool: 0, onSale: 1, dry: true });
    expect(dryNotes()).toEqual([
      {
        title: 'Pool smurf: Low stock: 1 credential left, restock pool empty',
        body: 'Add credentials in its Credentials section to keep it selling.',
      },
    ]);
    expect(drained.lowStock).toEqual([
      { localId, title: 'Pool smurf', reason: 'Low stock: 1 credential left, restock pool empty' },
    ]);
    await syncNow();
    expect(dryNotes()).toHaveLength(1);

    // A refill ends the episode; running dry again is told again.
    const refill = await call('stock.poolPreview', {
      localId,
      file: file('refill.csv', 'login,password\nsmurf-d,Pass-4\n'),
    });
    if (refill.state !== 'ready') throw new Error(refill.state);
    await call('stock.poolAdd', { previewId: refill.previewId });
    expect(world.sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    await syncNow();
    expect(world.sandbox.control.credentials(serverId)).toHaveLength(4);
    expect(dryNotes()).toHaveLength(2);

    expect(await call('stock.poolSetKeep', { localId, keep: 3 })).toMatchObject({ keep: 3 });
    const extra = await call('stock.poolPreview', {
      localId,
      file: file('extra.csv', 'login,password\nsmurf-e,Pass-5\nsmurf-f,Pass-6\n'),
    });
    if (extra.state !== 'ready') throw new Error(extra.state);
    await call('stock.poolAdd', { previewId: extra.previewId });
    expect(await call('stock.poolClear', { localId })).toEqual({
      removed: 2,
      message: 'Restock pool emptied: 2 credentials deleted, never sent.',
    });
    expect(await call('stock.pool', { localId })).toMatchObject({ pool: 0, keep: 0, dry: false });
    await syncNow();
    expect(world.sandbox.control.credentials(serverId)).toHaveLength(4);
  });
});
