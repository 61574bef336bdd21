// Where a data key lives. The app keeps it encrypted by the OS keychain (Electron's safeStorage,
// wired in main so that core never imports electron); the CLI, which has no keychain, reads it
// from a file only its owner can read. The key itself is never logged or put in a message.
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { DATA_KEY_BYTES, SecretBoxError } from './secretBox';

export interface KeyProtector {
  /** The data key, or null when none was saved yet. */
  load(): Buffer | null;
  /** Writes the key atomically, replacing any key there. */
  save(key: Buffer): void;
  /** Writes the key atomically unless a key is there already; false then (nothing written). */
  create(key: Buffer): boolean;
  remove(): void;
  /** Whether a key is saved (without reading or decrypting it). */
  exists(): boolean;
}

function readIfExists(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function writeTemporary(path: string, contents: Buffer): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  return temporary;
}

/** Write-then-rename so that a crash never leaves half a key behind. */
function writeOwnerOnly(path: string, contents: Buffer): void {
  renameSync(writeTemporary(path, contents), path);
}

/**
 * Write-then-link: like writeOwnerOnly, but a key already at `path` (another process got there
 * first) is kept, never replaced. A link fails atomically when the name exists.
 */
function createOwnerOnly(path: string, contents: Buffer): boolean {
  const temporary = writeTemporary(path, contents);
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

function checkKeyLength(key: Buffer, path: string): Buffer {
  if (key.length !== DATA_KEY_BYTES) {
    throw new SecretBoxError(
      `key file ${path} holds ${key.length} bytes instead of ${DATA_KEY_BYTES}; it is damaged`,
    );
  }
  return key;
}

/**
 * The CLI's protector: the raw key in a file with mode 0600. A key that group or others can read
 * is refused (like ssh refuses such a private key) rather than silently used.
 */
export function createKeyFileProtector(
  path: string,
  platform: NodeJS.Platform = process.platform,
): KeyProtector {
  return {
    load() {
      const key = readIfExists(path);
      if (!key) return null;
      // Windows has no POSIX mode bits; its ACLs are left to the user profile.
      if (platform !== 'win32') {
        const mode = statSync(path).mode & 0o777;
        if (mode & 0o077) {
          throw new SecretBoxError(
            `key file ${path} is readable by group or others (mode ${mode.toString(8)}); ` +
              `run: chmod 600 ${path}`,
            'key_unavailable',
          );
        }
      }
      return checkKeyLength(key, path);
    },
    save(key) {
      writeOwnerOnly(path, checkKeyLength(key, path));
    },
    create: (key) => createOwnerOnly(path, checkKeyLength(key, path)),
    remove: () => rmSync(path, { force: true }),
    exists: () => exists(path),
  };
}

/** Shaped like Electron's safeStorage, so main can pass `safeStorage` methods straight in. */
export interface StringEncryption {
  encrypt(text: string): Buffer;
  decrypt(sealed: Buffer): string;
}

/** The app's protector: the key, encrypted by the OS keychain, in a file of the data folder. */
export function createEncryptedKeyProtector(
  options: StringEncryption & { path: string },
): KeyProtector {
  const { encrypt, decrypt, path } = options;
  return {
    load() {
      const sealed = readIfExists(path);
      if (!sealed) return null;
      let encoded: string;
      try {
        encoded = decrypt(sealed);
      } catch {
        // Typically the OS keychain changed (new user profile, other machine): say so rather
        // than fail with the backend's opaque message.
        throw new SecretBoxError(
          `the key in ${path} could not be decrypted by the system keychain; ` +
            'queued credentials sealed with it cannot be opened',
          'key_unavailable',
        );
      }
      return checkKeyLength(Buffer.from(encoded, 'base64'), path);
    },
    save(key) {
      writeOwnerOnly(path, encrypt(checkKeyLength(key, path).toString('base64')));
    },
    create: (key) => createOwnerOnly(path, encrypt(checkKeyLength(key, path).toString('base64'))),
    remove: () => rmSync(path, { force: true }),
    exists: () => exists(path),
  };
}
