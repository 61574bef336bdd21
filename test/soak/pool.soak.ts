// The restock pool under crashes, concurrency, faults and sales. Not part of `npm test`; run it:
//
//   npm run soak:pool -- [--trials 100] [--seed 1]
//
// A sandbox marketplace (sold credentials are not duplicates to its add_batch, so an account sent
// again after a buyer took it shows up twice) and one profile with three account offers, each with
// a restock pool keeping 3 on sale. Each trial: buyers buy while two Seller Desk processes
// (poolWorker.ts: a `push` or a sync each) work the same profile, each killed with -9 at a random
// moment half of the time, under add_batch faults (lost answers, 500s) a third of the time. Then a
// clean sync settles the queue (accounts held as "may already be on sale" are answered as the
// seller would, from what the marketplace holds) and every offer is checked:
// - lost: a credential of the pool neither in the pool, queued, nor on the marketplace;
// - sent twice: a login on the marketplace twice;
// - hidden with stock: Not Active while it holds credentials or its pool does;
// - stock view: `stock` and `pool list` counts differing from the marketplace's active credentials.
// It prints the figures and exits 1 when any is not 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { hashCredential } from '../../electron/core/credentials/hash';
import { testDatabase } from '../../electron/core/store/testing';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import {
  commitPoolImport,
  dropUncertainAccounts,
  offerPool,
  previewPoolImport,
  sendUncertainAgain,
  stockReport,
  uncertainAccounts,
} from '../../electron/core/usecases/stock';
import { status, syncNow } from '../../electron/core/usecases/sync';
import { startSandbox } from '../../electron/sandbox';
import { seededRandom } from '../../electron/sandbox/faults';

const WINDOW_MS = 1000;
const OFFERS = 3;
const KEEP = 3;
const POOL = 400;

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const trials = arg('trials', 100);
const random = seededRandom(arg('seed', 1));
const pick = (n: number) => Math.floor(random() * n);

const here = dirname(fileURLToPath(import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'sd-pool-soak-'));
const dataDir = join(root, 'data');
const sb = await startSandbox({ port: 0, windowMs: WINDOW_MS, attachVisibleAfterMs: 0 });
sb.control.soldAreNotDuplicates(true);
const token = sb.sellers[2]!.token;

const open = (): SellerProfile =>
  openSellerProfile({
    dataDir,
    baseUrl: sb.baseUrl,
    token: () => token,
    windowMs: WINDOW_MS,
    syncBackoff: { baseMs: 50, maxMs: 500, maxInlineWaitMs: 1000 },
  });

interface Pooled {
  localId: number;
  serverId: number;
  /** Every credential's login hash this offer was ever given (first ones and the pool's). */
  hashes: Set<string>;
}

async function setUp(): Promise<Pooled[]> {
  const profile = open();
  await syncNow(profile);
  const store = profile.store();
  const offers: Pooled[] = [];
  for (let i = 0; i < OFFERS; i++) {
    const title = `Soak smurf ${i}`;
    const localId = store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: {
        price_per_step: 25,
        amount: 1,
        min_purchase_amount: 1,
        outer_name: title,
        data: { '1001': 'Iron', '1002': 'EU', '1003': 'PC', '1005': 30, '1006': title },
      },
    });
    const first = [1, 2, 3].map((k) => ({ login: `s${i}-first-${k}`, game_password: 'Pw-1' }));
    store.queueCredentials(localId, first, 'add');
    const pool = Array.from({ length: POOL }, (_, k) => `s${i}-pool-${k}:Pw-${k}`);
    offers.push({
      localId,
      serverId: 0,
      hashes: new Set(
        [...first.map((c) => c.login), ...pool.map((l) => l.split(':')[0]!)].map(
          (login) => hashCredential({ login }).loginHash,
        ),
      ),
    });
    const path = join(root, `pool-${i}.txt`);
    writeFileSync(path, pool.join('\n'));
    const preview = await previewPoolImport(profile, { localId, path });
    if (preview.state !== 'ready') throw new Error(`pool file: ${preview.state}`);
    await commitPoolImport(profile, { preview, keep: KEEP, skipInvalid: false });
  }
  await syncNow(profile);
  for (const o of offers) {
    o.serverId = store.getOffer(o.localId)!.serverId!;
    // Reviewed: on sale.
    sb.control.editOfferAsServer(o.serverId, { status: OfferStatus.Active });
  }
  await syncNow(profile);
  await profile.close();
  return offers;
}

function worker(kind: 'push' | 'sync'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(here, 'poolWorker.ts'), kind], {
    env: {
      ...process.env,
      SOAK_DATA_DIR: dataDir,
      SOAK_BASE_URL: sb.baseUrl,
      SOAK_TOKEN: token,
      SOAK_WINDOW_MS: String(WINDOW_MS),
    },
    stdio: 'ignore',
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const figures = {
  trials: 0,
  kills: 0,
  faultyTrials: 0,
  sold: 0,
  restocked: 0,
  heldAsked: 0,
  heldSentAgain: 0,
  heldDropped: 0,
  lost: 0,
  sentTwice: 0,
  hiddenWithStock: 0,
  stockMismatch: 0,
};
const problems: string[] = [];

async function trial(n: number, offers: Pooled[]) {
  const faulty = random() < 1 / 3;
  if (faulty) {
    figures.faultyTrials++;
    sb.setFaults(
      random() < 0.5
        ? { dropAfterRate: 0.5, seed: n, pathIncludes: '/credentials/add_batch' }
        : { errorRate: 0.5, seed: n, pathIncludes: '/credentials/add_batch' },
    );
  }
  const children = [worker(random() < 0.5 ? 'push' : 'sync'), worker('sync')];
  const kills = children.map(async (child) => {
    if (random() < 0.5) {
      await sleep(300 + pick(2700));
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        figures.kills++;
      }
    }
  });
  // Buyers while the processes work.
  const buyers = (async () => {
    for (let k = 0; k < 3; k++) {
      await sleep(pick(1500));
      const o = offers[pick(offers.length)]!;
      figures.sold += sb.control.simulateBuyers(o.serverId, 1 + pick(3));
    }
  })();
  const timeout = setTimeout(() => children.forEach((c) => c.kill('SIGKILL')), 90_000);
  await Promise.all([...children.map(exited), ...kills, buyers]);
  clearTimeout(timeout);
  sb.resetFaults();
  await settle(offers);
  await check(n, offers);
}

/** A clean sync until the queue is empty; held accounts answered from what the marketplace holds. */
async function settle(offers: Pooled[]) {
  const profile = open();
  try {
    for (let round = 0; round < 8; round++) {
      await syncNow(profile).catch(() => undefined);
      const held = uncertainAccounts(profile);
      for (const h of held) {
        figures.heldAsked++;
        const offer = offers.find((o) => o.localId === h.localId)!;
        const onMarket = new Set(sb.control.credentials(offer.serverId).map((c) => c.login_hash));
        const db = testDatabase(profile.store());
        const waiting = db
          .prepare(
            `SELECT q.login_hash FROM queued_credentials q JOIN outbox o ON o.id = q.outbox_id
               WHERE o.local_id = ? AND o.state = 'failed'`,
          )
          .all(h.localId) as { login_hash: string }[];
        // The seller's choice, made knowing what the marketplace holds: there already, drop.
        if (waiting.every((w) => onMarket.has(w.login_hash))) {
          dropUncertainAccounts(profile, h.localId);
          figures.heldDropped++;
        } else {
          sendUncertainAgain(profile, h.localId);
          figures.heldSentAgain++;
        }
      }
      if (held.length === 0 && status(profile).queuedOperations === 0) break;
    }
    // Read once more, so the stock view is the marketplace's after the last send.
    await syncNow(profile).catch(() => undefined);
    figures.restocked = offers.reduce(
      (n, o) => n + sb.control.credentials(o.serverId).length - 3,
      0,
    );
  } finally {
    await profile.close();
  }
}

async function check(n: number, offers: Pooled[]) {
  const profile = open();
  try {
    const db = testDatabase(profile.store());
    const stock = new Map(stockReport(profile).map((s) => [s.localId, s]));
    for (const o of offers) {
      const market = sb.control.credentials(o.serverId);
      const active = market.filter((c) => c.status === 1).length;
      const marketStatus = sb.control.offers(3).find((x) => x.id === o.serverId)!.status;
      const logins = market.map((c) => c.login_hash);
      const twice = logins.length - new Set(logins).size;
      if (twice > 0) problems.push(`trial ${n}: offer ${o.serverId} holds ${twice} login(s) twice`);
      figures.sentTwice += twice;
      const local = new Set(
        (
          db
            .prepare(
              `SELECT login_hash FROM credential_pool WHERE local_id = ?
               UNION ALL SELECT login_hash FROM queued_credentials WHERE local_id = ?`,
            )
            .all(o.localId, o.localId) as { login_hash: string }[]
        ).map((r) => r.login_hash),
      );
      const lost = [...o.hashes].filter((h) => !local.has(h) && !logins.includes(h)).length;
      if (lost > 0) problems.push(`trial ${n}: offer ${o.serverId} lost ${lost}`);
      figures.lost += lost;
      const pool = offerPool(profile, o.localId);
      if (marketStatus === OfferStatus.NotActive && (active > 0 || pool.pool > 0)) {
        figures.hiddenWithStock++;
        problems.push(
          `trial ${n}: offer ${o.serverId} Not Active with ${active} on it and ${pool.pool} in its pool`,
        );
      }
      const shown = stock.get(o.localId);
      const onSale = marketStatus === OfferStatus.Active ? active : 0;
      if (shown?.credentialsLeft !== active || pool.onSale !== onSale) {
        figures.stockMismatch++;
        problems.push(
          `trial ${n}: offer ${o.serverId} stock ${shown?.credentialsLeft} / pool on sale ${pool.onSale}, marketplace ${active} active (status ${marketStatus})`,
        );
      }
    }
  } finally {
    await profile.close();
  }
}

const started = Date.now();
try {
  const offers = await setUp();
  for (let n = 1; n <= trials; n++) {
    await trial(n, offers);
    figures.trials++;
    if (n % 10 === 0) {
      console.log(`${n}/${trials} trials, ${Math.round((Date.now() - started) / 1000)} s`, figures);
    }
  }
} finally {
  await sb.close();
  rmSync(root, { recursive: true, force: true });
}
console.log(JSON.stringify({ ...figures, seconds: Math.round((Date.now() - started) / 1000) }));
for (const p of problems.slice(0, 30)) console.log(p);
const bad = figures.lost + figures.sentTwice + figures.hiddenWithStock + figures.stockMismatch;
process.exit(bad === 0 ? 0 : 1);
