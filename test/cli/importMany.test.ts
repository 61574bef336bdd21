// `offers import` of a few thousand rows, in-process from argv to exit code, into a profile that
// already holds offers of the product (real SQLite file, catalogue cached: no marketplace needed).
// All or nothing, duplicates counted, and exactly one queued operation per new offer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFile } from '../../electron/core/usecases/paths';
import { openStore } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { demoProducts } from '../../electron/sandbox/seed';
import { serverOffer } from '../store/fixtures';
import { jsonOf, runInProcess, tempDir, type CliTarget } from './harness';
import { testContext, testDatabase } from '../../electron/core/store/testing';

const ROWS = 3000;
const EXISTING = 200;
const DELIVERY_MS = 3_600_000;
// Never contacted: the product is in the seeded catalogue.
const BASE_URL = 'http://127.0.0.1:9';
const product = demoProducts().find((p) => p.id === 1)!; // WoW Classic Era Gold
const fieldId = (title: string) =>
  String(product.product_fields.find((f) => f.title === title)!.id);

const dir = tempDir('sd-cli-import-many-');
const target: CliTarget = { baseUrl: BASE_URL, dataDir: join(dir.path, 'data') };
const profile = profileFile(target.dataDir, BASE_URL);

/** The i-th distinct offer as CSV cells, and as the marketplace would hold it. */
function offerNo(i: number) {
  const price = Number((0.5 + i / 100_000).toFixed(5));
  const note = `lot ${i}`;
  return {
    cells: `${price},${1000 + i},1,Ashbringer,Horde,${note}`,
    server: serverOffer({
      id: 800_000 + i,
      product_id: product.id,
      price_per_step: price,
      amount: 1000 + i,
      min_purchase_amount: 1,
      guarantee_delivery_time: DELIVERY_MS,
      data: {
        [fieldId('Realm')]: 'Ashbringer',
        [fieldId('Faction')]: 'Horde',
        [fieldId('Delivery note')]: note,
      },
    }),
  };
}

let file: string;
let duplicatesInFile = 0;
let duplicatesOfExisting = 0;

beforeAll(() => {
  mkdirSync(dirname(profile), { recursive: true });
  const store = openStore(profile);
  store.saveProducts(demoProducts());
  testDatabase(store).transaction(() => {
    for (let i = 0; i < EXISTING; i++) applyServerOffer(testContext(store), offerNo(i).server);
  })();
  store.close();
  // Every 100th row repeats the one before it, every 100th (offset 50) is an offer already
  // there; the last row is bad.
  const lines = ['price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note'];
  for (let r = 0; r < ROWS - 1; r++) {
    let i = EXISTING + r;
    if (r % 100 === 99) {
      i -= 1;
      duplicatesInFile++;
    } else if (r % 100 === 50) {
      i = r % EXISTING;
      duplicatesOfExisting++;
    }
    lines.push(offerNo(i).cells);
  }
  lines.push('abc,1000,1,Ashbringer,Horde,the bad one');
  file = join(dir.path, 'offers.csv');
  writeFileSync(file, lines.join('\r\n') + '\r\n');
});
afterAll(() => dir.remove());

const importArgs = (...extra: string[]) => [
  'offers',
  'import',
  file,
  '--product',
  String(product.id),
  '--delivery-time',
  String(DELIVERY_MS),
  '--json',
  ...extra,
];

function queued() {
  const store = openStore(profile);
  try {
    const perOffer = testDatabase(store)
      .prepare<{ kind: string; n: number }>(
        `SELECT o.kind, count(*) AS n FROM outbox o JOIN local_changes c ON c.local_id = o.local_id
         WHERE c.kind = 'create' GROUP BY o.local_id`,
      )
      .all();
    return { counts: store.countOffers(), perOffer };
  } finally {
    store.close();
  }
}

describe('offers import of thousands of rows', { timeout: 60_000 }, () => {
  it('queues nothing when the last row is bad', async () => {
    const run = await runInProcess(importArgs(), target);
    expect(run.code).toBe(2);
    const doc = jsonOf<{
      error: { message: string; problems: { line: number; column: string }[] };
    }>(run);
    expect(doc.error.message).toContain('1 bad row(s); nothing was queued');
    expect(doc.error.problems.map((p) => [p.line, p.column])).toEqual([
      [ROWS + 1, 'price_per_step'],
    ]);
    expect(queued().counts).toMatchObject({ total: EXISTING, outbox: 0 });
  });

  it('with --skip-invalid queues every other new row once, one operation each, duplicates counted', async () => {
    const run = await runInProcess(importArgs('--skip-invalid'), target);
    expect(run.code, run.stderr).toBe(0);
    const created = ROWS - 1 - duplicatesInFile - duplicatesOfExisting;
    expect(jsonOf<{ result: Record<string, unknown> }>(run).result).toMatchObject({
      rows: ROWS,
      created,
      edited: 0,
      duplicates: duplicatesInFile + duplicatesOfExisting,
      skipped: 1,
    });
    const { counts, perOffer } = queued();
    expect(counts).toMatchObject({ total: EXISTING + created, outbox: created });
    expect(counts.bySyncState).toMatchObject({ local: created, synced: EXISTING });
    expect(perOffer).toHaveLength(created);
    expect(perOffer.every((op) => op.kind === 'manage' && op.n === 1)).toBe(true);
  });

  it('the same file again: every good row is now a duplicate', async () => {
    const run = await runInProcess(importArgs('--skip-invalid'), target);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(run).result).toMatchObject({
      created: 0,
      duplicates: ROWS - 1,
      skipped: 1,
    });
    expect(queued().counts.outbox).toBe(ROWS - 1 - duplicatesInFile - duplicatesOfExisting);
  });
});
