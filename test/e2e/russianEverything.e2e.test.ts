// The screens the other Russian walks leave out, in Chromium with a Russian browser (ru-RU): a
// bulk status change whose preview carries the note of what we expect the marketplace to refuse,
// its toast and the toast's Undo (the step's label in Russian), an offer import's preview with its
// consequences (the forecast for new offers, the review warning, the lines before → after, a sold
// offer left out), and the restock pool of an account offer. No English word of the app's own is
// left on any of them (the marketplace's data aside). Screenshots at 1280 and 1024, light/dark.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dispatch, type SellerDeskApi } from '../../electron/contract/ipc';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';
import { delimitedRecords, formatDelimited } from '../../electron/core/imports/text/delimited';
import { dataWords, englishLeft, navigationAndDialogs } from './englishLeft';
import { connectWithToken, localIdOf, openHarness, type Harness } from './harness';

/** The page's globals as these callbacks use them (the test program has no DOM library). */
interface PageElement {
  closest(selector: string): PageElement | null;
  checkVisibility?(): boolean;
  getAttribute(name: string): string | null;
  tagName: string;
  innerText?: string;
}
type PageGlobals = {
  sellerDesk: SellerDeskApi;
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
  document: { querySelectorAll(selector: string): Iterable<PageElement> };
};

/** Paragraphs and list lines of dialogs, toasts and the pool too; screenshot links are data. */
const everywhere = {
  chosen: `${navigationAndDialogs.chosen}, [role="note"], dialog p, dialog li, dialog th, [data-testid="credential-pool"]`,
  skip: `${navigationAndDialogs.skip}, [data-testid="offer-screenshots"]`,
};

async function shots(desk: Harness, name: string) {
  for (const width of [1280, 1024]) {
    await desk.page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await desk.page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`ru-${name}-${width}-${scheme}`);
    }
  }
  await desk.page.setViewportSize({ width: 1280, height: 800 });
  await desk.page.emulateMedia({ colorScheme: 'light' });
}

async function syncIdle(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const api = (globalThis as unknown as PageGlobals).sellerDesk;
    const status = await api.sync.status();
    return status.ok && !status.value.running;
  });
}

async function dropFile(page: Page, zone: string, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ({ name, text }) => {
      const g = globalThis as unknown as PageGlobals;
      const dt = new g.DataTransfer();
      dt.items.add(new g.File([text], name, { type: 'text/csv' }));
      return dt;
    },
    { name, text },
  );
  const target = page.locator(zone);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

describe('the remaining screens in Russian', () => {
  it('a status preview with its note, the undo toast, an import preview and the pool: no English', async () => {
    const desk = await openHarness({
      on: 'browser host',
      name: 'russian-everything',
      locale: 'ru-RU',
      syncHoldMs: 'setting',
    });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      const seller = sandbox.sellers[0]!;
      const mine = sandbox.control.offers(seller.id);
      const live = mine.find(
        (o) =>
          o.status === OfferStatus.Active &&
          o.marketplace_type === MarketplaceType.Account &&
          mine.some((other) => other.product_id === o.product_id && other.id !== o.id),
      )!;
      // Another offer of its product, sold (on the marketplace's side).
      const sold = mine.find((o) => o.product_id === live.product_id && o.id !== live.id)!;
      sandbox.control.editOfferAsServer(sold.id, { status: OfferStatus.Sold });
      const gold = mine.find(
        (o) => o.marketplace_type === MarketplaceType.Gold && o.status === OfferStatus.Active,
      )!;
      // The newest on the marketplace: the first rows of the list.
      sandbox.control.editOfferAsServer(sold.id, { price_per_step: 120 });
      sandbox.control.editOfferAsServer(gold.id, { price_per_step: 0.12345 });
      sandbox.control.editOfferAsServer(live.id, { price_per_step: 49.99 });

      await connectWithToken(page, seller.token, { rows: true });
      await expect.poll(() => syncIdle(page)).toBe(true);
      const words = await dataWords(page);
      const ids = {
        gold: await localIdOf(page, gold.id),
        live: await localIdOf(page, live.id),
        sold: await localIdOf(page, sold.id),
      };

      // A bulk status change: the preview's note of what we expect refused, in Russian.
      await page.click(`[data-local-id="${ids.gold}"]`);
      await page.click(`[data-local-id="${ids.live}"]`, { modifiers: ['Control'] });
      await page.click(`[data-local-id="${ids.sold}"]`, { modifiers: ['Control'] });
      await expect
        .poll(() => page.textContent('[data-testid="selected-count"]'))
        .toBe('Выбрано 3 предложения');
      await page.selectOption('select[aria-label="Задать статус выбранным предложениям"]', '3');
      await page.locator('[data-testid="bulk-preview"]').waitFor();
      expect(await page.textContent('[data-testid="bulk-preview-rule"]')).toBe(
        'Мы ожидаем, что проданное предложение сохранит свой статус (1 предложение). Правила маркетплейса здесь не опубликованы, поэтому изменения всё равно отправляются: решает маркетплейс, а отказ появится с его причиной.',
      );
      expect(await page.textContent('[data-testid="bulk-preview-changes"]')).toContain(
        'Продано → Неактивно',
      );
      expect(await englishLeft(page, words, everywhere)).toEqual([]);
      await shots(desk, 'status-preview');

      // Confirmed: the toast, and its Undo names the step in Russian.
      await page.click('[data-testid="bulk-preview-confirm"]');
      const toast = page.locator('.notice', { hasText: 'Статус «Неактивно» задан' });
      await expect.poll(() => toast.isVisible()).toBe(true);
      expect(await englishLeft(page, words, everywhere)).toEqual([]);
      await shots(desk, 'status-toast');
      await toast.locator('button:has-text("Отменить")').click();
      const undone = page.locator('.notice', {
        hasText:
          'Статус «Неактивно» у 3 предложений — отменено. 3 предложения вернулись к прежнему виду.',
      });
      await expect.poll(() => undone.count()).toBe(1);
      expect(await englishLeft(page, words, everywhere)).toEqual([]);
      await shots(desk, 'undone-toast');
      // Nothing left to undo: said in Russian.
      await page.keyboard.press('Control+z');
      await expect
        .poll(() => page.locator('.notice', { hasText: 'Отменять нечего.' }).count())
        .toBe(1);

      // An import of the sold offer's product: an edit of the live offer (back to review), the
      // sold offer (left out) and a new offer (the forecast).
      const exported = await dispatch(desk.core.handlers, 'exports.offers', {
        format: 'csv',
        productId: sold.product_id,
      });
      if (!exported.ok) throw new Error(exported.error.message);
      const dir = join(desk.dataDir, 'exports');
      const csvName = readdirSync(dir).find((n) => n.endsWith('.csv'))!;
      const records = [...delimitedRecords(readFileSync(join(dir, csvName), 'utf8'), ',')];
      const header = records[0]!.cells;
      const idAt = header.indexOf('Номер предложения');
      const priceAt = header.indexOf('Цена за шаг');
      const rowOf = (serverId: number) =>
        records.find((r) => r.cells[idAt] === String(serverId))!.cells;
      const withPrice = (cells: string[], price: string, id?: string) =>
        cells.map((c, i) => (i === priceAt ? price : i === idAt ? (id ?? c) : c));
      const csv = formatDelimited(
        [
          header,
          withPrice(rowOf(live.id), '44.5'),
          withPrice(rowOf(sold.id), '99'),
          withPrice(rowOf(live.id), '33.25', ''),
        ],
        ',',
      );
      await page.click('nav button:has-text("Каталог")');
      await page.click(
        `ul[aria-label="Товары"] button:has-text("${sandbox.control.products().find((p) => p.id === sold.product_id)!.title}")`,
      );
      await page.click('button:has-text("Импорт предложений…")');
      const dialog = page.locator('dialog[aria-label^="Импорт предложений"]');
      await dialog.waitFor();
      await dropFile(page, 'dialog[aria-label^="Импорт предложений"] .zone', 'ru.csv', csv);
      await dialog.locator('[data-testid="offer-import-consequences"]').waitFor();
      expect(await dialog.locator('[data-testid="offer-import-forecast"]').textContent()).toMatch(
        /^Когда они попадут на маркетплейс: 1 новое предложение/,
      );
      const consequences =
        (await dialog.locator('[data-testid="offer-import-consequences"]').textContent()) ?? '';
      expect(consequences).toContain('цена 49,99 → цена 44,5');
      expect(consequences).toContain('Продано: проданное предложение остаётся как есть.');
      expect(await englishLeft(page, words, everywhere)).toEqual([]);
      await shots(desk, 'import-preview');
      await page.keyboard.press('Escape');

      // The restock pool of the live account offer.
      await page.click('nav button:has-text("Предложения")');
      await page.locator(`[data-local-id="${ids.live}"]`).dblclick();
      const pool = page.getByTestId('credential-pool');
      await pool.scrollIntoViewIfNeeded();
      await pool.waitFor();
      expect(await englishLeft(page, words, everywhere)).toEqual([]);
      await shots(desk, 'pool');
      expect(desk.console.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
    } catch (error) {
      await desk.screenshot('ru-everything-failed').catch(() => {});
      console.log(desk.console.join('\n'));
      throw error;
    } finally {
      await desk.close();
    }
  }, 240_000);
});
