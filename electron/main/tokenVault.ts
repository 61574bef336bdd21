// The API token in the desktop app: encrypted with Electron's safeStorage into a file in userData
// (core's encrypted vault does the file part). On Linux safeStorage may fall back to `basic_text`,
// a fixed key that protects nothing; the token is then refused with `insecure_storage` until the
// seller accepts that explicitly (the core asks; main records the answer next to the token).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppFailure } from '../contract/ipc';
import type { TokenVault } from '../core/app/tokenVault';
import { createEncryptedTokenVault } from '../core/app/tokenVault';

/** The part of Electron's `safeStorage` the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(text: string): Buffer;
  decryptString(sealed: Buffer): string;
  /** Linux only in Electron. */
  getSelectedStorageBackend?(): string;
}

export interface SafeStorageVault extends TokenVault {
  /** The seller agreed to keep the token although the keychain offers only plain text. */
  acceptPlainTextStorage(): void;
}

/** What safeStorage uses on each OS; Linux says which keyring it found. */
export function storageBackendOf(safeStorage: SafeStorageLike, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'keychain';
  if (platform === 'win32') return 'dpapi';
  return safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
}

export function createSafeStorageTokenVault(
  safeStorage: SafeStorageLike,
  dir: string,
  platform: NodeJS.Platform = process.platform,
): SafeStorageVault {
  const acceptedMarker = join(dir, 'token.plaintext-accepted');
  const backend = () => storageBackendOf(safeStorage, platform);
  const vault = createEncryptedTokenVault(
    {
      encrypt: (text) => safeStorage.encryptString(text),
      decrypt: (sealed) => safeStorage.decryptString(sealed),
      backend,
    },
    join(dir, 'token.enc'),
  );

  function refuseUnlessProtected(): void {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new AppFailure(
        'insecure_storage',
        'This system offers no way to encrypt the token (no keychain is available), so it was not saved.',
      );
    }
    if (backend() === 'basic_text' && !existsSync(acceptedMarker)) {
      throw new AppFailure(
        'insecure_storage',
        'No keyring (GNOME Keyring or KWallet) is running, so the token could only be stored ' +
          'with a fixed, publicly known key: anyone who can read your files could use it. ' +
          'Start a keyring and try again, or accept storing it this way.',
      );
    }
  }

  return {
    get: () => vault.get(),
    set(token) {
      refuseUnlessProtected();
      vault.set(token);
    },
    // The acceptance is the seller's choice for this computer, kept when a token is removed.
    clear: () => vault.clear(),
    backend,
    forProfile(profileFile) {
      const own = vault.forProfile(profileFile);
      return {
        ...own,
        set(token) {
          refuseUnlessProtected();
          own.set(token);
        },
      };
    },
    acceptPlainTextStorage() {
      mkdirSync(dirname(acceptedMarker), { recursive: true, mode: 0o700 });
      writeFileSync(acceptedMarker, 'accepted\n', { mode: 0o600 });
    },
  };
}
