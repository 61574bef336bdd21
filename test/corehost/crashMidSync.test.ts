// Nothing lost, nothing twice: the core's worker thread, or its process (SIGKILL, as Electron's
// utilityProcess would die), ended in the middle of a push is started again by the parent, reopens the session and the sync goes on; every offer the
// seller queued is on the marketplace exactly once (the sandbox's own count). A shutdown during
// a push stops between requests and leaves the rest queued, as the next start finds it.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileFile } from '../../electron/core/app';
import type { Sandbox } from '../../electron/sandbox';
import { startSandbox } from '../../electron/sandbox';
import { coreCalls } from '../app/coreHarness';
import { queueGoldOffers, until } from '../app/sellerWorld';
import {
  childProcessSpawner,
  CORE_PROCESS_FILE,
  CORE_WORKER_FILE,
  workerSpawner,
  type SpawnCore,
} from '../../electron/corehost/spawnCore';
import { freshBundle } from '../freshBuild';
import { openCoreWorld, type CoreWorld } from './coreWorld';

// The thread and the process from the fresh build when there is one (as the app starts them);
// from TypeScript each of the eight starts compiles the core again.
const builtThread = freshBundle(CORE_WORKER_FILE);
const builtProcess = freshBundle(CORE_PROCESS_FILE);
const threadSpawner = () => (builtThread ? workerSpawner({ file: builtThread }) : workerSpawner());
const processSpawner = () =>
  builtProcess
    ? childProcessSpawner({ file: builtProcess, typescript: false })
    : childProcessSpawner();

const QUEUED = 260;
const BASE = 7;

let sandbox: Sandbox;
let dir: string;
let world: CoreWorld | null = null;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sd-core-crash-'));
});

afterEach(async () => {
  await world?.core.close();
  world = null;
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A connected seller with QUEUED new offers waiting to be pushed; the pushes run slowly. */
async function sellerWithQueue(dataDir: string, spawnWith: SpawnCore) {
  world = await openCoreWorld(dataDir, sandbox.baseUrl, { spawnWith });
  await world.core.start();
  const calls = coreCalls(() => world!.core);
  const seller = sandbox.sellers[0]!;
  await calls.call('session.connect', { token: seller.token });
  await calls.syncNow();
  await queueGoldOffers({ call: calls.call, sandbox }, BASE, QUEUED);
  expect((await calls.call('sync.status')).queued).toBe(QUEUED);
  // Each answer takes a while, so the push is still running when the test acts.
  sandbox.setFaults({ latencyMs: 150 });
  return { calls, seller };
}

/** The queued offers on the marketplace (priced BASE + i/10 000, all under BASE + 1). */
const onMarketplace = (sellerId: number) =>
  sandbox.control
    .offers(sellerId)
    .filter((o) => o.price_per_step >= BASE && o.price_per_step < BASE + 1);

describe.each([
  ['thread', threadSpawner],
  ['process', processSpawner],
])('the core in its own %s across a crash and a shutdown', { timeout: 120_000 }, (_, spawner) => {
  it('killed mid-push, is restarted, resumes the sync, and every offer lands exactly once', async () => {
    const { calls, seller } = await sellerWithQueue(join(dir, 'data'), spawner());
    await calls.call('sync.now');
    // The push is under way: some offers are on the marketplace, not all.
    await until(() => onMarketplace(seller.id).length > 0, 60_000);
    await world!.workers[0]!.kill();
    const atCrash = onMarketplace(seller.id).length;
    expect(atCrash).toBeLessThan(QUEUED);

    await until(() => world!.restarts.length === 1, 30_000);
    await world!.core.settled();
    expect(world!.restarts).toEqual([{ gaveUp: false }]);
    // The session came back by itself; the rest goes out with the next sync.
    expect(await calls.call('session.status')).toMatchObject({ mode: 'marketplace' });
    sandbox.resetFaults();
    let status = await calls.syncNow();
    for (let i = 0; i < 5 && status.queued > 0; i++) status = await calls.syncNow();
    expect(status).toMatchObject({ queued: 0, needsSeller: 0, conflicts: 0 });

    const offers = onMarketplace(seller.id);
    const prices = offers.map((o) => o.price_per_step);
    expect(new Set(prices).size).toBe(QUEUED);
    expect(offers).toHaveLength(QUEUED);
  });

  it('closed mid-push, stops between requests and leaves the unsent offers queued for the next start', async () => {
    const dataDir = join(dir, 'data');
    const { calls, seller } = await sellerWithQueue(dataDir, spawner());
    await calls.call('sync.now');
    await until(() => onMarketplace(seller.id).length > 0, 60_000);
    await world!.core.close();
    world = null;
    const sent = onMarketplace(seller.id).length;
    expect(sent).toBeLessThan(QUEUED);
    // The store was closed cleanly: its write-ahead log folded into the file.
    const wal = `${profileFile(dataDir, sandbox.baseUrl)}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

    sandbox.resetFaults();
    world = await openCoreWorld(dataDir, sandbox.baseUrl, { spawnWith: spawner() });
    await world.core.start();
    const again = coreCalls(() => world!.core);
    // Whatever did not go out is still queued (an answer cut off is read back, not resent).
    const queued = (await again.call('sync.status')).queued;
    expect(queued).toBeGreaterThan(0);
    expect(queued).toBeGreaterThanOrEqual(QUEUED - sent);
    let status = await again.syncNow();
    for (let i = 0; i < 5 && status.queued > 0; i++) status = await again.syncNow();
    expect(status).toMatchObject({ queued: 0, needsSeller: 0, conflicts: 0 });
    const offers = onMarketplace(seller.id);
    expect(new Set(offers.map((o) => o.price_per_step)).size).toBe(QUEUED);
    expect(offers).toHaveLength(QUEUED);
  });
});
