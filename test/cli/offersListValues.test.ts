// `offers list` shows each offer's primary/filter field values (labels) and `--search` finds an
// offer by one of them, as the app's table does; run from argv to output in-process against the
// demo sandbox over loopback, into a real SQLite file.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, tempDir, WINDOW_MS, type CliTarget } from './harness';

let sandbox: Sandbox;
let dir: ReturnType<typeof tempDir>;
let target: CliTarget;

const run = (...args: string[]) => runInProcess(args, target);

beforeEach(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS, seed: 'demo' });
  dir = tempDir('sd-cli-values-');
  target = {
    baseUrl: sandbox.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[0]!.token,
  };
  expect((await run('pull', '--quiet')).code).toBe(0);
});
afterEach(async () => {
  await sandbox.close();
  dir.remove();
});

interface Listed {
  total: number;
  offers: { id: string; productTitle: string; fieldValues: string }[];
}

describe('seller-desk offers list: field values', { timeout: 60_000 }, () => {
  it('shows the field values and finds an offer by one', async () => {
    const all = jsonOf<{ result: Listed }>(await run('offers', 'list', '--json')).result;
    const retail = all.offers.find((o) => o.productTitle === 'WoW Retail Gold')!;
    expect(retail.fieldValues).toBe('EU · Kazzak · Horde');

    const found = await run('offers', 'list', '--search', 'kazzak', '--json');
    expect(found.code).toBe(0);
    const result = jsonOf<{ result: Listed }>(found).result;
    expect(result.offers.map((o) => o.id)).toEqual([retail.id]);

    const human = await run('offers', 'list', '--search', 'KAZZAK');
    expect(human.stdout).toMatch(/VALUES/);
    expect(human.stdout).toContain('EU · Kazzak · Horde');
    expect(human.stdout).not.toMatch(/202\d{3}/);
  });
});
