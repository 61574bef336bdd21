// `seller-desk credentials pool` as the real binary in child processes against the sandbox: add
// (with --keep), list, set-keep and clear; and a crash between the upload and the bookkeeping — the
// process killed once the marketplace processed the restock's add_batch, before it heard the answer
// — never sends a pool credential twice: the next push sends the same two again (the marketplace
// skips them as duplicates: our own first send, so no warning), takes nothing more from the pool,
// and sets the offer Active. Killed the same way while buyers then empty the offer, the restock is
// never sent again: its account may be a buyer's already, so `stock` asks the seller.
import { spawn } from 'node:child_process';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import {
  binPath,
  jsonOf,
  repoRoot,
  runSellerDesk,
  succeeds,
  tempDir,
  WINDOW_MS,
  type CliTarget,
} from './harness';

let sandbox: Sandbox;
const dir = tempDir('sd-cli-pool-');
let target: CliTarget;
let proxy: Awaited<ReturnType<typeof startCrashProxy>>;

interface PoolListJson {
  result: {
    offers: {
      id: string;
      name: string;
      pool: number;
      keep: number;
      onSale: number;
      onMarketplace: number;
      queued: number;
      hidden: string | null;
      dry: boolean;
    }[];
  };
}

const file = (name: string, content: string) => dir.file(name, content);

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
  // Every run goes through the hop: a profile is the marketplace's address's.
  proxy = await startCrashProxy(sandbox.baseUrl);
  target = {
    baseUrl: proxy.baseUrl,
    dataDir: join(dir.path, 'data'),
    token: sandbox.sellers[2]!.token,
  };
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  dir.remove();
});

const ok = (args: string[], at: CliTarget = target) => succeeds(args, at);

async function poolList() {
  return jsonOf<PoolListJson>(await ok(['credentials', 'pool', 'list', '--json'])).result.offers;
}

async function body(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A hop in front of the sandbox keeping each add_batch's body; while `crashOnAddBatch` is set,
 * the first add_batch is processed by the sandbox and then, before its answer is passed on, the
 * command line that sent it is killed.
 */
async function startCrashProxy(upstream: string) {
  const url = new URL(upstream);
  const adds: string[] = [];
  let crash: (() => void) | null = null;
  const server = createServer((incoming, outgoing) => {
    void body(incoming).then((sent) => {
      const isAdd = (incoming.url ?? '').endsWith('/credentials/add_batch');
      if (isAdd) adds.push(sent.toString('utf8'));
      const forwarded = request(
        {
          host: url.hostname,
          port: url.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: url.host },
        },
        (answer) => {
          if (isAdd && crash) {
            const kill = crash;
            crash = null;
            // The marketplace has the credentials; the process never hears it.
            void body(answer).then(() => {
              kill();
              outgoing.destroy();
            });
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      forwarded.end(sent);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    adds,
    crashOnAddBatch(kill: () => void) {
      crash = kill;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/** `push` in a child process that the proxy kills (SIGKILL) mid-restock; resolves on its exit. */
function pushKilledMidRestock() {
  const child = spawn(
    process.execPath,
    [
      binPath,
      'push',
      '--json',
      '--base-url',
      proxy.baseUrl,
      '--data-dir',
      target.dataDir,
      '--window-ms',
      String(WINDOW_MS),
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, SELLER_DESK_TOKEN: target.token! },
      stdio: 'ignore',
    },
  );
  proxy.crashOnAddBatch(() => child.kill('SIGKILL'));
  return new Promise<NodeJS.Signals | null>((done) =>
    child.on('exit', (_c, signal) => done(signal)),
  );
}

const loginsOf = (addBody: string) =>
  (JSON.parse(addBody) as { credentials: { login: string }[] }).credentials.map((c) => c.login);

describe('seller-desk credentials pool', { timeout: 180_000 }, () => {
  it('adds, lists, restocks a sold-out offer across a crash without sending twice, sets the level and clears', async () => {
    const offers = file(
      'account.csv',
      [
        'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
        '25,1,1,Fortnite pooled,PC,120',
      ].join('\n'),
    );
    await ok(['offers', 'import', offers, '--product', '12', '--delivery-time', '600000']);
    const list = jsonOf<{ result: { offers: { id: string }[] } }>(
      await ok(['offers', 'list', '--product', '12', '--json']),
    );
    const localRef = list.result.offers[0]!.id;
    await ok([
      'credentials',
      'import',
      file('first.txt', 'first-1:pw1\nfirst-2:pw2\n'),
      '--offer',
      localRef,
    ]);
    await ok(['push', '--json']);
    const [stocked] = jsonOf<{ result: { offers: { id: string }[] } }>(
      await ok(['stock', '--json']),
    ).result.offers;
    const id = stocked!.id;
    const serverId = Number(id);

    const added = jsonOf<{ result: Record<string, unknown> }>(
      await ok([
        'credentials',
        'pool',
        'add',
        file(
          'pool.txt',
          'pool-1:Pass-a\npool-2:Pass-b\nfirst-2:pw2\npool-3:Pass-c\npool-4:Pass-d\npool-5:Pass-e\n',
        ),
        '--offer',
        id,
        '--keep',
        '2',
        '--json',
      ]),
    ).result;
    expect(added).toMatchObject({ offer: id, rows: 6, added: 5, duplicates: 1, pool: 5, keep: 2 });
    expect(JSON.stringify(added)).not.toMatch(/Pass-|"pool-\d/);
    const human = await ok(['credentials', 'pool', 'list']);
    // Sent, but not on sale: the marketplace reviews it.
    expect(human.stdout).toMatch(/Fortnite pooled\s+5\s+2\s+0 \(On Review: 2 on it\)/);
    expect(human.stdout).not.toMatch(/pool-1/);
    expect(await poolList()).toEqual([
      {
        id,
        name: 'Fortnite pooled',
        pool: 5,
        keep: 2,
        onSale: 0,
        onMarketplace: 2,
        queued: 0,
        hidden: 'On Review',
        dry: false,
      },
    ]);

    expect(sandbox.control.simulateBuyers(serverId, 2)).toBe(2);
    await ok(['pull', '--json']);

    // Killed after the marketplace processed the restock, before the process heard it.
    const addsBefore = proxy.adds.length;
    expect(await pushKilledMidRestock()).toBe('SIGKILL');
    expect(proxy.adds.slice(addsBefore).map(loginsOf)).toEqual([['pool-1', 'pool-2']]);
    expect(sandbox.control.credentials(serverId)).toHaveLength(4);
    // The two are in the outbox now, not back in the pool.
    expect((await poolList())[0]).toMatchObject({
      pool: 3,
      onSale: 0,
      onMarketplace: 0,
      queued: 2,
      hidden: 'Not Active',
    });

    // The outcome was unknown, so the engine sends the batch again (API: no idempotency key); the
    // marketplace skips both as duplicates by hash: those are our own first send, so the push
    // ends clean, with nothing for the seller to look at.
    const again = await runSellerDesk(['push', '--json'], target);
    expect(again.code, again.stderr).toBe(0);
    const pushed = jsonOf<{ result: { attention: { id: string; message: string }[] } }>(again);
    expect(pushed.result.attention).toEqual([]);
    // The same two went again; nothing more left the pool.
    expect(proxy.adds.slice(addsBefore).map(loginsOf)).toEqual([
      ['pool-1', 'pool-2'],
      ['pool-1', 'pool-2'],
    ]);
    const onMarket = sandbox.control.credentials(serverId);
    expect(onMarket.map((c) => c.login).sort()).toEqual(['first-1', 'first-2', 'pool-1', 'pool-2']);
    expect(sandbox.control.offers(3).find((o) => o.id === serverId)!.status).toBe(
      OfferStatus.Active,
    );
    expect(await poolList()).toEqual([
      {
        id,
        name: 'Fortnite pooled',
        pool: 3,
        keep: 2,
        onSale: 2,
        onMarketplace: 2,
        queued: 0,
        hidden: null,
        dry: false,
      },
    ]);
    const stock = jsonOf<{ result: { offers: Record<string, unknown>[] } }>(
      await ok(['stock', '--json']),
    ).result.offers;
    expect(stock).toEqual([expect.objectContaining({ id, credentialsLeft: 2, pool: 3, keep: 2 })]);
    expect((await ok(['stock'])).stdout).toMatch(/Fortnite pooled.*~2.*3 \(keep 2\)/);

    // A higher level takes one more at the next push; 0 stops restocking.
    const set = jsonOf<{ result: unknown }>(
      await ok(['credentials', 'pool', 'set-keep', '--offer', id, '--keep', '3', '--json']),
    ).result;
    expect(set).toEqual({ offer: id, pool: 3, keep: 3 });
    await ok(['push', '--json']);
    expect(sandbox.control.credentials(serverId).map((c) => c.login)).toContain('pool-3');
    await ok(['credentials', 'pool', 'set-keep', '--offer', id, '--keep', '0']);
    expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    await ok(['pull', '--json']);
    await ok(['push', '--json']);
    expect(sandbox.control.credentials(serverId)).toHaveLength(5);
    expect((await poolList())[0]).toMatchObject({ pool: 2, keep: 0 });

    const bad = await runSellerDesk(
      ['credentials', 'pool', 'set-keep', '--offer', id, '--keep', '-1'],
      target,
    );
    expect(bad.code).toBe(2);

    const cleared = jsonOf<{ result: unknown }>(
      await ok(['credentials', 'pool', 'clear', '--offer', id, '--json']),
    ).result;
    expect(cleared).toEqual({ offer: id, removed: 2 });
    expect(await poolList()).toEqual([]);
  });

  it('holds a restock the process died sending once a buyer bought since: asks, never sends it again', async () => {
    // The reading of the document that sells an account twice: a sold one is no duplicate.
    sandbox.control.soldAreNotDuplicates(true);
    try {
      const offers = file(
        'risky.csv',
        [
          'price_per_step,amount,min_purchase_amount,outer_name,Platform,Skins count',
          '25,1,1,Fortnite risky,PC,80',
        ].join('\n'),
      );
      await ok(['offers', 'import', offers, '--product', '12', '--delivery-time', '600000']);
      const ref = jsonOf<{ result: { offers: { id: string; outerName: string }[] } }>(
        await ok(['offers', 'list', '--product', '12', '--json']),
      ).result.offers.find((o) => o.outerName === 'Fortnite risky')!.id;
      await ok(['credentials', 'import', file('risky.txt', 'r-1:pw1\nr-2:pw2\n'), '--offer', ref]);
      await ok(['push', '--json']);
      const serverId = sandbox.control.offers(3).find((o) => o.outer_name === 'Fortnite risky')!.id;
      const id = String(serverId);
      sandbox.control.editOfferAsServer(serverId, { status: OfferStatus.Active });
      await ok([
        'credentials',
        'pool',
        'add',
        file('risky-pool.txt', 'rp-1:a\nrp-2:b\nrp-3:c\n'),
        '--offer',
        id,
        '--keep',
        '2',
      ]);
      expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);

      // Killed once the marketplace took the restock, before the process heard it.
      const addsBefore = proxy.adds.length;
      expect(await pushKilledMidRestock()).toBe('SIGKILL');
      expect(proxy.adds.slice(addsBefore).map(loginsOf)).toEqual([['rp-1']]);
      // Buyers empty the offer: the account sent may be one of those sold.
      expect(sandbox.control.simulateBuyers(serverId, 2)).toBe(2);

      const held = await runSellerDesk(['push', '--json'], target);
      expect(held.code, held.stderr).toBe(3);
      // Not sent again: the seller is asked.
      expect(proxy.adds.slice(addsBefore).map(loginsOf)).toEqual([['rp-1']]);
      const logins = sandbox.control.credentials(serverId).map((c) => c.login);
      expect(logins.length).toBe(new Set(logins).size);
      const stock = jsonOf<{ result: { uncertain: { id: string; accounts: number }[] } }>(
        await ok(['stock', '--json']),
      ).result;
      expect(stock.uncertain).toEqual([expect.objectContaining({ id, accounts: 1 })]);
      await ok(['credentials', 'unsure', 'drop', '--offer', id]);
    } finally {
      sandbox.control.soldAreNotDuplicates(false);
    }
  });
});
