// Stands in for Electron's safeStorage, which cannot run here: it really encrypts (AES-256-GCM
// under a key of its own, like the OS keychain's), so the code around it runs the same paths as
// with the real one, and it can be made to fail like a keychain that changed.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { StringEncryption } from '../../electron/core/secrets';

export interface FakeKeychain extends StringEncryption {
  /** Decryption fails from now on, as after a change of OS user profile or machine. */
  break(): void;
}

export function fakeKeychain(): FakeKeychain {
  const key = randomBytes(32);
  let broken = false;
  return {
    encrypt(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      if (broken) throw new Error('Error while decrypting the ciphertext provided to safeStorage');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString();
    },
    break() {
      broken = true;
    },
  };
}
