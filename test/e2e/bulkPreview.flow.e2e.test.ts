// A bulk −10 % in Chromium through the browser host, with the app's own hold (10 s): on a gold
// offer, a live account offer priced 49.99 and a sold offer, the preview shows the rounded prices
// and the rule, warns that the account offer goes back to review and leaves the sold one out;
// after confirming, the toast's Undo puts every price back, and the sandbox never receives a
// manage request. Screenshots of the preview, the toast and Settings at 1280 and 1024, light/dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';
import { connectWithToken, localIdOf, openHarness, type Harness } from './harness';

async function localPrice(desk: Harness, localId: number): Promise<number | null | undefined> {
  return desk.page.evaluate(async (localId) => {
    const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
    const offer = await api.offers.get({ localId });
    if (!offer.ok) throw new Error(offer.error.message);
    return offer.value.fields.price_per_step;
  }, localId);
}

async function shots(desk: Harness, name: string) {
  for (const width of [1280, 1024]) {
    await desk.page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await desk.page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await desk.page.setViewportSize({ width: 1280, height: 800 });
  await desk.page.emulateMedia({ colorScheme: 'light' });
}

describe('bulk change preview and undo in Chromium', () => {
  it('previews −10 % with rounding and the review warning; Undo restores every price, nothing sent', async () => {
    const desk = await openHarness({ name: 'flow-bulk-preview', syncHoldMs: 'setting' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      const seller = sandbox.sellers[0]!;
      const mine = sandbox.control.offers(seller.id);
      const gold = mine.find(
        (o) => o.marketplace_type === MarketplaceType.Gold && o.status === OfferStatus.Active,
      )!;
      const account = mine.find(
        (o) => o.marketplace_type === MarketplaceType.Account && o.status === OfferStatus.Active,
      )!;
      const sold = mine.find((o) => o.status === OfferStatus.Sold)!;
      // The three are the newest on the marketplace, so they are the first rows of the list.
      sandbox.control.editOfferAsServer(sold.id, { price_per_step: 120 });
      sandbox.control.editOfferAsServer(gold.id, { price_per_step: 0.12345 });
      sandbox.control.editOfferAsServer(account.id, { price_per_step: 49.99 });

      await connectWithToken(page, seller.token, { rows: true });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
            const status = await api.sync.status();
            return status.ok && !status.value.running;
          }),
        )
        .toBe(true);
      const ids = {
        gold: await localIdOf(desk.page, gold.id),
        account: await localIdOf(desk.page, account.id),
        sold: await localIdOf(desk.page, sold.id),
      };
      const manageBefore = sandbox.requests.filter((r) => r.path.endsWith('/offers/manage')).length;

      await page.click(`[data-local-id="${ids.gold}"]`);
      await page.click(`[data-local-id="${ids.account}"]`, { modifiers: ['Control'] });
      await page.click(`[data-local-id="${ids.sold}"]`, { modifiers: ['Control'] });
      await expect
        .poll(() => page.textContent('[data-testid="selected-count"]'))
        .toMatch(/3 offers/);

      await page.click('button[aria-label="Change price of the selected offers"]');
      expect(await page.textContent('[data-testid="price-rounding-rule"]')).toBe(
        'Account prices are rounded to 0.01, gold prices to 0.0001.',
      );
      await page.fill('[data-testid="price-change-value"]', '-10');
      await shots(desk, 'price-dialog');
      await page.click('dialog button:has-text("Preview…")');

      const preview = page.locator('[data-testid="bulk-preview"]');
      await expect.poll(() => preview.isVisible()).toBe(true);
      expect(await page.textContent('[data-testid="bulk-preview-summary"]')).toBe(
        '2 offers change · 1 left out',
      );
      expect(await page.textContent('[data-testid="bulk-preview-rule"]')).toBe(
        'Account prices are rounded to 0.01, gold prices to 0.0001.',
      );
      const changes = (await page.textContent('[data-testid="bulk-preview-changes"]')) ?? '';
      expect(changes).toContain('49.99 → 44.99');
      expect(changes).not.toContain('44.991');
      expect(changes).toContain('0.1235 → 0.1111');
      const warning = (await page.textContent('[data-testid="bulk-preview-warning"]')) ?? '';
      expect(warning).toMatch(/1 live account offer goes back to review: it is off sale/);
      expect(warning).toContain(`Offer ${account.id}`);
      const leftOut = (await page.textContent('[data-testid="bulk-preview-left-out"]')) ?? '';
      expect(leftOut).toContain(`Offer ${sold.id}`);
      expect(leftOut).toMatch(/Sold: a sold offer is left as it is/);
      // Nothing queued while the seller reads.
      expect(await localPrice(desk, ids.account)).toBe(49.99);
      expect(await page.content()).not.toMatch(/manage_offers|local id|localId/);
      await shots(desk, 'bulk-preview');

      await page.click('[data-testid="bulk-preview-confirm"]');
      await expect.poll(() => localPrice(desk, ids.account)).toBe(44.99);
      expect(await localPrice(desk, ids.gold)).toBe(0.1111);
      expect(await localPrice(desk, ids.sold)).toBe(120);
      const toast = page.locator('.notice', { hasText: 'Price changed: 2 offers · 1 left out' });
      await expect.poll(() => toast.isVisible()).toBe(true);
      await shots(desk, 'bulk-undo-toast');

      await toast.locator('button:has-text("Undo")').click();
      await expect.poll(() => localPrice(desk, ids.account)).toBe(49.99);
      expect(await localPrice(desk, ids.gold)).toBe(0.12345);
      expect(await localPrice(desk, ids.sold)).toBe(120);
      await expect
        .poll(() => page.locator('.notice', { hasText: 'Undone: Price −10 % on 2 offers' }).count())
        .toBe(1);
      // Past the hold (10 s) the background sync has run and had nothing to send.
      await page.waitForTimeout(11_500);
      expect(sandbox.requests.filter((r) => r.path.endsWith('/offers/manage')).length).toBe(
        manageBefore,
      );
      expect(
        sandbox.control.offers(seller.id).find((o) => o.id === account.id)!.price_per_step,
      ).toBe(49.99);

      // A status change is previewed the same way. Which statuses a sold offer may go to is
      // not in the API document: it is not left out; the preview says what we expect.
      await page.selectOption('select[aria-label="Set status of the selected offers"]', '3');
      await expect.poll(() => preview.isVisible()).toBe(true);
      expect(await page.textContent('[data-testid="bulk-preview-rule"]')).toMatch(
        /We expect a sold offer to keep its status \(1 offer\)\. .*it decides, and a refusal shows with its reason\./,
      );
      expect(await page.textContent('[data-testid="bulk-preview-changes"]')).toContain(
        'Sold → Not Active',
      );
      expect(await page.textContent('[data-testid="bulk-preview-changes"]')).toContain(
        'Active → Not Active',
      );
      await shots(desk, 'status-preview');
      await page.click('dialog button:has-text("Cancel")');
      expect(await page.locator('[data-testid="bulk-preview"]').count()).toBe(0);
      // Confirmed, then Ctrl+Z: the status change is taken back as a whole.
      await page.selectOption('select[aria-label="Set status of the selected offers"]', '3');
      await page.click('[data-testid="bulk-preview-confirm"]');
      await expect
        .poll(() =>
          page.locator('.notice', { hasText: 'Status set to Not Active: 3 offers' }).count(),
        )
        .toBe(1);
      await page.keyboard.press('Control+z');
      await expect
        .poll(() =>
          page.locator('.notice', { hasText: 'Undone: Status Not Active on 3 offers' }).count(),
        )
        .toBe(1);
      const pendingOf = (localId: number) =>
        page.evaluate(async (localId) => {
          const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
          const offer = await api.offers.get({ localId });
          if (!offer.ok) throw new Error(offer.error.message);
          return { status: offer.value.row.pending.status, sync: offer.value.row.syncState };
        }, localId);
      expect(await pendingOf(ids.gold)).toEqual({ status: null, sync: 'synced' });
      expect(await pendingOf(ids.account)).toEqual({ status: null, sync: 'synced' });

      await page.click('nav button:has-text("Settings")');
      await expect.poll(() => page.inputValue('[data-testid="hold-seconds"]')).toBe('10');
      expect(await page.isChecked('[data-testid="send-automatically"]')).toBe(true);
      await shots(desk, 'settings-sending');
    } finally {
      await desk.close();
    }
  }, 120_000);

  it('an import that edits a live account offer shows the rounded price and the review warning; Undo this import', async () => {
    const desk = await openHarness({ name: 'flow-import-consequences', syncHoldMs: 'setting' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      const seller = sandbox.sellers[0]!;
      const mine = sandbox.control.offers(seller.id).filter((o) => o.product_id === 12);
      const live = mine.find((o) => o.status === OfferStatus.Active)!;
      const hidden = mine.find((o) => o.status === OfferStatus.NotActive)!;
      await connectWithToken(page, seller.token, { rows: true });
      const liveId = await localIdOf(desk.page, live.id);
      await page.selectOption('select[aria-label="Filter by product"]', '12');
      await page.click('button:has-text("Import offers…")');
      const dialog = page.locator('dialog[aria-label^="Import offers"]');
      await dialog.waitFor();
      await dropCsv(
        page,
        'dialog[aria-label^="Import offers"] .zone',
        ['id,price_per_step', `${live.id},31.499`, `${hidden.id},18`].join('\n') + '\n',
      );
      const consequences = dialog.locator('[data-testid="offer-import-consequences"]');
      await consequences.waitFor();
      const text = (await consequences.textContent()) ?? '';
      expect(text).toMatch(/1 live account offer goes back to review: it is off sale/);
      expect(text).toContain(`Offer ${live.id}`);
      expect(text).toMatch(/price 35 → price 31\.5/);
      expect(text).toContain('Account prices are rounded to 0.01, gold prices to 0.0001.');
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await desk.screenshot(`import-consequences-${width}-${scheme}`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await dialog.locator('button:has-text("Import 2 offers")').click();
      await dialog.locator('[data-testid="offer-import-result"]').waitFor();
      expect(await localPrice(desk, liveId)).toBe(31.5);
      await dialog.locator('[data-testid="offer-import-undo"]').click();
      await expect
        .poll(() => dialog.locator('[data-testid="offer-import-result"]').textContent())
        .toMatch(/^Undone: Import of 2 offers/);
      expect(await localPrice(desk, liveId)).toBe(35);
      await page.setViewportSize({ width: 1280, height: 800 });
      await desk.screenshot('import-undone-1280-light');
    } finally {
      await desk.close();
    }
  }, 120_000);
});

type PageGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
};

async function dropCsv(page: Page, zone: string, text: string) {
  const transfer = await page.evaluateHandle((text) => {
    const g = globalThis as unknown as PageGlobals;
    const dt = new g.DataTransfer();
    dt.items.add(new g.File([text], 'prices.csv', { type: 'text/csv' }));
    return dt;
  }, text);
  const target = page.locator(zone);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}
