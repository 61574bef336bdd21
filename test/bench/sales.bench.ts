// sales: the report the Sales view asks for (salesReport: totals, the chart's steps, per offer,
// per product, per supplier, top sellers, stopped selling) over a profile of 100k offers and 1M
// sale events spread over the last year, on a real SQLite file (goal: the view's default period,
// the last 30 days per day, ≤ 100 ms). The last 52 weeks per week (every sale) is printed too.
// The data goes straight into the store's own tables in one transaction each, as pulls would
// have left them.
import { performance } from 'node:perf_hooks';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { salesReport } from '../../electron/core/usecases/sales';
import { accountProduct, goldProduct, serverOffer, tempDir } from '../store/fixtures';

const OFFERS = Number(process.env.SALES_BENCH_OFFERS ?? 100_000);
const SALES = Number(process.env.SALES_BENCH_SALES ?? 1_000_000);
const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 29, 12);

const dir = tempDir();
const profile = openSellerProfile({
  dataDir: dir.path,
  baseUrl: 'http://127.0.0.1:9',
  token: () => {
    throw new Error('a report needs no token');
  },
});
try {
  const store = profile.store();
  store.saveProducts([goldProduct, accountProduct]);
  const db = testDatabase(store);
  const ctx = testContext(store);
  const built = performance.now();
  db.transaction(() => {
    for (let i = 1; i <= OFFERS; i++) {
      const account = i % 3 === 0;
      applyServerOffer(
        ctx,
        serverOffer({
          id: i,
          product_id: account ? 20 : 10,
          marketplace_type: account ? 2 : 1,
          data: account ? { '201': '60' } : { '101': 'Ragnaros' },
          price_per_step: 1 + (i % 997) / 10,
          status: 2,
          outer_name: `Offer ${i}`,
        }),
      );
    }
  })();
  const point = db.prepare(
    `INSERT INTO sales_points (server_id, product_id, name, at, purchased, price, status)
     VALUES (?, ?, ?, ?, ?, ?, 2)`,
  );
  const sale = db.prepare(
    `INSERT INTO sales (server_id, product_id, at, accounts, units, price, commission_percent,
       revenue, commission, cost, supplier) VALUES (?, ?, ?, ?, ?, ?, 8, ?, ?, ?, ?)`,
  );
  const byOffer = db.prepare(
    `INSERT INTO sales_by_offer (server_id, product_id, last_at, units) VALUES (?, ?, ?, ?)
     ON CONFLICT (server_id) DO UPDATE SET last_at = max(last_at, excluded.last_at),
       units = units + excluded.units`,
  );
  db.transaction(() => {
    for (let i = 1; i <= OFFERS; i++) {
      point.run(i, i % 3 === 0 ? 20 : 10, `Offer ${i}`, now - 365 * DAY, 0, 1);
    }
    // A pseudo-random but fixed spread (mulberry32): offers and times of the year.
    let seed = 12345;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
    for (let n = 0; n < SALES; n++) {
      const id = (next() % OFFERS) + 1;
      const account = id % 3 === 0;
      const at = now - (next() % (365 * DAY));
      const units = account ? 1 : (next() % 500) + 1;
      const price = account ? 35 : 0.05;
      const revenue = units * price;
      const cost = n % 4 === 0 ? null : units * (account ? 10 : 0.03);
      sale.run(
        id,
        account ? 20 : 10,
        at,
        account ? 1 : 0,
        units,
        price,
        revenue,
        revenue * 0.08,
        cost,
        account ? (n % 2 === 0 ? 'Alpha' : 'Beta') : '',
      );
      byOffer.run(id, account ? 20 : 10, at, units);
    }
  })();
  db.exec('ANALYZE');
  const buildMs = performance.now() - built;

  const time = (since: number, bucket: 'day' | 'week', runs = 7): number => {
    salesReport(profile, { since, now, bucket }); // warm
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      salesReport(profile, { since, now, bucket });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  };
  const year = time(now - 364 * DAY, 'week', 3);
  const month = time(now - 30 * DAY, 'day');
  const report = salesReport(profile, { since: now - 30 * DAY, now, bucket: 'day' });
  console.log(
    `built ${OFFERS} offers and ${SALES} sales in ${(buildMs / 1000).toFixed(1)} s; ` +
      `last 30 days: ${report.offers.length} offers sold, ${report.totals.gold.units} gold units, ` +
      `${report.totals.accounts.units} accounts`,
  );
  console.log(`last 52 weeks per week (every sale): ${year.toFixed(0)} ms (median)`);
  console.log(`sales: ${month.toFixed(0)} ms (goal ≤ 100 ms; last 30 days per day, median)`);
} finally {
  await profile.close();
  dir.remove();
}
