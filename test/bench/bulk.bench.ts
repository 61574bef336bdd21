// bulk: a bulk price change, status change and discard of every offer in a profile of 10k and of
// 100k offers, through the offers use cases on a real SQLite file (goal 10k ≤ 1 s, 100k ≤ 8 s).
// The profile is seeded straight into the file (as a pull would leave it), list indexes built
// once after the load, as cache-query does. While each change runs, the first page of the list is
// asked for every 25 ms, and how long each answer waited is printed beside the change's time.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { changePrice, discardLocalChanges, setStatus } from '../../electron/core/usecases/offers';
import { accountProduct, goldProduct, serverOffer, tempDir } from '../store/fixtures';

/** CPU seconds of this process's main thread alone (Linux: /proc, 10 ms ticks), or null. */
function mainThreadCpu(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const sizes = (process.env.BULK_BENCH_SIZES ?? '10000,100000').split(',').map(Number);

async function measure(size: number): Promise<number> {
  const dir = tempDir();
  const profile = openSellerProfile({
    dataDir: dir.path,
    baseUrl: 'http://127.0.0.1:9',
    // As the app opens it: the write-ahead log copied into the file by a thread of its own.
    checkpointInBackground: true,
    token: () => {
      throw new Error('a local change needs no token');
    },
  });
  try {
    const store = profile.store();
    store.saveProducts([goldProduct, accountProduct]);
    const db = testDatabase(store);
    const ctx = testContext(store);
    const indexes = db
      .prepare<{ name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'offers' AND sql IS NOT NULL",
      )
      .all();
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    db.transaction(() => {
      for (let i = 1; i <= size; i++) {
        const account = i % 3 === 0;
        applyServerOffer(
          ctx,
          serverOffer({
            id: i,
            product_id: account ? 20 : 10,
            marketplace_type: account ? 2 : 1,
            data: account ? { '201': '60' } : { '101': 'Ragnaros' },
            price_per_step: 1 + (i % 997) / 10,
            status: i % 50 === 0 ? 6 : 2,
            outer_name: `Offer ${i}`,
          }),
        );
      }
    })();
    for (const index of indexes) db.exec(index.sql);
    db.exec('ANALYZE');
    const localIds = db
      .prepare<{ local_id: number }>('SELECT local_id FROM offers ORDER BY local_id')
      .all()
      .map((r) => r.local_id);

    let chunks = 0;
    const job = { onProgress: () => void chunks++ };
    const timed = async (what: string, run: () => unknown) => {
      chunks = 0;
      // The seller meanwhile: the first page of the list by price every 25 ms, each answer
      // timed from when it was due (the wait for the chunk in hand included).
      const waits: number[] = [];
      let due = performance.now() + 25;
      let asking: NodeJS.Timeout;
      const ask = () => {
        store.queryOffers({ sort: { column: 'price_per_step', dir: 'asc' }, limit: 50 });
        waits.push(performance.now() - due);
        due = Math.max(due + 25, performance.now());
        asking = setTimeout(ask, Math.max(0, due - performance.now()));
      };
      asking = setTimeout(ask, 25);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const threadCpu = mainThreadCpu();
      const outcome = (await run()) as { changed: number };
      const seconds = (performance.now() - started) / 1000;
      const { user, system } = process.cpuUsage(cpu);
      const threadAfter = mainThreadCpu();
      const onThread =
        threadCpu === null || threadAfter === null
          ? ''
          : `, core thread ${(threadAfter - threadCpu).toFixed(2)} s`;
      clearTimeout(asking!);
      waits.sort((a, b) => a - b);
      const at = (q: number) => (waits[Math.floor(q * (waits.length - 1))] ?? 0).toFixed(0);
      console.log(
        `  ${size} offers, ${what}: ${seconds.toFixed(2)} s (cpu ${((user + system) / 1e6).toFixed(2)} s${onThread}, ${chunks} chunks, ${outcome.changed} changed; page query meanwhile p50 ${at(0.5)} / p99 ${at(0.99)} / max ${at(1)} ms, ${waits.length} asked)`,
      );
      return seconds;
    };
    const offers = { localIds };
    const times = [
      await timed('price −10 %', () =>
        changePrice(profile, { offers, mode: 'percent', value: -10 }, job),
      ),
      await timed('status Not Active', () => setStatus(profile, { offers, status: 3 }, job)),
      await timed('discard', () => discardLocalChanges(profile, { localIds }, job)),
    ];
    return Math.max(...times);
  } finally {
    await profile.close();
    dir.remove();
  }
}

// The machine may be shared: each line also says the CPU time the change itself took (the
// process's, the WAL checkpointer's thread included, and the core's thread alone).
const worst = new Map<number, number>();
for (const size of sizes) worst.set(size, await measure(size));
const figure = (size: number) => worst.get(size)?.toFixed(2) ?? '–';
console.log(
  `bulk: ${figure(10_000)} s 10k / ${figure(100_000)} s 100k (goal 10k ≤ 1 s, 100k ≤ 8 s)`,
);
