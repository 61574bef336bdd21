// Two consequences of a price change, on a real profile (SQLite file) against the sandbox over a
// real socket: a Not Active gold offer edited stays Not Active (the edit, then a status change to
// Not Active, in that order, in one sync), unless the seller puts it back on sale; and a price that
// after commission is below the cost of the next unit is flagged and refused unless confirmed.
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import {
  changePrice,
  getOffer,
  previewChange,
  saveGuard,
  saveOffer,
  undoLastStep,
} from '../../electron/core/usecases/offers';
import { setOfferCost } from '../../electron/core/usecases/profit';
import { pull, syncNow } from '../../electron/core/usecases/sync';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { tempDir, WINDOW_MS } from '../cli/harness';

let sandbox: Sandbox;
const dir = tempDir('sd-usecases-price-consequences-');
const opened: SellerProfile[] = [];

// A fresh marketplace for each test: each starts from the seed's offers and prices.
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
  await sandbox.close();
});
afterAll(() => dir.remove());

const seller = () => sandbox.sellers[0]!;
const onMarketplace = (serverId: number) =>
  sandbox.control.offers(seller().id).find((o) => o.id === serverId)!;

async function pulledProfile(name: string) {
  const profile = openSellerProfile({
    dataDir: join(dir.path, name),
    baseUrl: sandbox.baseUrl,
    token: () => seller().token,
    windowMs: WINDOW_MS,
  });
  opened.push(profile);
  await pull(profile);
  return profile;
}

/** A gold offer of the seller with this status on the marketplace: its ids. */
function goldWith(profile: SellerProfile, status: number) {
  const server = sandbox.control
    .offers(seller().id)
    .find((o) => o.marketplace_type === 1 && o.status === status)!;
  return { localId: profile.store().offerOfServerId(server.id)!.localId, serverId: server.id };
}

/** The writes that reached the marketplace for this offer since `from`, in order. */
function writesSince(from: number, serverId: number): string[] {
  return sandbox.requests
    .slice(from)
    .filter((r) => r.method === 'POST' && r.status === 200)
    .filter((r) => r.path.includes(`/${serverId}/`) || r.manageOffers > 0)
    .map((r) => (r.path.endsWith('edit_status') ? 'status' : r.manageOffers > 0 ? 'edit' : r.path));
}

describe('a Not Active gold offer stays Not Active', { timeout: 60_000 }, () => {
  it('the preview says so; the sync sends the edit, then Not Active; the offer ends Not Active', async () => {
    const profile = await pulledProfile('kept');
    const paused = goldWith(profile, OfferStatus.NotActive);
    const live = goldWith(profile, OfferStatus.Active);
    const change = { kind: 'price', mode: 'percent', value: 5 } as const;
    const preview = previewChange(profile, {
      offers: { localIds: [paused.localId, live.localId] },
      change,
    });
    expect(preview.toSaleCount).toBe(1);
    expect(preview.changes.map((c) => [c.localId, c.toSale])).toEqual([
      [paused.localId, true],
      [live.localId, false],
    ]);
    const outcome = await changePrice(profile, {
      offers: { localIds: [paused.localId, live.localId] },
      mode: 'percent',
      value: 5,
    });
    expect(outcome.keptPaused).toBe(1);
    const from = sandbox.requests.length;
    const run = await syncNow(profile, {});
    expect(run.failed).toBe(0);
    // One manage request per product (two products), then the status change, after its edit.
    expect(writesSince(from, paused.serverId)).toEqual(['edit', 'edit', 'status']);
    expect(onMarketplace(paused.serverId)).toMatchObject({
      status: OfferStatus.NotActive,
      price_per_step: 0.0126,
    });
    // The live one is simply edited: Active as before.
    expect(onMarketplace(live.serverId).status).toBe(OfferStatus.Active);
    await pull(profile);
    expect(profile.store().getOffer(paused.localId)!.server!.status).toBe(OfferStatus.NotActive);
    expect(profile.store().countOffers().outbox).toBe(0);
  });

  it('undo takes back the edit and the status change behind it', async () => {
    const profile = await pulledProfile('kept-undo');
    const paused = goldWith(profile, OfferStatus.NotActive);
    await changePrice(profile, {
      offers: { localIds: [paused.localId] },
      mode: 'percent',
      value: 5,
    });
    // The edit and the status change behind it.
    expect(profile.store().countOffers().outbox).toBe(2);
    undoLastStep(profile);
    expect(profile.store().countOffers().outbox).toBe(0);
    const from = sandbox.requests.length;
    await syncNow(profile, {});
    expect(writesSince(from, paused.serverId)).toEqual([]);
    expect(onMarketplace(paused.serverId)).toMatchObject({
      status: OfferStatus.NotActive,
      price_per_step: 0.012,
    });
  });

  it('with the choice, it goes back on sale: the edit alone, the offer ends Active', async () => {
    const profile = await pulledProfile('on-sale');
    const paused = goldWith(profile, OfferStatus.NotActive);
    const outcome = await changePrice(profile, {
      offers: { localIds: [paused.localId] },
      mode: 'percent',
      value: 5,
      putOnSale: true,
    });
    expect(outcome.keptPaused).toBe(0);
    const from = sandbox.requests.length;
    await syncNow(profile, {});
    expect(writesSince(from, paused.serverId)).toEqual(['edit']);
    expect(onMarketplace(paused.serverId).status).toBe(OfferStatus.Active);
    await pull(profile);
    expect(profile.store().getOffer(paused.localId)!.server!.status).toBe(OfferStatus.Active);
  });
});

describe('the below-cost guard', { timeout: 60_000 }, () => {
  it('flags a price below cost after commission, refuses it unless confirmed', async () => {
    const profile = await pulledProfile('below-cost');
    const gold = goldWith(profile, OfferStatus.Active);
    // 0.05 − 50 % = 0.025; after the 8 % commission the seller gets 0.023.
    expect(onMarketplace(gold.serverId)).toMatchObject({
      price_per_step: 0.05,
      commission_percent: 8,
    });
    const change = { kind: 'price', mode: 'percent', value: -50 } as const;
    const flagged = () => previewChange(profile, { offers: { localIds: [gold.localId] }, change });
    // No cost set: nothing to compare with, not flagged.
    expect(flagged().belowCostCount).toBe(0);
    // Exactly the cost: not below it.
    setOfferCost(profile, { localIds: [gold.localId], perUnit: 0.023 });
    expect(flagged().belowCostCount).toBe(0);
    setOfferCost(profile, { localIds: [gold.localId], perUnit: 0.0231 });
    const preview = flagged();
    expect(preview.belowCostCount).toBe(1);
    expect(preview.changes[0]).toMatchObject({ localId: gold.localId, belowCost: true });

    const refused = await changePrice(profile, {
      offers: { localIds: [gold.localId] },
      mode: 'percent',
      value: -50,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UseCaseFailure);
    expect((refused as UseCaseFailure).kind).toBe('bad_input');
    expect((refused as UseCaseFailure).message).toBe(
      'Nothing was changed: 1 offer would sell below cost. Tick "Sell below cost anyway" to apply it.',
    );
    expect(profile.store().countOffers().outbox).toBe(0);

    const applied = await changePrice(profile, {
      offers: { localIds: [gold.localId] },
      mode: 'percent',
      value: -50,
      allowBelowCost: true,
    });
    expect(applied.prices.get(gold.localId)).toBe(0.025);
    await syncNow(profile, {});
    expect(onMarketplace(gold.serverId).price_per_step).toBe(0.025);
  });
});

/** The editor's save of an offer with its fields as they are, and a new price. */
function editorSave(
  profile: SellerProfile,
  localId: number,
  price: number,
  choices: { putOnSale?: boolean; allowBelowCost?: boolean } = {},
) {
  const { offer } = getOffer(profile, localId);
  const {
    credentials: _c,
    guarantee_delivery_time: gdt,
    ...fields
  } = offer.fields as Record<string, unknown>;
  return saveOffer(profile, {
    localId,
    productId: offer.productId,
    // As the editor sends a gold offer: the account-only texts left out.
    fields: {
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '')),
      price_per_step: price,
    } as never,
    deliveryTimeMs: gdt as number,
    ...choices,
  });
}

describe('the editor save', { timeout: 60_000 }, () => {
  it('keeps a Not Active gold offer Not Active, or puts it on sale when chosen', async () => {
    const profile = await pulledProfile('editor-kept');
    const paused = goldWith(profile, OfferStatus.NotActive);
    expect(saveGuard(profile, paused.localId)).toMatchObject({ putsOnSale: true });
    const saved = await editorSave(profile, paused.localId, 0.013);
    expect(saved.expectedStatus).toBe(OfferStatus.NotActive);
    let from = sandbox.requests.length;
    await syncNow(profile, {});
    expect(writesSince(from, paused.serverId)).toEqual(['edit', 'status']);
    expect(onMarketplace(paused.serverId)).toMatchObject({
      status: OfferStatus.NotActive,
      price_per_step: 0.013,
    });

    const again = await editorSave(profile, paused.localId, 0.014, { putOnSale: true });
    expect(again.expectedStatus).toBe(OfferStatus.Active);
    from = sandbox.requests.length;
    await syncNow(profile, {});
    expect(writesSince(from, paused.serverId)).toEqual(['edit']);
    expect(onMarketplace(paused.serverId).status).toBe(OfferStatus.Active);
  });

  it('refuses a price below cost unless confirmed', async () => {
    const profile = await pulledProfile('editor-below-cost');
    const gold = goldWith(profile, OfferStatus.Active);
    setOfferCost(profile, { localIds: [gold.localId], perUnit: 0.03 });
    expect(saveGuard(profile, gold.localId)).toEqual({
      putsOnSale: false,
      commissionPercent: 8,
      unitCost: 0.03,
    });
    // 0.032 × 0.92 = 0.02944: below 0.03.
    await expect(editorSave(profile, gold.localId, 0.032)).rejects.toThrow(
      'Nothing was changed: 1 offer would sell below cost. Tick "Sell below cost anyway" to apply it.',
    );
    expect(profile.store().countOffers().outbox).toBe(0);
    // 0.033 × 0.92 = 0.03036: above it.
    await editorSave(profile, gold.localId, 0.033);
    await editorSave(profile, gold.localId, 0.032, { allowBelowCost: true });
    expect(getOffer(profile, gold.localId).offer.fields.price_per_step).toBe(0.032);
  });
});
