// Duplicate, as the seller uses it in the app against the sandbox over a real socket: gold and
// account offers copy and the copies reach the marketplace; a gold offer that the marketplace
// returns with account-only fields filled, a copy of an offer not yet sent and a copy of an offer
// whose product retired a field all copy too. A copy that cannot be made names the offer by its
// name and the field by the label the seller sees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketplaceType } from '../../electron/contract/marketplace/wire';
import type { AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from '../app/coreHarness';

let sandbox: Sandbox;
let root: string;
let core: AppCore;
const { call, failureOf, syncNow } = coreCalls(() => core);
const seller = () => sandbox.sellers[0]!;

async function localIdOf(): Promise<Map<number, number>> {
  const page = await call('offers.query', {
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 500,
  });
  return new Map(page.rows.flatMap((r) => (r.serverId !== null ? [[r.serverId, r.localId]] : [])));
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000, seed: 'demo' });
  root = mkdtempSync(join(tmpdir(), 'sd-duplicate-'));
  core = await createTestCore(root, sandbox.baseUrl, { syncDebounceMs: 3_600_000 });
  await core.start();
  await call('session.connect', { token: seller().token });
  await syncNow();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe('duplicating offers', { timeout: 60_000 }, () => {
  it('copies every gold and account offer of the seller, and every copy is accepted', async () => {
    const originals = sandbox.control.offers(seller().id);
    // Offer 1005 lacks a required product field on the marketplace: it is the refusal case below.
    const copyable = originals.filter((o) => o.id !== 1005);
    expect(copyable.some((o) => o.marketplace_type === MarketplaceType.Gold)).toBe(true);
    expect(copyable.some((o) => o.marketplace_type === MarketplaceType.Account)).toBe(true);
    const local = await localIdOf();
    const rows = await call('offers.duplicate', {
      localIds: copyable.map((o) => local.get(o.id)!),
    });
    expect(rows).toHaveLength(copyable.length);
    await syncNow();
    const after = sandbox.control.offers(seller().id);
    const copies = after.filter((o) => !originals.some((x) => x.id === o.id));
    expect(copies).toHaveLength(copyable.length);
    expect(copies.map((o) => o.price_per_step).sort()).toEqual(
      copyable.map((o) => o.price_per_step).sort(),
    );
    const counts = await call('offers.counts');
    expect(counts.bySyncState.attention ?? 0).toBe(0);
    expect(counts.bySyncState.local ?? 0).toBe(0);
  });

  it('copies a gold offer the marketplace returns with account-only fields, and one not sent yet', async () => {
    const gold = sandbox.control.offers(seller().id).find((o) => o.product_id === 2)!;
    sandbox.control.editOfferAsServer(gold.id, {
      outer_name: 'Kazzak horde stock',
      description: 'Fast delivery',
    });
    await syncNow();
    const product = sandbox.control.products().find((p) => p.id === 1)!;
    const field = (title: string) => product.product_fields.find((f) => f.title === title)!;
    const fresh = await call('offers.save', {
      productId: 1,
      fields: {
        price_per_step: 0.07,
        amount: 5000,
        min_purchase_amount: product.step_size,
        data: { [field('Realm').id]: 'Gehennas', [field('Faction').id]: 'Alliance' },
      },
      deliveryTimeMs: 3_600_000,
    });
    const local = await localIdOf();
    const before = new Set(sandbox.control.offers(seller().id).map((o) => o.id));
    const rows = await call('offers.duplicate', {
      localIds: [local.get(gold.id)!, fresh.localId],
    });
    expect(rows.map((r) => r.marketplaceType)).toEqual([1, 1]);
    await syncNow();
    const sent = sandbox.control.offers(seller().id).filter((o) => !before.has(o.id));
    // The unsent original and both copies.
    expect(sent.map((o) => o.price_per_step).sort()).toEqual([0.012, 0.07, 0.07]);
    for (const o of sent) expect(o.marketplace_type).toBe(MarketplaceType.Gold);
  });

  it('names the offer and the field by its label when a copy cannot be made', async () => {
    const local = await localIdOf();
    const error = await failureOf('offers.duplicate', { localIds: [local.get(1005)!] });
    expect(error.message).toBe(
      'Offer 1005 "Gold account (needs title)" could not be copied: Account title: required',
    );
    expect(error.message).not.toMatch(/some fields need fixing|data\.\d|_/);
  });
});
