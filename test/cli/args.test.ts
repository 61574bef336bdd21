import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../electron/cli/args';
import { CliError } from '../../electron/cli/cliError';
import { ExitCode } from '../../electron/cli/exitCodes';

function usageFailure(argv: string[]): CliError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.BadInput);
    return error as CliError;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

describe('parseCommandLine', () => {
  it('finds two-word commands with options before and after the words', () => {
    const parsed = parseCommandLine([
      '--json',
      'offers',
      'import',
      'file.csv',
      '--product',
      '7',
      '--delivery-time=3600000',
      '--skip-invalid',
      '--base-url',
      'http://127.0.0.1:9/',
    ]);
    expect(parsed.kind).toBe('run');
    if (parsed.kind !== 'run') return;
    expect(parsed.command.name).toBe('offers import');
    expect(parsed.args).toEqual(['file.csv']);
    expect(parsed.options).toEqual({ product: 7, 'delivery-time': 3600000, 'skip-invalid': true });
    expect(parsed.globals).toMatchObject({ json: true, baseUrl: 'http://127.0.0.1:9' });
  });

  it('takes every path of screenshots add', () => {
    const parsed = parseCommandLine([
      'screenshots',
      'add',
      '--offer',
      '3',
      'a.png',
      'https://x/b.png',
    ]);
    expect(parsed.kind === 'run' && parsed.args).toEqual(['a.png', 'https://x/b.png']);
  });

  it('reads the testing window and the data folder', () => {
    const parsed = parseCommandLine([
      'push',
      '--window-ms',
      '1000',
      '--data-dir',
      '/tmp/x',
      '--quiet',
    ]);
    expect(parsed.globals).toEqual({ json: false, quiet: true, windowMs: 1000, dataDir: '/tmp/x' });
  });

  it('refuses a token given as an argument without echoing it', () => {
    for (const argv of [
      ['push', '--token', 'secret-value-123'],
      ['push', '--token=secret-value-123'],
    ]) {
      const error = usageFailure(argv);
      expect(error.message).toMatch(/SELLER_DESK_TOKEN/);
      expect(error.message).toMatch(/--token-file/);
      expect(error.message).not.toContain('secret-value-123');
    }
  });

  it('refuses unknown commands, unknown options and options of another command', () => {
    expect(usageFailure(['fly']).message).toMatch(/Unknown command "fly"/);
    expect(usageFailure(['push', '--colour']).message).toMatch(/Unknown option --colour/);
    expect(usageFailure(['push', '--product', '3']).message).toMatch(
      /push has no option --product/,
    );
    expect(usageFailure(['status', '-x']).message).toMatch(/Unknown option -x/);
  });

  it('checks required options, arguments and whole numbers', () => {
    expect(usageFailure(['offers', 'import', 'f.csv']).message).toMatch(/needs --product ID/);
    expect(usageFailure(['offers', 'import', '--product', '1']).message).toMatch(/needs FILE/);
    expect(usageFailure(['offers', 'show', 'abc', 'def']).message).toMatch(/unexpected "def"/);
    expect(usageFailure(['offers', 'list', '--status', 'two']).message).toMatch(
      /--status expects a whole number, got "two"/,
    );
    expect(usageFailure(['offers', 'list', '--status']).message).toMatch(/--status needs a value/);
    expect(usageFailure(['push', '--window-ms', '0']).message).toMatch(/at least 1/);
    expect(usageFailure(['push', '--base-url', 'ftp://x']).message).toMatch(/http or https/);
    expect(usageFailure(['push', '--base-url', 'not a url']).message).toMatch(/is not a URL/);
    expect(usageFailure(['push', '--json=yes']).message).toMatch(/takes no value/);
  });

  it('routes every form of help', () => {
    expect(parseCommandLine([])).toMatchObject({ kind: 'help', topic: [] });
    expect(parseCommandLine(['help', 'offers', 'import'])).toMatchObject({
      kind: 'help',
      topic: ['offers', 'import'],
    });
    expect(parseCommandLine(['offers', 'import', '--help'])).toMatchObject({
      kind: 'help',
      topic: ['offers', 'import'],
    });
    expect(parseCommandLine(['offers', '-h'])).toMatchObject({ kind: 'help', topic: ['offers'] });
    expect(parseCommandLine(['offers'])).toMatchObject({ kind: 'help', topic: ['offers'] });
  });
});
