// "Let the command line send credentials" is each profile's own setting: with two sellers'
// profiles in one data folder, each with credentials queued in the app, the seller lets the
// command line in for one of them only. The real `seller-desk` binary (a child process) then
// sends that profile's credentials, and keeps the other's locked and queued. App core (with a
// keychain that really encrypts: test/app/coreHarness) and the sandbox marketplace over loopback.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { hashCredential } from '../../electron/core/credentials/hash';
import { CREDENTIALS_LOCKED_MESSAGE } from '../../electron/core/secrets';
import { profileKeyFiles } from '../../electron/core/usecases/paths';
import { listProfiles } from '../../electron/core/usecases/profiles';
import { profileSettingsOfFile } from '../../electron/core/usecases/settings';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { coreCalls, createTestCore } from '../app/coreHarness';
import { runSellerDesk, tempDir, WINDOW_MS } from './harness';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
});
afterAll(async () => {
  await sandbox.close();
});

let dir: ReturnType<typeof tempDir>;
let dataDir: string;
let app: AppCore;
beforeEach(async () => {
  dir = tempDir('sd-cli-access-');
  dataDir = join(dir.path, 'data');
  app = await createTestCore(dataDir, sandbox.baseUrl, {
    windowMs: WINDOW_MS,
    syncDebounceMs: 3_600_000,
  });
  await app.start();
});
afterEach(async () => {
  await app.close();
  dir.remove();
});

const { call, syncNow } = coreCalls(() => app);

/** Queues credentials on the shown seller's first account offer; its marketplace id. */
async function queueCredentials(sellerId: number, logins: string[]): Promise<number> {
  const offer = sandbox.control
    .offers(sellerId)
    .find((o) => o.marketplace_type === 2 && o.credential_system_type_id === 3)!;
  const page = await call('offers.query', {
    text: String(offer.id),
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 10,
  });
  const localId = page.rows.find((r) => r.serverId === offer.id)!.localId;
  const file = join(dir.path, `${sellerId}.txt`);
  writeFileSync(file, logins.map((l) => `${l}:${l}-Secret-Pass`).join('\n'));
  const preview = (await call('credentials.preview', { localId, file })) as { previewId: string };
  await call('credentials.commit', { previewId: preview.previewId, mode: 'add' });
  return offer.id;
}

const uploaded = (offerId: number, logins: string[]) => {
  const sent = sandbox.control.credentials(offerId).map((c) => c.login_hash);
  return logins.filter((login) => sent.includes(hashCredential({ login }).loginHash));
};

describe('command-line access to credentials, per profile', () => {
  it("the command line sends the credentials of the profile that lets it, and only that one's", async () => {
    const [s1, s2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: s1.token });
    await syncNow();
    const name1 = (await call('profiles.list')).profiles.find((p) => p.active)!.name;
    const logins1 = ['one-alpha', 'one-bravo'];
    const offer1 = await queueCredentials(s1.id, logins1);

    await call('profiles.add', { token: s2.token });
    await syncNow();
    const name2 = (await call('profiles.list')).profiles.find((p) => p.active)!.name;
    const logins2 = ['two-alpha', 'two-bravo'];
    const offer2 = await queueCredentials(s2.id, logins2);
    expect(await call('settings.setCommandLineCredentials', { enabled: true })).toMatchObject({
      commandLineCredentials: true,
    });

    const fileOf = (name: string) =>
      listProfiles(dataDir, sandbox.baseUrl).find((p) => p.name === name)!.file;
    expect(profileSettingsOfFile(fileOf(name2)).commandLineCredentials).toBe(true);
    expect(profileSettingsOfFile(fileOf(name1)).commandLineCredentials).toBe(false);
    expect(existsSync(profileKeyFiles(fileOf(name2)).keyFile)).toBe(true);
    expect(existsSync(profileKeyFiles(fileOf(name1)).keyFile)).toBe(false);

    const target = (token: string) => ({ baseUrl: sandbox.baseUrl, dataDir, token });
    const locked = await runSellerDesk(['push', '--profile', name1], target(s1.token));
    expect(locked.code, locked.stderr).toBe(3);
    expect(locked.stdout + locked.stderr).toContain(CREDENTIALS_LOCKED_MESSAGE);
    expect(uploaded(offer1, logins1)).toEqual([]);

    const pushed = await runSellerDesk(['push', '--profile', name2], target(s2.token));
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(uploaded(offer2, logins2)).toEqual(logins2);
    expect(uploaded(offer1, logins1)).toEqual([]);
  });
});
