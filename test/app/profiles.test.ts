// Several sellers in one app: a second seller's token adds their profile, both stay connected and
// sync in the background within their own windows, the switcher shows each with its figures,
// switching shows only that seller's offers, a removal says what is lost and deletes the files,
// and a restart reopens both, each with its own token sealed on disk. Real core, real sandbox
// (which counts every window per seller), real SQLite files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { profileRegistryFile, profileTokenFile } from '../../electron/core/usecases/paths';
import { listProfiles } from '../../electron/core/usecases/profiles';
import { changeProfileSettingsOfFile } from '../../electron/core/usecases/settings';
import { limits } from '../../electron/contract/marketplace/limits';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore, fileTokenVault } from './coreHarness';
import { until, queueGoldOffers, offersPricedFrom } from './sellerWorld';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
let notes: string[];
const { call, failureOf, syncNow } = coreCalls(() => core);

async function openCore() {
  notes = [];
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    syncDebounceMs: 100,
    syncHoldMs: 0,
    syncIntervalMs: 400,
    notify: (title) => notes.push(title),
  });
  await core.start();
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-profiles-'));
  await openCore();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const shownServerIds = async () =>
  (
    await call('offers.query', {
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 500,
    })
  ).rows.flatMap((r) => (r.serverId === null ? [] : [r.serverId]));

/** A seller's profile file, for what the app would only change while it is shown. */
const fileOf = (sellerId: number) =>
  listProfiles(dataDir, sandbox.baseUrl).find((p) => p.userId === sellerId)!.file;

const ownIds = (sellerId: number) => new Set(sandbox.control.offers(sellerId).map((o) => o.id));

/** Every file of the data folder, read whole. */
function everyFile(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [{ path, bytes: readFileSync(path) }];
  });
}

const PRICE_1 = 81.81;

describe('several sellers in one app', { timeout: 90_000 }, () => {
  it('adds a second seller, syncs both in the background within their own windows, shows one at a time', async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: seller1.token });
    await syncNow();
    const first = await call('profiles.list');
    expect(first.profiles).toHaveLength(1);
    expect(first.profiles[0]).toMatchObject({ active: true, sellerId: seller1.id });

    // Seller 1 queues offers, then a second seller is added (and shown).
    await call('settings.setSending', { sendAutomatically: false });
    await queueGoldOffers({ call, sandbox }, PRICE_1, 3);
    const added = await call('profiles.add', { token: seller2.token });
    expect(added.profiles).toHaveLength(2);
    const [p1, p2] = [
      added.profiles.find((p) => p.sellerId === seller1.id)!,
      added.profiles.find((p) => p.sellerId === seller2.id)!,
    ];
    expect(p2.active).toBe(true);
    expect(p1).toMatchObject({ active: false, toSend: 3 });
    expect(p1.connection).not.toBe('no_token');
    // Named after the seller's shop, never their id.
    expect(p1.name).not.toContain(String(seller1.id));
    expect(sandbox.control.products().map((p) => p.title)).toContain(p1.name);
    expect(JSON.stringify(added)).not.toContain(seller1.token);
    expect(JSON.stringify(added)).not.toContain(seller2.token);

    // Seller 2's view shows seller 2's offers only.
    await syncNow();
    const shown2 = await shownServerIds();
    expect(shown2.length).toBe(ownIds(seller2.id).size);
    expect(shown2.every((id) => ownIds(seller2.id).has(id))).toBe(true);

    // Seller 1, in the background, sends their queue under their own token once their own
    // setting lets it (settings are each profile's).
    const sentFrom = sandbox.requests.length;
    changeProfileSettingsOfFile(fileOf(seller1.id), { sendAutomatically: true });
    await until(() => offersPricedFrom(sandbox, seller1.id, PRICE_1).length === 3);
    expect(offersPricedFrom(sandbox, seller2.id, PRICE_1)).toEqual([]);
    await until(async () => {
      const list = await call('profiles.list');
      return list.profiles.find((p) => p.sellerId === seller1.id)?.toSend === 0;
    });
    // Both kept syncing meanwhile (the background timer and the shown one's), each within its
    // own windows: the sandbox, counting per seller, refused nothing.
    await until(() => {
      const since = sandbox.requests.slice(sentFrom);
      return (
        since.some((r) => r.sellerId === seller1.id) && since.some((r) => r.sellerId === seller2.id)
      );
    });
    expect(sandbox.requests.filter((r) => r.status === 429)).toEqual([]);

    // Switching shows seller 1's offers, with the three just sent.
    const switched = await call('profiles.switch', { name: p1.name });
    expect(switched.profiles.find((p) => p.active)?.sellerId).toBe(seller1.id);
    const shown1 = await shownServerIds();
    expect(shown1.length).toBeGreaterThan(0);
    expect(shown1.every((id) => ownIds(seller1.id).has(id))).toBe(true);
    expect(shown1.some((id) => ownIds(seller2.id).has(id))).toBe(false);
    for (const offer of offersPricedFrom(sandbox, seller1.id, PRICE_1))
      expect(shown1).toContain(offer.id);

    // A restart reopens both, the last one shown in front, each with its own token.
    await core.close();
    const tokens = [seller1.token, seller2.token];
    for (const { path, bytes } of everyFile(dataDir)) {
      for (const token of tokens) expect(bytes.includes(token), path).toBe(false);
    }
    const from = sandbox.requests.length;
    await openCore();
    const reopened = await call('profiles.list');
    expect(reopened.profiles.map((p) => [p.sellerId, p.active])).toEqual(
      expect.arrayContaining([
        [seller1.id, true],
        [seller2.id, false],
      ]),
    );
    await until(() => {
      const since = sandbox.requests.slice(from);
      return (
        since.some((r) => r.sellerId === seller1.id && r.status === 200) &&
        since.some((r) => r.sellerId === seller2.id && r.status === 200)
      );
    });
    expect(sandbox.requests.slice(from).filter((r) => r.status === 401)).toEqual([]);
    expect(reopened.profiles.every((p) => p.connection !== 'no_token')).toBe(true);
  });

  it('names the profile in a background notification, and shows a refused token in the switcher', async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: seller1.token });
    await call('profiles.add', { token: seller2.token });
    const name1 = (await call('profiles.list')).profiles.find((p) => !p.active)!.name;
    await call('profiles.rename', { name: name1, to: 'Gold shop' });
    sandbox.control.regenerateToken(seller1.id);
    await until(() => notes.includes('Gold shop: Seller Desk needs a new token'));
    const list = await call('profiles.list');
    expect(list.profiles.find((p) => p.name === 'Gold shop')?.connection).toBe('token_refused');

    // The shown seller's notifications name their profile too, with several connected.
    const shown = list.profiles.find((p) => p.active)!.name;
    sandbox.control.regenerateToken(seller2.id);
    await syncNow();
    expect(notes).toContain(`${shown}: Seller Desk needs a new token`);
  });

  it('remove says what unsent work is lost, then deletes that profile and its token', async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: seller1.token });
    await syncNow();
    await call('settings.setSending', { sendAutomatically: false });
    await queueGoldOffers({ call, sandbox }, PRICE_1, 2);
    await call('profiles.add', { token: seller2.token });
    const gone = (await call('profiles.list')).profiles.find((p) => p.sellerId === seller1.id)!;
    const file = (await import('../../electron/core/usecases/profiles'))
      .listProfiles(dataDir, sandbox.baseUrl)
      .find((p) => p.name === gone.name)!.file;
    expect(existsSync(profileTokenFile(file))).toBe(true);

    const preview = await call('profiles.remove', { name: gone.name });
    expect(preview).toMatchObject({ removed: false, queuedChanges: 2 });
    expect(preview.message).toContain('2 changes not sent yet');
    expect(existsSync(file)).toBe(true);

    const done = await call('profiles.remove', { name: gone.name, confirmed: true });
    expect(done).toMatchObject({ removed: true, queuedChanges: 2 });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(profileTokenFile(file))).toBe(false);
    const left = await call('profiles.list');
    expect(left.profiles.map((p) => p.sellerId)).toEqual([seller2.id]);
    expect(offersPricedFrom(sandbox, seller1.id, PRICE_1)).toEqual([]);

    // Removing the one shown shows nothing; the app goes back to Connect.
    const last = await call('profiles.remove', { name: left.profiles[0]!.name, confirmed: true });
    expect(last.removed).toBe(true);
    expect(await call('session.status')).toMatchObject({ mode: 'none', tokenSet: false });
  });

  it("moves the token an earlier version kept in the app's vault to its seller's profile at the first start", async () => {
    const seller1 = sandbox.sellers[0]!;
    await call('session.connect', { token: seller1.token });
    await syncNow();
    const file = listProfiles(dataDir, sandbox.baseUrl)[0]!.file;
    await core.close();
    // What an earlier version leaves: one token in the vault's own file, no list of profiles.
    rmSync(profileTokenFile(file));
    rmSync(profileRegistryFile(dataDir));
    fileTokenVault(dataDir).set(seller1.token);

    await openCore();
    expect(await call('session.status')).toMatchObject({ mode: 'marketplace', tokenSet: true });
    expect(existsSync(profileTokenFile(file))).toBe(true);
    expect(fileTokenVault(dataDir).get()).toBeNull();
    const list = await call('profiles.list');
    expect(list.profiles).toEqual([
      expect.objectContaining({ sellerId: seller1.id, active: true }),
    ]);
    expect((await syncNow()).lastRun).toMatchObject({ failure: null });
    const shown = await shownServerIds();
    expect(shown.length).toBe(ownIds(seller1.id).size);
  });

  it("the sandbox has no switcher; leaving it goes back to the seller's profiles, the last one shown", async () => {
    const [seller1, seller2, seller3] = sandbox.sellers;
    await core.close();
    notes = [];
    core = await createTestCore(dataDir, sandbox.baseUrl, {
      syncHoldMs: 0,
      sandbox: {
        start: async () => ({ baseUrl: sandbox.baseUrl, token: seller3!.token }),
        stop: async () => {},
      },
    });
    await core.start();
    await call('session.connect', { token: seller1!.token });
    await call('profiles.add', { token: seller2!.token });
    const name1 = (await call('profiles.list')).profiles.find((p) => !p.active)!.name;
    await call('profiles.switch', { name: name1 });

    await call('session.useSandbox');
    expect(await call('profiles.list')).toMatchObject({ profiles: [], canManage: false });
    const back = await call('session.disconnect');
    expect(back).toMatchObject({ mode: 'marketplace', tokenSet: true });
    const list = await call('profiles.list');
    expect(list.profiles.find((p) => p.active)?.sellerId).toBe(seller1!.id);
    expect(list.profiles).toHaveLength(2);
    expect((await syncNow()).lastRun).toMatchObject({ failure: null });

    // Disconnecting a seller forgets their token and shows the other one.
    const other = await call('session.disconnect');
    expect(other).toMatchObject({ mode: 'marketplace', tokenSet: true });
    const left = await call('profiles.list');
    expect(left.profiles.find((p) => p.active)?.sellerId).toBe(seller2!.id);
    expect(left.profiles.find((p) => p.sellerId === seller1!.id)?.connection).toBe('no_token');
    expect(await call('session.disconnect')).toMatchObject({ mode: 'none', tokenSet: false });
  });

  it("two sellers sending at once stay within each seller's windows", async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    const COUNT = 260; // more than a window's worth of new offers for each
    const BASE = 91.5;
    const theirs = (sellerId: number) =>
      sandbox.control
        .offers(sellerId)
        .filter((o) => o.price_per_step >= BASE && o.price_per_step < BASE + 0.1).length;
    await call('session.connect', { token: seller1.token });
    await call('settings.setSending', { sendAutomatically: false });
    await queueGoldOffers({ call, sandbox }, BASE, COUNT);
    await call('profiles.add', { token: seller2.token });
    await call('settings.setSending', { sendAutomatically: false });
    await queueGoldOffers({ call, sandbox }, BASE, COUNT);
    const from = sandbox.requests.length;
    changeProfileSettingsOfFile(fileOf(seller1.id), { sendAutomatically: true });
    await call('settings.setSending', { sendAutomatically: true });
    await call('sync.now');
    await until(() => theirs(seller1.id) === COUNT && theirs(seller2.id) === COUNT, 60_000);

    const sent = sandbox.requests.slice(from);
    expect(sent.filter((r) => r.status === 429)).toEqual([]);
    // Both sent in the same stretch of time, and each seller's offers-per-window stayed within
    // the marketplace's limit in every window (the sandbox's window is 1 s here).
    const manage = (sellerId: number) =>
      sent.filter((r) => r.sellerId === sellerId && r.manageOffers > 0);
    const [m1, m2] = [manage(seller1.id), manage(seller2.id)];
    expect(m1.length).toBeGreaterThan(1);
    expect(m2.length).toBeGreaterThan(1);
    expect(m1[0]!.at).toBeLessThan(m2[m2.length - 1]!.at);
    expect(m2[0]!.at).toBeLessThan(m1[m1.length - 1]!.at);
    for (const list of [m1, m2]) {
      for (const r of list) {
        const inWindow = list
          .filter((o) => o.at > r.at - 1000 && o.at <= r.at)
          .reduce((n, o) => n + o.manageOffers, 0);
        expect(inWindow).toBeLessThanOrEqual(limits.manageOffersPerWindow);
      }
    }
  });

  it('a token the marketplace refuses adds nothing and leaves the connected sellers as they were', async () => {
    const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: seller1.token });
    await call('profiles.add', { token: seller2.token });
    const before = await call('profiles.list');
    const bad = 'a-token-the-marketplace-never-issued';
    const failure = await failureOf('profiles.add', { token: bad });
    expect(failure.kind).toBe('unauthorized');
    expect(failure.message).not.toContain(bad);
    const after = await call('profiles.list');
    expect(after.profiles.map((p) => [p.name, p.active])).toEqual(
      before.profiles.map((p) => [p.name, p.active]),
    );
    await until(async () =>
      (await call('profiles.list')).profiles.every((p) => p.connection === 'online'),
    );
    expect(await call('session.status')).toMatchObject({ tokenSet: true, mode: 'marketplace' });
  });
});
