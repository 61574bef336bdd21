// `credentials import` and `screenshots add|remove` on an account offer queued locally: what is
// queued, what is refused (all or nothing), duplicates counted, and no password in clear on disk.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, tempDir, WINDOW_MS, type CliTarget } from './harness';

let sandbox: Sandbox;
const dir = tempDir('sd-cli-creds-');
let target: CliTarget;
let offerId: string;

// A tiny valid PNG (signature + IHDR), enough for a check by magic bytes.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a50000000049454e44ae426082',
  'hex',
);

function file(name: string, content: string | Buffer): string {
  const path = join(dir.path, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
  target = {
    baseUrl: sandbox.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[2]!.token,
  };
  const offers = file(
    'account.csv',
    [
      'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
      '25,1,1,Fortnite PC stacked,PC,120',
    ].join('\n'),
  );
  const run = await runInProcess(
    ['offers', 'import', offers, '--product', '12', '--delivery-time', '600000'],
    target,
  );
  expect(run.code, run.stderr).toBe(0);
  const list = jsonOf<{ result: { offers: { id: string }[] } }>(
    await runInProcess(['offers', 'list', '--product', '12', '--json'], target),
  );
  offerId = list.result.offers[0]!.id;
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

describe('credentials import', () => {
  it('refuses a file with a bad row, naming line and column, and queues nothing', async () => {
    const bad = file('bad.txt', 'alpha:pass-one\nbeta\ngamma:pass-three\n');
    const run = await runInProcess(
      ['credentials', 'import', bad, '--offer', offerId, '--json'],
      target,
    );
    expect(run.code).toBe(2);
    const doc = jsonOf<{ error: { problems: { line: number; column: string }[] } }>(run);
    expect(doc.error.problems.map((p) => p.line)).toEqual([2]);
    expect(run.stdout).not.toContain('pass-one');
    const shown = jsonOf<{ result: { queuedCredentials: number } }>(
      await runInProcess(['offers', 'show', offerId, '--json'], target),
    );
    expect(shown.result.queuedCredentials).toBe(0);
  });

  it('queues the good rows sealed, skips and counts duplicates, never writes a password in clear', async () => {
    const good = file(
      'good.txt',
      'alpha:Secret-Pass-111\nbeta:Secret-Pass-222:beta@mail.test:mail-pass\nALPHA:Secret-Pass-333\n',
    );
    const run = await runInProcess(
      ['credentials', 'import', good, '--offer', offerId, '--json'],
      target,
    );
    expect(run.code, run.stderr).toBe(0);
    // ALPHA is alpha but for case: another account to the marketplace (hashes as stored), most
    // likely the same to the seller: left out with a warning, not counted as a duplicate.
    expect(jsonOf<{ result: Record<string, unknown> }>(run).result).toMatchObject({
      format: 'lines',
      queued: 2,
      duplicates: 0,
      caseOnly: [{ line: 3, sameAsLine: 1, sent: false }],
    });
    const human = await runInProcess(['credentials', 'import', good, '--offer', offerId], target);
    expect(human.stdout).toContain('1 login(s) differ from an earlier row only by case');
    expect(human.stdout).toContain('  line 3: same login as line 1 but for case');
    expect(human.stdout).not.toContain('Secret-Pass');
    // Importing the same file again: everything is already queued.
    const again = jsonOf<{ result: Record<string, unknown> }>(
      await runInProcess(['credentials', 'import', good, '--offer', offerId, '--json'], target),
    );
    expect(again.result).toMatchObject({ queued: 0, duplicates: 2 });
    // The seller overrides the warning: the case-only twin is sent as its own account.
    const kept = jsonOf<{ result: Record<string, unknown> }>(
      await runInProcess(
        ['credentials', 'import', good, '--offer', offerId, '--keep-case-duplicates', '--json'],
        target,
      ),
    );
    expect(kept.result).toMatchObject({ queued: 1, caseOnly: [{ line: 3, sent: true }] });
    const shown = jsonOf<{ result: { queuedCredentials: number } }>(
      await runInProcess(['offers', 'show', offerId, '--json'], target),
    );
    expect(shown.result.queuedCredentials).toBe(3);
    for (const name of readdirSync(join(target.dataDir, 'profiles'))) {
      const bytes = readFileSync(join(target.dataDir, 'profiles', name));
      expect(bytes.includes('Secret-Pass-111')).toBe(false);
      expect(bytes.includes('mail-pass')).toBe(false);
    }
  });
});

describe('screenshots', () => {
  it('refuses a file that is not an image and queues nothing; queues a PNG and a link', async () => {
    const notImage = file('notes.png', 'this is text');
    const picture = file('shot.png', PNG);
    const refused = await runInProcess(
      ['screenshots', 'add', '--offer', offerId, picture, notImage, '--json'],
      target,
    );
    expect(refused.code).toBe(2);
    expect(
      jsonOf<{ error: { problems: { column: string }[] } }>(refused).error.problems[0]!.column,
    ).toBe('notes.png');
    const before = jsonOf<{ result: { pending: unknown[] } }>(
      await runInProcess(['offers', 'show', offerId, '--json'], target),
    );

    const added = await runInProcess(
      [
        'screenshots',
        'add',
        '--offer',
        offerId,
        picture,
        'https://images.sandbox.test/a.png',
        '--json',
      ],
      target,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(jsonOf<{ result: { files: unknown[]; urls: string[] } }>(added).result).toMatchObject({
      files: [{ name: 'shot.png', kind: 'png' }],
      urls: ['https://images.sandbox.test/a.png'],
    });
    const after = jsonOf<{
      result: { pending: { kind: string }[]; fields: { screenshots: string[] } };
    }>(await runInProcess(['offers', 'show', offerId, '--json'], target));
    expect(after.result.pending.length).toBeGreaterThan(before.result.pending.length);
    expect(after.result.pending.map((p) => p.kind)).toEqual(
      expect.arrayContaining(['screenshot_upload', 'screenshot_links']),
    );

    const unknown = await runInProcess(
      ['screenshots', 'remove', '--offer', offerId, 'https://nowhere.test/x.png'],
      target,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/has no screenshot/);
    const queued = after.result.fields.screenshots[0]!;
    const removed = await runInProcess(
      ['screenshots', 'remove', '--offer', offerId, queued],
      target,
    );
    expect(removed.code, removed.stderr).toBe(0);
  });
});
