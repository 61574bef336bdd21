// The preview crosses to the renderer, which must never hold a password (docs/ARCHITECTURE.md,
// "Secrets"). What the seller needs there is to recognise a row: a hint of the login and email, the
// length of each password, and the problems.
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { CredentialPreview, CredentialPreviewRow } from './previewCredentials';

export interface RedactedCredential {
  /** `jo…n` style: enough to recognise, not enough to use. */
  loginHint: string;
  emailHint: string | null;
  passwordLength: number;
  emailPasswordLength: number | null;
  is_2fa_active: boolean | null;
  comment: string | null;
}

export interface RedactedPreviewRow extends Omit<CredentialPreviewRow, 'credential'> {
  credential: RedactedCredential;
}

export function hintOf(value: string): string {
  const chars = [...value];
  if (chars.length <= 2) return '•'.repeat(chars.length);
  if (chars.length <= 5) return `${chars[0]}…`;
  return `${chars.slice(0, 2).join('')}…${chars.at(-1)}`;
}

function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? hintOf(email) : `${hintOf(email.slice(0, at))}${email.slice(at)}`;
}

export function redactCredential(c: CredentialInput): RedactedCredential {
  return {
    loginHint: hintOf(c.login),
    emailHint: c.email ? emailHint(c.email) : null,
    passwordLength: [...c.game_password].length,
    emailPasswordLength: c.email_password ? [...c.email_password].length : null,
    is_2fa_active: c.is_2fa_active ?? null,
    comment: c.comment ?? null,
  };
}

export function redactPreview(preview: CredentialPreview): {
  rows: RedactedPreviewRow[];
  totals: CredentialPreview['totals'];
} {
  return {
    rows: preview.rows.map((row) => ({ ...row, credential: redactCredential(row.credential) })),
    totals: preview.totals,
  };
}
