import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEncryptedTokenVault } from '../../electron/core/app/tokenVault';
import { createKeyFileProtector, openSecretBox } from '../../electron/core/secrets';

const token = 'tok_live_7f3a9c2e51d84b06';

function boxEncryption(dir: string) {
  const box = openSecretBox(createKeyFileProtector(join(dir, 'k.key')));
  return {
    encrypt: (text: string) => box.seal(Buffer.from(text, 'utf8')),
    decrypt: (sealed: Buffer) => box.open(sealed).toString('utf8'),
    backend: () => 'file',
  };
}

describe('token vault', () => {
  it('stores the token encrypted and gives it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const vault = createEncryptedTokenVault(boxEncryption(dir), join(dir, 'token.bin'));
    expect(vault.get()).toBeNull();
    vault.set(token);
    expect(vault.get()).toBe(token);
    for (const name of readdirSync(dir)) {
      expect(readFileSync(join(dir, name)).includes(Buffer.from(token))).toBe(false);
    }
    expect(vault.backend()).toBe('file');
  });

  it('forgets the token on clear, and treats an undecryptable file as no token', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const path = join(dir, 'token.bin');
    const vault = createEncryptedTokenVault(boxEncryption(dir), path);
    vault.set(token);
    vault.clear();
    expect(vault.get()).toBeNull();
    vault.set(token);
    const other = createEncryptedTokenVault(
      boxEncryption(mkdtempSync(join(tmpdir(), 'v2-'))),
      path,
    );
    expect(other.get()).toBeNull();
  });
});
