// docs/ARCHITECTURE.md, "Sync: what must hold" 1 and 2 under the worst timing: a process pushing
// 500 offers is killed with SIGKILL at random moments, then started again. Afterwards no offer is
// lost, none is duplicated, nothing is left in the outbox. CRASH_TRIALS raises the number of trials
// for a longer run.
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync';
import { demoProducts } from '../../electron/sandbox/seed';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { goldOffer, tempDir } from './harness';
import { testDatabase } from '../../electron/core/store/testing';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 20);
const OFFERS = 500;
const WINDOW_MS = 100;
const root = resolve(import.meta.dirname, '../..');
const dir = tempDir();
const childBundle = dir.file('push-child.cjs');
const template = dir.file('template.db');
const prices: number[] = [];

let seed = 20261122;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

beforeAll(async () => {
  // A bundled child starts in a fraction of the time tsx needs to compile it at every spawn.
  await build({
    entryPoints: [resolve(import.meta.dirname, 'fixtures/push-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3'],
    outfile: childBundle,
    logLevel: 'error',
  });
  const store = openStore(template);
  store.saveProducts(demoProducts());
  testDatabase(store).transaction(() => {
    for (let i = 0; i < OFFERS; i++) {
      const price = 1 + i / 100;
      prices.push(price);
      store.createOffer({
        productId: 1,
        guaranteeDeliveryTime: i % 2 === 0 ? 60_000 : 120_000,
        fields: goldOffer(price),
      });
    }
  })();
  testDatabase(store).pragma('wal_checkpoint(TRUNCATE)');
  store.close();
});
afterAll(() => dir.remove());

/**
 * Runs the child and kills it once the sandbox has seen `manageRequests` manage requests from it,
 * `extraMs` later: right on arrival the outcome is unknown to the child; a little later it may be
 * recording the answer. (The sandbox runs in this process, so its request log is live.)
 */
function killChildAt(
  sb: Sandbox,
  file: string,
  manageRequests: number,
  extraMs: number,
): Promise<string> {
  const seen = sb.requests.filter((r) => r.path.endsWith('/offers/manage')).length;
  const proc = spawn(process.execPath, [childBundle, file, sb.baseUrl, String(WINDOW_MS)], {
    env: {
      ...process.env,
      NODE_PATH: resolve(root, 'node_modules'),
      SELLER_DESK_TOKEN: sb.sellers.find((s) => s.id === 3)!.token,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watch = setInterval(() => {
    const now = sb.requests.filter((r) => r.path.endsWith('/offers/manage')).length;
    if (now - seen >= manageRequests) {
      clearInterval(watch);
      setTimeout(() => proc.kill('SIGKILL'), extraMs);
    }
  }, 1);
  return new Promise((done) => {
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', () => {
      clearInterval(watch);
      done(out);
    });
  });
}

/** The restart: the same store file, pushed to the end in this process. */
async function finishPush(sb: Sandbox, file: string) {
  const store = openStore(file);
  const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: WINDOW_MS });
  const token = sb.sellers.find((s) => s.id === 3)!.token;
  const client = createMarketplaceClient({ baseUrl: sb.baseUrl, token, limiter });
  const engine = createSyncEngine({ store, client, limiter, maxInlineWaitMs: 500 });
  let last = await engine.sync();
  let adopted = last.adopted;
  for (let i = 0; i < 10 && (last.pending > 0 || last.error); i++) {
    last = await engine.sync();
    adopted += last.adopted;
  }
  last = { ...last, adopted };
  limiter.close();
  await client.close();
  return { store, last };
}

describe('crash safety', () => {
  it(`loses and duplicates nothing when a push of ${OFFERS} offers is killed at random (${TRIALS} trials)`, async () => {
    const outcomes = { killedBeforeAnySent: 0, killedMidway: 0, killedAfterAll: 0, adopted: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const sb = await startSandbox({ port: 0, windowMs: WINDOW_MS });
      try {
        const file = dir.file(`crash-${trial}.db`);
        copyFileSync(template, file);
        // Odd trials kill twice: the second run starts by resolving what the first left.
        for (let k = 0; k < 1 + (trial % 2); k++) {
          const manageRequests = 1 + Math.floor(random() * 5);
          const out = await killChildAt(sb, file, manageRequests, Math.floor(random() * 30));
          expect(out).not.toMatch(/Error/);
        }
        const onServerAtKill = sb.control.offers(3).length;
        if (onServerAtKill === 0) outcomes.killedBeforeAnySent++;
        else if (onServerAtKill < OFFERS) outcomes.killedMidway++;
        else outcomes.killedAfterAll++;

        const { store, last } = await finishPush(sb, file);
        try {
          expect(last).toMatchObject({ pending: 0, error: null, needsAttention: 0 });
          outcomes.adopted += last.adopted;
          const onServer = sb.control.offers(3);
          expect(onServer.map((o) => o.price_per_step).sort((a, b) => a - b)).toEqual(prices);
          const local = store.queryOffers({ limit: 500 });
          expect(local.total).toBe(OFFERS);
          expect(local.rows.every((r) => r.syncState === 'synced')).toBe(true);
          expect(new Set(local.rows.map((r) => r.serverId)).size).toBe(OFFERS);
          expect(store.countOffers().outbox).toBe(0);
        } finally {
          store.close();
        }
      } finally {
        await sb.close();
      }
    }
    console.log(`crash trials: ${JSON.stringify(outcomes)}`);
    // The kills really landed while offers were being sent, not only before or after.
    expect(outcomes.killedMidway).toBeGreaterThan(0);
  }, 600_000);
});
