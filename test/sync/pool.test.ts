// The restock pool through the use cases on a real profile (SQLite file, sealed key, rate ledger)
// against the sandbox over a real socket: an account offer sent with 2 credentials and a pool of 5
// keeping 2 on sale sells out and goes Not Active; the next sync uploads exactly the 2 oldest of
// the pool and sets it Active again (marketplace 4, pool 3, none twice, no 429); a pool that runs
// dry is told once per episode.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import {
  commitPoolImport,
  offerPool,
  previewPoolImport,
  takeStockAlerts,
  stockReport,
} from '../../electron/core/usecases/stock';
import { syncNow } from '../../electron/core/usecases/sync';
import { tempDir, WINDOW_MS } from '../cli/harness';
import { accountFields } from './harness';

let sandbox: Sandbox;
const dir = tempDir('sd-pool-sync-');
let profile: SellerProfile;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS });
  profile = openSellerProfile({
    dataDir: join(dir.path, 'data'),
    baseUrl: sandbox.baseUrl,
    token: () => sandbox.sellers[2]!.token,
    windowMs: WINDOW_MS,
  });
});
afterAll(async () => {
  await profile.close();
  await sandbox.close();
  dir.remove();
});

function file(name: string, content: string): string {
  const path = join(dir.path, name);
  writeFileSync(path, content);
  return path;
}

async function addToPool(localId: number, path: string, keep?: number) {
  const preview = await previewPoolImport(profile, { localId, path });
  if (preview.state !== 'ready') throw new Error(preview.state);
  return commitPoolImport(profile, { preview, keep, skipInvalid: false });
}

const logins = (offerId: number) =>
  sandbox.control
    .credentials(offerId)
    .map((c) => c.login)
    .sort();

describe('restock pool', { timeout: 120_000 }, () => {
  it('tops a sold-out offer up to its level from the pool, oldest first, and sets it Active', async () => {
    await syncNow(profile);
    const store = profile.store();
    const localId = store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Pooled smurf'),
    });
    store.queueCredentials(
      localId,
      [
        { login: 'first-1', game_password: 'Pw-1' },
        { login: 'first-2', game_password: 'Pw-2' },
      ],
      'add',
    );
    await syncNow(profile);
    const serverId = store.getOffer(localId)!.serverId!;
    expect(logins(serverId)).toEqual(['first-1', 'first-2']);

    // Oldest first is the file's order; a row the offer has, and one twice in the file, are left out.
    const added = await addToPool(
      localId,
      file(
        'pool.txt',
        [
          'pool-1:Pw-a',
          'pool-2:Pw-b',
          'first-1:Pw-1',
          'pool-3:Pw-c',
          'pool-4:Pw-d',
          'pool-3:Pw-c',
          'pool-5:Pw-e',
        ].join('\n'),
      ),
      2,
    );
    expect(added).toMatchObject({
      rows: 7,
      added: 5,
      duplicatesInFile: 1,
      duplicatesKnown: 1,
      pool: 5,
      keep: 2,
    });
    // The pool itself is a duplicate too when the same file is added again.
    const again = await addToPool(localId, file('again.txt', 'pool-5:Pw-e\npool-6:Pw-f\n'));
    expect(again).toMatchObject({ added: 1, duplicatesKnown: 1, pool: 6, keep: 2 });

    // Sealed at rest: no login or password of the pool in the profile's files, only hashes.
    for (const suffix of ['', '-wal']) {
      const bytes = existsSync(store.file + suffix)
        ? readFileSync(store.file + suffix)
        : Buffer.alloc(0);
      expect(bytes.includes('pool-4')).toBe(false);
      expect(bytes.includes('Pw-d')).toBe(false);
    }

    // Two on sale already: nothing moves.
    await syncNow(profile);
    expect(logins(serverId)).toHaveLength(2);
    // On the marketplace, not yet on sale: it is On Review.
    expect(offerPool(profile, localId)).toMatchObject({
      pool: 6,
      keep: 2,
      onMarketplace: 2,
      onSale: 0,
      hiddenStatus: OfferStatus.OnReview,
    });

    expect(sandbox.control.simulateBuyers(serverId, 2)).toBe(2);
    expect(sandbox.control.offers(3).find((o) => o.id === serverId)!.status).toBe(
      OfferStatus.NotActive,
    );
    const requestsBefore = sandbox.requests.length;
    // As the app's background sync runs it (holding fresh changes for undo): a restock is not
    // the seller's change, so it goes in this same run.
    const outcome = await syncNow(profile, { holdFreshMs: 3_600_000 });
    expect(outcome).toMatchObject({ needsAttention: 0, queuedOperations: 0 });
    const sent = sandbox.requests.slice(requestsBefore);
    // Exactly one add_batch with the two oldest, then Active once they were accepted.
    const adds = sent.filter((r) => r.path.endsWith('/credentials/add_batch'));
    expect(adds).toHaveLength(1);
    const edits = sent.filter((r) => r.path.includes('edit_status'));
    expect(edits).toHaveLength(1);
    expect(sent.indexOf(edits[0]!)).toBeGreaterThan(sent.indexOf(adds[0]!));
    expect(sent.every((r) => r.status !== 429)).toBe(true);

    const onMarket = sandbox.control.credentials(serverId);
    expect(onMarket.map((c) => c.login).sort()).toEqual(['first-1', 'first-2', 'pool-1', 'pool-2']);
    expect(new Set(onMarket.map((c) => c.login_hash)).size).toBe(4);
    expect(sandbox.control.offers(3).find((o) => o.id === serverId)!.status).toBe(
      OfferStatus.Active,
    );
    expect(offerPool(profile, localId)).toMatchObject({ pool: 4, keep: 2, onSale: 2 });
    expect(store.getOffer(localId)!.server!.status).toBe(OfferStatus.Active);
    expect(stockReport(profile).find((s) => s.localId === localId)).toMatchObject({
      credentialsLeft: 2,
      pool: 4,
      keep: 2,
      soldOut: false,
    });

    // One sold: the next sync tops up one, the third oldest; none of the sent goes again.
    expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    await syncNow(profile);
    expect(logins(serverId)).toEqual(['first-1', 'first-2', 'pool-1', 'pool-2', 'pool-3']);
    expect(offerPool(profile, localId)).toMatchObject({ pool: 3, onSale: 2 });
    expect(takeStockAlerts(profile)).toEqual([]);

    // Drained: the pool runs dry and says so once, until credentials are added again.
    expect(sandbox.control.simulateBuyers(serverId, 5)).toBe(2);
    await syncNow(profile);
    expect(offerPool(profile, localId)).toMatchObject({ pool: 1, onSale: 2 });
    expect(sandbox.control.simulateBuyers(serverId, 5)).toBe(2);
    await syncNow(profile);
    expect(offerPool(profile, localId)).toMatchObject({ pool: 0, onSale: 1, dry: true });
    // At 1 on sale (the low level) with nothing left to restock from: told once, with both.
    expect(takeStockAlerts(profile)).toEqual([
      expect.objectContaining({
        localId,
        title: 'Pooled smurf',
        kind: 'low',
        reason: 'Low stock: 1 credential left, restock pool empty',
      }),
    ]);
    await syncNow(profile);
    expect(takeStockAlerts(profile)).toEqual([]);
    await addToPool(localId, file('refill.txt', 'pool-7:Pw-g\n'));
    expect(offerPool(profile, localId)).toMatchObject({ pool: 1, dry: false });
    await syncNow(profile);
    expect(offerPool(profile, localId)).toMatchObject({ pool: 0, onSale: 2, dry: true });
    // Not low (2 on sale), but nothing left to restock from: told on its own.
    expect(takeStockAlerts(profile)).toEqual([
      expect.objectContaining({
        localId,
        kind: 'pool_dry',
        reason: 'Restock pool empty: nothing left to restock from',
      }),
    ]);

    // Every credential reached the marketplace once.
    const all = sandbox.control.credentials(serverId);
    expect(all).toHaveLength(9);
    expect(new Set(all.map((c) => c.login)).size).toBe(9);
    expect(sandbox.requests.every((r) => r.status !== 429)).toBe(true);
  });
});
