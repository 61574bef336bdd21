// Benchmark: `seller-desk offers import` of a 100k-row CSV into a profile that already holds 10k
// offers of the product, through the CLI's own code (runCli in-process: file read, decoding,
// parsing, the marketplace's rules, duplicate detection, the store commit). 1% of the rows are
// duplicates (of an earlier row or of an offer already there), so both lookups are exercised.
// A one-row import into another profile first loads the command's modules, which the bundled
// binary has ready and tsx would otherwise compile inside the measured run.
// Prints `import-offers: <seconds> s (goal ≤ 10 s)`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runCli } from '../../electron/cli/run';
import { profileFile } from '../../electron/core/usecases/paths';
import { openStore } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { demoProducts } from '../../electron/sandbox/seed';
import { serverOffer } from '../store/fixtures';
import { testContext, testDatabase } from '../../electron/core/store/testing';

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const EXISTING = 10_000;
const DELIVERY_MS = 3_600_000;
// Never contacted: the product is in the seeded catalogue, and an import stays offline.
const BASE_URL = 'http://127.0.0.1:9';

const product = demoProducts().find((p) => p.id === 1)!; // WoW Classic Era Gold
const fieldId = (title: string) =>
  String(product.product_fields.find((f) => f.title === title)!.id);
const realms = product.product_fields.find((f) => f.title === 'Realm')!.field_values;
const [REALM, FACTION, NOTE] = [fieldId('Realm'), fieldId('Faction'), fieldId('Delivery note')];
const HEADER = 'price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note';

/** The i-th distinct offer: as a CSV line, and as the marketplace holds it once pushed. */
function offerNo(i: number) {
  const price = Number((0.5 + i / 1_000_000).toFixed(6));
  const amount = 1000 + (i % 5000);
  const realm = realms[i % realms.length]!.value;
  const faction = i % 2 ? 'Horde' : 'Alliance';
  const note = `lot ${i}, fast delivery`;
  return {
    line: `${price},${amount},1,"${realm}",${faction},"${note}"`,
    server: serverOffer({
      id: 900_000 + i,
      product_id: product.id,
      price_per_step: price,
      amount,
      min_purchase_amount: 1,
      guarantee_delivery_time: DELIVERY_MS,
      marketplace_type: 1,
      data: { [REALM]: realm, [FACTION]: faction, [NOTE]: note },
    }),
  };
}

/** A data folder whose profile has the catalogue and `existing` offers of the product. */
function seededProfile(dataDir: string, existing: number): void {
  mkdirSync(dirname(profileFile(dataDir, BASE_URL)), { recursive: true });
  const store = openStore(profileFile(dataDir, BASE_URL));
  store.saveProducts(demoProducts());
  testDatabase(store).transaction(() => {
    for (let i = 0; i < existing; i++) applyServerOffer(testContext(store), offerNo(i).server);
  })();
  store.close();
}

async function importThroughCli(file: string, dataDir: string) {
  let stdout = '';
  let stderr = '';
  const exit = await runCli(
    [
      ...['offers', 'import', file, '--product', String(product.id)],
      ...['--delivery-time', String(DELIVERY_MS), '--json'],
      ...['--base-url', BASE_URL, '--data-dir', dataDir],
    ],
    {
      stdout: { write: (c: string) => (stdout += c) },
      stderr: { write: (c: string) => (stderr += c) },
      env: { ...process.env, SELLER_DESK_TOKEN: '' },
    },
  );
  if (exit !== 0) throw new Error(`the import failed with exit code ${exit}: ${stdout}${stderr}`);
  return (JSON.parse(stdout) as { result: { created: number; duplicates: number } }).result;
}

const dir = mkdtempSync(join(tmpdir(), 'sd-bench-import-offers-'));
try {
  const warmUp = join(dir, 'warm-up.csv');
  writeFileSync(warmUp, `${HEADER}\r\n${offerNo(0).line}\r\n`);
  seededProfile(join(dir, 'warm-up'), 0);
  await importThroughCli(warmUp, join(dir, 'warm-up'));

  const dataDir = join(dir, 'data');
  seededProfile(dataDir, EXISTING);
  // Rows are new offers, except every 200th, which repeats the row before it, and every 200th
  // (offset 100), which is an offer already in the profile.
  const lines = [HEADER];
  let expectedDuplicates = 0;
  for (let r = 0; r < ROWS; r++) {
    let i = EXISTING + r;
    if (r % 200 === 199) i -= 1;
    else if (r % 200 === 100) i = r % EXISTING;
    if (i !== EXISTING + r) expectedDuplicates++;
    lines.push(offerNo(i).line);
  }
  const file = join(dir, 'offers.csv');
  writeFileSync(file, lines.join('\r\n') + '\r\n');

  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await importThroughCli(file, dataDir);
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpu);

  const check = openStore(profileFile(dataDir, BASE_URL));
  const { total, outbox } = check.countOffers();
  check.close();
  const expectedCreated = ROWS - expectedDuplicates;
  if (
    result.created !== expectedCreated ||
    result.duplicates !== expectedDuplicates ||
    outbox !== expectedCreated ||
    total !== EXISTING + expectedCreated
  ) {
    throw new Error(
      `wrong outcome: ${JSON.stringify(result)}, ${outbox} queued operations, ${total} offers`,
    );
  }
  console.log(
    `file: ${ROWS} rows, ${EXISTING} offers already in the profile; ${result.created} created, ${result.duplicates} duplicates, ${outbox} queued operations`,
  );
  // Wall time is the figure (what the seller waits); CPU time tells a busy machine's share of it.
  console.log(`CPU time of the import: ${((cpuUsed.user + cpuUsed.system) / 1e6).toFixed(2)} s`);
  console.log(`import-offers: ${seconds.toFixed(2)} s (goal ≤ 10 s)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
