// The marketplace detects duplicate credentials by a hash of the login and of the email. Our
// assumption (DESIGN.md): sha256 of the trimmed, lower-cased value. The sandbox and the importer
// both use this, so a preview's duplicate count matches what the server will skip.
import { createHash } from 'node:crypto';

export function credentialHash(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase(), 'utf8').digest('hex');
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
