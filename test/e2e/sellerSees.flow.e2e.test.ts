// What the seller sees is what happens, in the real renderer: an import that changes only prices
// says only prices change (CSV and XLSX straight from an export); an export's columns are the
// seller's words in the language shown and its message names the folder it went to.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { Product } from '../../electron/contract/marketplace/wire';
import { readFirstSheet } from '../../electron/core/imports/sheets/readXlsx';
import { writeWorkbook, type SheetCell } from '../../electron/core/imports/sheets/xlsx';
import { XLSX_LIMITS } from '../../electron/core/imports/sheets/xlsxLimits';
import { delimitedRecords, formatDelimited } from '../../electron/core/imports/text/delimited';
import { shots } from './flowSteps';
import type { Harness } from './harness';
import { openHarness } from './harness';
import { internalWordsIn } from './internalWords';

type PageGlobals = {
  sellerDesk: SellerDeskApi;
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
  Uint8Array: typeof Uint8Array;
  atob: (text: string) => string;
};

/** The newest file the host wrote into its exports folder. */
function exported(desk: Harness, suffix: string): string {
  const dir = join(desk.dataDir, 'exports');
  const names = readdirSync(dir)
    .filter((n) => n.endsWith(suffix))
    .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
  if (!names[0]) throw new Error(`no ${suffix} export in ${dir}`);
  return join(dir, names[0]);
}

/** A file of any bytes dropped on `zone`, as Chromium sends a drop. */
async function dropBytes(page: Page, zone: string, name: string, bytes: Buffer, type: string) {
  const transfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const g = globalThis as unknown as PageGlobals;
      const raw = g.atob(base64);
      const data = new g.Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) data[i] = raw.charCodeAt(i);
      const dt = new g.DataTransfer();
      dt.items.add(new g.File([data], name, { type }));
      return dt;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  const target = page.locator(zone);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Opens the sandbox and waits until the first sync brought a gold product's offers. */
async function openWithGold(desk: Harness): Promise<Product> {
  const { page, sandbox } = desk;
  page.setDefaultTimeout(10_000);
  const mine = sandbox.control.offers(1);
  const gold = sandbox.control
    .products()
    .find((p) => p.marketplace_type === 1 && mine.some((o) => o.product_id === p.id));
  if (!gold) throw new Error('the sandbox seed has no gold product with offers');
  await page
    .locator('button')
    .filter({ hasText: /Try the sandbox marketplace|Попробовать тестовый маркетплейс/ })
    .click();
  await page.waitForSelector('[data-testid="offers-grid"]');
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
  }, gold.id);
  return gold;
}

async function exportFrom(page: Page, productTitle: string, item: RegExp | string) {
  await page
    .locator('nav button')
    .filter({ hasText: /Catalogue|Каталог/ })
    .click();
  await page
    .locator('ul[aria-label="Products"] button, ul[aria-label="Товары"] button')
    .filter({ hasText: productTitle })
    .first()
    .click();
  await page.locator('.export button[data-menu="offers"]').click();
  await page.locator('[role="menuitem"]').filter({ hasText: item }).click();
  const status = page.locator('.export [role="status"]');
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

describe('an import says what really changes; an export speaks the seller words', () => {
  let desk: Harness;
  let gold: Product;

  beforeAll(async () => {
    desk = await openHarness({ name: 'seller-sees', viewport: { width: 1280, height: 860 } });
    gold = await openWithGold(desk);
  }, 60_000);

  afterAll(async () => {
    await desk?.close();
  });

  it('exports under form labels, names the folder, and an unchanged-but-price file lists only the price', async () => {
    const { page } = desk;
    const said = await exportFrom(page, gold.title, 'Offers as CSV');
    expect(said).toMatch(/^\d+ offers? saved as “.+\.csv” in the folder .+\.$/);
    expect(said).toContain(join(desk.dataDir, 'exports'));
    await shots(desk, 'export-message');

    const records = [...delimitedRecords(readFileSync(exported(desk, '.csv'), 'utf8'), ',')];
    const header = records[0]!.cells;
    for (const words of ['Offer number', 'Price per step', 'Delivery time (hours)']) {
      expect(header).toContain(words);
    }
    expect(header.filter((cell) => /_/.test(cell))).toEqual([]);
    const priceAt = header.indexOf('Price per step');
    const rows = records.slice(1).map((r) => r.cells);
    const first = rows[0]!;
    const oldPrice = first[priceAt]!;
    const newPrice = String(Number(oldPrice) + 1);
    const edited = [header, [...first.slice(0, priceAt), newPrice, ...first.slice(priceAt + 1)]];

    await page.click('button:has-text("Import offers…")');
    const dialog = page.locator('dialog[aria-label^="Import offers"]');
    await dialog.waitFor();
    await dropBytes(
      page,
      'dialog[aria-label^="Import offers"] .zone',
      'prices.csv',
      Buffer.from(formatDelimited(edited, ','), 'utf8'),
      'text/csv',
    );
    const changes = dialog.locator('[data-testid="offer-import-consequences"]');
    await changes.waitFor();
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain(`→ price ${newPrice}`);
    expect(text).not.toMatch(/other fields?/);
    await shots(desk, 'import-price-only', { shoot: (shot) => desk.screenshot(shot) });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('an XLSX export with only a price changed lists only the price too', async () => {
    const { page } = desk;
    await exportFrom(page, gold.title, 'Offers as Excel');
    const sheet = readFirstSheet(readFileSync(exported(desk, '.xlsx')), XLSX_LIMITS);
    const rows = (await sheet).map((r) => r.cells);
    const header = rows[0]!;
    const priceAt = header.indexOf('Price per step');
    expect(priceAt).toBeGreaterThanOrEqual(0);
    // Cells as a spreadsheet keeps them: numbers typed as numbers, empty cells empty.
    const typed = (cell: string): SheetCell =>
      cell === '' ? null : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
    const first = rows[1]!.map(typed);
    const newPrice = Number(first[priceAt]) + 2;
    first[priceAt] = newPrice;
    const bytes = await writeWorkbook([{ name: 'Offers', rows: [header, first] }]);

    await page.click('button:has-text("Import offers…")');
    const dialog = page.locator('dialog[aria-label^="Import offers"]');
    await dialog.waitFor();
    await dropBytes(
      page,
      'dialog[aria-label^="Import offers"] .zone',
      'prices.xlsx',
      bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const changes = dialog.locator('[data-testid="offer-import-consequences"]');
    await changes.waitFor();
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain(`→ price ${newPrice}`);
    expect(text).not.toMatch(/other fields?/);
    expect(internalWordsIn(text)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('warns at once when the min purchase is above the amount, and saves anyway', async () => {
    const { page } = desk;
    await page.locator('nav button').filter({ hasText: 'Offers' }).click();
    await page.getByLabel('Filter by product').selectOption(String(gold.id));
    await page.locator('[data-local-id]').first().dblclick();
    await page.waitForSelector('dialog[open] #f-price_per_step');
    await page.fill('#f-amount', '500');
    await page.fill('#f-min_purchase_amount', '1000');
    const warning = page.locator('[data-warning-for="min_purchase_amount"]');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/More than the amount on offer \(500\)/);
    expect(await page.locator('[data-problem-for="min_purchase_amount"]').count()).toBe(0);
    await shots(desk, 'editor-min-above-amount');
  });

  it('the Saved toast never covers the editor footer: Save and the status forecast', async () => {
    const { page } = desk;
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const price = page.locator('#f-price_per_step');
      await price.fill(String(Number((await price.inputValue()) || '1') + 0.01));
      await page.locator('dialog[open] footer button.primary').click();
      const toast = page.locator('.notices .notice').filter({ hasText: /Saved/ }).first();
      await toast.waitFor();
      await page.waitForTimeout(150);
      const box = (await toast.boundingBox())!;
      for (const covered of [
        'dialog[open] footer button.primary',
        '[data-testid="status-forecast"]',
      ]) {
        const other = (await page.locator(covered).boundingBox())!;
        const overlaps =
          box.x < other.x + other.width &&
          other.x < box.x + box.width &&
          box.y < other.y + other.height &&
          other.y < box.y + box.height;
        expect(overlaps, `${covered} at ${width}`).toBe(false);
      }
      await desk.screenshot(`editor-saved-toast-${width}`);
      await toast.locator('button[aria-label="Dismiss"]').click();
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.keyboard.press('Escape');
  });

  it('the Updated column is whole at 1280 and stays at 1024 while the list is sorted by it', async () => {
    const { page } = desk;
    await page.locator('nav button').filter({ hasText: 'Offers' }).click();
    const header = page.locator('[role="columnheader"][aria-sort]').filter({ hasText: 'Updated' });
    await header.waitFor();
    if ((await header.getAttribute('aria-sort')) === null) await header.locator('button').click();
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const cell = page.locator('[data-local-id] .col-updated').first();
      await expect.poll(() => cell.isVisible()).toBe(true);
      const cut = await cell.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, `Updated cut at ${width}: ${await cell.textContent()}`).toBe(false);
      // Whole inside the window, not pushed past its edge.
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, `Updated past the edge at ${width}`).toBeLessThanOrEqual(width);
    }
    await shots(desk, 'offers-sorted-by-updated');
  });
});

describe('in Russian', () => {
  let desk: Harness;
  let gold: Product;

  beforeAll(async () => {
    desk = await openHarness({
      name: 'seller-sees-ru',
      locale: 'ru-RU',
      viewport: { width: 1280, height: 860 },
    });
    gold = await openWithGold(desk);
  }, 60_000);

  afterAll(async () => {
    await desk?.close();
  });

  it('the export names its folder and writes Russian headers, the delivery time in hours', async () => {
    const said = await exportFrom(desk.page, gold.title, 'CSV');
    expect(said).toMatch(/сохранен.* в файл «.+\.csv» в папке .+\.$/);
    expect(said).toContain(join(desk.dataDir, 'exports'));
    const header = [...delimitedRecords(readFileSync(exported(desk, '.csv'), 'utf8'), ',')][0]!
      .cells;
    expect(header).toContain('Цена за шаг');
    expect(header).toContain('Время выдачи (часы)');
    expect(header.filter((cell) => /_/.test(cell))).toEqual([]);
    await shots(desk, 'export-message-ru');
  });

  it('Settings: the hold says how long a change waits, in proper Russian', async () => {
    const { page } = desk;
    await page.locator('nav button').filter({ hasText: 'Настройки' }).click();
    const hint = page.locator('p', { hasText: 'Столько секунд каждое изменение ждёт' });
    await hint.waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Столько изменение');
    await shots(desk, 'settings-hold-ru');
  });

  it('Discard and Undo take different verbs; Discard never sits as «Отменить…» beside «Отмена»', async () => {
    const { page } = desk;
    await page.locator('nav button').filter({ hasText: 'Предложения' }).click();
    await page.locator('[data-local-id]').first().dblclick();
    await page.waitForSelector('dialog[open] #f-price_per_step');
    await page.fill('#f-price_per_step', '7');
    await page.keyboard.press('Escape');
    const confirm = page.locator('dialog[open]').filter({ hasText: 'Сбросить правки?' });
    await confirm.waitFor();
    const buttons = await confirm.locator('button').allTextContents();
    expect(buttons.map((b) => b.trim())).toContain('Сбросить правки');
    expect(buttons.join(' ')).not.toMatch(/Отменить правки/);
    await shots(desk, 'discard-confirm-ru');
    await confirm.locator('button', { hasText: 'Сбросить правки' }).click();
  });
});
