// One data key per profile, shared by the desktop app and the command line.
//
// The profile's SQLite file records the key's id (claimed in one transaction, so two processes
// never settle on two keys). The key itself is kept
// - encrypted by the OS keychain (`keychainFile`), wherever the app has opened the profile;
// - in clear in an owner-only file (`keyFile`, mode 0600), only when the seller let the command
//   line send credentials (the app writes it) or when the command line created the key itself.
// The command line never creates a second key for a profile that has one: without a key file for
// the recorded id it is "locked", says so, and leaves what is queued for the app to send.
//
// Credentials sealed before keys were per profile (format 1, one key for the whole data folder)
// are sealed again under the profile's key the first time a process that can open them opens the
// profile, so nothing queued then is lost.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { CredentialsKeyRecord } from './keyRecord';
import {
  createEncryptedKeyProtector,
  createKeyFileProtector,
  type KeyProtector,
  type StringEncryption,
} from './keyProtector';
import {
  createKeyring,
  DATA_KEY_BYTES,
  keyIdOf,
  SecretBoxError,
  type Keyring,
  type RandomBytes,
} from './secretBox';

/** What the command line says when the profile's key is protected by the app's keychain only. */
export const CREDENTIALS_LOCKED_MESSAGE =
  "This profile's credentials are locked by the Seller Desk app's keychain. Open Seller Desk → " +
  "Settings → 'Let the command line send credentials', or push from the app.";

/** What an offer whose queued credentials wait for that shows (its attention reason). */
export const CREDENTIALS_LOCKED_ATTENTION =
  'Credentials queued in the Seller Desk app cannot be opened by the command line: turn on ' +
  "Settings → 'Let the command line send credentials' in the app, or push from the app.";

/** The attention reason of an offer whose queued credentials could not be opened. */
export function sealedCredentialsAttention(error: SecretBoxError): string {
  return error.reason === 'locked'
    ? CREDENTIALS_LOCKED_ATTENTION
    : `Queued credentials could not be opened here: ${error.message}. They stay queued; ` +
        'push from the computer they were queued on, or import them again.';
}

export interface ProfileKeyFiles {
  /** The raw key, mode 0600, readable by the command line. */
  keyFile: string;
  /** The key encrypted by the OS keychain, for the app. */
  keychainFile: string;
}

export interface ProfileKeyOptions {
  /** The profile's store: where the key's id is recorded and credentials wait. */
  store: CredentialsKeyRecord;
  files: ProfileKeyFiles;
  /** The app's keychain (safeStorage); absent for the command line, which has none. */
  keychain?: StringEncryption;
  /** App only: the seller let the command line send credentials, so a key file is kept too. */
  commandLineAccess?: boolean;
  /** The data folder's single key of before (each may be missing). */
  legacy: ProfileKeyFiles;
  randomBytes?: RandomBytes;
}

type Loaded = { key: Buffer } | { error: SecretBoxError } | null;

function tryLoad(protector: KeyProtector): Loaded {
  try {
    const key = protector.load();
    return key ? { key } : null;
  } catch (error) {
    if (error instanceof SecretBoxError) return { error };
    throw error;
  }
}

const keyOf = (loaded: Loaded, id?: string): Buffer | null =>
  loaded && 'key' in loaded && (id === undefined || keyIdOf(loaded.key) === id) ? loaded.key : null;

const errorOf = (loaded: Loaded): SecretBoxError | null =>
  loaded && 'error' in loaded ? loaded.error : null;

interface Resolved {
  key: Buffer | null;
  keyId: string | null;
  locked: SecretBoxError | null;
}

/** The profile's keyring: its key (created on first use where allowed) and the legacy keys. */
export function openProfileKeyring(options: ProfileKeyOptions): Keyring {
  const randomBytes = options.randomBytes ?? nodeRandomBytes;
  // The keys of before only ever open blobs of before: read them only when there are some.
  const legacy =
    options.store.countLegacySealedCredentials() > 0
      ? legacyKeys(options)
      : { keys: [], appOnly: false };
  const resolved = options.keychain
    ? resolveInApp(options, options.keychain, randomBytes)
    : resolveInCommandLine(options, legacy, randomBytes);
  const ring = createKeyring({
    current: resolved.key,
    locked: resolved.locked,
    lockedKeyId: resolved.keyId,
    legacy: legacy.keys,
    randomBytes,
  });
  if (ring.keyId) migrateLegacyBlobs(options.store, ring);
  return ring;
}

/** The folder-wide keys of before that this process can read. */
function legacyKeys(options: ProfileKeyOptions): { keys: Buffer[]; appOnly: boolean } {
  const keys: Buffer[] = [];
  const raw = keyOf(tryLoad(createKeyFileProtector(options.legacy.keyFile)));
  if (raw) keys.push(raw);
  let appOnly = false;
  if (options.keychain) {
    const fromKeychain = keyOf(
      tryLoad(
        createEncryptedKeyProtector({ ...options.keychain, path: options.legacy.keychainFile }),
      ),
    );
    if (fromKeychain) keys.unshift(fromKeychain);
  } else {
    appOnly = existsSync(options.legacy.keychainFile);
  }
  return { keys, appOnly };
}

function generate(randomBytes: RandomBytes): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

/**
 * The app: the recorded key from its keychain copy, else from a key file (a key the command line
 * created, which the app adopts and protects with the keychain too); a profile without a key gets
 * a new one. With command-line access on, a key file is kept beside the keychain copy.
 */
function resolveInApp(
  options: ProfileKeyOptions,
  keychain: StringEncryption,
  randomBytes: RandomBytes,
): Resolved {
  const { store, files } = options;
  const protectedByKeychain = createEncryptedKeyProtector({
    ...keychain,
    path: files.keychainFile,
  });
  const keyFile = createKeyFileProtector(files.keyFile);
  let keyId = store.credentialsKeyId();
  if (!keyId) {
    // A key left by a process that stopped before recording its id is taken up, not doubled.
    // (Nothing can have been sealed with a key whose id was never recorded, so an unreadable
    // keychain copy of one is simply replaced.)
    let key = keyOf(tryLoad(protectedByKeychain)) ?? keyOf(tryLoad(keyFile));
    if (!key) {
      key = generate(randomBytes);
      protectedByKeychain.save(key);
    }
    keyId = store.claimCredentialsKeyId(keyIdOf(key));
  }
  const fromKeychain = tryLoad(protectedByKeychain);
  let key = keyOf(fromKeychain, keyId);
  const fromFile = tryLoad(keyFile);
  if (!key) {
    key = keyOf(fromFile, keyId);
    // Adopted (the command line created it) or recovered (the keychain changed): protect it.
    if (key) protectedByKeychain.save(key);
  }
  if (!key) return unavailable(fromKeychain ?? fromFile, keyId);
  if (options.commandLineAccess && !keyOf(fromFile, keyId) && !errorOf(fromFile)) {
    keyFile.save(key);
  }
  return { key, keyId, locked: null };
}

function unavailable(loaded: Loaded, keyId: string | null): Resolved {
  return {
    key: null,
    keyId,
    locked:
      errorOf(loaded) ??
      new SecretBoxError(
        "this profile's credentials key is missing from the data folder; credentials queued " +
          'with it cannot be opened',
        'key_unavailable',
      ),
  };
}

/**
 * The command line: only ever the key file. A profile whose recorded key has no key file is
 * locked; a profile with no key gets one (it is the command line's own), unless it still holds
 * credentials that only the app's keychain of before can open.
 */
function resolveInCommandLine(
  options: ProfileKeyOptions,
  legacy: { keys: Buffer[]; appOnly: boolean },
  randomBytes: RandomBytes,
): Resolved {
  const { store, files } = options;
  const keyFile = createKeyFileProtector(files.keyFile);
  const locked = new SecretBoxError(CREDENTIALS_LOCKED_MESSAGE, 'locked');
  let keyId = store.credentialsKeyId();
  if (!keyId) {
    const appsKeyOfBefore = legacy.appOnly && legacyBlobsOnlyTheAppOpens(store, legacy.keys);
    if (appsKeyOfBefore || existsSync(files.keychainFile)) return { key: null, keyId, locked };
    const loaded = tryLoad(keyFile);
    if (errorOf(loaded)) return { key: null, keyId, locked: errorOf(loaded) };
    let key = keyOf(loaded);
    if (!key) {
      key = generate(randomBytes);
      if (!keyFile.create(key)) key = keyOf(tryLoad(keyFile));
      if (!key) return unavailable(tryLoad(keyFile), null);
    }
    keyId = store.claimCredentialsKeyId(keyIdOf(key));
    // Another process recorded its key first: ours is no one's key, and must not linger (unless
    // the app has meanwhile put the recorded key there).
    if (keyId !== keyIdOf(key) && keyOf(tryLoad(keyFile))?.equals(key)) keyFile.remove();
  }
  const loaded = tryLoad(keyFile);
  const key = keyOf(loaded, keyId);
  if (key) return { key, keyId, locked: null };
  return { key: null, keyId, locked: errorOf(loaded) ?? locked };
}

/** Whether some credentials of before open with none of the keys this process can read. */
function legacyBlobsOnlyTheAppOpens(store: CredentialsKeyRecord, keys: Buffer[]): boolean {
  if (store.countLegacySealedCredentials() === 0) return false;
  const ring = createKeyring({ current: null, legacy: keys });
  return store.legacySealedCredentials().some((sealed) => {
    try {
      ring.open(sealed);
      return false;
    } catch {
      return true;
    }
  });
}

/** Seals the profile's blobs of before again under its key, each in place (see the store). */
function migrateLegacyBlobs(store: CredentialsKeyRecord, ring: Keyring): void {
  if (store.countLegacySealedCredentials() === 0) return;
  store.resealLegacyCredentials((sealed) => {
    try {
      return ring.seal(ring.open(sealed));
    } catch {
      // Left as it is: a process that holds its key (the app, for its keychain's) moves it on.
      return null;
    }
  });
}
