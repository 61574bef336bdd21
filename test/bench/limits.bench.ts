// Benchmark `limits`: a mixed workload against the sandbox at a scaled minute — 1000 offers via
// manage (10 × 100), then for each created offer one attach_screenshots_from_links and one
// add_batch — through one client behind the rate limiter on a SQLite ledger. The figure is the
// elapsed time over the theoretical minimum the three windows allow; the goal also wants zero
// 429 answers.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMarketplaceClient } from '../../electron/core/api';
import { limits } from '../../electron/contract/marketplace/limits';
import { createRateLimiter, RATE_LEDGER_DDL } from '../../electron/core/limits';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { RecordedRequest, SandboxSeller } from '../../electron/sandbox';

const W = Number(process.env.LIMITS_BENCH_WINDOW_MS ?? 2000);
const OFFERS = 1000;
const PER_MANAGE = 100;
const PRODUCT = 12; // Fortnite Accounts: account offers take credentials

const dir = mkdtempSync(join(tmpdir(), 'limits-bench-'));
const db = new Database(join(dir, 'ledger.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL'); // as the store opens it
db.exec(RATE_LEDGER_DDL);
// The sandbox runs in its own process, as the marketplace would: one event loop each.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(import.meta.dirname, '../limits/sandboxProcess.ts'), String(W)],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const serverLines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const nextLine = async () => String((await serverLines.next()).value);
const sb = JSON.parse(await nextLine()) as { baseUrl: string; sellers: SandboxSeller[] };
const seller = sb.sellers.find((s) => s.id === 3)!;
const limiter = createRateLimiter({ db, windowMs: W });
const client = createMarketplaceClient({ baseUrl: sb.baseUrl, token: seller.token, limiter });

const accountOffer = (i: number) => ({
  price_per_step: 5 + (i % 100) / 10,
  amount: 1,
  min_purchase_amount: 1,
  marketplace_type: 2,
  credential_system_type_id: 3,
  outer_name: `Bench account ${i}`,
  data: { '1201': 'PC', '1202': 10 + (i % 50) },
});

let failures = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: OFFERS / PER_MANAGE }, async (_, batch) => {
    const offers = Array.from({ length: PER_MANAGE }, (_, i) =>
      accountOffer(batch * PER_MANAGE + i),
    );
    const result = await client.manageOffers(PRODUCT, {
      offers,
      guarantee_delivery_time: 3_600_000,
    });
    const ids = result.results.map((r) => r.id).filter((id): id is number => id !== null);
    failures += PER_MANAGE - ids.length;
    await Promise.all(
      ids.flatMap((id) => [
        client.attachScreenshotsFromLinks(id, [`https://images.sandbox.test/bench/${id}.png`]),
        client.addCredentials(id, [
          { login: `bench-${id}-a`, game_password: 'pw-a' },
          {
            login: `bench-${id}-b`,
            game_password: 'pw-b',
            email: `b${id}@mail.test`,
            email_password: 'pw-m',
          },
        ]),
      ]),
    );
  }),
);
const finished = Date.now();

server.stdin.write('report\n');
const record = JSON.parse(await nextLine()) as RecordedRequest[];
const mine = record.filter((r) => r.sellerId === seller.id);
// Measured from the first request reaching the marketplace, so that the client's one-time
// warm-up (module loading, first transaction) does not count as rate-limit time.
const firstArrival = Math.min(...mine.map((r) => r.at));
const elapsed = finished - firstArrival;
const tooMany = mine.filter((r) => r.status === 429).length;
const errors = mine.filter((r) => r.status !== 200 && r.status !== 429).length;
const count = {
  requests: mine.filter((r) => r.status !== 429).length,
  manageOffers: mine.filter((r) => r.status === 200).reduce((s, r) => s + r.manageOffers, 0),
  attach: mine.filter((r) => r.attach && r.status !== 429).length,
};
// With a rolling window of W, n units at L per window need ceil(n / L) bursts; the last one
// can start (ceil(n / L) - 1) × W after the first. The busiest pool sets the minimum.
const bursts = (n: number, perWindow: number) => Math.ceil(n / perWindow) - 1;
const pools = [
  { name: 'requests', n: count.requests, limit: limits.requestsPerWindow },
  { name: 'manage offers', n: count.manageOffers, limit: limits.manageOffersPerWindow },
  { name: 'attach', n: count.attach, limit: limits.attachPerWindow },
];
const theoretical = Math.max(...pools.map((p) => bursts(p.n, p.limit))) * W;

console.log(`window ${W} ms; sandbox at ${sb.baseUrl}; seller ${seller.id}`);
for (const p of pools) {
  console.log(
    `  ${p.name}: ${p.n} at ${p.limit}/window → (ceil(${p.n}/${p.limit}) - 1) × ${W} = ${bursts(p.n, p.limit) * W} ms`,
  );
}
console.log(`theoretical minimum: ${theoretical} ms`);
console.log(
  `elapsed: ${elapsed} ms from the first request's arrival to the last answer (${finished - started} ms including the client's warm-up)`,
);
console.log(
  `429 answers: ${tooMany}; other non-200 answers: ${errors}; offers not created: ${failures}`,
);

await client.close();
limiter.close();
await new Promise((resolve) => server.once('exit', resolve));
db.close();
rmSync(dir, { recursive: true, force: true });
const ratio = elapsed / theoretical;
// A workload that did not complete has no figure worth printing.
if (failures > 0 || errors > 0) {
  console.error(`the workload failed: ${failures} offers not created, ${errors} errors`);
  process.exit(1);
}
console.log(`limits: ${ratio.toFixed(3)} ratio (goal ≤ 1.03, 0 × 429)`);
