// Account credentials wait in SQLite until the marketplace accepts them; this box is what keeps
// them unreadable at rest. AES-256-GCM authenticates as well as encrypts, so a flipped bit or a
// blob sealed under another key is refused instead of decrypting to garbage.
//
// Every blob names the key it was sealed with (a key id derived from the key, never the key), so
// a process that lacks that key can say so — "locked by the app's keychain" — instead of
// guessing, and a profile's older blobs (format 1, without an id) still open.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes as nodeRandomBytes,
} from 'node:crypto';
import type { KeyProtector } from './keyProtector';

export interface SecretBox {
  seal(plain: Uint8Array): Buffer;
  open(sealed: Uint8Array): Buffer;
}

/**
 * Why a blob could not be sealed or opened:
 * - `damaged`: truncated, tampered with, or of an unknown format;
 * - `unknown_key`: sealed under a key this box does not hold;
 * - `locked`: the profile's key exists, but this process may not read it (the CLI, when the key
 *   is protected by the app's keychain only);
 * - `key_unavailable`: the key exists but cannot be read at all (the keychain changed).
 */
export type SecretBoxErrorReason = 'damaged' | 'unknown_key' | 'locked' | 'key_unavailable';

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
  constructor(
    message: string,
    readonly reason: SecretBoxErrorReason = 'damaged',
  ) {
    super(message);
  }
}

/**
 * Layout of a sealed blob. Format 2: version (1 byte) | key id (8) | nonce (12) | tag (16) |
 * ciphertext, the version and key id authenticated as associated data. Format 1 (before key ids):
 * version | nonce | tag | ciphertext; still opened, never written.
 */
const LEGACY_VERSION = 1;
const FORMAT_VERSION = 2;
const KEY_ID_BYTES = 8;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const LEGACY_HEADER_BYTES = 1 + NONCE_BYTES + TAG_BYTES;
const HEADER_BYTES = 1 + KEY_ID_BYTES + NONCE_BYTES + TAG_BYTES;
export const DATA_KEY_BYTES = 32;

export type RandomBytes = (size: number) => Buffer;

/** A fixed label keyed by the key: the id reveals nothing about the key and names it stably. */
const KEY_ID_LABEL = 'seller-desk credentials key id';

/** The key's id: 16 hex characters. */
export function keyIdOf(key: Uint8Array): string {
  return createHmac('sha256', key)
    .update(KEY_ID_LABEL)
    .digest()
    .subarray(0, KEY_ID_BYTES)
    .toString('hex');
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The id of the key a blob was sealed with; null for a format-1 blob (it names none). */
export function sealedKeyId(sealed: Uint8Array): string | null {
  const blob = asBuffer(sealed);
  if (blob.length < HEADER_BYTES || blob[0] !== FORMAT_VERSION) return null;
  return blob.subarray(1, 1 + KEY_ID_BYTES).toString('hex');
}

function checkKey(key: Uint8Array): Buffer {
  if (key.length !== DATA_KEY_BYTES) {
    throw new SecretBoxError(`the data key must be ${DATA_KEY_BYTES} bytes, got ${key.length}`);
  }
  return Buffer.from(key);
}

function decrypt(key: Buffer, nonce: Buffer, tag: Buffer, body: Buffer, aad?: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    // Node's own message ("Unsupported state or unable to authenticate data") tells the seller
    // nothing; say what it means.
    throw new SecretBoxError(
      'sealed data was tampered with or sealed under another key; it cannot be opened',
    );
  }
}

export interface KeyringOptions {
  /** The key new blobs are sealed with; null when it cannot be read here (see `locked`). */
  current: Uint8Array | null;
  /** Why `current` is missing: thrown by `seal`, and by `open` for blobs of that key. */
  locked?: SecretBoxError | null;
  /** The id of the key that is missing, when known (a blob naming it is `locked`, not unknown). */
  lockedKeyId?: string | null;
  /** Older keys, kept only to open format-1 blobs and blobs that name them. */
  legacy?: Uint8Array[];
  randomBytes?: RandomBytes;
}

/** A box that seals with one key and opens what any of its keys sealed. */
export interface Keyring extends SecretBox {
  /** The id of the key new blobs are sealed with, or null when it is locked. */
  readonly keyId: string | null;
  /** Why nothing can be sealed here (null when the key is available). */
  readonly locked: SecretBoxError | null;
}

export function createKeyring(options: KeyringOptions): Keyring {
  const randomBytes = options.randomBytes ?? nodeRandomBytes;
  const current = options.current ? checkKey(options.current) : null;
  const currentId = current ? keyIdOf(current) : null;
  const legacy = (options.legacy ?? []).map(checkKey);
  const byId = new Map<string, Buffer>();
  for (const key of legacy) byId.set(keyIdOf(key), key);
  if (current && currentId) byId.set(currentId, current);
  const locked =
    current === null
      ? (options.locked ??
        new SecretBoxError('no key is available to seal credentials', 'key_unavailable'))
      : null;

  return {
    keyId: currentId,
    locked,
    seal(plain) {
      if (!current || !currentId) throw locked!;
      const nonce = randomBytes(NONCE_BYTES);
      const header = Buffer.concat([Buffer.of(FORMAT_VERSION), Buffer.from(currentId, 'hex')]);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(header);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([header, nonce, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const blob = asBuffer(sealed);
      if (blob.length < 1) throw new SecretBoxError('sealed data is truncated');
      if (blob[0] === LEGACY_VERSION) return openLegacy(blob);
      if (blob[0] !== FORMAT_VERSION) {
        throw new SecretBoxError(`sealed data has unknown format version ${blob[0]}`);
      }
      if (blob.length < HEADER_BYTES) throw new SecretBoxError('sealed data is truncated');
      const id = blob.subarray(1, 1 + KEY_ID_BYTES).toString('hex');
      const key = byId.get(id);
      if (!key) {
        if (locked && (options.lockedKeyId ?? null) === id) throw locked;
        throw new SecretBoxError(
          `sealed data names a key (id ${id}) that this computer does not hold; it cannot be opened`,
          'unknown_key',
        );
      }
      const at = 1 + KEY_ID_BYTES;
      return decrypt(
        key,
        blob.subarray(at, at + NONCE_BYTES),
        blob.subarray(at + NONCE_BYTES, HEADER_BYTES),
        blob.subarray(HEADER_BYTES),
        blob.subarray(0, at),
      );
    },
  };

  /** Format 1 names no key: each key this box holds is tried, the current one first. */
  function openLegacy(blob: Buffer): Buffer {
    if (blob.length < LEGACY_HEADER_BYTES) throw new SecretBoxError('sealed data is truncated');
    const nonce = blob.subarray(1, 1 + NONCE_BYTES);
    const tag = blob.subarray(1 + NONCE_BYTES, LEGACY_HEADER_BYTES);
    const body = blob.subarray(LEGACY_HEADER_BYTES);
    let failure: unknown = null;
    for (const key of new Set(byId.values())) {
      try {
        return decrypt(key, nonce, tag, body);
      } catch (error) {
        failure = error;
      }
    }
    // None of ours opened it: the key that can is the one this process may not read, if any.
    if (locked) throw locked;
    throw failure ?? new SecretBoxError('no key is available to open sealed data');
  }
}

export function createSecretBox(
  key: Uint8Array,
  randomBytes: RandomBytes = nodeRandomBytes,
): Keyring {
  return createKeyring({ current: key, randomBytes });
}

/**
 * A box on one protected key: loads the data key through the protector, or creates and saves
 * one on first use. (The browser host's token vault; a profile's credentials use profileKey.)
 */
export function openSecretBox(
  protector: KeyProtector,
  randomBytes: RandomBytes = nodeRandomBytes,
): Keyring {
  let key = protector.load();
  if (!key) {
    key = randomBytes(DATA_KEY_BYTES);
    protector.save(key);
  }
  return createSecretBox(key, randomBytes);
}
