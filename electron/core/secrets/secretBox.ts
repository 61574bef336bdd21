// Account credentials wait in SQLite until the marketplace accepts them; this box is what keeps
// them unreadable at rest. AES-256-GCM authenticates as well as encrypts, so a flipped bit or a
// blob sealed under another key is refused instead of decrypting to garbage.
import { createCipheriv, createDecipheriv, randomBytes as nodeRandomBytes } from 'node:crypto';
import type { KeyProtector } from './keyProtector';

export interface SecretBox {
  seal(plain: Uint8Array): Buffer;
  open(sealed: Uint8Array): Buffer;
}

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** Layout of a sealed blob: version (1 byte) | nonce (12) | tag (16) | ciphertext. */
const FORMAT_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + NONCE_BYTES + TAG_BYTES;
export const DATA_KEY_BYTES = 32;

export type RandomBytes = (size: number) => Buffer;

export function createSecretBox(
  key: Uint8Array,
  randomBytes: RandomBytes = nodeRandomBytes,
): SecretBox {
  if (key.length !== DATA_KEY_BYTES) {
    throw new SecretBoxError(`the data key must be ${DATA_KEY_BYTES} bytes, got ${key.length}`);
  }
  const dataKey = Buffer.from(key);
  return {
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.of(FORMAT_VERSION), nonce, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const blob = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (blob.length < HEADER_BYTES) {
        throw new SecretBoxError('sealed data is truncated');
      }
      if (blob[0] !== FORMAT_VERSION) {
        throw new SecretBoxError(`sealed data has unknown format version ${blob[0]}`);
      }
      const nonce = blob.subarray(1, 1 + NONCE_BYTES);
      const tag = blob.subarray(1 + NONCE_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(blob.subarray(HEADER_BYTES)), decipher.final()]);
      } catch {
        // Node's own message ("Unsupported state or unable to authenticate data") tells the
        // seller nothing; say what it means.
        throw new SecretBoxError(
          'sealed data was tampered with or sealed under another key; it cannot be opened',
        );
      }
    },
  };
}

/**
 * The box for this data folder: loads the data key through the protector, or creates and saves
 * one on first use.
 */
export function openSecretBox(
  protector: KeyProtector,
  randomBytes: RandomBytes = nodeRandomBytes,
): SecretBox {
  let key = protector.load();
  if (!key) {
    key = randomBytes(DATA_KEY_BYTES);
    protector.save(key);
  }
  return createSecretBox(key, randomBytes);
}
