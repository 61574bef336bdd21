// What the restock pool tells the seller is what the marketplace holds, through the use cases on a
// real profile against the sandbox over a real socket, with its faults:
// - credentials queued behind a failed add_batch still put a sold-out offer back on sale;
// - an add_batch whose outcome is unknown goes again only while nothing sold since it left, else
//   its accounts wait for the seller (send again / drop);
// - an offer never on sale gets its first restock in a manage edit (reviewed, never straight to
//   Active);
// - `push` alone reads the pooled offers first and restocks after sales;
// - a credential deleted on the marketplace is no longer counted, and the pool tops the offer up.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { deleteCredential } from '../../electron/core/usecases/credentials';
import {
  commitPoolImport,
  dropUncertainAccounts,
  offerPool,
  previewPoolImport,
  sendUncertainAgain,
  setPoolKeep,
  stockReport,
  uncertainAccounts,
} from '../../electron/core/usecases/stock';
import { push, status, syncNow } from '../../electron/core/usecases/sync';
import { tempDir, WINDOW_MS } from '../cli/harness';
import { accountFields } from './harness';

let sb: Sandbox;
let dir: ReturnType<typeof tempDir>;
let profile: SellerProfile;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, windowMs: WINDOW_MS });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  dir = tempDir('sd-pool-truth-');
  profile = openSellerProfile({
    dataDir: join(dir.path, 'data'),
    baseUrl: sb.baseUrl,
    token: () => sb.sellers[2]!.token,
    windowMs: WINDOW_MS,
    syncBackoff: { baseMs: 20, maxMs: 100, maxInlineWaitMs: 500 },
  });
});
afterEach(async () => {
  sb.resetFaults();
  sb.control.soldAreNotDuplicates(false);
  await profile.close();
  dir.remove();
});

const lines = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}:Pw-${prefix}-${i + 1}`).join('\n');

async function addToPool(localId: number, content: string, keep?: number) {
  const path = dir.file(`pool-${localId}-${Math.random().toString(36).slice(2)}.txt`, content);
  const preview = await previewPoolImport(profile, { localId, path });
  if (preview.state !== 'ready') throw new Error(preview.state);
  return commitPoolImport(profile, { preview, keep, skipInvalid: false });
}

/** An account offer on sale (reviewed and Active) with these credentials. */
async function offerOnSale(title: string, logins: string[]) {
  await syncNow(profile);
  const store = profile.store();
  const localId = store.createOffer({
    productId: 10,
    guaranteeDeliveryTime: 600_000,
    fields: accountFields(title),
  });
  store.queueCredentials(
    localId,
    logins.map((login) => ({ login, game_password: `Pw-${login}` })),
    'add',
  );
  await syncNow(profile);
  const serverId = store.getOffer(localId)!.serverId!;
  sb.control.editOfferAsServer(serverId, { status: OfferStatus.Active });
  await syncNow(profile);
  return { localId, serverId };
}

const onMarket = (serverId: number) => sb.control.credentials(serverId);
const active = (serverId: number) => onMarket(serverId).filter((c) => c.status === 1);
const statusOn = (serverId: number) => sb.control.offers(3).find((o) => o.id === serverId)!.status;
const requestsTo = (serverId: number, from: number, what: string) =>
  sb.requests.slice(from).filter((r) => r.path.includes(`/${serverId}/`) && r.path.endsWith(what));

describe('restock pool truth', { timeout: 120_000 }, () => {
  it('puts a sold-out offer back on sale once credentials queued behind a failed push are accepted', async () => {
    const { localId, serverId } = await offerOnSale('Hidden smurf', ['h-1', 'h-2', 'h-3']);
    await addToPool(localId, lines('hp', 6), 3);
    expect(offerPool(profile, localId)).toMatchObject({ onSale: 3, queued: 0, pool: 6 });

    expect(sb.control.simulateBuyers(serverId, 2)).toBe(2);
    // add_batch answers 500: the two moved from the pool stay queued.
    sb.setFaults({ errorRate: 1, pathIncludes: '/credentials/add_batch' });
    await expect(push(profile)).rejects.toThrow(/cannot be reached/);
    sb.resetFaults();
    expect(onMarket(serverId)).toHaveLength(3);
    expect(offerPool(profile, localId)).toMatchObject({
      onSale: 1,
      onMarketplace: 1,
      queued: 2,
      hiddenStatus: null,
    });

    // The last one sells: the marketplace hides the offer.
    expect(sb.control.simulateBuyers(serverId, 1)).toBe(1);
    expect(statusOn(serverId)).toBe(OfferStatus.NotActive);
    await syncNow(profile);
    // The queued two went (the sell-out proves the failed batch never arrived), one more from the
    // pool tops it up to 3, and the offer is on sale again.
    expect(active(serverId)).toHaveLength(3);
    expect(new Set(onMarket(serverId).map((c) => c.login)).size).toBe(6);
    expect(statusOn(serverId)).toBe(OfferStatus.Active);
    expect(offerPool(profile, localId)).toMatchObject({
      onSale: 3,
      queued: 0,
      pool: 3,
      hiddenStatus: null,
    });
    expect(stockReport(profile).find((s) => s.localId === localId)).toMatchObject({
      credentialsLeft: 3,
      soldOut: false,
      hiddenStatus: null,
    });
  });

  it('says an offer holding credentials is hidden rather than claim them on sale', async () => {
    const { localId, serverId } = await offerOnSale('Paused smurf', ['ps-1', 'ps-2']);
    await addToPool(localId, lines('pp', 2), 2);
    // The seller hides it in the dashboard: 2 unsold, none on sale.
    sb.control.editOfferAsServer(serverId, { status: OfferStatus.NotActive });
    await syncNow(profile);
    expect(offerPool(profile, localId)).toMatchObject({
      onSale: 0,
      onMarketplace: 2,
      hiddenStatus: OfferStatus.NotActive,
    });
    expect(stockReport(profile).find((s) => s.localId === localId)).toMatchObject({
      credentialsLeft: 2,
      hiddenStatus: OfferStatus.NotActive,
    });
    // Not put back on sale by the pool: it still holds credentials, the seller hid it.
    expect(statusOn(serverId)).toBe(OfferStatus.NotActive);
  });

  it('sends a batch whose answer was lost again while nothing sold since it left', async () => {
    const { localId, serverId } = await offerOnSale('Quiet smurf', ['q-1', 'q-2']);
    profile.store().queueCredentials(
      localId,
      [1, 2].map((i) => ({ login: `qn-${i}`, game_password: `Pw-${i}` })),
      'add',
    );
    const from = sb.requests.length;
    sb.setFaults({ answersLost: 1, pathIncludes: '/credentials/add_batch' });
    await expect(push(profile)).rejects.toThrow(/cannot be reached/);
    sb.resetFaults();
    expect(onMarket(serverId)).toHaveLength(4);
    await push(profile);
    expect(requestsTo(serverId, from, '/credentials/add_batch')).toHaveLength(2);
    expect(onMarket(serverId)).toHaveLength(4);
    expect(uncertainAccounts(profile)).toEqual([]);
    expect(profile.store().getOffer(localId)!.syncState).toBe('synced');
  });

  it('holds a lost batch once a buyer bought since, and sends it again or drops it as the seller says', async () => {
    // The reading of the document that sells one account twice: sold credentials are not
    // duplicates to add_batch.
    sb.control.soldAreNotDuplicates(true);
    const { localId, serverId } = await offerOnSale('Risky smurf', ['r-1', 'r-2', 'r-3']);
    const store = profile.store();
    store.queueCredentials(
      localId,
      [1, 2, 3].map((i) => ({ login: `rn-${i}`, game_password: `Pw-${i}` })),
      'add',
    );
    const from = sb.requests.length;
    sb.setFaults({ answersLost: 1, pathIncludes: '/credentials/add_batch' });
    await expect(push(profile)).rejects.toThrow(/cannot be reached/);
    sb.resetFaults();
    // Processed, answer lost: all 6 on the offer. A buyer takes several, the new ones among them.
    expect(onMarket(serverId)).toHaveLength(6);
    expect(sb.control.simulateBuyers(serverId, 4)).toBe(4);

    await syncNow(profile);
    // Not sent again: 3 accounts wait for the seller, in the use cases `stock` and `status` read.
    expect(requestsTo(serverId, from, '/credentials/add_batch')).toHaveLength(1);
    expect(uncertainAccounts(profile)).toEqual([
      expect.objectContaining({ localId, id: serverId, title: 'Risky smurf', accounts: 3 }),
    ]);
    expect(status(profile).uncertain).toEqual([expect.objectContaining({ localId, accounts: 3 })]);
    expect(stockReport(profile).find((s) => s.localId === localId)).toMatchObject({
      uncertain: 3,
    });
    expect(store.getOffer(localId)!.syncState).toBe('attention');
    // A later sync leaves them alone too.
    await syncNow(profile);
    expect(requestsTo(serverId, from, '/credentials/add_batch')).toHaveLength(1);

    // "Send again": the seller takes the risk; they go at the next push.
    expect(sendUncertainAgain(profile, localId)).toEqual({ accounts: 3 });
    await push(profile);
    expect(requestsTo(serverId, from, '/credentials/add_batch')).toHaveLength(2);
    expect(uncertainAccounts(profile)).toEqual([]);
    expect(() => sendUncertainAgain(profile, localId)).toThrow(/No accounts/);
  });

  it('drops a held batch when the seller says so: never sent', async () => {
    const { localId, serverId } = await offerOnSale('Dropped smurf', ['d-1', 'd-2']);
    profile.store().queueCredentials(
      localId,
      [1, 2].map((i) => ({ login: `dn-${i}`, game_password: `Pw-${i}` })),
      'add',
    );
    const from = sb.requests.length;
    sb.setFaults({ answersLost: 1, pathIncludes: '/credentials/add_batch' });
    await expect(push(profile)).rejects.toThrow(/cannot be reached/);
    sb.resetFaults();
    sb.control.simulateBuyers(serverId, 1);
    await push(profile);
    expect(uncertainAccounts(profile)).toEqual([expect.objectContaining({ accounts: 2 })]);
    expect(dropUncertainAccounts(profile, localId)).toEqual({ accounts: 2 });
    await push(profile);
    expect(requestsTo(serverId, from, '/credentials/add_batch')).toHaveLength(1);
    expect(profile.store().getOffer(localId)!.syncState).toBe('synced');
    expect(status(profile).queuedOperations).toBe(0);
  });

  it('sends the first restock of an offer never on sale in a manage edit, for review', async () => {
    await syncNow(profile);
    const store = profile.store();
    const localId = store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Fresh smurf'),
    });
    await syncNow(profile);
    const serverId = store.getOffer(localId)!.serverId!;
    // No credentials: the marketplace made it Not Active.
    expect(statusOn(serverId)).toBe(OfferStatus.NotActive);
    await addToPool(localId, lines('fp', 4), 2);
    const from = sb.requests.length;
    await syncNow(profile);
    const sent = sb.requests.slice(from);
    expect(sent.filter((r) => r.path.includes('edit_status'))).toHaveLength(0);
    expect(sent.filter((r) => r.path.endsWith('/credentials/add_batch'))).toHaveLength(0);
    expect(sent.filter((r) => r.path.endsWith('/offers/manage'))).toHaveLength(1);
    expect(onMarket(serverId).map((c) => c.login)).toEqual(['fp-1', 'fp-2']);
    expect(statusOn(serverId)).toBe(OfferStatus.OnReview);
    expect(offerPool(profile, localId)).toMatchObject({ pool: 2, queued: 0 });
  });

  it('restocks on `push` alone after sales, reading the pooled offer first', async () => {
    const { localId, serverId } = await offerOnSale('Cron smurf', ['c-1', 'c-2']);
    await addToPool(localId, lines('cp', 5), 2);
    expect(sb.control.simulateBuyers(serverId, 2)).toBe(2);
    const from = sb.requests.length;
    // A cron job that only pushes.
    await push(profile);
    const sent = sb.requests.slice(from);
    const reads = sent.filter((r) => r.path.endsWith('/my_offers'));
    // One read of that one offer before anything is sent.
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(sent.indexOf(reads[0]!)).toBe(0);
    expect(reads[0]!.query).toContain(`id=${serverId}`);
    expect(active(serverId).map((c) => c.login)).toEqual(['cp-1', 'cp-2']);
    expect(statusOn(serverId)).toBe(OfferStatus.Active);

    // Nothing sold since: the read is all the push costs.
    const again = sb.requests.length;
    await push(profile);
    expect(sb.requests.slice(again).map((r) => `${r.path}?${r.query}`)).toEqual([
      `/api/shop/marketplace/offers/my_offers?id=${serverId}`,
    ]);
    // Without a level there is no pool work: a push reads nothing.
    setPoolKeep(profile, { localId, keep: 0 });
    const quiet = sb.requests.length;
    await push(profile);
    expect(sb.requests.slice(quiet)).toHaveLength(0);
  });

  it('stops counting a deleted credential and tops the offer up', async () => {
    const { localId, serverId } = await offerOnSale('Trimmed smurf', ['x-1', 'x-2']);
    await addToPool(localId, lines('xp', 3), 2);
    const victim = onMarket(serverId).find((c) => c.login === 'x-2')!;
    await deleteCredential(profile, { localId, credentialId: victim.id });
    expect(stockReport(profile).find((s) => s.localId === localId)).toMatchObject({
      credentialsLeft: 1,
    });
    expect(offerPool(profile, localId)).toMatchObject({ onMarketplace: 1 });
    await push(profile);
    expect(active(serverId).map((c) => c.login)).toEqual(['x-1', 'xp-1']);
    expect(offerPool(profile, localId)).toMatchObject({ onSale: 2, pool: 2 });
    // A second delete of the same credential (refused: gone) counts nothing more.
    await expect(deleteCredential(profile, { localId, credentialId: victim.id })).rejects.toThrow();
    expect(offerPool(profile, localId)).toMatchObject({ onMarketplace: 2 });
  });
});
