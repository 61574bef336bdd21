// A credential file's cost column on the command line, as the real binary against the sandbox:
// each account's own cost wins over the batch's --cost, the pool keeps one batch per cost in file
// order, and sales take them first in, first out; a malformed cost refuses its row with a sentence.
import { describe, expect, it } from 'vitest';
import type { SalesTotals } from '../../electron/core/usecases/sales';
import { jsonOf, runSellerDesk, succeeds, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-cost-column-', 0);

interface SalesJson {
  result: {
    totals: SalesTotals & { accounts: SalesTotals };
    suppliers: (SalesTotals & { supplier: string })[];
  };
}

const accounts = async () => {
  const doc = jsonOf<SalesJson>(await succeeds(['sales', '--since', '7d', '--json'], world.target));
  const { units, revenue, commission, cost, net, unitsWithoutCost } = doc.result.totals.accounts;
  return { units, revenue, commission, cost, net, unitsWithoutCost };
};

describe('cost column of a pool file', { timeout: 180_000 }, () => {
  it('takes each row’s cost first in, first out, the batch cost for rows without one', async () => {
    await succeeds(['pull'], world.target);
    const file = world.dir.file(
      'costs.csv',
      'login,password,cost\nbuyer_c1,pw1,4.5\nbuyer_c2,pw2,7\nbuyer_c3,pw3,\n',
    );
    await succeeds(
      [
        'credentials',
        'pool',
        'add',
        file,
        '--offer',
        '1008',
        '--cost',
        '10',
        '--supplier',
        'Gamma',
      ],
      world.target,
    );
    // Costs are the seller's own: a push sends nothing of them.
    const before = world.sandbox.requests.length;
    await succeeds(['push'], world.target);
    expect(
      world.sandbox.requests.slice(before).filter((r) => r.method !== 'GET' && r.processed),
    ).toEqual([]);

    // 1008 sells at 35 with 12 % commission. Two sold: the rows' 4.50 and 7.00, in file order.
    expect(world.sandbox.control.simulateBuyers(1008, 2)).toBe(2);
    await succeeds(['pull'], world.target);
    expect(await accounts()).toEqual({
      units: 2,
      revenue: 70,
      commission: 8.4,
      cost: 11.5,
      net: 50.1,
      unitsWithoutCost: 0,
    });
    // The third: the row without a cost of its own took the batch's 10.
    expect(world.sandbox.control.simulateBuyers(1008, 1)).toBe(1);
    await succeeds(['pull'], world.target);
    expect(await accounts()).toEqual({
      units: 3,
      revenue: 105,
      commission: 12.6,
      cost: 21.5,
      net: 70.9,
      unitsWithoutCost: 0,
    });
    const doc = jsonOf<SalesJson>(
      await succeeds(['sales', '--since', '7d', '--json'], world.target),
    );
    expect(doc.result.suppliers.map((s) => [s.supplier, s.units, s.cost])).toEqual([
      ['Gamma', 3, 21.5],
    ]);
  });

  it('refuses a row whose cost is not an amount, naming its line, and adds nothing', async () => {
    const file = world.dir.file('bad.csv', 'login,password,Себестоимость\nbuyer_d1,pw1,cheap\n');
    const bad = await runSellerDesk(
      ['credentials', 'pool', 'add', file, '--offer', '1008'],
      world.target,
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(
      /line 2.*Cost per account must be an amount from 0 to 2000000000, like 3\.50/s,
    );
  });
});
