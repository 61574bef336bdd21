// `seller-desk sales` as the real binary in a child process: buyers simulated on the sandbox
// between two pulls show up in `result.totals` and `result.offers[]` at the price they paid.

import { describe, expect, it } from 'vitest';
import { jsonOf, runSellerDesk, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-sales-', 0);

interface SalesJson {
  ok: boolean;
  result: {
    totals: { units: number; revenue: number; commission: number; cost: number; net: number };
    offers: { id: number; units: number; revenue: number; name: string }[];
    series: { start: string; units: number }[];
    estimate: string;
  };
}

describe('seller-desk sales', { timeout: 120_000 }, () => {
  it('reports units and estimated revenue per offer after a pull, in --json and for people', async () => {
    const empty = await runSellerDesk(['sales'], world.target);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toMatch(/No sales history yet/);

    expect((await runSellerDesk(['pull', '--json'], world.target)).code).toBe(0);
    world.sandbox.control.simulateBuyers(1001, 400); // 0.05 each
    world.sandbox.control.simulateBuyers(1008, 2); // 35 each, one credential per unit
    expect((await runSellerDesk(['pull', '--json'], world.target)).code).toBe(0);

    const run = await runSellerDesk(['sales', '--since', '7d', '--json'], world.target);
    expect(run.code).toBe(0);
    const doc = jsonOf<SalesJson>(run);
    expect(doc.ok).toBe(true);
    expect(doc.result.totals).toMatchObject({ units: 402, revenue: 90 });
    expect(doc.result.offers.map(({ id, units, revenue }) => ({ id, units, revenue }))).toEqual([
      { id: 1001, units: 400, revenue: 20 },
      { id: 1008, units: 2, revenue: 70 },
    ]);
    expect(doc.result.series.length).toBeGreaterThanOrEqual(7);
    expect(doc.result.estimate).toMatch(/estimated/);

    const product = jsonOf<SalesJson>(
      await runSellerDesk(['sales', '--product', '12', '--json'], world.target),
    );
    expect(product.result.totals).toMatchObject({ units: 2, revenue: 70 });

    const human = await runSellerDesk(['sales', '--since', '7d'], world.target);
    expect(human.stdout).toMatch(/400 units, 2 accounts; revenue about 90\.00 \(estimated\)/);
    expect(human.stdout).toMatch(/402 sold with no cost known/);
    expect(human.stdout).toContain('44 skins, PC');

    const bad = await runSellerDesk(['sales', '--since', 'yesterday', '--json'], world.target);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(/time span/);
  });
});
