// The app's hold before sending and "Send changes automatically", through the same dispatch as
// Electron main, against the sandbox over a socket: a change waits the seller's hold (Settings)
// before the background sync sends it, so an undo within it sends nothing; with sending off the
// background sync reads only, and "Sync now" sends at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from './coreHarness';

let sandbox: Sandbox;
let core: AppCore;
const { call, syncNow } = coreCalls(() => core);
let dataDir: string;

const seller = () => sandbox.sellers[0]!;
const manageRequests = () => sandbox.requests.filter((r) => r.path.endsWith('/offers/manage'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-hold-'));
  // The debounce follows the hold; no syncHoldMs: the seller's setting decides.
  core = await createTestCore(dataDir, sandbox.baseUrl, { syncDebounceMs: 50 });
  await core.start();
  await call('session.connect', { token: seller().token });
  await syncNow();
});
afterEach(async () => {
  await core.close();
  await sandbox.close();
});

async function goldOffer() {
  const server = sandbox.control
    .offers(seller().id)
    .find((o) => o.marketplace_type === MarketplaceType.Gold && o.status === OfferStatus.Active)!;
  const page = await call('offers.query', {
    text: String(server.id),
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 5,
  });
  return { server, localId: page.rows.find((r) => r.serverId === server.id)!.localId };
}

describe('the hold before sending', { timeout: 60_000 }, () => {
  it('defaults to 10 s and sending automatically; both are saved', async () => {
    expect(await call('settings.get')).toMatchObject({ holdSeconds: 10, sendAutomatically: true });
    expect(await call('settings.setSending', { holdSeconds: 3 })).toMatchObject({
      holdSeconds: 3,
      sendAutomatically: true,
    });
    expect(await call('settings.get')).toMatchObject({ holdSeconds: 3 });
  });

  it('sends a change once its hold is over, and an undo within it sends nothing', async () => {
    await call('settings.setSending', { holdSeconds: 1 });
    const { server, localId } = await goldOffer();
    const before = manageRequests().length;
    await call('offers.changePrice', { localIds: [localId], mode: 'amount', value: 1 });
    await sleep(600);
    expect(manageRequests().length).toBe(before);
    expect(await call('undo.last')).toMatchObject({ label: 'Price +1 on 1 offer', offers: 1 });
    await call('undo.undo');
    await sleep(2000);
    expect(manageRequests().length).toBe(before);

    await call('offers.changePrice', { localIds: [localId], mode: 'amount', value: 2 });
    await expect
      .poll(
        () => sandbox.control.offers(seller().id).find((o) => o.id === server.id)!.price_per_step,
        {
          timeout: 10_000,
        },
      )
      .toBeCloseTo(server.price_per_step + 2, 4);
  });

  it('with sending off, the background sync reads only; Sync now sends', async () => {
    await call('settings.setSending', { holdSeconds: 0, sendAutomatically: false });
    const { server, localId } = await goldOffer();
    await call('offers.changePrice', { localIds: [localId], mode: 'amount', value: 1 });
    await sleep(1500);
    expect(
      sandbox.control.offers(seller().id).find((o) => o.id === server.id)!.price_per_step,
    ).toBe(server.price_per_step);
    await syncNow();
    expect(
      sandbox.control.offers(seller().id).find((o) => o.id === server.id)!.price_per_step,
    ).toBeCloseTo(server.price_per_step + 1, 4);
  });
});
