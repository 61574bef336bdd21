// The real `bin/seller-desk.mjs` in child processes against the sandbox marketplace, with the
// rate-limit "minute" scaled to one second on both sides.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limits } from '../../electron/contract/marketplace/limits';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

const dir = tempDir('sd-cli-e2e-');
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close().catch(() => undefined)));
  dir.remove();
});

async function sandboxOn(port = 0, tokens?: string[]): Promise<Sandbox> {
  const sandbox = await startSandbox({ windowMs: WINDOW_MS, port, ...(tokens ? { tokens } : {}) });
  sandboxes.push(sandbox);
  return sandbox;
}

/** A CSV of `count` gold offers for product 1 (WoW Classic Era Gold), all different. */
function goldOffersCsv(name: string, count: number): string {
  const rows = ['price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note'];
  for (let i = 0; i < count; i++) {
    rows.push(`${(0.5 + i / 10_000).toFixed(4)},${1000 + i},1,Ashbringer,Horde,lot ${i}`);
  }
  const path = join(dir.path, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return path;
}

/** The most offers the sandbox processed in any window, and the most requests. */
function peakPerWindow(requests: RecordedRequest[]) {
  let offers = 0;
  let count = 0;
  for (const r of requests) {
    const inWindow = requests.filter((o) => o.at > r.at - WINDOW_MS && o.at <= r.at);
    offers = Math.max(
      offers,
      inWindow.reduce((sum, o) => sum + (o.status === 200 ? o.manageOffers : 0), 0),
    );
    count = Math.max(count, inWindow.length);
  }
  return { offers, count };
}

// Child processes on a busy 2-core machine: generous limits, the runs themselves take seconds.
describe('seller-desk binary', { timeout: 120_000 }, () => {
  it('imports 250 offers and pushes them from two processes at once: 250 on the marketplace, no window exceeded', async () => {
    const sandbox = await sandboxOn();
    const seller = sandbox.sellers[2]!; // a seller with no offers yet
    const target: CliTarget = {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dir.path, 'two'),
      token: seller.token,
    };
    const file = goldOffersCsv('250.csv', 250);

    const imported = await runSellerDesk(
      ['offers', 'import', file, '--product', '1', '--delivery-time', '3600000', '--json'],
      target,
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(jsonOf<{ result: { created: number } }>(imported).result.created).toBe(250);
    expect(sandbox.control.offers(seller.id)).toHaveLength(0); // nothing sent before push

    const [first, second] = await Promise.all([
      runSellerDesk(['push', '--json'], target),
      runSellerDesk(['push', '--json'], target),
    ]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    const sent = [first, second].map(
      (r) => jsonOf<{ result: { sent: number; queuedOperations: number } }>(r).result,
    );
    // One run took the profile's lock and sent everything; the other waited, then found nothing.
    expect(sent.map((s) => s.sent).sort((a, b) => a - b)).toEqual([0, 250]);
    expect(sent.map((s) => s.queuedOperations)).toEqual([0, 0]);

    const onServer = sandbox.control.offers(seller.id);
    expect(onServer).toHaveLength(250);
    expect(new Set(onServer.map((o) => o.data['103'])).size).toBe(250); // no duplicates
    expect(sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    const peak = peakPerWindow(sandbox.requests);
    expect(peak.offers).toBeLessThanOrEqual(limits.manageOffersPerWindow);
    expect(peak.count).toBeLessThanOrEqual(limits.requestsPerWindow);
    // 250 offers cannot fit one window: the push waited for the next instead of failing.
    const manage = sandbox.requests.filter((r) => r.manageOffers > 0);
    expect(manage.at(-1)!.at - manage[0]!.at).toBeGreaterThanOrEqual(WINDOW_MS - 50);

    const status = jsonOf<{
      result: {
        offers: number;
        queuedOperations: number;
        bySyncState: Record<string, number>;
        byStatus: Record<string, number>;
      };
    }>(await runSellerDesk(['status', '--json'], target));
    expect(status.result).toMatchObject({ offers: 250, queuedOperations: 0 });
    expect(status.result.bySyncState.synced).toBe(250);
    expect(status.result.byStatus['2']).toBe(250); // gold offers go Active
  });

  it('refuses a bad file with line and column and queues nothing; --skip-invalid queues the good rows', async () => {
    const sandbox = await sandboxOn();
    const target: CliTarget = {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dir.path, 'bad'),
      token: sandbox.sellers[2]!.token,
    };
    const file = join(dir.path, 'bad.csv');
    writeFileSync(
      file,
      [
        'price_per_step,amount,min_purchase_amount,Realm,Faction',
        '0.5,100,1,Ashbringer,Horde',
        '0.5,-3,1,Ashbringer,Horde',
        '0.6,100,1,Ashbringer,Elves',
      ].join('\n'),
    );
    const refused = await runSellerDesk(
      ['offers', 'import', file, '--product', '1', '--delivery-time', '60000'],
      target,
    );
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/line 3, column amount: /);
    expect(refused.stderr).toMatch(/line 4, column Faction: .*allowed: Alliance, Horde/);
    const nothing = jsonOf<{ result: { offers: number; queuedOperations: number } }>(
      await runInProcess(['status', '--json'], target),
    );
    expect(nothing.result).toMatchObject({ offers: 0, queuedOperations: 0 });

    const skipped = await runSellerDesk(
      [
        'offers',
        'import',
        file,
        '--product',
        '1',
        '--delivery-time',
        '60000',
        '--skip-invalid',
        '--json',
      ],
      target,
    );
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(skipped).result).toMatchObject({
      created: 1,
      skipped: 2,
    });
    const one = jsonOf<{ result: { offers: number; queuedOperations: number } }>(
      await runInProcess(['status', '--json'], target),
    );
    expect(one.result).toMatchObject({ offers: 1, queuedOperations: 1 });
  });

  it('refuses a token argument, asks for a missing token, and exits 4 on a wrong one without printing it', async () => {
    const sandbox = await sandboxOn();
    const target: CliTarget = {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dir.path, 'tokens'),
      token: null,
    };
    // Usage errors end before anything is opened: checked in-process, the binary is kept for
    // the runs that talk to the marketplace.
    const token = sandbox.sellers[0]!.token;
    const asArgument = await runInProcess(['pull', '--token', token], target);
    expect(asArgument.code).toBe(2);
    expect(asArgument.stderr).toMatch(/SELLER_DESK_TOKEN or use --token-file/);
    expect(asArgument.stderr + asArgument.stdout).not.toContain(token);

    const missing = await runInProcess(['pull'], target);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/needs your API token/);

    const wrongToken = 'wrong-token-7f3a9c';
    const wrong = await runSellerDesk(['pull', '--json'], { ...target, token: wrongToken });
    expect(wrong.code).toBe(4);
    const doc = jsonOf<{ ok: boolean; error: { kind: string } }>(wrong);
    expect(doc).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(wrong.stdout + wrong.stderr).not.toContain(wrongToken);

    const tokenFile = join(dir.path, 'token.txt');
    writeFileSync(tokenFile, `${sandbox.sellers[0]!.token}\n`, { mode: 0o644 });
    const shared = await runSellerDesk(['pull', '--token-file', tokenFile, '--json'], target);
    expect(shared.code).toBe(2);
    expect(jsonOf<{ error: { message: string } }>(shared).error.message).toMatch(
      /readable by group or others \(mode 644\).*chmod 600/,
    );
    expect(shared.stdout + shared.stderr).not.toContain(sandbox.sellers[0]!.token);
    chmodSync(tokenFile, 0o600);
    const fromFile = await runSellerDesk(['pull', '--token-file', tokenFile, '--json'], target);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(jsonOf<{ result: { offers: number } }>(fromFile).result.offers).toBe(
      sandbox.control.offers(sandbox.sellers[0]!.id).length,
    );
  });

  it('exits 5 when the marketplace is down, keeps the queue, and a later push sends it', async () => {
    let sandbox = await sandboxOn();
    const port = Number(new URL(sandbox.baseUrl).port);
    const seller = sandbox.sellers[2]!;
    const target: CliTarget = {
      baseUrl: sandbox.baseUrl,
      dataDir: join(dir.path, 'down'),
      token: seller.token,
    };
    const queued = await runInProcess(
      [
        'offers',
        'import',
        goldOffersCsv('5.csv', 5),
        '--product',
        '1',
        '--delivery-time',
        '3600000',
      ],
      target,
    );
    expect(queued.code, queued.stderr).toBe(0);
    await sandbox.close();

    const down = await runSellerDesk(['push'], target);
    expect(down.code).toBe(5);
    expect(down.stderr).toMatch(/could not be reached/);
    expect(down.stderr).toMatch(/5 are kept for the next push/);
    const status = jsonOf<{ result: { queuedOperations: number } }>(
      await runInProcess(['status', '--json'], target),
    );
    expect(status.result.queuedOperations).toBe(5);

    // The marketplace is back, and the seller's token with it.
    sandbox = await sandboxOn(
      port,
      sandbox.sellers.map((s) => s.token),
    );
    const up = await runSellerDesk(['push', '--json'], target);
    expect(up.code, up.stderr).toBe(0);
    expect(jsonOf<{ result: { sent: number } }>(up).result.sent).toBe(5);
    expect(sandbox.control.offers(seller.id)).toHaveLength(5);
  });
});
