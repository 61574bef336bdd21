// A bulk price change over thousands of offers in Chromium, through the browser host, the core in
// its worker thread: the task bar shows how far it has got ("Changing prices… 1,234 of 12,000")
// with Stop; Stop ends it between chunks, the toast says how many were changed of how many, and
// its Undo puts exactly those back. The offers list answers while the change runs. Done in
// English and in Russian, screenshots of the bar and the toast at 1280 and 1024, light and dark.
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../electron/contract/i18n';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { seededProduct, seedPulledOffers } from '../app/seededOffers';
import { connectWithToken, openHarness, type Harness } from './harness';

const SEEDED = 12_000;

type Lang = 'en' | 'ru';
const words = (lang: Lang) => catalogues[lang];
/** The start of a message, before its first placeholder: enough to find its button. */
const lead = (text: string) => text.split('{')[0]!.trim();

/** The seeded offers' prices, asked through the page's own API. */
function seededPrices(desk: Harness): Promise<number[]> {
  return desk.page.evaluate(async (productId) => {
    const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
    const prices: number[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await api.offers.query({
        productId,
        sort: { column: 'price_per_step', dir: 'asc' },
        offset,
        limit: 500,
      });
      if (!page.ok) throw new Error(page.error.message);
      prices.push(...page.value.rows.map((r) => r.pricePerStep ?? 0));
      if (page.value.rows.length < 500) return prices;
    }
  }, seededProduct.id);
}

/** Whether the first page of the list answers (asked as the list asks) while the bar shows. */
function pageAnswers(desk: Harness): Promise<number> {
  return desk.page.evaluate(async () => {
    const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
    const page = await api.offers.query({
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 50,
    });
    if (!page.ok) throw new Error(page.error.message);
    return page.value.rows.length;
  });
}

/** Selects every offer, asks −10 % and confirms the preview: the change starts. */
async function startPriceChange(desk: Harness, lang: Lang) {
  const { page } = desk;
  await page.click('[data-testid="offers-grid"] [data-local-id]');
  await page.click(`button:has-text("${lead(words(lang)['offers.selectAll'])}")`);
  await page.click(`button[aria-label="${words(lang)['offers.changePriceOfSelected']}"]`);
  await page.fill('[data-testid="price-change-value"]', '-10');
  await page.click('dialog button[type="submit"]');
  await page.click('[data-testid="bulk-preview-confirm"]', { timeout: 60_000 });
}

/** `before`: the seeded prices, as every earlier look's Undo was checked to leave them. */
async function stopAndUndo(
  desk: Harness,
  lang: Lang,
  before: number[],
  shot: (name: string) => Promise<void>,
) {
  const { page } = desk;
  await startPriceChange(desk, lang);
  const bar = page.locator('[data-testid="job-bar"]');
  await bar.waitFor({ state: 'visible', timeout: 60_000 });
  expect(await bar.textContent()).toContain(lang === 'en' ? 'Changing prices…' : 'Меняем цены…');
  // "1,234 of 12,0xx" / "1 234 из 12 0xx": how far, of all offers chosen.
  const count = (await page.textContent('[data-testid="job-count"]')) ?? '';
  expect(count).toMatch(lang === 'en' ? /^[\d,]+ of 12,0\d\d$/ : /^[\d\s]+ из 12\s0\d\d$/);
  // The list answers while the change runs (between its chunks).
  expect(await pageAnswers(desk)).toBe(50);
  await shot('bar');
  await bar.locator('button').click();
  await bar.waitFor({ state: 'hidden', timeout: 60_000 });

  const toast = page.locator('.notice', {
    hasText: lang === 'en' ? 'Stopped. Price changed:' : 'Остановлено. Цена изменена:',
  });
  await toast.waitFor({ state: 'visible' });
  const text = (await toast.textContent()) ?? '';
  const applied = Number(
    (lang === 'en' ? /changed: ([\d,]+) of/ : /изменена: ([\d\s]+) из/)
      .exec(text)![1]!
      .replace(/[^\d]/g, ''),
  );
  expect(applied).toBeGreaterThan(0);
  expect(applied).toBeLessThan(SEEDED);
  // Exactly `applied` seeded offers got cheaper; the rest kept their price.
  const after = await seededPrices(desk);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  expect(sum(after)).toBeLessThan(sum(before));
  await shot('toast');

  await toast.locator(`button:has-text("${words(lang)['undo.action']}")`).click();
  await expect.poll(() => seededPrices(desk), { timeout: 30_000 }).toEqual(before);
  // The bar is gone; the offers list is there.
  expect(await bar.count()).toBe(0);
}

describe('a long bulk change in Chromium', { timeout: 600_000 }, () => {
  it('shows progress with Stop; stopped, the toast counts what changed and Undo takes it back', async () => {
    const desk = await openHarness({ name: 'flow-job-progress', syncHoldMs: 600_000 });
    desk.page.setDefaultTimeout(30_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
            const status = await api.sync.status();
            return status.ok && !status.value.running;
          }),
        )
        .toBe(true);
      await seedPulledOffers(desk.dataDir, sandbox.baseUrl, SEEDED);
      await page.reload();
      await page.waitForSelector('[data-testid="offers-grid"] [data-local-id]');
      // Read once: each look ends with Undo proven to have put exactly these back.
      const before = await seededPrices(desk);
      expect(before).toHaveLength(SEEDED);

      for (const lang of ['en', 'ru'] as const) {
        if (lang === 'ru') {
          await page.evaluate(async () => {
            const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
            await api.app.setLanguage({ choice: 'ru' });
          });
          await page.waitForSelector(
            `button[aria-label="${words('ru')['offers.changePriceOfSelected']}"]`,
          );
        }
        // One stopped change per look: the bar lasts a few seconds, one screenshot's worth.
        for (const width of [1280, 1024]) {
          for (const scheme of ['light', 'dark'] as const) {
            await page.setViewportSize({ width, height: 800 });
            await page.emulateMedia({ colorScheme: scheme });
            await stopAndUndo(desk, lang, before, async (name) => {
              await desk.screenshot(`job-${name}-${lang}-${width}-${scheme}`);
            });
          }
        }
      }
    } finally {
      await desk.close();
    }
  });
});
