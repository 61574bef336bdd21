// The API token at rest: encrypted by whatever the platform offers (Electron's safeStorage in the
// app, the key-file secret box in the browser host), never in clear on disk, never in SQLite.
// Each seller's profile keeps its own sealed token beside its files (`forProfile`); the vault's
// own file is where a token waits between the marketplace's "yes" and the choice of its profile,
// and where versions before one profile per seller kept the only token (moved at start).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { profileTokenFile } from '../usecases/paths';

export interface TokenVault {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Which backend protects the token, e.g. `gnome_libsecret`, `basic_text`, `keychain`, `file`. */
  backend(): string | null;
  /** The vault of one profile (its SQLite file), sealed the same way. */
  forProfile(profileFile: string): TokenVault;
}

export interface TokenEncryption {
  encrypt(text: string): Buffer;
  decrypt(sealed: Buffer): string;
  backend(): string | null;
}

export function createEncryptedTokenVault(encryption: TokenEncryption, path: string): TokenVault {
  return {
    get() {
      let sealed: Buffer;
      try {
        sealed = readFileSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        return encryption.decrypt(sealed);
      } catch {
        // A keychain that changed under us: the seller pastes the token again.
        return null;
      }
    },
    set(token) {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, encryption.encrypt(token), { mode: 0o600 });
      renameSync(temporary, path);
    },
    clear() {
      rmSync(path, { force: true });
    },
    backend: () => encryption.backend(),
    forProfile: (profileFile) =>
      createEncryptedTokenVault(encryption, profileTokenFile(profileFile)),
  };
}
