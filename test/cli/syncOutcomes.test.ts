// What `pull` and `push` report when the seller has to step in: a field changed both here and on
// the marketplace (conflict, exit 3), an offer the marketplace refuses (exit 3, message kept),
// and the per-profile run lock that keeps two runs from sending the same operation.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runInProcess, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-sync-', 0);
let conflictedId = 0;

interface SyncResult {
  result: {
    conflicts: number;
    needsAttention: number;
    attention: { id: string; syncState: string; message: string }[];
  };
}

describe('pull and push outcomes', { timeout: 60_000 }, () => {
  it('pulls the catalogue and every own offer, then shows a conflict as needing the seller (exit 3)', async () => {
    const pulled = await runInProcess(['pull', '--json'], world.target);
    expect(pulled.code, pulled.stderr).toBe(0);
    const serverOffers = world.sandbox.control.offers(world.sandbox.sellers[0]!.id);
    const list = jsonOf<{ result: { total: number } }>(
      await runInProcess(['offers', 'list', '--json'], world.target),
    );
    expect(list.result.total).toBe(serverOffers.length);
    const products = jsonOf<{ result: { products: unknown[] } }>(
      await runInProcess(['products', 'list', '--json'], world.target),
    );
    expect(products.result.products.length).toBe(world.sandbox.control.products().length);

    const gold = serverOffers.find((o) => o.marketplace_type === 1 && o.status === 2)!;
    conflictedId = gold.id;
    const file = join(world.dir.path, 'edit.csv');
    writeFileSync(file, `id,price_per_step\n${gold.id},${gold.price_per_step + 1}\n`);
    const edited = jsonOf<{ result: { edited: number } }>(
      await runInProcess(
        ['offers', 'import', file, '--product', String(gold.product_id), '--json'],
        world.target,
      ),
    );
    expect(edited.result.edited).toBe(1);
    world.sandbox.control.editOfferAsServer(gold.id, { price_per_step: gold.price_per_step + 2 });

    const conflict = await runInProcess(['pull', '--json'], world.target);
    expect(conflict.code).toBe(3);
    const doc = jsonOf<SyncResult>(conflict);
    expect(doc.result.conflicts).toBe(1);
    expect(doc.result.attention).toEqual([
      expect.objectContaining({ id: String(gold.id), syncState: 'conflict' }),
    ]);
    const shown = await runInProcess(['offers', 'show', String(gold.id)], world.target);
    expect(shown.code).toBe(3);
    expect(shown.stdout).toMatch(/conflict price_per_step/);
  });

  it('keeps the marketplace refusal of an operation and exits 3', async () => {
    const mine = world.sandbox.control
      .offers(world.sandbox.sellers[0]!.id)
      .find(
        (o) => o.marketplace_type === 1 && [2, 3, 8].includes(o.status) && o.id !== conflictedId,
      )!;
    const queued = await runInProcess(['offers', 'set-status', String(mine.id), '1'], world.target);
    expect(queued.code, queued.stderr).toBe(0);
    // Deleted from the web dashboard meanwhile: the marketplace answers 404 to the change.
    world.sandbox.control.deleteOfferAsServer(mine.id);
    const pushed = await runInProcess(['push', '--json'], world.target);
    expect(pushed.code, pushed.stdout + pushed.stderr).toBe(3);
    const doc = jsonOf<SyncResult & { result: { failed: number } }>(pushed);
    expect(doc.result.failed).toBe(1);
    expect(doc.result.attention).toContainEqual(
      expect.objectContaining({ id: String(mine.id), syncState: 'attention' }),
    );
    const human = await runInProcess(['push'], world.target);
    expect(human.code).toBe(3);
    expect(human.stdout).toContain(`${mine.id} (attention)`);
  });
});
