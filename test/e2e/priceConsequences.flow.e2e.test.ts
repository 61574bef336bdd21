// What a price change does beyond the price, in Chromium through the browser host, in English and
// Russian: a bulk −50 % on a gold offer with a cost flags it below cost and Apply waits for "Sell
// below cost anyway"; a bulk +5 % over a Not Active gold offer says it stays Not Active (a tag on
// its row and a sentence), and after the sync it is still Not Active, on the marketplace and here.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';
import { openStore } from '../../electron/core/store';
import { onlyProfileFile } from '../queuedRefusal';
import { dataWords, englishLeft, navigationAndDialogs } from './englishLeft';
import { dropTextFile, settled, shots, syncIdle } from './flowSteps';
import { connectWithToken, localIdOf, openHarness, type Harness } from './harness';

let desk: Harness | undefined;
afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

async function localOffer(page: Page, localId: number) {
  return page.evaluate(async (localId) => {
    const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
    const offer = await api.offers.get({ localId });
    if (!offer.ok) throw new Error(offer.error.message);
    return { price: offer.value.fields.price_per_step, status: offer.value.row.status };
  }, localId);
}

/** The preview's paragraphs and tags, where the Russian walk looks for English left. */
const preview = {
  chosen: `${navigationAndDialogs.chosen}, dialog p, dialog strong, dialog .tag`,
  skip: navigationAndDialogs.skip,
};

const cases = [
  {
    locale: 'en-US',
    changePrice: 'Change price of the selected offers',
    previewButton: 'Preview…',
    belowCost:
      '1 offer would sell below cost: after the marketplace commission, its new price is less than what the next unit costs you.',
    belowCostTag: 'below cost',
    confirmBelowCost: 'Sell below cost anyway',
    keptPaused:
      '1 Not Active gold offer stays Not Active: an edit puts a gold offer back on sale, so Seller Desk sets it Not Active again right after the edit.',
    keptPausedTag: 'stays Not Active',
    putOnSale: 'Put it back on sale instead',
    dismiss: 'Dismiss',
    newPrice: '0.026',
    editorBelowCost:
      'Below cost: after the marketplace commission this price pays you 0.0239, less than the 0.024 the next unit costs you.',
    refused:
      'Nothing was changed: 1 offer would sell below cost. Tick “Sell below cost anyway” to apply it.',
    editorKept:
      'Stays Not Active: an edit puts a gold offer back on sale, so Seller Desk sets it Not Active again right after the edit.',
    notActive: 'Not Active',
  },
  {
    locale: 'ru-RU',
    changePrice: 'Изменить цену выбранных предложений',
    previewButton: 'Просмотр…',
    belowCost:
      '1 предложение будет продаваться ниже себестоимости: после комиссии маркетплейса его новая цена меньше, чем вам стоит следующая единица.',
    belowCostTag: 'ниже себестоимости',
    confirmBelowCost: 'Всё равно продавать ниже себестоимости',
    keptPaused:
      '1 неактивное предложение золота останется неактивным: правка возвращает предложение золота в продажу, поэтому сразу после правки Seller Desk снова сделает его неактивным.',
    keptPausedTag: 'останется неактивным',
    putOnSale: 'Вместо этого вернуть его в продажу',
    dismiss: 'Скрыть',
    newPrice: '0,026',
    editorBelowCost:
      'Ниже себестоимости: после комиссии маркетплейса эта цена принесёт вам 0,0239, меньше, чем 0,024 — столько вам стоит следующая единица.',
    refused:
      'Ничего не изменено: 1 предложение будет продаваться ниже себестоимости. Отметьте «Всё равно продавать ниже себестоимости», чтобы применить.',
    editorKept:
      'Останется неактивным: правка возвращает предложение золота в продажу, поэтому сразу после правки Seller Desk снова сделает его неактивным.',
    notActive: 'Неактивно',
  },
] as const;

describe('price consequences in the bulk preview', () => {
  for (const words of cases) {
    it(`${words.locale}: below cost needs a confirmation; a Not Active gold offer stays Not Active`, async () => {
      desk = await openHarness({
        on: 'browser host',
        name: `price-consequences-${words.locale}`,
        locale: words.locale,
      });
      desk.page.setDefaultTimeout(20_000);
      const { page, sandbox } = desk;
      const seller = sandbox.sellers[0]!;
      const mine = sandbox.control.offers(seller.id);
      const live = mine.find(
        (o) => o.marketplace_type === MarketplaceType.Gold && o.status === OfferStatus.Active,
      )!;
      const paused = mine.find(
        (o) => o.marketplace_type === MarketplaceType.Gold && o.status === OfferStatus.NotActive,
      )!;
      // The newest on the marketplace: the first rows of the list.
      sandbox.control.editOfferAsServer(live.id, { price_per_step: 0.05 });
      sandbox.control.editOfferAsServer(paused.id, { price_per_step: 0.012 });
      expect(live.commission_percent).toBe(8);

      await connectWithToken(page, seller.token, { rows: true });
      await expect.poll(() => syncIdle(page)).toBe(true);
      const ids = {
        live: await localIdOf(page, live.id),
        paused: await localIdOf(page, paused.id),
      };
      // Its cost per unit, as `seller-desk offers set-cost` keeps it: 0.025 after 8 % is 0.023.
      const store = openStore(onlyProfileFile(desk.dataDir));
      store.profit().setUnitCosts([ids.live], 0.024);
      store.profit().setUnitCosts([ids.paused], 0.01);
      store.close();
      const words_ = await dataWords(page);

      // −50 % on the offer with a cost: flagged, and Apply waits for the confirmation.
      await page.click(`[data-local-id="${ids.live}"]`);
      await page.click(`button[aria-label="${words.changePrice}"]`);
      await page.fill('[data-testid="price-change-value"]', '-50');
      await page.click(`dialog button:has-text("${words.previewButton}")`);
      await page.locator('[data-testid="bulk-preview"]').waitFor();
      expect(await page.textContent('[data-testid="bulk-preview-below-cost"] strong')).toBe(
        words.belowCost,
      );
      expect(await page.textContent('[data-testid="bulk-preview-below-cost-tag"]')).toBe(
        words.belowCostTag,
      );
      const confirm = page.locator('[data-testid="bulk-preview-confirm"]');
      expect(await confirm.isDisabled()).toBe(true);
      if (words.locale === 'ru-RU') expect(await englishLeft(page, words_, preview)).toEqual([]);
      await shots(desk, 'below-cost');
      await page.click(`label:has-text("${words.confirmBelowCost}")`);
      expect(await confirm.isDisabled()).toBe(false);
      await confirm.click();
      await expect.poll(async () => (await localOffer(page, ids.live)).price).toBe(0.025);
      await expect
        .poll(() => sandbox.control.offers(seller.id).find((o) => o.id === live.id)!.price_per_step)
        .toBe(0.025);

      await page.click(`.notices button[aria-label="${words.dismiss}"]`);
      // +5 % over the Not Active gold offer: it stays Not Active, said per row and in a sentence.
      await page.click(`[data-local-id="${ids.paused}"]`);
      await page.click(`button[aria-label="${words.changePrice}"]`);
      await page.fill('[data-testid="price-change-value"]', '5');
      await page.click(`dialog button:has-text("${words.previewButton}")`);
      await page.locator('[data-testid="bulk-preview"]').waitFor();
      expect(await page.textContent('[data-testid="bulk-preview-on-sale"] strong')).toBe(
        words.keptPaused,
      );
      expect(await page.textContent('[data-testid="bulk-preview-on-sale-tag"]')).toBe(
        words.keptPausedTag,
      );
      expect(await page.textContent('[data-testid="bulk-preview-on-sale"] label')).toContain(
        words.putOnSale,
      );
      expect(await page.locator('[data-testid="bulk-preview-below-cost"]').count()).toBe(0);
      if (words.locale === 'ru-RU') expect(await englishLeft(page, words_, preview)).toEqual([]);
      await shots(desk, 'kept-not-active');
      await page.click('[data-testid="bulk-preview-confirm"]');
      // The change starts its own sync (no hold here): the edit, then Not Active again.
      await expect
        .poll(
          () => sandbox.control.offers(seller.id).find((o) => o.id === paused.id)!.price_per_step,
        )
        .toBe(0.0126);
      await expect.poll(() => syncIdle(page)).toBe(true);
      expect(sandbox.control.offers(seller.id).find((o) => o.id === paused.id)!.status).toBe(
        OfferStatus.NotActive,
      );
      await expect
        .poll(() => localOffer(page, ids.paused))
        .toEqual({ price: 0.0126, status: OfferStatus.NotActive });

      // The editor, one offer: a new price below cost is said beside the price; Save is refused
      // until the seller ticks "Sell below cost anyway".
      await page.dblclick(`[data-local-id="${ids.live}"]`);
      await page.fill('#f-price_per_step', words.newPrice);
      expect(await page.textContent('[data-testid="editor-below-cost"] strong')).toBe(
        words.editorBelowCost,
      );
      await shots(desk, 'editor-below-cost');
      await page.keyboard.press('Control+s');
      await expect
        .poll(() => page.textContent('dialog[open] .save-error').catch(() => null))
        .toBe(words.refused);
      expect((await localOffer(page, ids.live)).price).toBe(0.025);
      await page.click(`dialog[open] label:has-text("${words.confirmBelowCost}")`);
      await page.keyboard.press('Control+s');
      await expect.poll(async () => (await localOffer(page, ids.live)).price).toBe(0.026);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open] #f-price_per_step').count()).toBe(0);

      // The editor on the Not Active gold offer: it stays Not Active, and the forecast says so.
      // Once the save has gone and the list has settled (it re-sorts as offers change).
      await expect
        .poll(() => sandbox.control.offers(seller.id).find((o) => o.id === live.id)!.price_per_step)
        .toBe(0.026);
      await expect.poll(() => syncIdle(page)).toBe(true);
      await settled(page);
      await page.dblclick(`[data-local-id="${ids.paused}"]`);
      await page.locator('dialog[open] #f-price_per_step').waitFor();
      expect(await page.textContent('[data-testid="editor-on-sale"] strong')).toBe(
        words.editorKept,
      );
      expect(await page.textContent('[data-testid="status-forecast"]')).toContain(words.notActive);
      if (words.locale === 'ru-RU') expect(await englishLeft(page, words_, preview)).toEqual([]);
      await shots(desk, 'editor-kept-not-active');
      if (words.locale !== 'en-US') return;

      // An offers file over the same offer: the import preview says both, and imports once the
      // price below cost is confirmed; after the sync the offer is still Not Active.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open] #f-price_per_step').count()).toBe(0);
      const title = sandbox.control.products().find((p) => p.id === paused.product_id)!.title;
      await page.click('nav button:has-text("Catalogue")');
      await page.click(`ul[aria-label="Products"] button:has-text("${title}")`);
      await page.click('button:has-text("Import offers…")');
      const dialog = page.locator('dialog[aria-label^="Import offers"]');
      await dialog.waitFor();
      await dropTextFile(
        page,
        'dialog[aria-label^="Import offers"] .zone',
        'prices.csv',
        `id,price_per_step\n${paused.id},0.005\n`,
        'text/csv',
      );
      await dialog.locator('[data-testid="offer-import-on-sale"]').waitFor();
      const toasts = page.locator(`.notices button[aria-label="${words.dismiss}"]`);
      while ((await toasts.count()) > 0) await toasts.first().click();
      expect(
        await dialog.locator('[data-testid="offer-import-on-sale"] strong').textContent(),
      ).toBe(words.keptPaused);
      // 0.005 after 8 %: 0.0046, under its cost of 0.01.
      expect(
        await dialog.locator('[data-testid="offer-import-below-cost"] strong').textContent(),
      ).toBe(words.belowCost);
      const importAll = dialog.locator('button:has-text("Import 1 offer")');
      expect(await importAll.isDisabled()).toBe(true);
      await shots(desk, 'import-preview');
      await dialog.locator(`label:has-text("${words.confirmBelowCost}")`).click();
      await importAll.click();
      await dialog.locator('[data-testid="offer-import-result"]').waitFor();
      await expect
        .poll(
          () => sandbox.control.offers(seller.id).find((o) => o.id === paused.id)!.price_per_step,
        )
        .toBe(0.005);
      await expect.poll(() => syncIdle(page)).toBe(true);
      expect(sandbox.control.offers(seller.id).find((o) => o.id === paused.id)!.status).toBe(
        OfferStatus.NotActive,
      );
    });
  }
});
