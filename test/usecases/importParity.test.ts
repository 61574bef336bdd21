// One import rule for both fronts: the same offers file through the app core's IPC handlers
// (dispatch, as Electron main and the browser host call them) and through the real
// `seller-desk` binary, each on its own profile of the same seller on one sandbox marketplace.
// Duplicates are skipped and counted in both, rows without a delivery time get one hour in
// both, a bad file is refused with the same kind and the same problems, and the offers queued
// are the same.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delimitedRecords, formatDelimited } from '../../electron/core/imports/text/delimited';
import { type AppCore } from '../../electron/core/app';
import { profileFile } from '../../electron/core/usecases/paths';
import { openStore } from '../../electron/core/store';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runSellerDesk, WINDOW_MS, type CliTarget } from '../cli/harness';
import { coreCalls, createTestCore } from '../app/coreHarness';

const ONE_HOUR = 3_600_000;

let sandbox: Sandbox;
let core: AppCore;
const { call, failureOf, syncNow } = coreCalls(() => core);
let work: string;
let appDir: string;
let cli: CliTarget;
let productId: number;
/** The product's export as the CLI wrote it: header and the rows of the offers already there. */
let exported: string[][];

function csvFile(name: string, rows: string[][]): string {
  const path = join(work, name);
  writeFileSync(path, formatDelimited(rows, ','));
  return path;
}

const cliImport = (file: string, ...extra: string[]) =>
  runSellerDesk(
    ['offers', 'import', file, '--product', String(productId), '--json', ...extra],
    cli,
  );

/** The seller's local offers of the product as a store holds them: fields and delivery time. */
function localOffers(dataDir: string) {
  const store = openStore(profileFile(dataDir, sandbox.baseUrl));
  try {
    return store
      .queryOffers({ productId, syncState: 'local', offset: 0, limit: 500 })
      .rows.map((row) => store.getOffer(row.localId)!.fields)
      .map((fields) => JSON.stringify(fields, Object.keys(fields).sort()))
      .sort();
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS });
  work = mkdtempSync(join(tmpdir(), 'sd-import-parity-'));
  appDir = join(work, 'app');
  const seller = sandbox.sellers[0]!;
  cli = { baseUrl: sandbox.baseUrl, dataDir: join(work, 'cli'), token: seller.token };
  const mine = sandbox.control.offers(seller.id);
  const gold = sandbox.control
    .products()
    .find((p) => p.marketplace_type === 1 && mine.some((o) => o.product_id === p.id));
  if (!gold) throw new Error('the sandbox seed has no gold product with an offer of seller 0');
  productId = gold.id;

  core = await createTestCore(appDir, sandbox.baseUrl, {
    windowMs: WINDOW_MS,
    // An import must not be pushed while the test compares the two profiles.
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  await call('session.connect', { token: seller.token });
  await syncNow();

  const pulled = await runSellerDesk(['pull', '--json'], cli);
  expect(pulled.code, pulled.stderr).toBe(0);
  const exportFile = join(work, 'existing.csv');
  const exportRun = await runSellerDesk(
    ['offers', 'export', exportFile, '--product', String(productId), '--json'],
    cli,
  );
  expect(exportRun.code, exportRun.stderr).toBe(0);
  exported = [...delimitedRecords(readFileSync(exportFile, 'utf8'), ',')].map((r) => r.cells);
  expect(exported.length).toBeGreaterThan(1);
}, 120_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
});

describe('offers import: the app and the command line apply one rule', { timeout: 60_000 }, () => {
  it('refuses a bad file with the same kind and the same problems, queueing nothing', async () => {
    const [header, first] = exported as [string[], string[]];
    const column = (name: string) => header.indexOf(name);
    const bad = first.map((cell, i) =>
      i === column('Price per step') ? 'twelve' : i === column('Offer number') ? '' : cell,
    );
    const unknownId = first.map((cell, i) => (i === column('Offer number') ? '99999999' : cell));
    const file = csvFile('bad.csv', [header, bad, unknownId]);

    const preview = await call('imports.offersPreview', { productId, file });
    const appFailure = await failureOf('imports.offersCommit', {
      previewId: preview.previewId,
      skipInvalid: false,
    });
    const run = await cliImport(file);
    expect(run.code).toBe(2);
    const cliFailure = jsonOf<{
      error: { kind: string; problems: { line: number; column: string; reason: string }[] };
    }>(run).error;

    expect(appFailure.kind).toBe('bad_input');
    expect(cliFailure.kind).toBe('bad_input');
    const appProblems = preview.problems.map((p) => [p.line, p.column, p.message]);
    expect(appProblems.map(([line, col]) => [line, col])).toEqual([
      [2, 'Price per step'],
      [3, 'Offer number'],
    ]);
    expect(cliFailure.problems.map((p) => [p.line, p.column, p.reason])).toEqual(appProblems);
    expect(localOffers(appDir)).toEqual([]);
    expect(localOffers(cli.dataDir)).toEqual([]);
  });

  it('refuses a file whose header is wrong the same way, even when bad rows may be skipped', async () => {
    const file = csvFile('header.csv', [
      ['price_per_step', 'colour'],
      ['1', 'red'],
    ]);
    const preview = await call('imports.offersPreview', { productId, file });
    expect(preview.valid).toBe(0);
    const appFailure = await failureOf('imports.offersCommit', {
      previewId: preview.previewId,
      skipInvalid: true,
    });
    const run = await cliImport(file, '--skip-invalid');
    expect(run.code).toBe(2);
    const cliFailure = jsonOf<{
      error: { kind: string; problems: { line: number; column: string; reason: string }[] };
    }>(run).error;
    expect(appFailure.kind).toBe(cliFailure.kind);
    expect(preview.problems.length).toBeGreaterThan(0);
    expect(cliFailure.problems.map((p) => [p.line, p.column, p.reason])).toEqual(
      preview.problems.map((p) => [p.line, p.column, p.message]),
    );
  });

  it('skips and counts duplicates, gives rows without a delivery time one hour, queues the same offers', async () => {
    const [header, first] = exported as [string[], string[]];
    const column = (name: string) => header.indexOf(name);
    expect(column('Delivery time (hours)')).toBeGreaterThanOrEqual(0);
    // An offer already there (its id left out), a new one with no delivery time, and that new
    // one again.
    const existing = first.map((cell, i) => (i === column('Offer number') ? '' : cell));
    const fresh = existing.map((cell, i) =>
      i === column('Price per step') ? '12.34' : i === column('Delivery time (hours)') ? '' : cell,
    );
    const file = csvFile('offers.csv', [header, existing, fresh, fresh]);

    const preview = await call('imports.offersPreview', { productId, file });
    expect(preview).toMatchObject({
      rows: 3,
      valid: 3,
      toCreate: 1,
      toEdit: 0,
      duplicates: 2,
      deliveryTimeMs: ONE_HOUR,
      problems: [],
    });
    const committed = await call('imports.offersCommit', {
      previewId: preview.previewId,
      skipInvalid: false,
    });
    expect(committed).toMatchObject({ queued: 1, created: 1, duplicates: 2, skipped: 0 });

    const run = await cliImport(file);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<{ result: Record<string, unknown> }>(run).result).toMatchObject({
      rows: 3,
      created: 1,
      edited: 0,
      duplicates: 2,
      skipped: 0,
    });

    const inApp = localOffers(appDir);
    expect(inApp).toHaveLength(1);
    expect(JSON.parse(inApp[0]!)).toMatchObject({
      price_per_step: 12.34,
      guarantee_delivery_time: ONE_HOUR,
    });
    expect(localOffers(cli.dataDir)).toEqual(inApp);

    // The same file again: every row is now a duplicate, in both.
    const again = await call('imports.offersPreview', { productId, file });
    expect(again).toMatchObject({ toCreate: 0, duplicates: 3 });
    const rerun = await cliImport(file);
    expect(jsonOf<{ result: Record<string, unknown> }>(rerun).result).toMatchObject({
      created: 0,
      duplicates: 3,
    });
  });

  it('exports the same file from both, once both hold the same offers', async () => {
    const fromApp = join(work, 'app-export.csv');
    const written = await call('exports.offers', { format: 'csv', productId, file: fromApp });
    const fromCli = join(work, 'cli-export.csv');
    const run = await runSellerDesk(
      ['offers', 'export', fromCli, '--product', String(productId), '--json'],
      cli,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<{ result: { offers: number } }>(run).result.offers).toBe(written.rows);
    expect(readFileSync(fromApp, 'utf8')).toBe(readFileSync(fromCli, 'utf8'));
    expect(readFileSync(fromApp, 'utf8')).toContain('12.34');
  });
});

describe('the catalogue: one search rule', () => {
  it("products list --search finds what the app's catalogue search finds", async () => {
    const needle = 'GOLD';
    const inApp = (await call('catalogue.list', { search: needle })).map((p) => p.id);
    const run = await runSellerDesk(['products', 'list', '--search', needle, '--json'], cli);
    expect(run.code, run.stderr).toBe(0);
    const inCli = jsonOf<{ result: { products: { id: number; title: string }[] } }>(run).result
      .products;
    expect(inCli.map((p) => p.id)).toEqual(inApp);
    expect(inCli.length).toBeGreaterThan(0);
    expect(inCli.every((p) => p.title.toLowerCase().includes('gold'))).toBe(true);
    const all = (await call('catalogue.list', {})).length;
    expect(inCli.length).toBeLessThan(all);
  });
});
