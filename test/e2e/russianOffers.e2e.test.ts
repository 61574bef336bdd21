// The first half of the screens in Russian, in Chromium with a Russian browser (locale ru-RU, so
// navigator.languages and the app's "system" language are Russian): navigation, the offers list,
// selection counts with Russian plurals (1 предложение, 2 предложения, 5 предложений,
// 21 предложение), the bulk price dialog and its preview, the new-offer picker and the editor,
// where "0,06" typed as a price is saved as 0.06 (read back through the API). Then English chosen
// in the app: the screen follows at once, and "1,000" typed as a price gets the sentence saying it
// is unclear. Screenshots at 1280 and 1024, light and dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { MarketplaceType } from '../../electron/contract/marketplace/wire';
import { dataWords, englishLeft, navigationAndDialogs } from './englishLeft';
import { connectWithToken, openHarness } from './harness';
import { shots } from './flowSteps';

/** The page's globals as these callbacks use them (the test program has no DOM library). */
interface PageElement {
  closest(selector: string): PageElement | null;
  checkVisibility?(): boolean;
  getAttribute(name: string): string | null;
  tagName: string;
  innerText?: string;
  scrollTop: number;
}
type PageGlobals = {
  sellerDesk: SellerDeskApi;
  document: {
    querySelectorAll(selector: string): Iterable<PageElement>;
    querySelector(selector: string): PageElement | null;
  };
};

const RETAIL_GOLD = 2;
/** The other engineers' panels (credentials, screenshots) are theirs to prove. */
const offersPlaces = {
  ...navigationAndDialogs,
  skip: `${navigationAndDialogs.skip}, [data-testid="credentials-panel"], [data-testid="offer-screenshots"]`,
};

/** The controls inside `box` that do not fit in it (their text cut off or pushed outside). */
async function cutOff(page: Page, box: string, controls: string): Promise<string[]> {
  const outer = await page.locator(box).first().boundingBox();
  if (!outer) throw new Error(`${box} is not shown`);
  const cut: string[] = [];
  for (const control of await page.locator(box).first().locator(controls).all()) {
    if (!(await control.isVisible())) continue;
    const inner = await control.boundingBox();
    const overflows = await control.evaluate(
      (el) =>
        (el as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth >
        (el as unknown as { clientWidth: number }).clientWidth + 1,
    );
    if (!inner) continue;
    if (inner.x + inner.width > outer.x + outer.width + 1 || overflows) {
      cut.push((await control.textContent())?.trim() ?? '?');
    }
  }
  return cut;
}

async function waitForSyncToSettle(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        const status = await api.sync.status();
        return status.ok && !status.value.running;
      }),
    )
    .toBe(true);
}

/** Shift-clicks the row at `index`, scrolling the virtual list until it is drawn. */
async function extendSelectionTo(page: Page, index: number) {
  const row = page.locator(`[data-testid="offers-grid"] [data-index="${index}"][data-local-id]`);
  for (let i = 0; i < 40 && (await row.count()) === 0; i++) {
    await page.evaluate(() => {
      const grid = (globalThis as unknown as PageGlobals).document.querySelector(
        '[data-testid="offers-grid"]',
      );
      if (grid) grid.scrollTop += 200;
    });
    await page.waitForTimeout(50);
  }
  await row.click({ modifiers: ['Shift'] });
}

describe('the offers screens in Russian', () => {
  it('speaks Russian from the browser language, counts in Russian, reads "0,06"; English on request', async () => {
    const desk = await openHarness({ name: 'russian-offers', locale: 'ru-RU' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      // The connect screen, before any token: already Russian.
      await expect.poll(() => page.textContent('h1')).toBe('Подключение к маркетплейсу');
      await shots(desk, 'connect');
      expect(await englishLeft(page, [], offersPlaces)).toEqual([]);

      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      await waitForSyncToSettle(page);
      expect(await page.getAttribute('html', 'lang')).toBe('ru');

      // Enough offers for 21 of them to be selected.
      await page.evaluate(async (productId) => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        const now = await api.offers.query({
          sort: { column: 'updated_at', dir: 'desc' },
          offset: 0,
          limit: 1,
        });
        const missing = Math.max(0, 25 - (now.ok ? now.value.total : 0));
        for (let i = 0; i < missing; i++) {
          await api.offers.save({
            productId,
            fields: {
              price_per_step: 0.02 + i / 1000,
              amount: 100_000,
              min_purchase_amount: 1000,
              data: { '201': 'EU', '202': 'Silvermoon', '203': 'Horde' },
            },
            deliveryTimeMs: 3_600_000,
          });
        }
      }, RETAIL_GOLD);
      await waitForSyncToSettle(page);

      const nav = page.locator('nav ul button > span:first-child');
      expect(await nav.allTextContents()).toEqual([
        'Предложения',
        'Каталог',
        'Синхронизация',
        'Продажи',
        'Журнал',
        'Настройки',
      ]);
      expect(await page.textContent('main h1')).toBe('Предложения');
      const words = await dataWords(page);
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      await shots(desk, 'offers');

      // Plurals in a visible count: the selection.
      const grid = page.locator('[data-testid="offers-grid"]');
      const selected = page.locator('[data-testid="selected-count"]');
      await grid.locator('[data-index="0"][data-local-id]').click();
      await expect.poll(() => selected.textContent()).toBe('Выбрано 1 предложение');
      await extendSelectionTo(page, 1);
      await expect.poll(() => selected.textContent()).toBe('Выбрано 2 предложения');
      await extendSelectionTo(page, 4);
      await expect.poll(() => selected.textContent()).toBe('Выбрано 5 предложений');
      await extendSelectionTo(page, 20);
      await expect.poll(() => selected.textContent()).toBe('Выбрано 21 предложение');
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      // The longer Russian words wrap the selection's actions, never cut one off.
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await cutOff(page, '[role="toolbar"]', 'button, select, strong')).toEqual([]);
        expect(await cutOff(page, 'main header', 'button, h1, span')).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await shots(desk, 'selection');

      // The bulk price change and its preview.
      await page.click('button[aria-label="Изменить цену выбранных предложений"]');
      const dialog = page.locator('dialog[open]');
      await expect
        .poll(() => dialog.locator('h2').textContent())
        .toBe('Изменить цену: 21 предложение');
      await dialog.locator('[data-testid="price-change-value"]').fill('-2,5');
      expect(await dialog.locator('[data-testid="price-rounding-rule"]').textContent()).toBe(
        'Цены аккаунтов округляются до 0,01, цены золота — до 0,0001.',
      );
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      await shots(desk, 'price-dialog');
      await dialog.locator('button[type="submit"]').click();
      await page.waitForSelector('[data-testid="bulk-preview"]');
      await expect
        .poll(() => page.textContent('[data-testid="bulk-preview-summary"]'))
        .toMatch(/^Изменятся 21 предложение|^Изменится 21 предложение|^Изменятся \d+ предложени/);
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      await shots(desk, 'bulk-preview');
      await page.locator('dialog[open] footer button').first().click();
      await page.keyboard.press('Escape');

      // New offer: the product picker.
      await page.click('main header button.primary');
      await expect
        .poll(() => page.locator('dialog[open] h2').textContent())
        .toBe('Новое предложение: выберите товар');
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      await shots(desk, 'product-picker');
      await page.keyboard.press('Escape');

      // The editor of a gold offer: "0,06" is 0.06.
      // A gold offer among the rows drawn at the top of the list.
      await grid.evaluate((el) => {
        el.scrollTop = 0;
      });
      await page.waitForTimeout(100);
      const drawn = await grid
        .locator('[data-local-id]')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-local-id'))));
      const goldId = await page.evaluate(async (ids) => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        for (const localId of ids) {
          const offer = await api.offers.get({ localId });
          if (offer.ok && offer.value.product.marketplace_type === 1) return localId;
        }
        return -1;
      }, drawn);
      expect(goldId).toBeGreaterThan(0);
      expect(MarketplaceType.Gold).toBe(1);
      await grid.locator(`[data-local-id="${goldId}"]`).dblclick();
      const editor = page.locator('[data-testid="offer-editor"]');
      await editor.waitFor();
      await expect
        .poll(() => page.textContent('label[for="f-price_per_step"]'))
        .toBe('Цена за шаг');
      await page.fill('#f-price_per_step', '0,06');
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      await shots(desk, 'editor');
      await page.click('dialog[open] footer button.primary');
      await expect
        .poll(() => page.textContent('.notices'))
        .toContain('Сохранено на этом компьютере');
      expect(await englishLeft(page, words, offersPlaces)).toEqual([]);
      await shots(desk, 'saved-toast');
      const saved = await page.evaluate(async (localId) => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        const offer = await api.offers.get({ localId });
        return offer.ok ? offer.value.fields.price_per_step : null;
      }, goldId);
      expect(saved).toBe(0.06);
      await page.keyboard.press('Escape');

      // English, chosen in the app: the screen follows, and "1,000" is refused with a sentence.
      const language = await page.evaluate(async () => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        const r = await api.app.setLanguage({ choice: 'en' });
        return r.ok ? r.value : null;
      });
      expect(language).toEqual({ choice: 'en', locale: 'en' });
      await expect.poll(() => page.textContent('main h1')).toBe('Offers');
      expect(await nav.allTextContents()).toContain('Catalogue');
      await grid.locator(`[data-local-id="${goldId}"]`).dblclick();
      await editor.waitFor();
      await page.fill('#f-price_per_step', '1,000');
      await expect
        .poll(() => page.textContent('[data-field="price_per_step"] [role="alert"]'))
        .toContain(
          '“1,000” is unclear: for one thousand write 1000, for a decimal use a dot (1.000).',
        );
      await shots(desk, 'english-ambiguous');
      expect(desk.console.filter((line) => /^(error|pageerror)/.test(line))).toEqual([]);
    } catch (error) {
      // What the page showed when it failed, for the person reading the failure.
      await desk.screenshot('failed').catch(() => {});
      console.log(desk.console.join('\n'));
      throw error;
    } finally {
      await desk.close();
    }
  }, 240_000);
});
