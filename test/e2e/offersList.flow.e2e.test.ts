// The offers list in Chromium through the browser host: gold offers of one product told apart by
// their field values (shown in each row, found by the search), counts beside the filters that
// follow the product filter and the search, and the filters, sort and columns the seller chose
// still there after the app is closed and reopened. Screenshots light and dark at 1280 and 1024.
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { openHarness, connectWithToken } from './harness';

type PageGlobals = { sellerDesk: SellerDeskApi };
const RETAIL_GOLD = 2;

/** The number in an option's label, "Active (3)" → 3. */
const countIn = (label: string) => Number(/\(([\d,]+)\)/.exec(label)?.[1]?.replace(/,/g, '') ?? -1);

describe('Offers list in Chromium', () => {
  it('shows and finds field values, counts follow the filters, choices survive a restart', async () => {
    const desk = await openHarness({ name: 'flow-offers-list' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });

      // Three more retail gold offers: only their server and faction tell them apart.
      const created = await page.evaluate(async (productId) => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        const offers = [
          { '201': 'EU', '202': 'Silvermoon', '203': 'Horde' },
          { '201': 'US', '202': 'Silvermoon', '203': 'Alliance' },
          { '201': 'EU', '202': 'Draenor', '203': 'Horde' },
        ];
        const results = [];
        for (const [i, data] of offers.entries()) {
          results.push(
            await api.offers.save({
              productId,
              fields: {
                price_per_step: 0.02 + i / 1000,
                amount: 100_000,
                min_purchase_amount: 1000,
                data,
              },
              deliveryTimeMs: 3_600_000,
            }),
          );
        }
        return results.map((r) => r.ok);
      }, RETAIL_GOLD);
      expect(created).toEqual([true, true, true]);

      const grid = page.locator('[data-testid="offers-grid"]');
      const values = grid.locator('[data-testid="field-values"]');
      await expect.poll(() => values.allTextContents()).toContain('EU · Silvermoon · Horde');
      expect(await values.allTextContents()).toContain('EU · Kazzak · Horde');
      // Labels, never option ids or field keys.
      for (const text of await values.allTextContents()) expect(text).not.toMatch(/\d{5,}|data\./);

      const total = page.locator('[data-testid="offers-total"]');
      const search = page.locator('[data-testid="offers-search"]');
      await search.fill('silvermoon');
      await expect.poll(() => total.getAttribute('data-total')).toBe('2');
      await expect
        .poll(() => values.allTextContents())
        .toEqual(expect.arrayContaining(['EU · Silvermoon · Horde', 'US · Silvermoon · Alliance']));
      expect(await values.count()).toBe(2);

      // The counts beside the sync filter follow the search: they add up to the 2 shown.
      const syncSelect = page.locator('select[aria-label="Filter by sync state"]');
      const syncCounts = async () =>
        (await syncSelect.locator('option').allTextContents())
          .slice(1)
          .reduce((sum, label) => sum + countIn(label), 0);
      await expect.poll(syncCounts).toBe(2);

      // And the product filter: 4 retail gold offers, the status counts add up to them.
      await search.fill('');
      await page.selectOption('select[aria-label="Filter by product"]', String(RETAIL_GOLD));
      await expect.poll(() => total.getAttribute('data-total')).toBe('4');
      await expect.poll(syncCounts).toBe(4);
      const statusCounts = async () =>
        (await page.locator('select[aria-label="Filter by status"] option').allTextContents())
          .slice(1)
          .reduce((sum, label) => sum + countIn(label), 0);
      await expect.poll(statusCounts).toBe(4);
      const everyOffer = await page.evaluate(async () => {
        const r = await (globalThis as unknown as PageGlobals).sellerDesk.offers.counts();
        return r.ok ? r.value.total : -1;
      });
      expect(everyOffer).toBeGreaterThan(4);
      await expect.poll(() => total.textContent()).toMatch(new RegExp(`4 offers of ${everyOffer}`));

      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 760 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await desk.screenshot(`offers-${width}-${scheme}`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 760 });

      // The seller's choices: search "horde", cheapest first, without the Amount column.
      await search.fill('horde');
      await expect.poll(() => total.getAttribute('data-total')).toBe('3');
      await grid.locator('button.sort', { hasText: 'Price / step' }).click();
      const priceHeader = grid.locator('[role="columnheader"]', { hasText: 'Price / step' });
      await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('ascending');
      await page.click('[data-testid="columns-menu"] summary');
      await page.getByLabel('Amount', { exact: true }).uncheck();
      await desk.screenshot('offers-columns-menu');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => grid.locator('[role="columnheader"]', { hasText: /^Amount$/ }).count())
        .toBe(0);
      // Saved a moment after the last change, in the profile.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const r = await (
              globalThis as unknown as PageGlobals
            ).sellerDesk.offers.viewPreferences();
            return r.ok ? r.value : null;
          }),
        )
        .toMatchObject({
          productId: RETAIL_GOLD,
          text: 'horde',
          sort: { column: 'price_per_step', dir: 'asc' },
        });
      const firstBefore = await values.first().textContent();

      await desk.restartHost();
      await page.waitForSelector('[data-testid="offers-grid"] [data-local-id]');
      await expect.poll(() => search.inputValue()).toBe('horde');
      // The product choices come in their own answer, after the saved search shows.
      await expect
        .poll(() => page.locator('select[aria-label="Filter by product"]').inputValue())
        .toBe(String(RETAIL_GOLD));
      await expect.poll(() => total.getAttribute('data-total')).toBe('3');
      await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('ascending');
      await expect
        .poll(() => grid.locator('[role="columnheader"]', { hasText: /^Amount$/ }).count())
        .toBe(0);
      await expect
        .poll(() => grid.locator('[role="columnheader"]', { hasText: 'Delivery' }).count())
        .toBe(1);
      expect(await values.first().textContent()).toBe(firstBefore);
      await expect.poll(syncCounts).toBe(3);
      await desk.screenshot('offers-after-restart');
      expect(desk.console.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 120_000);
});
