// The offers commands that change several offers at once, and the list's paging, from argv to
// exit code in-process (the binary itself runs in test/usecases/offersParity.test.ts), on offers
// pulled from the demo sandbox over loopback into a real SQLite file. The demo seller's offers:
// 1001–1003 gold (Active, Not Active, Draft), 1004–1010 accounts (1005 needs details, 1006 is
// sold, 1010 costs 60).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, tempDir, WINDOW_MS, type CliRun, type CliTarget } from './harness';

let sandbox: Sandbox;
let dir: ReturnType<typeof tempDir>;
let target: CliTarget;

const run = (...args: string[]) => runInProcess(args, target);
const json = async <T = Record<string, unknown>>(...args: string[]) => {
  const done = await run(...args, '--json');
  return { code: done.code, result: jsonOf<{ result: T }>(done).result, run: done };
};

interface Shown {
  fields: { price_per_step: number };
  changedFields: string[];
  conflicts: { field: string }[];
  pending: { kind: string; state: string }[];
}
const show = async (id: string) => (await json<Shown>('offers', 'show', id)).result;

function expectUsage(done: CliRun, words: RegExp) {
  expect(done.code, done.stdout + done.stderr).toBe(2);
  expect(done.stderr).toMatch(words);
}

beforeEach(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS, seed: 'demo' });
  dir = tempDir('sd-cli-offers-');
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
  offset: number;
  offers: { id: string; pricePerStep: number }[];
}

describe('seller-desk offers commands', { timeout: 60_000 }, () => {
  it('lists offers sorted by a column, in either order, from an offset', async () => {
    const all = (await json<Listed>('offers', 'list', '--sort', 'price_per_step')).result;
    const prices = all.offers.map((o) => o.pricePerStep);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all.total).toBe(10);

    const page = await json<Listed>(
      'offers',
      'list',
      '--sort',
      'price_per_step',
      '--order',
      'asc',
      '--offset',
      '2',
      '--limit',
      '3',
    );
    expect(page.code).toBe(0);
    expect(page.result).toMatchObject({ total: 10, offset: 2 });
    expect(page.result.offers.map((o) => o.id)).toEqual(all.offers.slice(2, 5).map((o) => o.id));

    const desc = await json<Listed>(
      'offers',
      'list',
      '--sort',
      'price_per_step',
      '--order',
      'desc',
    );
    expect(desc.result.offers.map((o) => o.id)).toEqual(all.offers.map((o) => o.id).reverse());

    const human = await run('offers', 'list', '--offset', '8');
    expect(human.stdout).toMatch(/\(9–10 of 10 shown\)/);

    expectUsage(
      await run('offers', 'list', '--sort', 'colour'),
      /cannot be sorted by "colour": choose one of product, .*updated_at/,
    );
    expectUsage(await run('offers', 'list', '--order', 'up'), /--order is asc or desc/);
  });

  it('sets the status of several offers by id, and of every offer a filter selects', async () => {
    const byId = await json<{ changed: number; offers: string[]; status: number }>(
      'offers',
      'set-status',
      '3',
      '1001',
      '1003',
    );
    expect(byId.code).toBe(0);
    expect(byId.result).toMatchObject({ changed: 2, offers: ['1001', '1003'], status: 3 });
    expect((await show('1003')).pending).toMatchObject([{ kind: 'status', state: 'queued' }]);

    // --product selects every offer of the product: 1008 and 1009 are the demo's product 12.
    const byProduct = await json<{ offers: string[] }>(
      'offers',
      'set-status',
      '1',
      '--product',
      '12',
    );
    expect(byProduct.result.offers.sort()).toEqual(['1008', '1009']);
    const human = await run('offers', 'set-status', '2', '--status', '8');
    expect(human.code).toBe(0);
    expect(human.stdout).toBe('Queued: offer 1007 → Active. Run `seller-desk push` to send it.\n');

    // The older order (one offer, then the status) is still understood.
    const older = await json<{ id: string; queued: boolean; offers: string[]; status: number }>(
      'offers',
      'set-status',
      '1002',
      '1',
    );
    expect(older.result).toMatchObject({ id: '1002', queued: true, offers: ['1002'], status: 1 });

    expectUsage(
      await run('offers', 'set-status', '2', '1001', '--product', '1'),
      /by id or select them with --product\/--status, not both/,
    );
    expectUsage(await run('offers', 'set-status', '2'), /Name the offers/);
    expectUsage(await run('offers', 'set-status', '4', '1001'), /STATUS must be one of 1/);
    expectUsage(await run('offers', 'set-status', '2', '--status', '7'), /There is no status 7/);
  });

  it('queues what only our expectations would refuse, and says so (exit 0)', async () => {
    const done = await json<{
      changed: number;
      offers: string[];
      unchanged: string[];
      refused: unknown[];
      expected: { offer: string; reason: string }[];
    }>('offers', 'set-status', '2', '1001', '1002', '1006', '1005');
    // Sold (1006) and Need Details (1005): the API document does not say which statuses they may
    // go to, so they are queued and the marketplace decides; we say what we expect.
    expect(done.code).toBe(0);
    expect(done.result.offers).toEqual(['1002', '1006', '1005']);
    // Already Active: nothing to do, and no refusal (a script may set a status twice).
    expect(done.result.unchanged).toEqual(['1001']);
    expect(done.result.refused).toEqual([]);
    expect(done.result.expected.map((e) => `${e.offer.split(' "')[0]}: ${e.reason}`)).toEqual([
      'Offer 1006: We expect a sold offer to keep its status.',
      'Offer 1005: We expect an offer that needs details to go only to Draft or On Review.',
    ]);
    const again = await run('offers', 'set-status', '2', '1001');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to do: offer 1001 already Active.');
    const human = await run('offers', 'set-status', '3', '1003', '1006');
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(
      'Queued anyway; the marketplace decides (its rules here are not published):',
    );
    expect(human.stdout).toMatch(/ {2}Offer 1006 .*: We expect a sold offer to keep its status\./);
  });

  it('names a refused offer never sent by its product, not by its local number', async () => {
    const file = join(dir.path, 'new.csv');
    writeFileSync(
      file,
      'price_per_step,amount,min_purchase_amount,Realm,Faction\n0.5,1000,1000,Ashbringer,Horde\n',
    );
    expect((await run('offers', 'import', file, '--product', '1')).code).toBe(0);
    const listed = (await json<Listed>('offers', 'list', '--product', '1')).result.offers;
    const label = listed.find((o) => o.id.startsWith('L'))!.id;
    const refused = await json<{ refused: { id: string; offer: string }[] }>(
      'offers',
      'change-price',
      '--amount',
      '-0.5',
      label,
      '1010',
    );
    expect(refused.code).toBe(3); // 1010 goes from 60 to 59.5; the new offer would cost 0
    expect(refused.result.refused.map((r) => [r.id, r.offer])).toEqual([
      [label, 'New offer of "WoW Classic Era Gold"'],
    ]);
    const human = await run('offers', 'change-price', '--amount', '-0.5', label, '1010');
    expect(human.stdout).toContain(
      '  New offer of "WoW Classic Era Gold": The new price would be 0: a price must be above 0.',
    );
    expect(human.stdout).not.toMatch(/\bL\d+\b/);
  });

  it('deletes several offers, or those a filter selects, once', async () => {
    const byId = await json<{ changed: number; queued: string[]; cancelled: string[] }>(
      'offers',
      'delete',
      '1001',
      '1002',
    );
    expect(byId.result).toEqual({
      id: null,
      result: null,
      changed: 2,
      offers: ['1001', '1002'],
      queued: ['1001', '1002'],
      cancelled: [],
      refused: [],
    });
    expect((await show('1002')).pending).toMatchObject([{ kind: 'delete', state: 'queued' }]);

    // Not Active: 1002 (already waiting to be deleted, so left out) and 1009.
    const byStatus = await json<{ queued: string[] }>('offers', 'delete', '--status', '3');
    expect(byStatus.result.queued).toEqual(['1009']);
    expectUsage(await run('offers', 'delete', '--status', '3'), /No offers with status 3/);
    expectUsage(await run('offers', 'delete', '1001', 'nope'), /"nope" is not an offer id/);
  });

  it('changes prices by a percentage, rounded as the marketplace keeps each type', async () => {
    const done = await json<{ changed: number; prices: { id: string; price: number }[] }>(
      'offers',
      'change-price',
      '--percent',
      '3.33',
      '1001',
      '1010',
    );
    expect(done.code).toBe(0);
    // Gold 0.05 × 1.0333 = 0.051665 → 0.0517; account 60 × 1.0333 = 61.998 → 62.
    expect(done.result.prices).toEqual([
      { id: '1001', price: 0.0517 },
      { id: '1010', price: 62 },
    ]);
    expect((await show('1001')).fields.price_per_step).toBe(0.0517);

    const byAmount = await json<{ prices: { id: string; price: number }[] }>(
      'offers',
      'change-price',
      '--amount',
      '-0.5',
      '--product',
      '12',
    );
    expect(byAmount.result.prices.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '1008', price: 34.5 },
      { id: '1009', price: 19 },
    ]);

    const refused = await run('offers', 'change-price', '--amount', '-1000', '1002');
    expect(refused.code).toBe(2);
    // Named as its preview names it: by id and product.
    expect(refused.stderr).toMatch(
      /Nothing was queued: Offer 1002 of "WoW Retail Gold" cannot change price/,
    );
    expect(refused.stderr).toMatch(
      /Offer 1002 of "WoW Retail Gold": The new price would be -\d+(\.\d+)?: a price must be above 0\./,
    );
    expect((await show('1002')).changedFields).toEqual([]);

    expectUsage(
      await run('offers', 'change-price', '1001'),
      /exactly one of --percent N or --amount N/,
    );
    expectUsage(
      await run('offers', 'change-price', '--percent', '5', '--amount', '1', '1001'),
      /exactly one of/,
    );
    expectUsage(
      await run('offers', 'change-price', '--amount', 'lots', '1001'),
      /--amount expects a number/,
    );
    expectUsage(
      await run('offers', 'change-price', '--percent', '-100', '1001'),
      /cannot drop by 100 % or more/,
    );
  });

  it("discards several offers' local changes", async () => {
    const queued = await run('offers', 'change-price', '--percent', '-10', '1001', '1002');
    // The change said as the app and the undo step say it, with a true minus sign.
    expect(queued.stdout).toContain('price −10 %');
    expect((await show('1001')).changedFields).toEqual(['price_per_step']);
    const done = await json<{ changed: number; offers: string[] }>(
      'offers',
      'discard',
      '1001',
      '1002',
      '1003',
    );
    expect(done.code).toBe(0);
    expect(done.result).toMatchObject({ changed: 3, offers: ['1001', '1002', '1003'] });
    const after = await show('1001');
    expect(after.changedFields).toEqual([]);
    expect(after.pending).toEqual([]);
    expect(after.fields.price_per_step).toBe(0.05);
    expectUsage(await run('offers', 'discard'), /offers discard needs ID/);
  });

  it('resolves a conflict per field or for all fields, mine or theirs', async () => {
    await run('offers', 'change-price', '--amount', '1', '1008', '1009');
    sandbox.control.editOfferAsServer(1008, { price_per_step: 40 });
    sandbox.control.editOfferAsServer(1009, { price_per_step: 22 });
    expect((await run('pull', '--quiet')).code).toBe(3);
    expect((await show('1008')).conflicts.map((c) => c.field)).toEqual(['price_per_step']);

    const theirs = await run(
      'offers',
      'resolve',
      '1008',
      '--field',
      'price_per_step',
      '--keep',
      'theirs',
    );
    expect(theirs.code).toBe(0);
    expect(theirs.stdout).toBe("Offer 1008: kept the marketplace's value for price_per_step.\n");
    const keptTheirs = await show('1008');
    expect(keptTheirs).toMatchObject({ conflicts: [], changedFields: [] });
    expect(keptTheirs.fields.price_per_step).toBe(40);

    const mine = await json<{ keep: string; resolved: string[]; conflictsLeft: string[] }>(
      'offers',
      'resolve',
      '1009',
      '--all',
      'mine',
    );
    expect(mine.result).toMatchObject({
      keep: 'mine',
      resolved: ['price_per_step'],
      conflictsLeft: [],
    });
    const keptMine = await show('1009');
    expect(keptMine.conflicts).toEqual([]);
    expect(keptMine.fields.price_per_step).toBe(20.5);
    expect(keptMine.changedFields).toEqual(['price_per_step']);

    expectUsage(await run('offers', 'resolve', '1003', '--all', 'mine'), /has no conflicts/);
    expectUsage(
      await run('offers', 'resolve', '1009', '--field', 'amount', '--keep', 'mine'),
      /has no conflict on amount/,
    );
    expectUsage(await run('offers', 'resolve', '1009', '--field', 'amount'), /--keep mine\|theirs/);
    expectUsage(await run('offers', 'resolve', '1009', '--all', 'both'), /--all is mine or theirs/);
  });

  it('--dry-run shows the consequences and queues nothing; undo takes a change back', async () => {
    const preview = await json<{
      dryRun: boolean;
      changing: number;
      rule: string;
      warnings: string[];
      changes: { offer: string; before: string; after: string; toReview: boolean }[];
      leftOut: { offer: string; reason: string }[];
    }>('offers', 'change-price', '--percent', '-10', '1001', '1008', '1006', '--dry-run');
    expect(preview.code).toBe(0);
    expect(preview.result).toMatchObject({ dryRun: true, changing: 2 });
    expect(preview.result.rule).toBe('Account prices are rounded to 0.01, gold prices to 0.0001.');
    expect(preview.result.changes).toContainEqual(
      expect.objectContaining({ before: '35', after: '31.5', toReview: true }),
    );
    expect(preview.result.warnings[0]).toMatch(/1 live account offer goes back to review/);
    expect(preview.result.leftOut).toEqual([
      expect.objectContaining({
        offer: expect.stringMatching(/^Offer 1006/),
        reason: expect.stringMatching(/^Sold/),
      }),
    ]);
    expect((await show('1008')).changedFields).toEqual([]);
    const human = await run('offers', 'set-status', '3', '1001', '1006', '--dry-run');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      /Dry run: 2 offers would change, 0 left out; nothing was queued\./,
    );
    expect(human.stdout).toMatch(/Offer 1001.*: Active → Not Active/);
    expect(human.stdout).toMatch(/We expect a sold offer to keep its status \(1 offer\)\./);

    const done = await run('offers', 'change-price', '--percent', '-10', '1001', '1008', '1006');
    expect(done.code).toBe(3);
    expect(done.stdout).toMatch(/1 live account offer goes back to review/);
    expect((await show('1008')).fields.price_per_step).toBe(31.5);
    const undone = await json<{ undone: string; offers: number }>('undo');
    expect(undone.code).toBe(0);
    expect(undone.result).toEqual({ undone: 'Price −10 % on 2 offers', offers: 2 });
    expect(await show('1008')).toMatchObject({ fields: { price_per_step: 35 }, pending: [] });
    const nothing = await run('undo');
    expect(nothing.code).not.toBe(0);
    expect(nothing.stderr).toMatch(/nothing to undo/);
  });
});
