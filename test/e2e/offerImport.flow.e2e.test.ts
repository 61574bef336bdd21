// Offers in and out of a spreadsheet in the real renderer, through the browser host: export a
// gold product's offers to CSV, turn that file into two new offers, one bad row and one duplicate,
// drop it on "Import offers…", see the bad row's line and column and the duplicate counted,
// import only the good rows, and find exactly those on the sandbox after sync. The template
// downloads as a real XLSX.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { Product } from '../../electron/contract/marketplace/wire';
import { delimitedRecords, formatDelimited } from '../../electron/core/imports/text/delimited';
import type { Harness } from './harness';
import { openHarness, SCREENS_DIR } from './harness';
import { dropTextFile } from './flowSteps';

let desk: Harness;
let product: Product;

type PageGlobals = { sellerDesk: SellerDeskApi };

const dropFile = (page: Page, zone: string, name: string, text: string) =>
  dropTextFile(page, zone, name, text, 'text/csv');

/** The newest file main wrote into the host's exports folder. */
function exported(suffix: string): string {
  const dir = join(desk.dataDir, 'exports');
  const names = readdirSync(dir)
    .filter((n) => n.endsWith(suffix))
    .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
  if (!names[0]) throw new Error(`no ${suffix} export in ${dir}`);
  return join(dir, names[0]);
}

beforeAll(async () => {
  desk = await openHarness({ name: 'offer-import', viewport: { width: 1280, height: 860 } });
  const { page, sandbox } = desk;
  // A missing element fails with its locator well before the test's own timeout.
  page.setDefaultTimeout(8000);
  const mine = sandbox.control.offers(1);
  const gold = sandbox.control
    .products()
    .find((p) => p.marketplace_type === 1 && mine.some((o) => o.product_id === p.id));
  if (!gold) throw new Error('the sandbox seed has no gold product with an offer');
  product = gold;
  await page.click('button:has-text("Try the sandbox marketplace")');
  await page.waitForSelector('[data-testid="offers-grid"]');
  // Wait for the first sync to bring this product's offers in, so the export has rows.
  await page.evaluate(async (productId) => {
    const api = (globalThis as unknown as PageGlobals).sellerDesk;
    for (let attempt = 0; attempt < 150; attempt++) {
      const r = await api.offers.query({
        productId,
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: 1,
      });
      if (r.ok && r.value.total > 0) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('the first sync never brought the offers');
  }, product.id);
}, 60_000);

afterAll(async () => {
  await desk?.close();
});

describe('offers from a spreadsheet, in Chromium', () => {
  it('exports the product, imports only the good rows of an edited file, and sync sends them', async () => {
    const { page, sandbox } = desk;
    await page.click('nav button:has-text("Catalogue")');
    await page.click(`ul[aria-label="Products"] button:has-text("${product.title}")`);
    await page.click('button:has-text("Export…")');
    await page.click('[role="menuitem"]:has-text("Offers as CSV")');
    await page.locator('.export [role="status"]').waitFor();
    expect(await page.locator('.export [role="status"]').textContent()).toMatch(
      /^\d+ offers? saved as “.+\.csv” in the folder .+exports\.$/,
    );

    const [header, first] = [...delimitedRecords(readFileSync(exported('.csv'), 'utf8'), ',')];
    if (!header || !first) throw new Error('the export has no offer row');
    const column = (name: string) => header.cells.indexOf(name);
    expect(column('Price per step')).toBeGreaterThanOrEqual(0);
    const row = (price: string) =>
      first.cells.map((cell, i) =>
        i === column('Offer number') ? '' : i === column('Price per step') ? price : cell,
      );
    // The exported offer again without its id: a duplicate, counted and skipped (as in the CLI).
    const again = first.cells.map((cell, i) => (i === column('Offer number') ? '' : cell));
    const csv = formatDelimited(
      [header.cells, row('12.34'), row('twelve'), row('12.35'), again],
      ',',
    );
    const before = sandbox.control.offers(1).length;

    await page.click('button:has-text("Import offers…")');
    const dialog = page.locator('dialog[aria-label^="Import offers"]');
    await dialog.waitFor();
    await dropFile(page, 'dialog[aria-label^="Import offers"] .zone', 'edited.csv', csv);
    await dialog.locator('[data-testid="offer-import-summary"]').waitFor();
    expect(await dialog.locator('[data-testid="offer-import-summary"]').textContent()).toBe(
      '4 offers in the file, 3 good, 1 with problems. 1 duplicate row (already there) will be skipped.',
    );
    const problems = dialog.locator('[data-testid="offer-import-problems"] tbody tr');
    expect(await problems.count()).toBe(1);
    const cells = await problems.first().locator('td').allTextContents();
    expect(cells[0]).toBe('3');
    expect(cells[1]).toBe('Price per step');
    expect(cells[2]!.length).toBeGreaterThan(0);
    // All or nothing is not on offer while a row is bad.
    expect(await dialog.locator('button:has-text("Import 4 offers")').isDisabled()).toBe(true);
    await dialog.screenshot({ path: join(SCREENS_DIR, 'offer-import-preview.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await dialog.screenshot({ path: join(SCREENS_DIR, 'offer-import-preview-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    await dialog.locator('button:has-text("Import only the 3 good rows")').click();
    await dialog.locator('[data-testid="offer-import-result"]').waitFor();
    expect(await dialog.locator('[data-testid="offer-import-result"]').textContent()).toBe(
      '2 offers added to your local changes; 1 row with problems left out; 1 duplicate row (already there) skipped. They are sent at the next sync.',
    );
    await dialog.screenshot({ path: join(SCREENS_DIR, 'offer-import-result.png') });
    await dialog.locator('button:has-text("Done")').click();

    await expect
      .poll(
        () =>
          sandbox.control
            .offers(1)
            .filter((o) => o.product_id === product.id)
            .map((o) => o.price_per_step)
            .filter((p) => p === 12.34 || p === 12.35)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual([12.34, 12.35]);
    expect(sandbox.control.offers(1).length).toBe(before + 2);
  });

  it('takes a file from "Choose file…" too (the page\'s own picker in the browser host)', async () => {
    const { page } = desk;
    await page.click('button:has-text("Import offers…")');
    const dialog = page.locator('dialog[aria-label^="Import offers"]');
    const chooser = page.waitForEvent('filechooser');
    await dialog.locator('button:has-text("Choose file…")').click();
    await (
      await chooser
    ).setFiles({
      name: 'empty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('price_per_step,amount\r\n'),
    });
    await expect
      .poll(() => dialog.locator('[data-testid="offer-import-summary"]').textContent())
      .toBe('The file holds no offer rows.');
    expect(await dialog.locator('button:has-text("Import 0 offers")').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('downloads the template as a real XLSX from the keyboard, Escape closing the menu', async () => {
    const { page } = desk;
    await page.locator('button:has-text("Template…")').focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('[role="menu"][aria-label="Download template as"]');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect((await page.locator(':focus').textContent())?.trim()).toBe('Template…');
    await page.keyboard.press('Enter');
    await menu.locator('[role="menuitem"]:has-text("Template as Excel")').click();
    await expect
      .poll(() => page.locator('.export [role="status"]').textContent())
      .toMatch(/^Template saved as “.+ template\.xlsx” in the folder .+\.$/);
    // An XLSX is a ZIP: it starts with "PK".
    expect(readFileSync(exported('template.xlsx')).subarray(0, 2).toString()).toBe('PK');
    await desk.screenshot('catalogue');

    // The offers view offers the same once one product is chosen in its filter.
    await page.click('nav button:has-text("Offers")');
    const toolbar = page.locator('header.toolbar');
    expect(await toolbar.locator('button:has-text("Import offers…")').count()).toBe(0);
    await page.getByLabel('Filter by product').selectOption(String(product.id));
    await toolbar.locator('button:has-text("Import offers…")').waitFor();
    await desk.screenshot('offers-view');
  });
});
