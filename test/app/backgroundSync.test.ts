// The app's background sync as an adapter over the syncNow use case: what the seller is told
// (notifications, the session's token state, online or not) follows the use case's outcome or
// failure. Real sandbox over a socket, real SQLite, the same dispatch as Electron main.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { type AppCore } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, fileTokenVault, startConnectedCore, type ConnectedCore } from './coreHarness';

let sandbox: Sandbox;
let core: AppCore;
const { call, syncNow } = coreCalls(() => core);
let dataDir: string;
let notes: string[];
let logged: string[];

let world: ConnectedCore;
beforeEach(async () => {
  notes = [];
  logged = [];
  world = await startConnectedCore('bg', {
    notify: (title) => void notes.push(title),
    log: (message) => void logged.push(message),
    syncDebounceMs: 3_600_000,
  });
  ({ sandbox, core, dataDir } = world);
  await syncNow();
});

afterEach(() => world.close());

describe('background sync', { timeout: 60_000 }, () => {
  it('tells the seller of offers that went Not Active on the marketplace', async () => {
    const active = sandbox.control
      .offers(sandbox.sellers[0]!.id)
      .filter((o) => o.status === OfferStatus.Active)
      .slice(0, 2);
    for (const offer of active) {
      sandbox.control.editOfferAsServer(offer.id, { status: OfferStatus.NotActive });
    }
    const status = await syncNow();
    expect(status.lastRunOk).toBe(true);
    expect(notes).toContain('2 offers went Not Active');
    expect(logged).toEqual([]);
  });

  it('marks the token invalid when the marketplace refuses it, keeping the queue', async () => {
    const page = await call('offers.query', {
      status: OfferStatus.Active,
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 1,
    });
    await call('offers.changePrice', {
      localIds: [page.rows[0]!.localId],
      mode: 'amount',
      value: 1,
    });
    fileTokenVault(dataDir).set('a-token-the-marketplace-never-issued');
    const status = await syncNow();
    expect(await call('session.status')).toMatchObject({ tokenValid: false });
    expect(notes).toContain('Seller Desk needs a new token');
    expect(status.queued).toBeGreaterThan(0);
    expect(logged).toEqual([]);
  });

  it('goes offline when the marketplace cannot be reached, and says so once', async () => {
    const online: boolean[] = [];
    core.on('network.online', ({ online: now }) => online.push(now));
    await sandbox.close();
    const status = await syncNow();
    expect(online).toEqual([false]);
    expect(status.online).toBe(false);
    expect(logged).toEqual([]);
    world.sandbox = sandbox = await startSandbox({ port: 0, windowMs: 1000 }); // for afterEach
  });
});
