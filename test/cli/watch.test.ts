// `seller-desk watch` as the real binary in a child process against the sandbox at a scaled
// minute (1 s): after a sale it restocks from the pool with no other command; a second watcher on
// the profile is refused; a marketplace answering errors and a refused token are told round by
// round and the watcher goes on (a replaced token file is picked up); SIGTERM while a request is
// on the wire stops it between requests with exit 0, and the profile can be watched again.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { runSellerDesk, useCliWorld } from './harness';
import { pooledOffer, startWatcher, type Watcher } from './watchHarness';

const world = useCliWorld('sd-cli-watch-');

let tokenFile: string;
const watchers: Watcher[] = [];

function writeToken(token: string) {
  writeFileSync(tokenFile, token);
  chmodSync(tokenFile, 0o600);
}

beforeAll(async () => {
  tokenFile = join(world.dir.path, 'token');
  writeToken(world.sandbox.sellers[2]!.token);
});
afterAll(async () => {
  await Promise.all(watchers.map((w) => w.stop('SIGKILL')));
});

describe('seller-desk watch', { timeout: 240_000 }, () => {
  it('restocks after a sale by itself, refuses a second watcher, rides out errors and a refused token, and stops cleanly on SIGTERM mid-round', async () => {
    const serverId = await pooledOffer(world.target, world.dir);
    // Every 30 s of the marketplace's minute: half a second here.
    const watcher = startWatcher(world.target, ['--every', '30s', '--token-file', tokenFile]);
    watchers.push(watcher);
    const first = await watcher.waitFor((l) => l.event === 'round');
    expect(first).toMatchObject({ round: 1, state: 'online', rateLimited: 0 });

    // A second watcher on the same profile does not start.
    const second = await runSellerDesk(['watch', '--every', '30s'], world.target);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/Another watcher \(pid \d+\) is already watching this profile/);

    // A buyer takes both credentials on sale: the marketplace turns the offer Not Active, and the
    // watcher's next rounds pull it, restock two from the pool and set it Active again.
    expect(world.sandbox.control.simulateBuyers(serverId, 2)).toBe(2);
    await expect
      .poll(
        () =>
          world.sandbox.control
            .credentials(serverId)
            .map((c) => c.login)
            .sort(),
        { timeout: 30_000, interval: 100 },
      )
      .toEqual(['first-1', 'first-2', 'pool-1', 'pool-2']);
    await expect
      .poll(() => world.sandbox.control.offers(3).find((o) => o.id === serverId)!.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(OfferStatus.Active);

    // The marketplace answers every request with a server error: told, retried, never given up.
    let from = watcher.lines.length;
    world.sandbox.setFaults({ errorRate: 1 });
    await watcher.waitFor((l) => l.state === 'unreachable', 30_000, from);
    from = watcher.lines.length;
    world.sandbox.resetFaults();
    await watcher.waitFor((l) => l.state === 'online', 30_000, from);

    // The seller regenerates the token: each round says so; a new token in the file is used.
    from = watcher.lines.length;
    const fresh = world.sandbox.control.regenerateToken(3);
    const refused = await watcher.waitFor((l) => l.state === 'token_refused', 30_000, from);
    expect(JSON.stringify(refused)).not.toContain(fresh);
    await watcher.waitFor(
      (l) => l.state === 'token_refused',
      30_000,
      watcher.lines.indexOf(refused) + 1,
    );
    writeToken(fresh);
    from = watcher.lines.length;
    await watcher.waitFor((l) => l.state === 'online', 30_000, from);

    // SIGTERM while a request is on the wire: it ends between requests, exit 0.
    world.sandbox.setFaults({ latencyMs: 1500 });
    const before = world.sandbox.requests.length;
    await expect
      .poll(() => world.sandbox.requests.slice(before).some((r) => r.status === 0), {
        timeout: 30_000,
        interval: 20,
      })
      .toBe(true);
    const stopAt = Date.now();
    const end = await watcher.stop('SIGTERM');
    world.sandbox.resetFaults();
    expect(end).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopAt).toBeLessThan(10_000);
    const last = watcher.lines.at(-1)!;
    expect(last).toMatchObject({ ok: true, command: 'watch', exitCode: 0 });
    expect(watcher.lines.filter((l) => l.event === 'round').at(-1)).toMatchObject({
      state: 'stopped',
    });
    expect(watcher.lines.every((l) => l.event !== 'round' || l.rateLimited === 0)).toBe(true);

    // The lock went with it: the profile can be watched again at once.
    const again = startWatcher(world.target, ['--every', '30s', '--token-file', tokenFile]);
    watchers.push(again);
    await again.waitFor((l) => l.event === 'round' && l.state === 'online');
    expect(await again.stop('SIGINT')).toEqual({ code: 0, signal: null });
  });
});
