import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../electron/cli/cliError';
import { readToken, redactToken } from '../../electron/cli/token';

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

  it('redacts the token from text', () => {
    expect(redactToken('Bearer tok-999 failed; tok-999', 'tok-999')).toBe(
      'Bearer [token] failed; [token]',
    );
  });
});
