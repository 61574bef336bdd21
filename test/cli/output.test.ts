import { describe, expect, it } from 'vitest';
import { CliError } from '../../electron/cli/cliError';
import { ExitCode } from '../../electron/cli/exitCodes';
import { helpText } from '../../electron/cli/help';
import { createOutput, type JsonDocument } from '../../electron/cli/output';
import { formatFields, formatTable } from '../../electron/cli/table';

function capture() {
  const chunks: string[] = [];
  return { write: (c: string) => chunks.push(c), text: () => chunks.join('') };
}

describe('output', () => {
  it('prints one JSON document on stdout and nothing on stderr with --json', () => {
    const stdout = capture();
    const stderr = capture();
    const out = createOutput({ stdout, stderr, json: true, quiet: false });
    out.note('this is for people');
    out.result('status', { queued: 3 }, 'queued: 3', ExitCode.Done);
    expect(stderr.text()).toBe('');
    const doc = JSON.parse(stdout.text()) as JsonDocument;
    expect(doc).toEqual({ ok: true, command: 'status', exitCode: 0, result: { queued: 3 } });
  });

  it('reports a failure with its problems in both modes', () => {
    const error = new CliError('bad_input', 'offers.csv has 2 bad rows; nothing was queued.', [
      { line: 3, column: 'price_per_step', reason: 'must be a number' },
      { line: 7, column: 'data.12', reason: 'is required' },
    ]);
    const jsonOut = capture();
    createOutput({ stdout: jsonOut, stderr: capture(), json: true, quiet: false }).failure(
      'offers import',
      error,
    );
    expect(JSON.parse(jsonOut.text())).toEqual({
      ok: false,
      command: 'offers import',
      exitCode: ExitCode.BadInput,
      error: {
        kind: 'bad_input',
        message: 'offers.csv has 2 bad rows; nothing was queued.',
        problems: [
          { line: 3, column: 'price_per_step', reason: 'must be a number' },
          { line: 7, column: 'data.12', reason: 'is required' },
        ],
      },
    });

    const stdout = capture();
    const stderr = capture();
    createOutput({ stdout, stderr, json: false, quiet: false }).failure('offers import', error);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toContain('line 3, column price_per_step: must be a number');
    expect(stderr.text()).toContain('line 7, column data.12: is required');
  });

  it('keeps the token it learns out of everything it prints, in any spelling', () => {
    let token: string | null = null;
    const stdout = capture();
    const stderr = capture();
    const make = (json: boolean) =>
      createOutput({ stdout, stderr, json, quiet: false, secrets: () => [token] });
    make(false).note('before the token is read: tok"en/+99 is just text');
    token = 'tok"en/+99';
    const quoted = `Bearer ${token}, as JSON "tok\\"en\\/+99", URL tok%22en%2F%2B99, ${Buffer.from(token).toString('base64')}`;
    make(false).note(quoted);
    make(false).failure('push', new CliError('unreachable', quoted, [{ reason: quoted }]));
    make(true).result('push', { attention: [{ message: quoted, [token]: 1 }] }, '', 0);
    make(true).failure('push', new CliError('unreachable', quoted, [{ reason: quoted }]));
    const [before, ...after] = stderr.text().split('\n');
    expect(before).toContain(token);
    for (const text of [...after, stdout.text()]) {
      expect(text).not.toMatch(/tok.?.?en|dG9r/);
    }
    // Redacted value by value: still one JSON document per line.
    for (const line of stdout.text().trim().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();
  });

  it('keeps quiet when asked', () => {
    const stderr = capture();
    createOutput({ stdout: capture(), stderr, json: false, quiet: true }).note('hello');
    expect(stderr.text()).toBe('');
  });

  it('aligns tables and fields', () => {
    const table = formatTable(
      [
        { title: 'ID', value: (r: { id: number; name: string }) => r.id, align: 'right' },
        { title: 'NAME', value: (r) => r.name, maxWidth: 6 },
      ],
      [
        { id: 7, name: 'Gold' },
        { id: 1234, name: 'A very long name' },
      ],
    );
    expect(table.split('\n')).toEqual(['  ID  NAME', '   7  Gold', '1234  A ver…']);
    expect(
      formatFields([
        ['id', 1],
        ['status', 'Active'],
      ]),
    ).toBe('id:     1\nstatus: Active');
  });

  it('generates help from the command table', () => {
    const general = helpText([]);
    for (const name of ['pull', 'push', 'status', 'offers import', 'screenshots remove']) {
      expect(general).toContain(name);
    }
    expect(general).toMatch(/5 {2}the marketplace could not be reached/);
    const importHelp = helpText(['offers', 'import']);
    expect(importHelp).toContain(
      'Usage: seller-desk offers import FILE --product ID [--delivery-time MS] [--skip-invalid]',
    );
    expect(helpText(['offers'])).toContain('offers set-status');
    expect(() => helpText(['nothing'])).toThrow(CliError);
  });
});
