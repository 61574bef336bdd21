// pool: p95 of reading every restock pool (what the sync status's stock list and each push's
// restock turn read) in a profile of 100k offers, 50 of them with a pool of 200 sealed credentials,
// 100k credentials queued on other offers and 100k sent (goal ≤ 5 ms: it runs after every change).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { serverOffer } from '../store/fixtures';

const OFFERS = Number(process.env.POOL_BENCH_OFFERS ?? 100_000);
const POOLS = 50;
const PER_POOL = 200;
const READS = 200;
const dir = mkdtempSync(join(tmpdir(), 'sd-bench-pool-'));
// A real AES-GCM box is not what is timed here: the pool is read by counts and hashes only.
const box = { seal: (p: Uint8Array) => Buffer.from(p), open: (s: Uint8Array) => Buffer.from(s) };
const store = openStore(join(dir, 'seller.db'), { secretBox: box });
store.saveProducts([
  {
    id: 1,
    title: 'Accounts',
    step_size: 1,
    meta: null,
    is_active: true,
    is_active_for_pro: true,
    marketplace_type: 2,
    related_product: [],
    product_fields: [],
  },
]);

const db = testDatabase(store);
const started = performance.now();
db.transaction(() => {
  for (let i = 1; i <= OFFERS; i++) {
    applyServerOffer(
      testContext(store),
      serverOffer({
        id: i,
        product_id: 1,
        user_id: 1,
        marketplace_type: 2,
        status: 2,
        outer_name: `account #${i}`,
        updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      }),
    );
  }
  const hash = db.prepare(
    'INSERT INTO credential_hashes (local_id, login_hash, email_hash) VALUES (?, ?, NULL)',
  );
  for (let i = 1; i <= OFFERS; i++) hash.run(i, randomBytes(32).toString('hex'));
  const op = db.prepare(
    'INSERT INTO outbox (local_id, kind, payload, created_at) VALUES (?, \'credentials\', \'{"mode":"add","total":1}\', 0)',
  );
  const queued = db.prepare(
    'INSERT INTO queued_credentials (outbox_id, local_id, sealed, login_hash) VALUES (?, ?, ?, ?)',
  );
  for (let i = POOLS + 1; i <= OFFERS; i++) {
    const id = Number(op.run(i).lastInsertRowid);
    queued.run(id, i, randomBytes(64), randomBytes(32).toString('hex'));
  }
})();
for (let p = 1; p <= POOLS; p++) {
  store.pool().add(
    p,
    Array.from({ length: PER_POOL }, (_, k) => ({
      login: `pool-${p}-${k}`,
      game_password: 'x',
    })),
  );
  store.pool().setKeep(p, 2);
}
db.exec('ANALYZE');
console.log(
  `seeded ${OFFERS} offers, ${POOLS} pools in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

for (let i = 0; i < 20; i++) store.pool().list();
const times: number[] = [];
for (let i = 0; i < READS; i++) {
  const t0 = performance.now();
  const rows = store.pool().list();
  times.push(performance.now() - t0);
  if (rows.length !== POOLS || rows[0]!.size !== PER_POOL) throw new Error('wrong pools');
}
const sorted = times.sort((a, b) => a - b);
const p95 = sorted[Math.floor(0.95 * (sorted.length - 1))]!;
console.log(`p50 ${sorted[Math.floor(0.5 * (sorted.length - 1))]!.toFixed(2)} ms`);
store.close();
rmSync(dir, { recursive: true, force: true });
console.log(`pool: ${p95.toFixed(2)} ms p95 (goal ≤ 5 ms)`);
