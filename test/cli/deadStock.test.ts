// Dead stock on the command line, as the real binary against the sandbox: offers with no sale in
// the last N days, with their stock and the cost tied up in it (a gold offer's amount × its cost
// per unit, an account offer's pooled batches), "no cost set" when the seller gave none, and an
// offer that sold within the N days left out.

import { describe, expect, it } from 'vitest';
import type { DeadStock } from '../../electron/core/usecases/sales';
import { jsonOf, runSellerDesk, succeeds, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-dead-', 0);

describe('dead stock on the command line', { timeout: 180_000 }, () => {
  it('lists offers with no sale in N days with their stock and tied-up cost', async () => {
    await succeeds(['pull'], world.target);
    const offers = world.sandbox.control.offers(1);
    const amountOf = (id: number) => offers.find((o) => o.id === id)!.amount;
    await succeeds(['offers', 'set-cost', '1001', '--per-unit', '0.03'], world.target);
    const alpha = world.dir.file('alpha.txt', 'buyer_a1:pw1\nbuyer_a2:pw2\nbuyer_a3:pw3\n');
    await succeeds(
      ['credentials', 'pool', 'add', alpha, '--offer', '1008', '--cost', '10', '--supplier', 'A'],
      world.target,
    );
    // 1002 sells today: it is not dead.
    expect(world.sandbox.control.simulateBuyers(1002, 5)).toBe(5);
    await succeeds(['pull'], world.target);

    const doc = jsonOf<{ result: DeadStock }>(
      await succeeds(['sales', 'dead-stock', '--days', '14', '--json'], world.target),
    );
    const byId = new Map(doc.result.offers.map((o) => [o.id, o]));
    expect(doc.result.days).toBe(14);
    expect(byId.has(1002)).toBe(false);
    const gold = byId.get(1001)!;
    expect(gold).toMatchObject({ kind: 'gold', stock: amountOf(1001), lastSaleAt: null });
    expect(gold.cost).toBe(Math.round(amountOf(1001) * 0.03 * 100) / 100);
    // The pool's three accounts at 10 each.
    expect(byId.get(1008)).toMatchObject({ kind: 'account', stock: 3, cost: 30 });
    // Every other offer with stock has no cost set.
    const others = doc.result.offers.filter((o) => o.id !== 1001 && o.id !== 1008);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((o) => o.cost === null)).toBe(true);
    expect(doc.result.totals.cost).toBe(Math.round((gold.cost! + 30) * 100) / 100);
    expect(doc.result.totals.withoutCost).toBe(others.length);

    const human = await succeeds(['sales', 'dead-stock', '--days', '14'], world.target);
    expect(human.stdout).toMatch(/no cost set/);
    expect(human.stdout).toMatch(/1008 .*3 acc\. +30\.00/);

    const bad = await runSellerDesk(['sales', 'dead-stock', '--days', '0', '--json'], world.target);
    expect(bad.code).toBe(2);
    expect(bad.stdout + bad.stderr).toMatch(/whole number of days from 1/);
  });
});
