// The hold before sending (undo time) and "Send changes automatically", on a real profile against
// the sandbox over a real socket: the background sync leaves a fresh change queued, a manual run
// (or the same background run once the hold is over) sends it; with sending off it only reads.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { changePrice, undoLastStep } from '../../electron/core/usecases/offers';
import { pull, syncNow } from '../../electron/core/usecases/sync';
import { tempDir, WINDOW_MS } from '../cli/harness';

let sandbox: Sandbox;
const dir = tempDir('sd-usecases-hold-');
const opened: SellerProfile[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

const seller = () => sandbox.sellers[0]!;

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

/** A gold offer the seller has (its local id and marketplace id). */
function goldOffer(profile: SellerProfile) {
  const server = sandbox.control
    .offers(seller().id)
    .find((o) => o.marketplace_type === 1 && o.status === 2)!;
  const local = profile.store().offerOfServerId(server.id)!;
  return { localId: local.localId, serverId: server.id, price: server.price_per_step };
}
const priceOnMarketplace = (serverId: number) =>
  sandbox.control.offers(seller().id).find((o) => o.id === serverId)!.price_per_step;
const queued = (profile: SellerProfile) => profile.store().countOffers().outbox;

describe('the hold before sending', () => {
  it('a background run leaves a fresh change queued; a manual run sends it', async () => {
    const profile = await pulledProfile('hold-manual');
    const offer = goldOffer(profile);
    await changePrice(profile, { offers: { localIds: [offer.localId] }, mode: 'amount', value: 1 });
    const background = await syncNow(profile, { holdFreshMs: 10_000 });
    expect(background.sent).toBe(0);
    expect(priceOnMarketplace(offer.serverId)).toBe(offer.price);
    expect(queued(profile)).toBe(1);
    // Still unsent: undo is real, and nothing goes out afterwards.
    undoLastStep(profile);
    expect(queued(profile)).toBe(0);
    await changePrice(profile, { offers: { localIds: [offer.localId] }, mode: 'amount', value: 1 });
    const manual = await syncNow(profile, {});
    expect(manual.sent).toBe(1);
    expect(priceOnMarketplace(offer.serverId)).toBeCloseTo(offer.price + 1, 4);
  });

  it('the background run sends the change once the hold is over', async () => {
    const profile = await pulledProfile('hold-over');
    const offer = goldOffer(profile);
    await changePrice(profile, { offers: { localIds: [offer.localId] }, mode: 'amount', value: 2 });
    expect((await syncNow(profile, { holdFreshMs: 300 })).sent).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect((await syncNow(profile, { holdFreshMs: 300 })).sent).toBe(1);
    expect(priceOnMarketplace(offer.serverId)).toBeCloseTo(offer.price + 2, 4);
    expect(() => undoLastStep(profile)).toThrow(/already sent to the marketplace/);
  });

  it('with sending off, the background run reads but sends nothing', async () => {
    const profile = await pulledProfile('hold-off');
    const offer = goldOffer(profile);
    await changePrice(profile, { offers: { localIds: [offer.localId] }, mode: 'amount', value: 3 });
    await new Promise((r) => setTimeout(r, 50));
    const run = await syncNow(profile, { holdFreshMs: 10, send: false });
    expect(run.sent).toBe(0);
    expect(queued(profile)).toBe(1);
    expect(priceOnMarketplace(offer.serverId)).toBe(offer.price);
  });
});
