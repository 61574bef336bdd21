// One profile per seller in the app core: "Replace token" with another seller's token opens that
// seller's own profile (never sending the first seller's queue under it), the first seller's
// queue waits intact and goes out under their token when they come back, and a restart reopens
// the profile of the token in the vault. Real core, real sandbox, real SQLite files.
import { mkdtempSync, rmSync } from 'node:fs';
import { identityKeyFile, profileRegistryFile } from '../../electron/core/usecases/paths';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from './coreHarness';
import { queueGoldOffers, offersPricedFrom } from './sellerWorld';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
const { call, syncNow } = coreCalls(() => core);

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-sellers-'));
  core = await createTestCore(dataDir, sandbox.baseUrl, { syncDebounceMs: 3_600_000 });
  await core.start();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SELLER1_PRICE = 77.77;
const REGEN_PRICE = 66.66;

const allRows = async () =>
  (
    await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 500,
    })
  ).rows;

describe('one profile per seller (app)', { timeout: 60_000 }, () => {
  it("another seller's token opens their own profile; seller 1's queue is sent only under seller 1's token", async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: seller1.token });
    await syncNow();
    await queueGoldOffers({ call, sandbox }, SELLER1_PRICE, 3);
    const seller1Rows = (await allRows()).length;

    // "Replace token" with seller 2's.
    await call('session.connect', { token: seller2.token });
    await syncNow();
    const rows2 = await allRows();
    const ids2 = new Set(sandbox.control.offers(seller2.id).map((o) => o.id));
    expect(rows2.length).toBe(ids2.size);
    expect(rows2.every((r) => r.serverId !== null && ids2.has(r.serverId))).toBe(true);
    expect(offersPricedFrom(sandbox, seller2.id, SELLER1_PRICE)).toEqual([]);
    expect(offersPricedFrom(sandbox, seller1.id, SELLER1_PRICE)).toEqual([]); // nothing of seller 1's went out

    // A restart reopens the profile of the token in the vault (seller 2's).
    await core.close();
    core = await createTestCore(dataDir, sandbox.baseUrl, { syncDebounceMs: 3_600_000 });
    await core.start();
    expect((await allRows()).length).toBe(ids2.size);

    // Seller 1 comes back: their queue is intact and goes out under their token.
    await call('session.connect', { token: seller1.token });
    expect((await allRows()).length).toBe(seller1Rows);
    await syncNow();
    expect(offersPricedFrom(sandbox, seller1.id, SELLER1_PRICE)).toHaveLength(3);
    expect(offersPricedFrom(sandbox, seller2.id, SELLER1_PRICE)).toEqual([]);
  });

  it('a regenerated token of the same seller keeps the profile and its queue', async () => {
    const seller1 = sandbox.sellers[0]!;
    await call('session.connect', { token: seller1.token });
    await syncNow();
    await queueGoldOffers({ call, sandbox }, REGEN_PRICE, 2);
    const fresh = sandbox.control.regenerateToken(seller1.id);
    await call('session.connect', { token: fresh });
    await syncNow();
    expect(offersPricedFrom(sandbox, seller1.id, REGEN_PRICE)).toHaveLength(2);
  });

  it("an older version's profile with seller 1's work is not taken by seller 2's token; seller 1 still gets it", async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: seller1.token });
    await syncNow();
    await queueGoldOffers({ call, sandbox }, SELLER1_PRICE, 3);
    const seller1Rows = (await allRows()).length;
    await core.close();
    // What an older version leaves: the one SQLite file per base URL, no list of profiles.
    rmSync(profileRegistryFile(dataDir));
    rmSync(identityKeyFile(dataDir));
    core = await createTestCore(dataDir, sandbox.baseUrl, { syncDebounceMs: 3_600_000 });
    await core.start();

    await call('session.connect', { token: seller2.token });
    await syncNow();
    const ids2 = new Set(sandbox.control.offers(seller2.id).map((o) => o.id));
    expect((await allRows()).length).toBe(ids2.size);
    expect(offersPricedFrom(sandbox, seller2.id, SELLER1_PRICE)).toEqual([]);

    await call('session.connect', { token: seller1.token });
    expect((await allRows()).length).toBe(seller1Rows);
    await syncNow();
    expect(offersPricedFrom(sandbox, seller1.id, SELLER1_PRICE)).toHaveLength(3);
  });
});
