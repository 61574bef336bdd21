// `seller-desk stock` as the real binary in a child process: an account offer sent with 3
// credentials, buyers simulated on the world.sandbox between pulls, its credentials left and level.
import { describe, expect, it } from 'vitest';
import { jsonOf, runSellerDesk, succeeds, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-stock-');

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

const file = (name: string, content: string) => world.dir.file(name, content);

const ok = (args: string[]) => succeeds(args, world.target);

async function stock(): Promise<StockJson['result']['offers']> {
  const run = await runSellerDesk(['stock', '--json'], world.target);
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
      await runSellerDesk(['offers', 'list', '--product', '12', '--json'], world.target),
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

    expect(world.sandbox.control.simulateBuyers(id, 2)).toBe(2);
    await ok(['pull', '--json']);
    expect(await stock()).toEqual([
      expect.objectContaining({ id: String(id), credentialsLeft: 1, low: true, soldOut: false }),
    ]);
    const human = await runSellerDesk(['stock'], world.target);
    expect(human.stdout).toMatch(/Fortnite PC stacked.*~1.*LOW/);

    await ok(['stock', 'set', '--offer', String(id), '--threshold', '0']);
    expect(await stock()).toEqual([
      expect.objectContaining({ credentialsLeft: 1, low: false, threshold: 0, keep: 0 }),
    ]);

    expect(world.sandbox.control.simulateBuyers(id, 5)).toBe(1);
    await ok(['pull', '--json']);
    expect(await stock()).toEqual([
      expect.objectContaining({ credentialsLeft: 0, soldOut: true, low: true, estimate: false }),
    ]);

    const bad = await runSellerDesk(
      ['stock', 'set', '--offer', '999999', '--threshold', '1'],
      world.target,
    );
    expect(bad.code).not.toBe(0);
  });
});
