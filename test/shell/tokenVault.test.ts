// The desktop token vault over a fake safeStorage (Electron cannot run here) that really
// encrypts, on real files in a temp folder.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../electron/contract/ipc';
import { AppFailure, answerCall } from '../../electron/contract/ipc';
import { withPlainTextAcceptance } from '../../electron/main/plainTextAcceptance';
import type { SafeStorageLike } from '../../electron/main/tokenVault';
import { createSafeStorageTokenVault } from '../../electron/main/tokenVault';

const TOKEN = 'live-token-7f3a9c1e-DO-NOT-LEAK';

function fakeSafeStorage(backend: string, available = true): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString();
    },
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-vault-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function allFileBytes(): string {
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f)).toString('latin1'))
    .join('\n');
}

describe('safeStorage token vault', () => {
  it('keeps the token encrypted on disk, readable back, and removable', () => {
    const vault = createSafeStorageTokenVault(fakeSafeStorage('gnome_libsecret'), dir, 'linux');
    expect(vault.get()).toBeNull();
    vault.set(TOKEN);
    expect(vault.get()).toBe(TOKEN);
    expect(allFileBytes()).not.toContain(TOKEN);
    expect(allFileBytes()).not.toContain(Buffer.from(TOKEN).toString('base64'));
    expect(statSync(join(dir, 'token.enc')).mode & 0o077).toBe(0);
    expect(vault.backend()).toBe('gnome_libsecret');
    vault.clear();
    expect(vault.get()).toBeNull();
    expect(existsSync(join(dir, 'token.enc'))).toBe(false);
  });

  it("seals each profile's token in its own file beside the profile, with the same refusal", () => {
    const vault = createSafeStorageTokenVault(fakeSafeStorage('gnome_libsecret'), dir, 'linux');
    const gold = vault.forProfile(join(dir, 'gold.sqlite'));
    const accounts = vault.forProfile(join(dir, 'accounts.sqlite'));
    gold.set(TOKEN);
    accounts.set(`${TOKEN}-2`);
    expect([gold.get(), accounts.get(), vault.get()]).toEqual([TOKEN, `${TOKEN}-2`, null]);
    expect(readdirSync(dir).sort()).toEqual(['accounts.token.sealed', 'gold.token.sealed']);
    expect(allFileBytes()).not.toContain(TOKEN);
    gold.clear();
    expect([gold.get(), accounts.get()]).toEqual([null, `${TOKEN}-2`]);

    const plain = createSafeStorageTokenVault(fakeSafeStorage('basic_text'), dir, 'linux');
    expect(() => plain.forProfile(join(dir, 'gold.sqlite')).set(TOKEN)).toThrow(AppFailure);
    expect(existsSync(join(dir, 'gold.token.sealed'))).toBe(false);
  });

  it('refuses basic_text with insecure_storage and writes nothing', () => {
    const vault = createSafeStorageTokenVault(fakeSafeStorage('basic_text'), dir, 'linux');
    let thrown: unknown;
    try {
      vault.set(TOKEN);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppFailure);
    expect((thrown as AppFailure).kind).toBe('insecure_storage');
    expect((thrown as AppFailure).message).toMatch(/keyring/i);
    expect(JSON.stringify(thrown) + String(thrown)).not.toContain(TOKEN);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stores under basic_text once the seller accepted it, and remembers the choice', () => {
    const vault = createSafeStorageTokenVault(fakeSafeStorage('basic_text'), dir, 'linux');
    vault.acceptPlainTextStorage();
    vault.set(TOKEN);
    expect(vault.get()).toBe(TOKEN);
    expect(allFileBytes()).not.toContain(TOKEN);
    vault.clear();
    expect(vault.get()).toBeNull();
    vault.set(TOKEN);
    expect(vault.get()).toBe(TOKEN);
  });

  it('refuses when the OS offers no encryption at all', () => {
    const vault = createSafeStorageTokenVault(fakeSafeStorage('unknown', false), dir, 'linux');
    expect(() => vault.set(TOKEN)).toThrow(AppFailure);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the keychain on macOS and DPAPI on Windows (no basic_text question there)', () => {
    expect(
      createSafeStorageTokenVault(fakeSafeStorage('basic_text'), dir, 'darwin').backend(),
    ).toBe('keychain');
    const windows = createSafeStorageTokenVault(fakeSafeStorage('basic_text'), dir, 'win32');
    expect(windows.backend()).toBe('dpapi');
    windows.set(TOKEN);
    expect(windows.get()).toBe(TOKEN);
  });

  it('records the acceptance when session.acceptPlainTextStorage passes through main', async () => {
    const vault = createSafeStorageTokenVault(fakeSafeStorage('basic_text'), dir, 'linux');
    const stored: string[] = [];
    const status = {
      mode: 'marketplace' as const,
      tokenSet: true,
      tokenValid: true,
      storageBackend: 'basic_text',
      baseUrl: null,
    };
    const core = {
      'session.connect': async ({ token }: { token: string }) => {
        vault.set(token);
        stored.push('connect');
        return status;
      },
      'session.acceptPlainTextStorage': async ({ token }: { token: string }) => {
        vault.set(token);
        stored.push('accept');
        return status;
      },
    } as unknown as Handlers;
    const main = withPlainTextAcceptance({ handlers: core }, vault);
    const refused = await answerCall(main, 'session.connect', { token: TOKEN });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'insecure_storage' } });
    expect(JSON.stringify(refused)).not.toContain(TOKEN);
    const accepted = await answerCall(main, 'session.acceptPlainTextStorage', { token: TOKEN });
    expect(accepted).toMatchObject({ ok: true, value: { tokenSet: true } });
    expect(stored).toEqual(['accept']);
    expect(vault.get()).toBe(TOKEN);
  });
});
