// The marketplace (the sandbox) and the importer hash credentials with separate code from one
// assumption (`credentialHashing`); if the two ever drift, a preview's duplicate count stops
// matching what the marketplace skips. These pin both to each other and to the assumption.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialHashing } from '../../electron/contract/marketplace/assumptions';
import { credentialHash, hashCredential } from '../../electron/core/credentials/hash';
import { marketplaceHashes } from '../../electron/sandbox/credentialHash';

const credentials: { login: string; email?: string | null }[] = [
  { login: 'alpha' },
  { login: '  Alpha  ', email: 'A@Mail.Test ' },
  { login: 'ИВАН', email: 'иван@почта.рф' },
  { login: 'Straße\t', email: null },
  { login: 'x', email: '' },
  { login: 'x', email: '   ' },
  { login: 'tab\tinside', email: 'é@e.test' },
];

describe('credential hashes', () => {
  it.each(credentials)('core and the sandbox agree for %j', (c) => {
    expect(marketplaceHashes(c)).toEqual(hashCredential(c));
  });

  it('is sha256 hex of the value as stored (the document names no normalisation)', () => {
    const expected = createHash('sha256').update('Alpha', 'utf8').digest('hex');
    expect(credentialHashing.algorithm).toBe('sha256');
    expect(credentialHash('Alpha')).toBe(expected);
    expect(marketplaceHashes({ login: 'Alpha' }).loginHash).toBe(expected);
    // Case and spaces are the login's own: another case is another account.
    expect(credentialHash('alpha')).not.toBe(expected);
    expect(credentialHash(' Alpha')).not.toBe(expected);
  });

  it('gives no email hash when the email is absent or blank, on both sides', () => {
    for (const email of [undefined, null, '', '  ']) {
      expect(hashCredential({ login: 'a', email }).emailHash).toBeNull();
      expect(marketplaceHashes({ login: 'a', email }).emailHash).toBeNull();
    }
  });
});
