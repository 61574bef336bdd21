// Settings are each seller's: the hold ("wait before sending") and "Send changes automatically"
// are kept in each profile, Settings shows and changes the shown one's, and every background
// profile's sync obeys its own. The app-wide values of an earlier version are given to every
// existing profile at the first start. Real core, real sandbox (several sellers), real SQLite.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { openStore } from '../../electron/core/store';
import { listProfiles } from '../../electron/core/usecases/profiles';
import { profileSettingsOfFile } from '../../electron/core/usecases/settings';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from './coreHarness';
import { until, queueGoldOffers, offersPricedFrom } from './sellerWorld';

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
const { call } = coreCalls(() => core);

async function openCore() {
  // No hold override: each profile's own hold is what counts here.
  core = await createTestCore(dataDir, sandbox.baseUrl, {
    syncDebounceMs: 100,
    syncIntervalMs: 300,
  });
  await core.start();
}

beforeEach(async () => {
  names.clear();
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dataDir = mkdtempSync(join(tmpdir(), 'seller-desk-profile-settings-'));
  await openCore();
});

afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// A seller with no offers yet is known by their token's fingerprint only (no user id): each
// profile is told apart by the name it got when its token was added.
const names = new Map<number, string>();
async function shownAs(sellerId: number): Promise<void> {
  names.set(sellerId, (await call('profiles.list')).profiles.find((p) => p.active)!.name);
}
const nameOf = async (sellerId: number) => names.get(sellerId)!;
const fileOf = (sellerId: number) =>
  listProfiles(dataDir, sandbox.baseUrl).find((p) => p.name === names.get(sellerId))!.file;
const rowOf = async (sellerId: number) =>
  (await call('profiles.list')).profiles.find((p) => p.name === names.get(sellerId))!;

const DEFAULTS = {
  holdSeconds: 10,
  sendAutomatically: true,
  commandLineCredentials: false,
  syncIntervalMinutes: 5,
};

describe('settings per profile', { timeout: 90_000 }, () => {
  it("each background profile sends by its own hold and automatic sending, Settings shows the shown one's", async () => {
    const [s1, s2, s3] = [sandbox.sellers[0]!, sandbox.sellers[1]!, sandbox.sellers[2]!];
    const [A, B, C] = [71.11, 72.22, 73.33];

    // Seller 1: a long hold. Seller 2: no hold. Seller 3: sends only on "Sync now".
    await call('session.connect', { token: s1.token });
    await shownAs(s1.id);
    await call('settings.setSending', { holdSeconds: 600 });
    await queueGoldOffers({ call, sandbox }, A, 2);
    await call('profiles.add', { token: s2.token });
    await shownAs(s2.id);
    expect(await call('settings.get')).toEqual(DEFAULTS);
    await call('settings.setSending', { holdSeconds: 0, sendAutomatically: false });
    await queueGoldOffers({ call, sandbox }, B, 2);
    await call('profiles.add', { token: s3.token });
    await shownAs(s3.id);
    expect(await call('settings.get')).toEqual(DEFAULTS);
    await call('settings.setSending', { holdSeconds: 0, sendAutomatically: false });
    await queueGoldOffers({ call, sandbox }, C, 2);
    expect(profileSettingsOfFile(fileOf(s2.id))).toMatchObject({ sendAutomatically: false });
    // Seller 2 now lets the background send (as its Settings would while shown).
    await call('profiles.switch', { name: await nameOf(s2.id) });
    expect(await call('settings.get')).toEqual({
      ...DEFAULTS,
      holdSeconds: 0,
      sendAutomatically: false,
    });
    await call('settings.setSending', { sendAutomatically: true });
    // Seller 1 shown: seller 2 and 3 in the background.
    await call('profiles.switch', { name: await nameOf(s1.id) });
    expect(await call('settings.get')).toEqual({ ...DEFAULTS, holdSeconds: 600 });

    await until(() => offersPricedFrom(sandbox, s2.id, B).length === 2);
    // Seller 3's background sync keeps reading the marketplace, and sends nothing.
    const from = sandbox.requests.length;
    await until(
      () =>
        sandbox.requests.slice(from).filter((r) => r.sellerId === s3.id && r.status === 200)
          .length >= 3,
    );
    expect(offersPricedFrom(sandbox, s3.id, C)).toEqual([]);
    expect(await rowOf(s3.id)).toMatchObject({ toSend: 2 });
    // Seller 1's hold of ten minutes keeps their changes here (undo still possible).
    expect(offersPricedFrom(sandbox, s1.id, A)).toEqual([]);
    expect(await rowOf(s1.id)).toMatchObject({ toSend: 2 });
    // No offer went to another seller's account.
    expect(offersPricedFrom(sandbox, s1.id, B)).toEqual([]);
    expect(offersPricedFrom(sandbox, s3.id, B)).toEqual([]);

    // Seller 3's own switch turned on: its background sync sends, with no other change.
    await call('profiles.switch', { name: await nameOf(s2.id) });
    await call('profiles.switch', { name: await nameOf(s3.id) });
    await call('settings.setSending', { sendAutomatically: true });
    await call('profiles.switch', { name: await nameOf(s2.id) });
    await until(() => offersPricedFrom(sandbox, s3.id, C).length === 2);
    expect(offersPricedFrom(sandbox, s1.id, A)).toEqual([]);
  });

  it('gives the app-wide settings of an earlier version to every profile there is, once', async () => {
    const [s1, s2, s3] = [sandbox.sellers[0]!, sandbox.sellers[1]!, sandbox.sellers[2]!];
    await call('session.connect', { token: s1.token });
    await shownAs(s1.id);
    await call('profiles.add', { token: s2.token });
    await shownAs(s2.id);
    await core.close();
    // What an earlier version leaves: the settings app-wide, none in the profiles.
    for (const p of listProfiles(dataDir, sandbox.baseUrl)) {
      const store = openStore(p.file);
      store.saveProfileSettings(null);
      store.close();
    }
    const settingsPath = join(dataDir, 'settings.json');
    const earlier = JSON.parse(readFileSync(settingsPath, 'utf8')) as Record<string, unknown>;
    delete earlier.settingsMovedToProfiles;
    const legacy = { holdSeconds: 42, sendAutomatically: false, commandLineCredentials: true };
    writeFileSync(settingsPath, JSON.stringify({ ...earlier, ...legacy }));

    await openCore();
    // Earlier versions had no interval: the default one.
    expect(await call('settings.get')).toEqual({ ...legacy, syncIntervalMinutes: 5 });
    for (const p of listProfiles(dataDir, sandbox.baseUrl)) {
      expect(profileSettingsOfFile(p.file)).toEqual({ ...legacy, syncIntervalMinutes: 5 });
    }
    // Each is its own from now on; a profile added later starts from the defaults.
    await call('settings.setSending', { holdSeconds: 5 });
    await call('profiles.add', { token: s3.token });
    await shownAs(s3.id);
    expect(await call('settings.get')).toEqual(DEFAULTS);
    expect(
      profileSettingsOfFile(fileOf(s1.id)).holdSeconds +
        profileSettingsOfFile(fileOf(s2.id)).holdSeconds,
    ).toBe(47);

    // Not given twice: a second start leaves each profile's own values.
    await core.close();
    await openCore();
    expect(profileSettingsOfFile(fileOf(s3.id))).toEqual(DEFAULTS);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8'))).toMatchObject({
      settingsMovedToProfiles: true,
    });
  });
});
