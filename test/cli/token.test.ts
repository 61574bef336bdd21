import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../electron/cli/cliError';
import { ExitCode } from '../../electron/cli/exitCodes';
import { readToken } from '../../electron/cli/token';

const dir = mkdtempSync(join(tmpdir(), 'sd-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readToken', () => {
  it('reads the variable, or a token file that wins over it', () => {
    expect(readToken({ env: { SELLER_DESK_TOKEN: ' abc-123\n' } })).toBe('abc-123');
    const file = join(dir, 'token');
    writeFileSync(file, 'from-file-456\n', { mode: 0o600 });
    expect(readToken({ env: { SELLER_DESK_TOKEN: 'abc' }, tokenFile: file })).toBe('from-file-456');
  });

  it('explains how to give a token when there is none, or the file is unusable', () => {
    expect(() => readToken({ env: {} })).toThrow(/SELLER_DESK_TOKEN or use --token-file/);
    expect(() => readToken({ env: {}, tokenFile: join(dir, 'missing') })).toThrow(/ENOENT/);
    const empty = join(dir, 'empty');
    writeFileSync(empty, '  \n', { mode: 0o600 });
    expect(() => readToken({ env: {}, tokenFile: empty })).toThrow(CliError);
    const twoLines = join(dir, 'two');
    writeFileSync(twoLines, 'secret-a\nsecret-b\n', { mode: 0o600 });
    try {
      readToken({ env: {}, tokenFile: twoLines });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-a');
    }
  });

  it.runIf(process.platform !== 'win32')(
    'refuses a token file that group or others can read, as the key file is refused',
    () => {
      const shared = join(dir, 'shared-token');
      writeFileSync(shared, 'shared-secret-789\n', { mode: 0o640 });
      chmodSync(shared, 0o640); // whatever the umask
      let message = '';
      try {
        readToken({ env: {}, tokenFile: shared });
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/readable by group or others \(mode 640\); .*chmod 600/);
      expect(message).not.toContain('shared-secret-789');
      chmodSync(shared, 0o600);
      expect(readToken({ env: {}, tokenFile: shared })).toBe('shared-secret-789');
    },
  );

  it('refuses a malformed token before any request, as a token problem (exit 4), never quoting it', () => {
    const refusal = (source: Parameters<typeof readToken>[0]) => {
      try {
        readToken(source);
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        return error as CliError;
      }
      throw new Error('the token was accepted');
    };
    const control = refusal({ env: { SELLER_DESK_TOKEN: 'tok-secret\u0001-42' } });
    expect(control.exitCode).toBe(ExitCode.Unauthorized);
    expect(control.message).toMatch(
      /^The API token is malformed: it contains a control character \(in SELLER_DESK_TOKEN\)/,
    );
    expect(control.message).not.toMatch(/tok-secret|-42/);
    expect(refusal({ env: { SELLER_DESK_TOKEN: 'tok\u00a0secret' } }).message).toMatch(
      /malformed: it contains a space or a line break/,
    );
    expect(refusal({ env: { SELLER_DESK_TOKEN: 'tok-сecret' } }).message).toMatch(
      /malformed: it contains a character that is not plain ASCII/,
    );
    const empty = join(dir, 'empty-token');
    writeFileSync(empty, '  \n', { mode: 0o600 });
    expect(refusal({ env: {}, tokenFile: empty }).message).toMatch(
      /^The API token is malformed: it is empty \(in the token file .*empty-token\)/,
    );
    const twoLines = join(dir, 'two-tokens');
    writeFileSync(twoLines, 'secret-a\nsecret-b\n', { mode: 0o600 });
    const two = refusal({ env: {}, tokenFile: twoLines });
    expect([two.exitCode, two.message]).toEqual([
      ExitCode.Unauthorized,
      expect.stringMatching(/malformed: it contains a space or a line break/),
    ]);
    expect(two.message).not.toContain('secret-');
    // No token at all is still a usage error: say how to give one.
    expect(refusal({ env: { SELLER_DESK_TOKEN: '  ' } }).exitCode).toBe(ExitCode.BadInput);
  });
});
