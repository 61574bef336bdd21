// Passwords and logins never reach logs, errors or the renderer-bound preview.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  importCredentialsInWorker,
  parseCredentialFile,
  previewCredentials,
  redactPreview,
} from '../../electron/core/imports/credentials';

const SECRETS = ['Hunter2-Secret', 'MailPw-Secret', 'LoginSecretName'];

let output: string[];
beforeEach(() => {
  output = [];
  const capture = (...args: unknown[]) => {
    output.push(args.map(String).join(' '));
    return true;
  };
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation(capture);
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as never);
});
afterEach(() => vi.restoreAllMocks());

function expectNoSecret(text: string) {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('secrets stay out of output', () => {
  it('bad rows, bad files and the redacted preview mention no password or login', async () => {
    const text =
      'LoginSecretName:Hunter2-Secret:x@mail.test\n' + // email without its password
      `LoginSecretName:${'Hunter2-Secret'.repeat(20)}\n` + // too long, and a duplicate login
      'other:MailPw-Secret:o@mail.test:MailPw-Secret\n';
    const parsed = await parseCredentialFile(Buffer.from(text));
    const preview = previewCredentials(parsed.rows);
    expect(preview.totals.invalid).toBe(2);
    const problems = preview.rows.flatMap((r) => r.problems);
    expectNoSecret(JSON.stringify(problems));
    const redacted = redactPreview(preview);
    expectNoSecret(JSON.stringify(redacted));
    expect(redacted.rows[0]!.credential).toMatchObject({ loginHint: 'Lo…e', passwordLength: 14 });
    expect(redacted.rows[2]!.credential.emailHint).toBe('o@mail.test'.replace('o@', '•@'));

    const failures = await Promise.all([
      parseCredentialFile(Buffer.from('login,password\nLoginSecretName,"Hunter2-Secret\n')).catch(
        (e: unknown) => e,
      ),
      parseCredentialFile(Buffer.from('[{"login":"LoginSecretName","password":"Hunter2-Secret"'), {
        format: 'json',
      }).catch((e: unknown) => e),
      importCredentialsInWorker({
        source: { bytes: Buffer.from('login;password\nLoginSecretName;"Hunter2-Secret') },
      }).catch((e: unknown) => e),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expectNoSecret(String((failure as Error).message));
      expectNoSecret(String((failure as Error).stack));
      expectNoSecret(JSON.stringify(failure));
    }
    expectNoSecret(output.join('\n'));
  });
});
