// `seller-desk stock` as the real binary in a child process: an account offer sent with 3
// credentials, buyers simulated on the sandbox between pulls, its credentials left and level.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runSellerDesk, succeeds, tempDir, WINDOW_MS, type CliTarget } from './harness';

let sandbox: Sandbox;
const dir = tempDir('sd-cli-stock-');
let target: CliTarget;

interface StockJson {
  ok: boolean;
  result: {
    offers: {
      id: string;
      credentialsLeft: number | null;
      pool: number;
      keep: number;
      low: boolean;
      soldOut: boolean;
      estimate: boolean;
      threshold: number;
    }[];
  };
}

const file = (name: string, content: string) => dir.file(name, content);

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
  target = {
    baseUrl: sandbox.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[2]!.token,
  };
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

const ok = (args: string[]) => succeeds(args, target);

async function stock(): Promise<StockJson['result']['offers']> {
  const run = await runSellerDesk(['stock', '--json'], target);
  expect(run.code, run.stderr).toBe(0);
  const doc = jsonOf<StockJson>(run);
  expect(doc.ok).toBe(true);
  return doc.result.offers;
}

describe('seller-desk stock', { timeout: 120_000 }, () => {
  it('counts credentials left as sales go, low at the level, sold out when Not Active', async () => {
    const offers = file(
      'account.csv',
      [
        'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
        '25,1,1,Fortnite PC stacked,PC,120',
      ].join('\n'),
    );
    await ok(['offers', 'import', offers, '--product', '12', '--delivery-time', '600000']);
    const list = jsonOf<{ result: { offers: { id: string }[] } }>(
      await runSellerDesk(['offers', 'list', '--product', '12', '--json'], target),
    );
    const localRef = list.result.offers[0]!.id;
    const creds = file('creds.txt', 'alpha:pw1\nbravo:pw2\ncharlie:pw3\n');
    await ok(['credentials', 'import', creds, '--offer', localRef]);
    await ok(['push', '--json']);
    const [sent] = await stock();
    expect(sent).toMatchObject({
      credentialsLeft: 3,
      pool: 0,
      keep: 0,
      low: false,
      estimate: true,
    });
    const id = Number(sent!.id);
    expect(Number.isInteger(id)).toBe(true);

    expect(sandbox.control.simulateBuyers(id, 2)).toBe(2);
    await ok(['pull', '--json']);
    expect(await stock()).toEqual([
      expect.objectContaining({ id: String(id), credentialsLeft: 1, low: true, soldOut: false }),
    ]);
    const human = await runSellerDesk(['stock'], target);
    expect(human.stdout).toMatch(/Fortnite PC stacked.*~1.*LOW/);

    await ok(['stock', 'set', '--offer', String(id), '--threshold', '0']);
    expect(await stock()).toEqual([
      expect.objectContaining({ credentialsLeft: 1, low: false, threshold: 0, keep: 0 }),
    ]);

    expect(sandbox.control.simulateBuyers(id, 5)).toBe(1);
    await ok(['pull', '--json']);
    expect(await stock()).toEqual([
      expect.objectContaining({ credentialsLeft: 0, soldOut: true, low: true, estimate: false }),
    ]);

    const bad = await runSellerDesk(
      ['stock', 'set', '--offer', '999999', '--threshold', '1'],
      target,
    );
    expect(bad.code).not.toBe(0);
  });
});
