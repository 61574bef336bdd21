// `seller-desk sales` as the real binary in a child process: buyers simulated on the sandbox
// between two pulls show up in `result.totals` and `result.offers[]` at the price they paid.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

let sandbox: Sandbox;
const dir = tempDir('sd-cli-sales-');
let target: CliTarget;

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS, seed: 'demo' });
  target = {
    baseUrl: sandbox.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[0]!.token,
  };
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

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
    const empty = await runSellerDesk(['sales'], target);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toMatch(/No sales history yet/);

    expect((await runSellerDesk(['pull', '--json'], target)).code).toBe(0);
    sandbox.control.simulateBuyers(1001, 400); // 0.05 each
    sandbox.control.simulateBuyers(1008, 2); // 35 each, one credential per unit
    expect((await runSellerDesk(['pull', '--json'], target)).code).toBe(0);

    const run = await runSellerDesk(['sales', '--since', '7d', '--json'], target);
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
      await runSellerDesk(['sales', '--product', '12', '--json'], target),
    );
    expect(product.result.totals).toMatchObject({ units: 2, revenue: 70 });

    const human = await runSellerDesk(['sales', '--since', '7d'], target);
    expect(human.stdout).toMatch(/400 units, 2 accounts; revenue about 90\.00 \(estimated\)/);
    expect(human.stdout).toMatch(/402 sold with no cost known/);
    expect(human.stdout).toContain('44 skins, PC');

    const bad = await runSellerDesk(['sales', '--since', 'yesterday', '--json'], target);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(/time span/);
  });
});
