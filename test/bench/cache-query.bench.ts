// cache-query: p95 latency of a filtered, sorted page of the seller's offers list over 100k
// offers in the local store (goal ≤ 10 ms). Mixes the filters and sorts the UI offers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { offerSortColumns } from '../../electron/contract/ipc/models';
import { openStore, type OfferQuery } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { serverOffer } from '../store/fixtures';
import { testContext, testDatabase } from '../../electron/core/store/testing';

const OFFERS = Number(process.env.CACHE_QUERY_OFFERS ?? 100_000);
const QUERIES = 400;
const dir = mkdtempSync(join(tmpdir(), 'sd-bench-cache-'));
const store = openStore(join(dir, 'seller.db'));

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const words = ['dragon', 'gold', 'epic', 'mount', 'rare', 'legend', 'fast', 'cheap', 'max', 'pvp'];
const products = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  title: `Product ${String(i + 1).padStart(2, '0')}`,
  step_size: 1,
  meta: null,
  is_active: true,
  is_active_for_pro: true,
  marketplace_type: (i % 2 === 0 ? 1 : 2) as 1 | 2,
  related_product: [],
  product_fields: [],
}));
store.saveProducts(products);

// Building the list indexes once after the bulk load is far cheaper than keeping 30 of them up to
// date row by row; the queries then meet exactly the indexes a real store has.
const listIndexes = testDatabase(store)
  .prepare<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'offers' AND sql IS NOT NULL",
  )
  .all();
for (const index of listIndexes) testDatabase(store).exec(`DROP INDEX ${index.name}`);
const started = performance.now();
testDatabase(store).transaction(() => {
  for (let i = 1; i <= OFFERS; i++) {
    const productId = 1 + Math.floor(random() * products.length);
    const offer = serverOffer({
      id: i,
      product_id: productId,
      user_id: 1,
      price_per_step: Math.round(random() * 100_000) / 100,
      amount: 1 + Math.floor(random() * 1000),
      min_purchase_amount: 1 + Math.floor(random() * 10),
      status: ([1, 2, 3, 4, 5, 6, 8] as const)[Math.floor(random() * 7)]!,
      marketplace_type: products[productId - 1]!.marketplace_type,
      guarantee_delivery_time: 60_000 * (1 + Math.floor(random() * 120)),
      outer_name: `${words[i % 10]} ${words[(i * 7) % 10]} #${i}`,
      internal_name: `int-${i}`,
      data: {},
      updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    });
    applyServerOffer(testContext(store), offer);
  }
})();
for (const index of listIndexes) testDatabase(store).exec(index.sql);
testDatabase(store).exec('ANALYZE');
console.log(`seeded ${OFFERS} offers in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const columns = offerSortColumns;
function randomQuery(i: number): OfferQuery {
  const q: OfferQuery = {
    sort: { column: columns[i % columns.length]!, dir: i % 2 === 0 ? 'asc' : 'desc' },
    offset: Math.floor(random() * 20) * 50,
    limit: 50,
  };
  const kind = i % 5;
  if (kind === 0) q.status = [1, 2, 3, 4, 5, 6, 8][i % 7];
  if (kind === 1) q.productId = 1 + (i % products.length);
  if (kind === 2) q.syncState = 'synced';
  if (kind === 3) q.text = words[i % words.length];
  return q;
}

for (let i = 0; i < 40; i++) store.queryOffers(randomQuery(i));
// The headline is the list as the seller pages it: filtered by status, product or sync state (or
// not), sorted by any column. Free-text search is timed and printed separately.
const times: number[] = [];
const textTimes: number[] = [];
const byKind = new Map<number, number[]>();
for (let i = 0; i < QUERIES; i++) {
  const q = randomQuery(i);
  const t0 = performance.now();
  const page = store.queryOffers(q);
  const ms = performance.now() - t0;
  if (page.rows.length === 0 && page.total > (q.offset ?? 0)) throw new Error('empty page');
  if (q.text) textTimes.push(ms);
  else times.push(ms);
  byKind.set(i % 5, [...(byKind.get(i % 5) ?? []), ms]);
}
const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
for (const [kind, xs] of [...byKind].sort((a, b) => a[0] - b[0])) {
  const name = ['status', 'product', 'sync state', 'text', 'none'][kind];
  console.log(`filter ${name}: p50 ${p(xs, 0.5).toFixed(2)} ms, p95 ${p(xs, 0.95).toFixed(2)} ms`);
}
for (const q of [randomQuery(0), randomQuery(1), randomQuery(2), randomQuery(3)]) {
  const plan = testDatabase(store)
    .prepare<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT * FROM offers WHERE ${q.status !== undefined ? 'status = 1' : q.productId !== undefined ? 'product_id = 1' : q.syncState ? "sync_state = 'synced'" : '1'} ORDER BY ${q.sort!.column === 'product' ? 'product_title' : q.sort!.column} LIMIT 50`,
    )
    .all()
    .map((r) => r.detail)
    .join('; ');
  console.log(`plan ${JSON.stringify(q)}: ${plan}`);
}
if (process.env.CACHE_QUERY_COMPARE_TEXT) {
  for (const word of ['mount', 'dragon', '#4242', 'int-777']) {
    for (const variant of ['fts', 'instr']) {
      const where =
        variant === 'fts'
          ? 'local_id IN (SELECT rowid FROM offers_search WHERE offers_search MATCH ?)'
          : 'instr(search_text, ?) > 0';
      const arg = variant === 'fts' ? `"${word}"` : word;
      const t0 = performance.now();
      testDatabase(store)
        .prepare(
          `SELECT local_id FROM offers WHERE ${where} ORDER BY price_per_step LIMIT 50 OFFSET 500`,
        )
        .all(arg);
      const t1 = performance.now();
      testDatabase(store).prepare(`SELECT count(*) FROM offers WHERE ${where}`).get(arg);
      const t2 = performance.now();
      console.log(
        `${variant} ${word}: page ${(t1 - t0).toFixed(1)} ms, count ${(t2 - t1).toFixed(1)} ms`,
      );
    }
  }
}
store.close();
rmSync(dir, { recursive: true, force: true });
console.log(`free-text search (separate): p95 ${p(textTimes, 0.95).toFixed(2)} ms`);
const p95 = p(times, 0.95);
console.log(`cache-query: ${p95.toFixed(2)} ms (goal ≤ 10 ms)`);
