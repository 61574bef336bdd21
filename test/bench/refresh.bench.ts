// refresh: requests spent by a no-change refresh of a seller with 10k offers (goal 1). The offers
// are created on the sandbox through the API, pulled once in full into a fresh store, then the
// ordinary (incremental) pull is timed and its requests counted from the sandbox's log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync';
import { startSandbox } from '../../electron/sandbox';

const OFFERS = Number(process.env.REFRESH_OFFERS ?? 10_000);
const WINDOW_MS = 10;
const sb = await startSandbox({ port: 0, windowMs: WINDOW_MS, seed: 'empty' });
const token = sb.sellers.find((s) => s.id === 3)!.token;
const dir = mkdtempSync(join(tmpdir(), 'sd-bench-refresh-'));
const store = openStore(join(dir, 'seller.db'));
const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: WINDOW_MS });
const client = createMarketplaceClient({ baseUrl: sb.baseUrl, token, limiter });
try {
  let t0 = performance.now();
  for (let i = 0; i < OFFERS; i += 100) {
    const offers = Array.from({ length: Math.min(100, OFFERS - i) }, (_, j) => ({
      price_per_step: 1 + (i + j) / 1000,
      amount: 1000,
      min_purchase_amount: 1,
      marketplace_type: 1,
      data: { '101': 'Ashbringer', '102': 'Horde' },
    }));
    await client.manageOffers(1, { offers, guarantee_delivery_time: 60_000 });
  }
  console.log(
    `created ${OFFERS} offers on the sandbox in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const engine = createSyncEngine({ store, client, limiter });
  t0 = performance.now();
  const full = await engine.pull({ full: true });
  if (full.error) throw new Error(full.error);
  console.log(
    `full pull: ${full.pullRequests} requests, ${store.countOffers().total} offers, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const before = sb.requests.length;
  t0 = performance.now();
  const refresh = await engine.pull();
  const ms = performance.now() - t0;
  if (refresh.error) throw new Error(refresh.error);
  const requests = sb.requests.slice(before).filter((r) => r.path.includes('my_offers')).length;
  const all = sb.requests.length - before;
  console.log(
    `no-change refresh: ${all} requests in all (${requests} my_offers), ${ms.toFixed(1)} ms`,
  );

  // One changed offer costs the same one request, and arrives.
  const someone = sb.control.offers(3)[0]!;
  sb.control.editOfferAsServer(someone.id, { price_per_step: 12345 });
  const mark = sb.requests.length;
  await engine.pull();
  const changed = store.queryOffers({ sort: { column: 'price_per_step', dir: 'desc' }, limit: 1 })
    .rows[0]!;
  console.log(
    `one change: ${sb.requests.length - mark} request(s), arrived: ${changed.pricePerStep === 12345}`,
  );
  console.log(`refresh: ${all} requests (goal 1)`);
} finally {
  limiter.close();
  await client.close();
  store.close();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
}
