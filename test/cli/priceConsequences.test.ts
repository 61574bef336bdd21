// What a price change does beyond the price, on the command line against the sandbox: a Not
// Active gold offer stays Not Active (the edit, then Not Active, in one push) unless
// --put-on-sale; a price below cost after commission is refused (exit 2, nothing queued) unless
// --allow-below-cost. Gold: a cost per unit; accounts: the oldest batch's cost (first in, first out).
import { describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { jsonOf, runInProcess, useCliWorld, type CliTarget } from './harness';

const world = useCliWorld('sd-cli-price-consequences-', 0);

async function ok(args: string[], target: CliTarget = world.target) {
  const run = await runInProcess(args, target);
  if (run.code !== 0) {
    throw new Error(
      `seller-desk ${args.join(' ')} exited ${run.code}:\n${run.stdout}${run.stderr}`,
    );
  }
  return run;
}
const offer = (id: number) => world.sandbox.control.offers(1).find((o) => o.id === id)!;

describe('price consequences on the command line', { timeout: 120_000 }, () => {
  it('keeps a Not Active gold offer Not Active; --put-on-sale lets it go back on sale', async () => {
    await ok(['pull']);
    expect(offer(1002)).toMatchObject({ status: OfferStatus.NotActive, price_per_step: 0.012 });
    const dry = await ok(['offers', 'change-price', '1002', '--percent', '5', '--dry-run']);
    expect(dry.stdout).toContain(
      '1 Not Active gold offer stays Not Active: an edit puts a gold offer back on sale, so Seller Desk sets it Not Active again right after the edit.',
    );
    const queued = await ok(['offers', 'change-price', '1002', '--percent', '5']);
    expect(queued.stdout).toContain('1 Not Active gold offer stays Not Active');
    await ok(['push']);
    await ok(['pull']);
    expect(offer(1002)).toMatchObject({ status: OfferStatus.NotActive, price_per_step: 0.0126 });
    const shown = jsonOf<{ result: { server: { status: number; price_per_step: number } } }>(
      await ok(['offers', 'show', '1002', '--json']),
    );
    expect(shown.result.server).toMatchObject({
      status: OfferStatus.NotActive,
      price_per_step: 0.0126,
    });

    const again = await ok(['offers', 'change-price', '1002', '--percent', '5', '--put-on-sale']);
    expect(again.stdout).toContain(
      '1 Not Active gold offer goes back on sale: an edit of a gold offer makes it Active.',
    );
    await ok(['push']);
    expect(offer(1002)).toMatchObject({ status: OfferStatus.Active, price_per_step: 0.0132 });
  });

  it('refuses a gold price below its cost per unit without --allow-below-cost', async () => {
    await ok(['pull']);
    // 0.05 − 50 % = 0.025; after the 8 % commission the seller gets 0.023, under a cost of 0.024.
    expect(offer(1001)).toMatchObject({ price_per_step: 0.05, commission_percent: 8 });
    await ok(['offers', 'set-cost', '1001', '--per-unit', '0.024']);
    const dry = await ok(['offers', 'change-price', '1001', '--percent', '-50', '--dry-run']);
    expect(dry.stdout).toContain(
      '1 offer would sell below cost: after the marketplace commission, its new price is less than what the next unit costs you.',
    );
    const refused = await runInProcess(
      ['offers', 'change-price', '1001', '--percent', '-50'],
      world.target,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Nothing was changed: 1 offer would sell below cost. Run it again with --allow-below-cost to apply it anyway.',
    );
    const status = jsonOf<{ result: { queuedOperations: number } }>(await ok(['status', '--json']));
    expect(status.result.queuedOperations).toBe(0);

    await ok(['offers', 'change-price', '1001', '--percent', '-50', '--allow-below-cost']);
    await ok(['push']);
    expect(offer(1001).price_per_step).toBe(0.025);
  });

  it('accounts: compares with the oldest batch not sold out, first in, first out', async () => {
    await ok(['pull']);
    expect(offer(1008)).toMatchObject({ price_per_step: 35, commission_percent: 12 });
    const alpha = world.dir.file('alpha.txt', 'fifo_a1:pw1\nfifo_a2:pw2\n');
    const beta = world.dir.file('beta.txt', 'fifo_b1:pw1\nfifo_b2:pw2\n');
    await ok([
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
    ]);
    await ok([
      'credentials',
      'pool',
      'add',
      beta,
      '--offer',
      '1008',
      '--cost',
      '20',
      '--supplier',
      'Beta',
    ]);
    // 35 − 20 = 15, after 12 %: 13.2 — above the next account's cost (10), though below Beta's.
    const fine = await ok([
      'offers',
      'change-price',
      '1008',
      '--amount',
      '-20',
      '--dry-run',
      '--json',
    ]);
    expect(jsonOf<{ result: { belowCostCount: number } }>(fine).result.belowCostCount).toBe(0);
    // 35 − 25 = 10, after 12 %: 8.8 — below 10.
    const below = await runInProcess(
      ['offers', 'change-price', '1008', '--amount', '-25'],
      world.target,
    );
    expect(below.code).toBe(2);
    expect(below.stderr).toContain('1 offer would sell below cost');
    expect(below.stderr).toContain('--allow-below-cost');
  });

  it('offers import: the same sentences, the same refusal and the same flags', async () => {
    world.sandbox.control.editOfferAsServer(1002, { status: OfferStatus.NotActive });
    await ok(['pull']);
    await ok(['offers', 'set-cost', '1002', '--per-unit', '0.01']);
    // 0.005 after 8 %: 0.0046, below 0.01.
    const file = world.dir.file('prices.csv', 'id,price_per_step\n1002,0.005\n');
    const refused = await runInProcess(['offers', 'import', file, '--product', '2'], world.target);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Nothing was changed: 1 offer would sell below cost. Run it again with --allow-below-cost to apply it anyway.',
    );
    const queued = await ok(['offers', 'import', file, '--product', '2', '--allow-below-cost']);
    expect(queued.stdout).toContain(
      '1 Not Active gold offer stays Not Active: an edit puts a gold offer back on sale, so Seller Desk sets it Not Active again right after the edit.',
    );
    expect(queued.stdout).toContain('1 offer would sell below cost');
    await ok(['push']);
    expect(offer(1002)).toMatchObject({ status: OfferStatus.NotActive, price_per_step: 0.005 });
  });
});
