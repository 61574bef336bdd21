// Profit on the command line, as the real binary in child processes against the sandbox: a cost
// per unit for a gold offer, two batches of accounts with different costs used first in, first
// out, the commission each offer carries, a price that changes between sales, and sales seen by a
// later process than the one that saw the level before them (each command reopens the profile).

import { describe, expect, it } from 'vitest';
import type { SalesTotals } from '../../electron/core/usecases/sales';
import { jsonOf, runSellerDesk, succeeds, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-profit-', 0);

type Totals = SalesTotals;
interface SalesJson {
  result: {
    totals: Totals & { gold: Totals; accounts: Totals };
    offers: (Totals & { id: number; kind: string })[];
    topByNet: { id: number }[];
    suppliers: (Totals & { supplier: string })[];
    series: (Totals & { start: string })[];
  };
}

const figures = ({ units, revenue, commission, cost, net }: Totals) => ({
  units,
  revenue,
  commission,
  cost,
  net,
});

describe('profit on the command line', { timeout: 180_000 }, () => {
  it('takes commission, costs per unit and batches first in, first out, at the price of each sale', async () => {
    await succeeds(['pull'], world.target);
    const commissionOf = (id: number) =>
      world.sandbox.control.offers(1).find((o) => o.id === id)!.commission_percent;
    expect([commissionOf(1001), commissionOf(1008)]).toEqual([8, 12]);

    await succeeds(['offers', 'set-cost', '1001', '--per-unit', '0,03'], world.target);
    const alpha = world.dir.file('alpha.txt', 'buyer_a1:pw1\nbuyer_a2:pw2\n');
    const beta = world.dir.file('beta.txt', 'buyer_b1:pw1\nbuyer_b2:pw2\n');
    const added = jsonOf<{ result: { added: number; cost: unknown } }>(
      await succeeds(
        [
          'credentials',
          'pool',
          'add',
          alpha,
          '--offer',
          '1008',
          '--cost',
          '10',
          '--supplier',
          'Alpha',
          '--json',
        ],
        world.target,
      ),
    );
    expect(added.result).toMatchObject({ added: 2, cost: { perAccount: 10, accounts: 2 } });
    await succeeds(
      ['credentials', 'pool', 'add', beta, '--offer', '1008', '--cost', '20', '--supplier', 'Beta'],
      world.target,
    );
    // Costs are the seller's own: nothing of them is queued for the marketplace.
    const before = world.sandbox.requests.length;
    await succeeds(['push'], world.target);
    expect(
      world.sandbox.requests.slice(before).filter((r) => r.method !== 'GET' && r.processed),
    ).toEqual([]);

    expect(world.sandbox.control.simulateBuyers(1001, 400)).toBe(400); // at 0.05
    expect(world.sandbox.control.simulateBuyers(1008, 3)).toBe(3); // at 35: 2 from Alpha, 1 from Beta
    await succeeds(['pull'], world.target);
    world.sandbox.control.editOfferAsServer(1001, { price_per_step: 0.07 });
    await succeeds(['pull'], world.target);
    expect(world.sandbox.control.simulateBuyers(1001, 100)).toBe(100); // at 0.07
    await succeeds(['pull'], world.target);
    await succeeds(['pull', '--full'], world.target); // a sale is counted once, however often it is seen

    const doc = jsonOf<SalesJson>(
      await succeeds(['sales', '--since', '7d', '--json'], world.target),
    );
    const { totals } = doc.result;
    // Gold: 400 × 0.05 + 100 × 0.07 = 27; 8 % of it; 500 × 0.03.
    expect(figures(totals.gold)).toEqual({
      units: 500,
      revenue: 27,
      commission: 2.16,
      cost: 15,
      net: 9.84,
    });
    // Accounts: 3 × 35 = 105; 12 % of it; 2 × 10 + 1 × 20 (oldest batch first).
    expect(figures(totals.accounts)).toEqual({
      units: 3,
      revenue: 105,
      commission: 12.6,
      cost: 40,
      net: 52.4,
    });
    expect(figures(totals)).toEqual({
      units: 503,
      revenue: 132,
      commission: 14.76,
      cost: 55,
      net: 62.24,
    });
    expect(totals.margin).toBe(47.2);
    expect(totals.unitsWithoutCost).toBe(0);
    expect(doc.result.offers.map((o) => [o.id, o.kind, o.net])).toEqual([
      [1001, 'gold', 9.84],
      [1008, 'account', 52.4],
    ]);
    expect(doc.result.topByNet.map((o) => o.id)).toEqual([1008, 1001]);
    expect(doc.result.suppliers.map((s) => [s.supplier, s.units, s.cost, s.net])).toEqual([
      ['Alpha', 2, 20, 41.6],
      ['Beta', 1, 20, 10.8],
    ]);
    const today = doc.result.series[doc.result.series.length - 1]!;
    expect(today.net).toBe(62.24);

    const monthly = jsonOf<SalesJson>(
      await succeeds(['sales', '--since', '7d', '--monthly', '--json'], world.target),
    );
    expect(monthly.result.series.reduce((n, s) => n + s.net, 0)).toBeCloseTo(62.24, 2);

    const human = await succeeds(['sales', '--since', '7d'], world.target);
    expect(human.stdout).toContain('500 units, 3 accounts');
    expect(human.stdout).toMatch(/net 62\.24 \(margin 47\.2 %\)/);
  });

  it('refuses a cost that is not an amount, and a set-cost without one', async () => {
    const bad = await runSellerDesk(
      ['offers', 'set-cost', '1001', '--per-unit', '-1', '--json'],
      world.target,
    );
    expect(bad.code).toBe(2);
    expect(bad.stdout + bad.stderr).toMatch(/A cost is an amount from 0/);
    const usage = await runSellerDesk(['offers', 'set-cost', '1001'], world.target);
    expect(usage.code).not.toBe(0);
    expect(usage.stderr).toMatch(/--per-unit X or --clear/);
  });
});
