// The command line says what the sync holds back: accounts that may already be on sale (an
// add_batch whose answer was lost, a buyer bought since) in `stock` and `status`, with both ways
// out (`credentials unsure send-again|drop`); and while the marketplace's rate limit pauses the
// queue, `status` says the offers wait and until when, not that they are "sending".
import { describe, expect, it } from 'vitest';
import { jsonOf, runInProcess, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-unsure-');

async function ok(args: string[]) {
  const run = await runInProcess(args, world.target);
  if (run.code !== 0) throw new Error(`${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return run;
}

interface StatusJson {
  result: {
    waiting: { offers: number; until: string } | null;
    uncertain: { id: string; accounts: number }[];
  };
}

describe('seller-desk and what the sync holds back', { timeout: 120_000 }, () => {
  it('names accounts that may already be on sale, and sends them again or drops them on request', async () => {
    const offers = world.dir.file(
      'account.csv',
      [
        'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
        '25,1,1,Fortnite unsure,PC,120',
        '25,1,1,Fortnite dropped,PC,90',
      ].join('\n'),
    );
    await ok(['offers', 'import', offers, '--product', '12', '--delivery-time', '600000']);
    const refs = jsonOf<{ result: { offers: { id: string; outerName: string }[] } }>(
      await ok(['offers', 'list', '--product', '12', '--json']),
    ).result.offers;
    const ref = (name: string) => refs.find((o) => o.outerName === name)!.id;
    await ok([
      'credentials',
      'import',
      world.dir.file('a.txt', 'a-1:pw1\na-2:pw2\n'),
      '--offer',
      ref('Fortnite unsure'),
    ]);
    await ok([
      'credentials',
      'import',
      world.dir.file('b.txt', 'b-1:pw1\nb-2:pw2\n'),
      '--offer',
      ref('Fortnite dropped'),
    ]);
    await ok(['push', '--json']);
    const ids = jsonOf<{ result: { offers: { serverId: number; outerName: string }[] } }>(
      await ok(['offers', 'list', '--product', '12', '--json']),
    ).result.offers;
    const idOf = (name: string) => ids.find((o) => o.outerName === name)!.serverId;

    // More credentials for both; their add_batch is processed, its answer lost; buyers buy.
    await ok([
      'credentials',
      'import',
      world.dir.file('a2.txt', 'a-3:pw3\na-4:pw4\na-5:pw5\n'),
      '--offer',
      String(idOf('Fortnite unsure')),
    ]);
    await ok([
      'credentials',
      'import',
      world.dir.file('b2.txt', 'b-3:pw3\n'),
      '--offer',
      String(idOf('Fortnite dropped')),
    ]);
    world.sandbox.setFaults({ dropAfterRate: 1, pathIncludes: '/credentials/add_batch' });
    await runInProcess(['push', '--json'], world.target);
    world.sandbox.resetFaults();
    world.sandbox.control.simulateBuyers(idOf('Fortnite unsure'), 1);
    world.sandbox.control.simulateBuyers(idOf('Fortnite dropped'), 1);
    const held = await runInProcess(['push', '--json'], world.target);
    expect(held.code).toBe(3);

    const stock = jsonOf<{ result: { uncertain: { id: string; accounts: number }[] } }>(
      await ok(['stock', '--json']),
    ).result;
    expect(stock.uncertain).toEqual([
      expect.objectContaining({ id: String(idOf('Fortnite unsure')), accounts: 3 }),
      expect.objectContaining({ id: String(idOf('Fortnite dropped')), accounts: 1 }),
    ]);
    const human = (await ok(['stock'])).stdout;
    expect(human).toContain(
      `Offer ${idOf('Fortnite unsure')} "Fortnite unsure": 3 accounts may already be on sale`,
    );
    expect(human).toContain(
      `seller-desk credentials unsure send-again --offer ${idOf('Fortnite unsure')}`,
    );
    const statusRun = await runInProcess(['status'], world.target);
    expect(statusRun.stdout).toContain('1 account may already be on sale');

    const again = jsonOf<{ result: { accounts: number } }>(
      await ok([
        'credentials',
        'unsure',
        'send-again',
        '--offer',
        String(idOf('Fortnite unsure')),
        '--json',
      ]),
    ).result;
    expect(again.accounts).toBe(3);
    const dropped = jsonOf<{ result: { accounts: number } }>(
      await ok([
        'credentials',
        'unsure',
        'drop',
        '--offer',
        String(idOf('Fortnite dropped')),
        '--json',
      ]),
    ).result;
    expect(dropped.accounts).toBe(1);
    const none = await runInProcess(
      ['credentials', 'unsure', 'drop', '--offer', String(idOf('Fortnite dropped'))],
      world.target,
    );
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No accounts of this offer wait for that choice.');
    await ok(['push', '--json']);
    const after = jsonOf<StatusJson>(await ok(['status', '--json'])).result;
    expect(after.uncertain).toEqual([]);
  });

  it('says queued offers wait for the rate limit, and until when, rather than "sending"', async () => {
    const offers = world.dir.file(
      'gold.csv',
      [
        'price_per_step,amount,min_purchase_amount,Realm,Faction',
        '1.5,1000,1,Ashbringer,Horde',
      ].join('\n'),
    );
    await ok(['offers', 'import', offers, '--product', '1', '--delivery-time', '600000']);
    // The marketplace answers 429 asking for a 4-window pause; the push gives up waiting.
    world.sandbox.setFaults({ tooManyRequests: 1, retryAfter: '4' });
    const pushing = runInProcess(['push', '--json'], world.target);
    await new Promise((r) => setTimeout(r, 1500));
    const status = await runInProcess(['status', '--json'], world.target);
    const doc = jsonOf<StatusJson>(status).result;
    expect(doc.waiting).not.toBeNull();
    expect(doc.waiting!.offers).toBeGreaterThanOrEqual(1);
    expect(Date.parse(doc.waiting!.until)).toBeGreaterThan(Date.now());
    const human = (await runInProcess(['status'], world.target)).stdout;
    expect(human).toMatch(/waiting until \d\d:\d\d:\d\d/);
    expect(human).not.toMatch(/^\s*sending\s+\d+\s*$/m);
    await pushing;
    world.sandbox.resetFaults();
  });
});
