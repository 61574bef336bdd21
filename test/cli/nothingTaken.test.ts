// `--skip-invalid` on a file where no row is valid takes nothing, and says so with exit 2 (a
// script cannot tell "nothing taken" from "done" by exit 0): credentials import, the restock
// pool and offers import alike. A line holding several accounts (a pasted HTML page) is refused
// by its number, never queued as one credential whose password carries the others.
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, runInProcess, runSellerDesk, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-nothing-taken-');

let offerId: string;

type Failure = {
  exitCode: number;
  error: { kind: string; message: string; problems: { line: number; reason: string }[] };
};

const queuedOf = async () =>
  jsonOf<{ result: { queuedCredentials: number } }>(
    await runInProcess(['offers', 'show', offerId, '--json'], world.target),
  ).result.queuedCredentials;

beforeAll(async () => {
  const offers = world.dir.file(
    'account.csv',
    'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count\n25,1,1,Fortnite PC,PC,120\n',
  );
  const run = await runInProcess(['offers', 'import', offers, '--product', '12'], world.target);
  expect(run.code, run.stderr).toBe(0);
  offerId = jsonOf<{ result: { offers: { id: string }[] } }>(
    await runInProcess(['offers', 'list', '--json'], world.target),
  ).result.offers[0]!.id;
});

describe('--skip-invalid with no valid row', () => {
  it('credentials import and credentials pool add exit 2, take nothing and say so', async () => {
    const bad = world.dir.file('bad.txt', 'alpha\nbeta\n\ngamma\n');
    for (const command of [
      ['credentials', 'import'],
      ['credentials', 'pool', 'add'],
    ]) {
      const run = await runSellerDesk(
        [...command, bad, '--offer', offerId, '--skip-invalid', '--json'],
        world.target,
      );
      expect(run.code, run.stdout + run.stderr).toBe(2);
      const failure = jsonOf<Failure>(run);
      expect(failure.error.kind).toBe('bad_input');
      expect(failure.error.message).toBe(
        `${bad}: No row of the file can be taken: all 3 rows have problems (listed by line). Nothing was taken. Fix them.`,
      );
      expect(failure.error.problems.map((p) => p.line)).toEqual([1, 2, 4]);
    }
    expect(await queuedOf()).toBe(0);
    const pool = jsonOf<{ result: { offers: unknown[] } }>(
      await runInProcess(['credentials', 'pool', 'list', '--json'], world.target),
    ).result.offers;
    expect(pool).toEqual([]);
    // One good row is enough to go on, as before.
    const some = world.dir.file('some.txt', 'alpha\nbeta:Pass-Two\n');
    const run = await runInProcess(
      ['credentials', 'import', some, '--offer', offerId, '--skip-invalid', '--json'],
      world.target,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<{ result: { queued: number; skipped: number } }>(run).result).toMatchObject({
      queued: 1,
      skipped: 1,
    });
  });

  it('offers import exits 2 and queues nothing', async () => {
    const bad = world.dir.file(
      'bad-offers.csv',
      'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count\nx,1,1,A,PC,120\ny,1,1,B,PC,120\n',
    );
    const before = jsonOf<{ result: { offers: number } }>(
      await runInProcess(['status', '--json'], world.target),
    ).result.offers;
    const run = await runSellerDesk(
      ['offers', 'import', bad, '--product', '12', '--skip-invalid', '--json'],
      world.target,
    );
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(jsonOf<Failure>(run).error.message).toContain(
      'No row of the file can be taken: all 2 rows have problems',
    );
    const after = jsonOf<{ result: { offers: number } }>(
      await runInProcess(['status', '--json'], world.target),
    ).result.offers;
    expect(after).toBe(before);
  });
});

describe('several accounts on one line', () => {
  it('refuses the line by number; with --skip-invalid only the real accounts are queued', async () => {
    const page = world.dir.file(
      'page.html',
      ['solo:Pass-Solo-1', '<p>hero1:pw-1 hero2:pw-2 hero3:pw-3</p>', 'duo:Pass-Duo-2'].join('\n'),
    );
    const refused = await runInProcess(
      ['credentials', 'import', page, '--offer', offerId, '--json'],
      world.target,
    );
    expect(refused.code).toBe(2);
    const problems = jsonOf<Failure>(refused).error.problems;
    expect(problems).toEqual([
      expect.objectContaining({
        line: 2,
        reason:
          'this line holds 3 accounts (login:password pairs); put each account on a line of its own',
      }),
    ]);
    expect(refused.stdout).not.toContain('pw-2');
    const before = await queuedOf();
    const skipped = await runInProcess(
      ['credentials', 'import', page, '--offer', offerId, '--skip-invalid', '--json'],
      world.target,
    );
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(jsonOf<{ result: { queued: number; skipped: number } }>(skipped).result).toMatchObject({
      queued: 2,
      skipped: 1,
    });
    expect(await queuedOf()).toBe(before + 2);
  });
});
