import { createCipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEncryptedKeyProtector,
  createKeyFileProtector,
  createKeyring,
  createSecretBox,
  keyIdOf,
  openSecretBox,
  sealedKeyId,
  SecretBoxError,
} from '../../electron/core/secrets';

/** A blob as Seller Desk sealed it before key ids (format 1): version | nonce | tag | body. */
function sealFormat1(key: Buffer, plain: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(1), nonce, cipher.getAuthTag(), body]);
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secrets-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const posix = process.platform !== 'win32';

describe('secret box', () => {
  it('round-trips data and never leaves the plain text in the sealed blob', () => {
    const box = openSecretBox(createKeyFileProtector(join(dir, 'key')));
    const plain = Buffer.from('login:hunter2-password');
    const sealed = box.seal(plain);
    expect(sealed[0]).toBe(2);
    expect(sealed.includes(Buffer.from('hunter2'))).toBe(false);
    expect(box.open(sealed).equals(plain)).toBe(true);
    expect(box.open(box.seal(new Uint8Array(0))).length).toBe(0);
  });

  it('uses a fresh nonce per seal', () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const a = box.seal(Buffer.from('same'));
    const b = box.seal(Buffer.from('same'));
    expect(a.equals(b)).toBe(false);
  });

  it('refuses tampered, truncated, foreign-key and unknown-version data with a clear error', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal(Buffer.from('secret credential'));
    for (let i = 1; i < sealed.length; i++) {
      const bad = Buffer.from(sealed);
      bad[i] = bad[i]! ^ 0x01;
      // Bytes 1..8 name the key: changed, they name one this box does not hold.
      expect(() => box.open(bad)).toThrow(i <= 8 ? /names a key .* does not hold/ : /tampered/);
    }
    expect(() => box.open(sealed.subarray(0, 10))).toThrow(/truncated/);
    const versioned = Buffer.from(sealed);
    versioned[0] = 9;
    expect(() => box.open(versioned)).toThrow(/unknown format version 9/);
    const other = createSecretBox(Buffer.alloc(32, 2));
    expect(() => other.open(sealed)).toThrow(SecretBoxError);
    try {
      other.open(sealed);
    } catch (error) {
      expect((error as SecretBoxError).reason).toBe('unknown_key');
    }
  });

  it('names the key it sealed with by an id that reveals nothing of the key', () => {
    const key = randomBytes(32);
    const box = createSecretBox(key);
    const id = keyIdOf(key);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(keyIdOf(Buffer.from(key))).toBe(id);
    expect(keyIdOf(randomBytes(32))).not.toBe(id);
    expect(key.toString('hex')).not.toContain(id);
    expect(box.keyId).toBe(id);
    const sealed = box.seal(Buffer.from('pw'));
    expect(sealedKeyId(sealed)).toBe(id);
    expect(sealed.includes(key)).toBe(false);
  });

  it('still opens a blob of the old format, which names no key', () => {
    const key = randomBytes(32);
    const old = sealFormat1(key, 'login:old-password');
    expect(sealedKeyId(old)).toBeNull();
    expect(createSecretBox(key).open(old).toString()).toBe('login:old-password');
    // A keyring holding the old key only as a legacy one opens it too; another key does not.
    const ring = createKeyring({ current: randomBytes(32), legacy: [key] });
    expect(ring.open(old).toString()).toBe('login:old-password');
    expect(() => createSecretBox(randomBytes(32)).open(old)).toThrow(/tampered/);
  });

  it('a locked keyring refuses to seal and says why for the blobs of its key', () => {
    const key = randomBytes(32);
    const sealed = createSecretBox(key).seal(Buffer.from('pw'));
    const why = new SecretBoxError('locked by the keychain', 'locked');
    const ring = createKeyring({ current: null, locked: why, lockedKeyId: keyIdOf(key) });
    expect(ring.keyId).toBeNull();
    expect(ring.locked).toBe(why);
    expect(() => ring.seal(Buffer.from('x'))).toThrow(why);
    expect(() => ring.open(sealed)).toThrow(why);
    expect(() => ring.open(sealFormat1(key, 'old'))).toThrow(why);
    // A blob of some third key is not "locked": it is unknown.
    expect(() => ring.open(createSecretBox(randomBytes(32)).seal(Buffer.from('x')))).toThrow(
      /does not hold/,
    );
  });

  it('rejects a key of the wrong length', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

describe('key file protector (CLI)', () => {
  it('creates the key on first use with mode 0600 and reuses it afterwards', () => {
    const path = join(dir, 'nested', 'secret.key');
    const first = openSecretBox(createKeyFileProtector(path));
    const sealed = first.seal(Buffer.from('pw'));
    expect(readFileSync(path).length).toBe(32);
    if (posix) expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = openSecretBox(createKeyFileProtector(path));
    expect(second.open(sealed).toString()).toBe('pw');
  });

  it.runIf(posix)('refuses a key file readable by group or others, naming the fix', () => {
    const path = join(dir, 'secret.key');
    openSecretBox(createKeyFileProtector(path));
    chmodSync(path, 0o644);
    expect(() => openSecretBox(createKeyFileProtector(path))).toThrow(
      /readable by group or others.*chmod 600/,
    );
    chmodSync(path, 0o640);
    expect(() => createKeyFileProtector(path).load()).toThrow(SecretBoxError);
    // The refused key is left alone: the seller can fix the mode and carry on.
    chmodSync(path, 0o600);
    expect(createKeyFileProtector(path).load()?.length).toBe(32);
  });

  it('refuses a damaged key file', () => {
    const path = join(dir, 'secret.key');
    writeFileSync(path, Buffer.alloc(5), { mode: 0o600 });
    expect(() => createKeyFileProtector(path).load()).toThrow(/damaged/);
  });
});

describe('encrypted key protector (app, safeStorage)', () => {
  // Stands in for safeStorage, which needs Electron: a reversible transform whose output does not
  // contain the key, and which can be made to fail like a changed keychain.
  function fakeKeychain() {
    const state = { broken: false };
    return {
      state,
      encrypt: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
      decrypt: (sealed: Buffer) => {
        if (state.broken) throw new Error('Error while decrypting the ciphertext provided');
        return Buffer.from(sealed.toString().slice(4), 'hex').toString();
      },
    };
  }

  it('stores only the keychain-encrypted key and reopens boxes with it', () => {
    const keychain = fakeKeychain();
    const path = join(dir, 'data-key.bin');
    const protector = createEncryptedKeyProtector({ ...keychain, path });
    let generated: Buffer | undefined;
    const box = openSecretBox(protector, (n) => {
      const bytes = Buffer.alloc(n, 0xab);
      if (n === 32) generated = bytes;
      return bytes;
    });
    const sealed = box.seal(Buffer.from('account password'));
    const onDisk = readFileSync(path);
    expect(onDisk.toString().startsWith('enc:')).toBe(true);
    expect(onDisk.includes(generated!)).toBe(false);
    const again = openSecretBox(createEncryptedKeyProtector({ ...keychain, path }));
    expect(again.open(sealed).toString()).toBe('account password');
  });

  it('says plainly when the keychain can no longer decrypt the key', () => {
    const keychain = fakeKeychain();
    const path = join(dir, 'data-key.bin');
    openSecretBox(createEncryptedKeyProtector({ ...keychain, path }));
    keychain.state.broken = true;
    expect(() => openSecretBox(createEncryptedKeyProtector({ ...keychain, path }))).toThrow(
      /could not be decrypted by the system keychain/,
    );
  });
});
