// Screens not yet walked in Russian, in Chromium with a Russian browser: the Activity view's entry
// of a field the marketplace refused (the field by the form's Russian label, not our English one),
// the bulk outcome dialog (offers a change left unchanged), and the task bar while a credential
// file is added to an offer or to its restock pool. The same in English after switching the app's
// language. Screenshots at 1280 and 1024, light and dark.
import { Readable } from 'node:stream';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogues, translate, type MessageKey } from '../../electron/contract/i18n';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { accountOfferWithCredentials, coreCall, shots, syncAndWait, syncIdle } from './flowSteps';
import { onlyProfileFile, queueOfferRefusedOn } from '../queuedRefusal';
import { connectWithToken, localIdOf, openHarness } from './harness';

type Lang = 'en' | 'ru';
type PageGlobals = { sellerDesk: SellerDeskApi };
const say = (lang: Lang, key: MessageKey, values?: Parameters<typeof translate>[2]) =>
  translate(lang, key, values);
/** The start of a message, before its first placeholder: enough to find its button. */
const lead = (lang: Lang, key: MessageKey) => catalogues[lang][key].split('{')[0]!.trim();

async function chooseLanguage(page: Page, lang: Lang) {
  await page.evaluate(async (choice) => {
    await (globalThis as unknown as PageGlobals).sellerDesk.app.setLanguage({ choice });
  }, lang);
  await expect.poll(() => page.getAttribute('html', 'lang')).toBe(lang);
}

async function openView(page: Page, lang: Lang, key: MessageKey) {
  await page
    .locator('nav ul button', { has: page.locator(`span:text-is("${say(lang, key)}")`) })
    .click();
}

/** The bar's parts that stick out of it (none when its words fit). */
function overflowing(bar: Locator): Promise<string[]> {
  return bar.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.children]
      .filter((child) => {
        const part = child.getBoundingClientRect();
        return part.right > box.right + 0.5 || part.left < box.left - 0.5;
      })
      .map((child) => child.textContent ?? child.className);
  });
}

describe('Activity, bulk outcome and credential jobs in Russian', () => {
  it("a refused field's activity entry says the field in Russian, then in English", async () => {
    const desk = await openHarness({
      on: 'browser host',
      name: 'ru-activity-field',
      locale: 'ru-RU',
    });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token);
      await expect.poll(() => syncIdle(page)).toBe(true);
      expect(await page.getAttribute('html', 'lang')).toBe('ru');
      // Below the marketplace's minimum, beside the running core: refused on that field.
      queueOfferRefusedOn(onlyProfileFile(desk.dataDir), { price_per_step: 0.00001 });
      await syncAndWait(page);

      await openView(page, 'ru', 'app.navActivity');
      const row = page.locator('.activity tbody tr', { hasText: 'Цена за шаг' });
      await expect.poll(() => row.count()).toBeGreaterThan(0);
      const answer = (await row.first().locator('td.message').textContent())!;
      expect(answer).toBe('Цена за шаг: должно быть не меньше 0,0001');
      expect(await row.first().textContent()).toContain(say('ru', 'activity.outcome.refused'));
      expect(await page.locator('.activity').textContent()).not.toContain('Price per step');
      await shots(desk, 'activity-refused-field-ru');

      await chooseLanguage(page, 'en');
      const english = page.locator('.activity tbody tr td.message', {
        hasText: 'Price per step',
      });
      await expect
        .poll(() => english.first().textContent())
        .toBe('Price per step: must be at least 0.0001');
      await shots(desk, 'activity-refused-field-en');
    } finally {
      await desk.close();
    }
  });

  it(
    'the bulk outcome dialog and the task bar of credential and pool confirms',
    { timeout: 300_000 },
    async () => {
      const desk = await openHarness({
        on: 'browser host',
        name: 'ru-outcome-jobs',
        locale: 'ru-RU',
      });
      desk.page.setDefaultTimeout(20_000);
      try {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
        await expect.poll(() => syncIdle(page)).toBe(true);
        const selling = sandbox.control
          .offers(1)
          .filter((o) => o.status !== OfferStatus.Sold && o.marketplace_type === 1);

        for (const [round, lang] of (['ru', 'en'] as const).entries()) {
          await chooseLanguage(page, lang);
          await openView(page, lang, 'app.navOffers');
          // Every offer, −10 %: previewed; then one of them sells out on the marketplace and a
          // sync brings that in before the seller confirms, so the change leaves it unchanged.
          await page.click('[data-testid="offers-grid"] [data-local-id]');
          await page.click(`button:has-text("${lead(lang, 'offers.selectAll')}")`);
          await page.click(`button[aria-label="${say(lang, 'offers.changePriceOfSelected')}"]`);
          await page.fill('[data-testid="price-change-value"]', '-10');
          await page.click('dialog button[type="submit"]');
          const confirm = page.locator('[data-testid="bulk-preview-confirm"]');
          await confirm.waitFor();
          const soldOut = selling[round]!;
          const soldLocalId = await localIdOf(page, soldOut.id);
          sandbox.control.editOfferAsServer(soldOut.id, { status: OfferStatus.Sold });
          // Until the pull has brought it in (a sync may already be under way when asked).
          await expect
            .poll(async () => {
              await syncAndWait(page);
              return (await coreCall(desk, 'offers.get', { localId: soldLocalId })).row.status;
            })
            .toBe(OfferStatus.Sold);
          await confirm.click();

          const dialog = page.locator('dialog[open]', {
            hasText: lang === 'ru' ? 'без изменений' : 'left unchanged',
          });
          await dialog.waitFor();
          const text = (await dialog.textContent())!;
          // The offer named as the list and the preview name it: its name, else its product's.
          const title =
            soldOut.outer_name ||
            sandbox.control.products().find((p) => p.id === soldOut.product_id)!.title;
          expect(text).toContain(lang === 'ru' ? `«${title}»` : `"${title}"`);
          if (lang === 'ru') {
            expect(text).toMatch(/остал(ось|ись) без изменений, потому что изменение нарушило бы/);
            expect(text).not.toMatch(/\b(?:Offer|sold|Sold|offers?)\b/);
          } else {
            expect(text).toMatch(/left unchanged because the change would break a rule/);
          }
          await shots(desk, `outcome-dialog-${lang}`);
          await dialog.locator('button.primary').click();
          await dialog.waitFor({ state: 'hidden' });
        }

        // A credential file added to an account offer, then to its restock pool: long enough for
        // the task bar to show; each look stopped (nothing is queued or pooled when stopped).
        const account = accountOfferWithCredentials(sandbox);
        const localId = await localIdOf(page, account.id);
        const lines = Array.from({ length: 150_000 }, (_, i) => `bar.login${i}:Pw-${i}`).join('\n');
        const bar = page.locator('[data-testid="job-bar"]');
        for (const lang of ['ru', 'en'] as const) {
          await chooseLanguage(page, lang);
          for (const kind of ['credential_import', 'pool_import'] as const) {
            const file = await desk.staging.stage('accounts.txt', Readable.from([lines]));
            const preview =
              kind === 'credential_import'
                ? await coreCall(desk, 'credentials.preview', { localId, file })
                : await coreCall(desk, 'stock.poolPreview', { localId, file });
            if (preview.state !== 'ready') throw new Error(preview.state);
            const confirmed = page.evaluate(
              async ({ kind, previewId }) => {
                const api = (globalThis as unknown as PageGlobals).sellerDesk;
                return kind === 'credential_import'
                  ? api.credentials.commit({ previewId, mode: 'add' })
                  : api.stock.poolAdd({ previewId });
              },
              { kind, previewId: preview.previewId },
            );
            confirmed.catch(() => undefined); // answered after a failed look: not this test's error
            await bar.waitFor({ timeout: 60_000 });
            const label = say(lang, 'jobs.running', { kind });
            expect(await bar.locator('.label').textContent()).toBe(label);
            expect(await page.textContent('[data-testid="job-count"]')).toMatch(
              lang === 'en' ? /^[\d,]+ of 150,000$/ : /^[\d\s]+ из 150\s000$/,
            );
            // Its words, count and Stop inside the bar at each width (the Russian words are longer).
            await shots(desk, `job-bar-${kind}-${lang}`, {
              shoot: async (shot) => {
                expect(await overflowing(bar)).toEqual([]);
                await desk.screenshot(shot);
              },
            });
            await bar.locator('button').click();
            const answer = await confirmed;
            // Stopped before the end: nothing queued, the bar gone.
            expect(answer.ok).toBe(false);
            await bar.waitFor({ state: 'hidden', timeout: 60_000 });
          }
        }
      } finally {
        await desk.close();
      }
    },
  );
});
