// The desktop app and the command line share a data folder, and so queued credentials: the app
// core (with a keychain that really encrypts, standing in for safeStorage) and the real
// `seller-desk` binary in a child process, against the sandbox marketplace.
// - Credentials queued in the app are locked for the CLI until the seller lets it in: its push
//   sends everything else, keeps them queued, says how to fix it and exits 3; then, allowed,
//   it sends them — once.
// - The CLI never makes a second key for a profile that has one.
// - Credentials the CLI queued (under a key it created) are sent by the app.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coreCalls } from '../app/coreHarness';
import { createAppCore, createEncryptedTokenVault, type AppCore } from '../../electron/core/app';
import { profileFile, profileKeyFiles } from '../../electron/core/usecases/paths';
import { hashCredential } from '../../electron/core/credentials/hash';
import {
  CREDENTIALS_LOCKED_MESSAGE,
  createKeyFileProtector,
  keyIdOf,
  openSecretBox,
} from '../../electron/core/secrets';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { fakeKeychain, type FakeKeychain } from '../secrets/fakeKeychain';
import { jsonOf, runInProcess, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

const posix = process.platform !== 'win32';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
});
afterAll(async () => {
  await sandbox.close();
});

let dir: ReturnType<typeof tempDir>;
let dataDir: string;
let keychain: FakeKeychain;
let target: CliTarget;
let app: AppCore | null;
beforeEach(() => {
  dir = tempDir('sd-cli-key-');
  dataDir = join(dir.path, 'data');
  keychain = fakeKeychain();
  target = { baseUrl: sandbox.baseUrl, dataDir, token: sandbox.sellers[0]!.token };
  app = null;
});
afterEach(async () => {
  await app?.close();
  dir.remove();
});

/** The desktop app's core on this data folder (its token vault kept outside the folder). */
const { call, syncNow, localIdOf } = coreCalls(() => app!);

async function openApp(): Promise<AppCore> {
  const box = openSecretBox(createKeyFileProtector(join(dir.path, 'vault.bin')));
  const core = await createAppCore({
    dataDir,
    baseUrl: sandbox.baseUrl,
    tokenVault: createEncryptedTokenVault(
      {
        encrypt: (text) => box.seal(Buffer.from(text)),
        decrypt: (sealed) => box.open(sealed).toString(),
        backend: () => 'keychain',
      },
      join(dir.path, 'token.bin'),
    ),
    keychain,
    dialogs: { pickFiles: async () => [], saveFile: async () => null },
    openExternal: async () => {},
    resolveFileRef: async (ref) => ref,
    windowMs: WINDOW_MS,
    syncIntervalMs: 3_600_000,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  app = core;
  return core;
}

/** The seller's account offers that take credentials (credential system 3). */
function accountOffers() {
  return sandbox.control
    .offers(sandbox.sellers[0]!.id)
    .filter((o) => o.marketplace_type === 2 && o.credential_system_type_id === 3);
}

const profile = () => profileFile(dataDir, sandbox.baseUrl);
const stem = () => basename(profile(), '.sqlite');

/** Every credentials key file in the data folder, relative to it. */
function keyFiles(): string[] {
  const root = readdirSync(dataDir).filter((n) => n.startsWith('credentials.'));
  const profiles = readdirSync(join(dataDir, 'profiles'))
    .filter((n) => n.includes('.credentials.'))
    .map((n) => `profiles/${n}`);
  return [...root, ...profiles].sort();
}

/** What the profile's SQLite holds: its key id, queued sealed rows, and the outbox. */
function profileState() {
  const db = new Database(profile(), { readonly: true });
  try {
    const keyId =
      db.prepare<{ value: string }>("SELECT value FROM meta WHERE key = 'credentials_key_id'").get()
        ?.value ?? null;
    const sealed = db.prepare<{ n: number }>('SELECT count(*) AS n FROM queued_credentials').get()!
      .n;
    const outbox = db
      .prepare<{ kind: string; state: string }>('SELECT kind, state FROM outbox ORDER BY id')
      .all();
    return { keyId, sealed, outbox };
  } finally {
    db.close();
  }
}

function accountsFile(name: string, logins: string[]): string {
  const file = join(dir.path, name);
  writeFileSync(file, logins.map((l) => `${l}:${l}-Secret-Pass`).join('\n'));
  return file;
}

const loginHashes = (logins: string[]) =>
  logins.map((login) => hashCredential({ login }).loginHash);

describe('credentials queued in the app', () => {
  it('wait for the seller to let the command line in; the rest is pushed; then they go, once', async () => {
    await openApp();
    await call('session.connect', { token: target.token });
    await syncNow();
    const [offer, other] = accountOffers();
    const localId = await localIdOf(offer!.id);
    const otherId = await localIdOf(other!.id);
    const logins = ['app-alpha', 'app-bravo', 'app-charlie'];
    const preview = (await call('credentials.preview', {
      localId,
      file: accountsFile('app.txt', logins),
    })) as { previewId: string };
    expect(
      (await call('credentials.commit', { previewId: preview.previewId, mode: 'add' })).queued,
    ).toBe(3);
    // After the credentials, edits that do not depend on them: the same offer's and another's.
    await call('offers.changePrice', { localIds: [localId, otherId], mode: 'amount', value: 2 });
    const before = profileState();
    expect(before.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(before.sealed).toBe(3);
    expect(keyFiles()).toEqual([`profiles/${stem()}.credentials.key.enc`]);
    const keysBefore = keyFiles();

    // The CLI alone cannot open them: it refuses to queue more, pushes the rest, keeps them.
    const refused = await runSellerDesk(
      [
        'credentials',
        'import',
        accountsFile('cli.txt', ['cli-delta']),
        '--offer',
        String(offer!.id),
      ],
      target,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(CREDENTIALS_LOCKED_MESSAGE);
    const refusedJson = await runInProcess(
      ['credentials', 'import', join(dir.path, 'cli.txt'), '--offer', String(offer!.id), '--json'],
      target,
    );
    expect(jsonOf<{ exitCode: number; error: { kind: string } }>(refusedJson)).toMatchObject({
      exitCode: 1,
      error: { kind: 'credentials_locked' },
    });
    expect(profileState().sealed).toBe(3);

    const locked = await runSellerDesk(['push'], target);
    expect(locked.code, locked.stderr).toBe(3);
    expect(locked.stdout).toContain(CREDENTIALS_LOCKED_MESSAGE);
    const afterLocked = profileState();
    expect(afterLocked.sealed).toBe(3);
    expect(afterLocked.outbox).toEqual([{ kind: 'credentials', state: 'queued' }]);
    expect(afterLocked.keyId).toBe(before.keyId);
    const onServer = new Map(
      sandbox.control.offers(sandbox.sellers[0]!.id).map((o) => [o.id, o.price_per_step]),
    );
    expect(onServer.get(offer!.id)).toBeCloseTo(offer!.price_per_step + 2, 4);
    expect(onServer.get(other!.id)).toBeCloseTo(other!.price_per_step + 2, 4);
    const hashes = loginHashes(logins);
    expect(sandbox.control.credentials(offer!.id).some((c) => hashes.includes(c.login_hash))).toBe(
      false,
    );
    // No second key anywhere in the data folder.
    expect(keyFiles()).toEqual(keysBefore);
    const shown = jsonOf<{ result: { outcome: { message: string } | null } }>(
      await runInProcess(['offers', 'show', String(offer!.id), '--json'], target),
    );
    expect(shown.result.outcome?.message).toMatch(/Let the command line send credentials/);

    // The seller lets the command line in: one owner-only key file, the profile's own key.
    expect(await call('settings.setCommandLineCredentials', { enabled: true })).toMatchObject({
      commandLineCredentials: true,
    });
    const { keyFile } = profileKeyFiles(profile());
    if (posix) expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(keyIdOf(readFileSync(keyFile))).toBe(before.keyId);

    const pushed = await runSellerDesk(['push', '--json'], target);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(jsonOf<{ result: { credentialsHeld: unknown } }>(pushed).result.credentialsHeld).toBe(
      null,
    );
    const uploaded = sandbox.control.credentials(offer!.id).map((c) => c.login_hash);
    for (const hash of loginHashes(logins)) {
      expect(uploaded.filter((h) => h === hash)).toHaveLength(1);
    }
    expect(profileState()).toMatchObject({ sealed: 0, outbox: [], keyId: before.keyId });

    // Nothing left to send twice: another push sends nothing.
    const mark = sandbox.requests.length;
    expect((await runSellerDesk(['push'], target)).code).toBe(0);
    expect(sandbox.requests.slice(mark).some((r) => r.path.includes('credentials'))).toBe(false);

    // And out again: the key file goes, the keychain copy stays.
    await call('settings.setCommandLineCredentials', { enabled: false });
    expect(keyFiles()).toEqual(keysBefore);
  });
});

describe('credentials queued by the command line', () => {
  it('are sealed under a key the CLI creates, which the app adopts and pushes with', async () => {
    expect((await runInProcess(['pull'], target)).code).toBe(0);
    const offer = accountOffers()[2]!;
    const logins = ['cli-echo', 'cli-foxtrot'];
    const queued = await runSellerDesk(
      ['credentials', 'import', accountsFile('cli.txt', logins), '--offer', String(offer.id)],
      target,
    );
    expect(queued.code, queued.stderr).toBe(0);
    expect(keyFiles()).toEqual([`profiles/${stem()}.credentials.key`]);
    const { keyFile } = profileKeyFiles(profile());
    if (posix) expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const { keyId } = profileState();
    expect(keyIdOf(readFileSync(keyFile))).toBe(keyId);

    await openApp();
    await call('session.connect', { token: target.token });
    await syncNow();
    const uploaded = sandbox.control.credentials(offer.id).map((c) => c.login_hash);
    expect(uploaded).toEqual(expect.arrayContaining(loginHashes(logins)));
    expect(profileState()).toMatchObject({ sealed: 0, outbox: [], keyId });
    // Adopted: the same key, now also protected by the keychain; still one key.
    expect(keyFiles()).toEqual([
      `profiles/${stem()}.credentials.key`,
      `profiles/${stem()}.credentials.key.enc`,
    ]);
  });
});
