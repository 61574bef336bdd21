// The marketplace's own login_hash / email_hash, by the assumption both sides share
// (`credentialHashing`, docs/ARCHITECTURE.md "Assumptions"). The sandbox stands in for the
// marketplace, which computes its hashes itself, so it does not borrow core's hashing code.
import { createHash } from 'node:crypto';
import { credentialHashing } from '../contract/marketplace/assumptions';

function hashOf(value: string): string {
  return createHash(credentialHashing.algorithm)
    .update(credentialHashing.normalize(value), 'utf8')
    .digest('hex');
}

export interface StoredHashes {
  loginHash: string;
  /** Null when the credential has no email (absent, null or blank). */
  emailHash: string | null;
}

export function marketplaceHashes(c: { login: string; email?: string | null }): StoredHashes {
  const email = c.email?.trim();
  return { loginHash: hashOf(c.login), emailHash: email ? hashOf(email) : null };
}
