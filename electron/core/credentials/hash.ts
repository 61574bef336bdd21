// The marketplace detects duplicate credentials by a hash of the login and of the email; what
// that hash is, is our assumption (`credentialHashing` in contract/marketplace/assumptions.ts,
// docs/ARCHITECTURE.md "Assumptions"). The importer uses this, so a preview's duplicate count
// matches what the server will skip; the sandbox hashes with its own code from the same
// definition.
import * as crypto from 'node:crypto';
import { credentialHashing } from '../../contract/marketplace/assumptions';

// One-shot crypto.hash (Node >= 20.12) is about twice as fast as createHash for short values,
// which matters when a 100k-line import is previewed; same digest either way.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string })
  .hash;

export function credentialHash(value: string): string {
  const normalized = credentialHashing.normalize(value);
  return oneShot
    ? oneShot(credentialHashing.algorithm, normalized, 'hex')
    : crypto.createHash(credentialHashing.algorithm).update(normalized, 'utf8').digest('hex');
}

export interface CredentialHashes {
  loginHash: string;
  /** Null when the credential carries no email. */
  emailHash: string | null;
}

export function hashCredential(c: { login: string; email?: string | null }): CredentialHashes {
  const email = c.email?.trim();
  return { loginHash: credentialHash(c.login), emailHash: email ? credentialHash(email) : null };
}
