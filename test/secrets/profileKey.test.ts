// One key per profile, shared by the app (keychain) and the command line (an owner-only key file
// only when allowed): who creates, who adopts, who is locked out, and how credentials queued
// under the data folder's single key of before are moved onto the profile's key.
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCommandLineAccess } from '../../electron/core/app/commandLineAccess';
import {
  legacyCredentialsKeyFile,
  profileFile,
  profileKeyFiles,
} from '../../electron/core/usecases/paths';
import {
  CREDENTIALS_LOCKED_MESSAGE,
  createEncryptedKeyProtector,
  createKeyFileProtector,
  keyIdOf,
  openProfileKeyring,
  sealedKeyId,
  SecretBoxError,
  type Keyring,
  type SecretBox,
  type StringEncryption,
} from '../../electron/core/secrets';
import { openStore, type Store } from '../../electron/core/store';
import { accountProduct, tempDir } from '../store/fixtures';
import { fakeKeychain, type FakeKeychain } from './fakeKeychain';
import { testDatabase } from '../../electron/core/store/testing';

const posix = process.platform !== 'win32';
const BASE_URL = 'https://marketplace.example';

let dir: ReturnType<typeof tempDir>;
let dataDir: string;
let file: string;
let store: Store;
/** What the store seals with: set per test to the keyring of "the process" queueing. */
let sealer: SecretBox | null;
let keychain: FakeKeychain;
let localId: number;

beforeEach(() => {
  dir = tempDir();
  dataDir = join(dir.path, 'data');
  file = profileFile(dataDir, BASE_URL);
  mkdirSync(join(dataDir, 'profiles'), { recursive: true });
  sealer = null;
  store = openStore(file, {
    secretBox: {
      seal: (plain) => sealer!.seal(plain),
      open: (sealed) => sealer!.open(sealed),
    },
  });
  store.saveProducts([accountProduct]);
  localId = store.createOffer({
    productId: 20,
    guaranteeDeliveryTime: 60_000,
    fields: { price_per_step: 10, amount: 1, min_purchase_amount: 1, data: { '201': '60' } },
  });
  keychain = fakeKeychain();
});
afterEach(() => {
  store.close();
  dir.remove();
});

const legacy = () => ({
  keyFile: legacyCredentialsKeyFile(dataDir, 'file'),
  keychainFile: legacyCredentialsKeyFile(dataDir, 'keychain'),
});
const files = () => profileKeyFiles(file);

function inCommandLine(): Keyring {
  return openProfileKeyring({ store, files: files(), legacy: legacy() });
}

function inApp(commandLineAccess = false, chain: StringEncryption = keychain): Keyring {
  return openProfileKeyring({
    store,
    files: files(),
    keychain: chain,
    commandLineAccess,
    legacy: legacy(),
  });
}

function queue(box: SecretBox, logins: string[]): void {
  sealer = box;
  store.queueCredentials(
    localId,
    logins.map((login) => ({ login, game_password: `${login}-pw` })),
    'add',
  );
}

function sealedRows(): Buffer[] {
  return testDatabase(store)
    .prepare<{ sealed: Buffer }>('SELECT sealed FROM queued_credentials ORDER BY id')
    .all()
    .map((r) => r.sealed);
}

function openedLogins(box: SecretBox): string[] {
  return sealedRows().map((s) => (JSON.parse(box.open(s).toString()) as { login: string }).login);
}

/** Every key-ish file of the data folder, by name. */
function keyFiles(): string[] {
  const root = readdirSync(dataDir).filter((n) => n.includes('key'));
  const profiles = readdirSync(join(dataDir, 'profiles'))
    .filter((n) => n.includes('key'))
    .map((n) => `profiles/${n}`);
  return [...root, ...profiles].sort();
}

/** A blob as sealed before key ids (format 1). */
function sealFormat1(key: Buffer, plain: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(1), nonce, cipher.getAuthTag(), body]);
}

/** Queues credentials the way the code of before did: format 1 under the folder's one key. */
function queueFormat1(key: Buffer, logins: string[]): void {
  queue(
    {
      seal: (plain) => sealFormat1(key, Buffer.from(plain).toString('utf8')),
      open: () => {
        throw new Error('not used');
      },
    },
    logins,
  );
}

describe('a profile used by the command line only', () => {
  it('gets one key, in an owner-only key file, recorded by id and reused', () => {
    const ring = inCommandLine();
    expect(ring.locked).toBeNull();
    expect(store.credentialsKeyId()).toBe(ring.keyId);
    expect(keyFiles()).toEqual(['profiles/marketplace.example.credentials.key']);
    if (posix) expect(statSync(files().keyFile).mode & 0o777).toBe(0o600);
    expect(keyIdOf(readFileSync(files().keyFile))).toBe(ring.keyId);
    queue(ring, ['cli-one']);
    expect(sealedKeyId(sealedRows()[0]!)).toBe(ring.keyId);
    expect(openedLogins(inCommandLine())).toEqual(['cli-one']);
    expect(keyFiles()).toEqual(['profiles/marketplace.example.credentials.key']);
  });

  it('is adopted by the app: the same key, now protected by the keychain too', () => {
    const cli = inCommandLine();
    queue(cli, ['cli-queued']);
    const app = inApp();
    expect(app.keyId).toBe(cli.keyId);
    expect(openedLogins(app)).toEqual(['cli-queued']);
    expect(keyFiles()).toEqual([
      'profiles/marketplace.example.credentials.key',
      'profiles/marketplace.example.credentials.key.enc',
    ]);
    // The keychain copy holds the same key, encrypted.
    const fromKeychain = createEncryptedKeyProtector({
      ...keychain,
      path: files().keychainFile,
    }).load();
    expect(keyIdOf(fromKeychain!)).toBe(cli.keyId);
    expect(readFileSync(files().keychainFile).includes(readFileSync(files().keyFile))).toBe(false);
  });
});

describe('a key whose id was never recorded (a process stopped in between)', () => {
  it('is taken up by the next process, never doubled', () => {
    // The command line wrote its key file, then stopped before recording the id.
    const orphan = randomBytes(32);
    createKeyFileProtector(files().keyFile).save(orphan);
    expect(store.credentialsKeyId()).toBeNull();
    const app = inApp();
    expect(app.keyId).toBe(keyIdOf(orphan));
    expect(store.credentialsKeyId()).toBe(keyIdOf(orphan));
    expect(inCommandLine().keyId).toBe(keyIdOf(orphan));
  });

  it("the app's keychain copy without a recorded id locks the command line until the app records it", () => {
    const orphan = randomBytes(32);
    createEncryptedKeyProtector({ ...keychain, path: files().keychainFile }).save(orphan);
    expect(inCommandLine().locked?.reason).toBe('locked');
    expect(existsSync(files().keyFile)).toBe(false);
    expect(inApp().keyId).toBe(keyIdOf(orphan));
  });
});

describe('a profile the app keyed', () => {
  it('keeps its key in the keychain only, and locks the command line out without a second key', () => {
    const app = inApp();
    queue(app, ['app-one', 'app-two']);
    expect(keyFiles()).toEqual(['profiles/marketplace.example.credentials.key.enc']);
    const cli = inCommandLine();
    expect(cli.keyId).toBeNull();
    expect(cli.locked?.reason).toBe('locked');
    expect(cli.locked?.message).toBe(CREDENTIALS_LOCKED_MESSAGE);
    expect(() => cli.open(sealedRows()[0]!)).toThrow(CREDENTIALS_LOCKED_MESSAGE);
    expect(() => queue(cli, ['cli-refused'])).toThrow(SecretBoxError);
    // Nothing was created, nothing queued by the refused call, the recorded key unchanged.
    expect(keyFiles()).toEqual(['profiles/marketplace.example.credentials.key.enc']);
    expect(store.credentialsKeyId()).toBe(app.keyId);
    expect(openedLogins(app)).toEqual(['app-one', 'app-two']);
  });

  it('lets the command line in once the seller allows it, and out again', () => {
    const app = inApp();
    queue(app, ['app-one']);
    applyCommandLineAccess(dataDir, keychain, true);
    if (posix) expect(statSync(files().keyFile).mode & 0o777).toBe(0o600);
    const cli = inCommandLine();
    expect(cli.keyId).toBe(app.keyId);
    expect(openedLogins(cli)).toEqual(['app-one']);
    applyCommandLineAccess(dataDir, keychain, false);
    expect(existsSync(files().keyFile)).toBe(false);
    expect(inCommandLine().locked?.reason).toBe('locked');
    // The app still has its key.
    expect(openedLogins(inApp())).toEqual(['app-one']);
  });

  it('writes the key file itself when the profile is keyed while access is on', () => {
    const app = inApp(true);
    expect(keyIdOf(readFileSync(files().keyFile))).toBe(app.keyId);
    expect(inCommandLine().keyId).toBe(app.keyId);
  });

  it('turning access off leaves a key file the app holds no copy of (the command line’s own)', () => {
    inCommandLine();
    applyCommandLineAccess(dataDir, keychain, false);
    expect(existsSync(files().keyFile)).toBe(true);
  });

  it('says so when the keychain can no longer read the key, and recovers it from a key file', () => {
    const app = inApp(true);
    queue(app, ['kept']);
    const changed = fakeKeychain();
    // The key file (access was on) still holds the key: the new keychain protects it again.
    const recovered = inApp(false, changed);
    expect(recovered.keyId).toBe(app.keyId);
    expect(openedLogins(recovered)).toEqual(['kept']);
    // Without a key file, the key is unavailable — no second key is made in its place.
    applyCommandLineAccess(dataDir, changed, false);
    const lost = inApp(false, fakeKeychain());
    expect(lost.keyId).toBeNull();
    expect(lost.locked?.reason).toBe('key_unavailable');
    expect(() => lost.open(sealedRows()[0]!)).toThrow(/system keychain/);
    expect(store.credentialsKeyId()).toBe(app.keyId);
  });
});

describe('credentials queued before keys were per profile', () => {
  it("the command line's: opened, and sealed again under the profile's key", () => {
    const old = randomBytes(32);
    writeFileSync(legacy().keyFile, old, { mode: 0o600 });
    queueFormat1(old, ['old-one', 'old-two']);
    expect(sealedRows().every((s) => sealedKeyId(s) === null)).toBe(true);
    const ring = inCommandLine();
    expect(ring.keyId).not.toBe(keyIdOf(old));
    expect(sealedRows().every((s) => sealedKeyId(s) === ring.keyId)).toBe(true);
    expect(openedLogins(ring)).toEqual(['old-one', 'old-two']);
  });

  it("the app's: locked for the command line (no key made), moved on by the app", () => {
    const old = randomBytes(32);
    createEncryptedKeyProtector({ ...keychain, path: legacy().keychainFile }).save(old);
    queueFormat1(old, ['app-old']);
    const cli = inCommandLine();
    expect(cli.locked?.message).toBe(CREDENTIALS_LOCKED_MESSAGE);
    expect(() => cli.open(sealedRows()[0]!)).toThrow(CREDENTIALS_LOCKED_MESSAGE);
    expect(store.credentialsKeyId()).toBeNull();
    expect(keyFiles()).toEqual(['credentials.key.enc']);
    const app = inApp();
    expect(sealedKeyId(sealedRows()[0]!)).toBe(app.keyId);
    expect(openedLogins(app)).toEqual(['app-old']);
    applyCommandLineAccess(dataDir, keychain, true);
    expect(openedLogins(inCommandLine())).toEqual(['app-old']);
  });
});
