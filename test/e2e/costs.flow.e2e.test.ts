// Costs of goods in Chromium through the browser host: a gold offer's cost per unit set in its
// editor is kept (reopened, it shows it) and never sent; the bulk bar's "Set cost…" sets one cost
// for two gold offers and leaves the account offer out, saying why; an account offer's restock
// pool takes a file with a cost per account and a supplier, and after a sale the Sales view counts
// that cost. English and Russian, screenshots light and dark at 1280 and 1024.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { MarketplaceType, OfferStatus } from '../../electron/contract/marketplace/wire';
import { accountFields } from '../sync/harness';
import { connectWithToken, localIdOf, openHarness } from './harness';
import { coreCall as core, shots, syncAndWait, syncIdle } from './flowSteps';
import { internalWordsIn } from './internalWords';

describe('Costs of goods in Chromium', () => {
  it(
    'keeps a gold cost from the editor, sets cost in bulk, and counts a pool batch cost in Sales',
    { timeout: 180_000 },
    async () => {
      const desk = await openHarness({ on: 'browser host', name: 'flow-costs' });
      desk.page.setDefaultTimeout(20_000);
      try {
        const { page, sandbox } = desk;
        const seller = sandbox.sellers[0]!;
        const mine = sandbox.control.offers(seller.id);
        const golds = mine.filter(
          (o) => o.marketplace_type === MarketplaceType.Gold && o.status !== OfferStatus.Sold,
        );
        const account = mine.find(
          (o) => o.marketplace_type === MarketplaceType.Account && o.status === OfferStatus.Active,
        )!;
        await connectWithToken(page, seller.token, { rows: true });
        await expect.poll(() => syncIdle(page)).toBe(true);
        const gold1 = await localIdOf(page, golds[0]!.id);
        const gold2 = await localIdOf(page, golds[1]!.id);
        const acc = await localIdOf(page, account.id);
        const setLanguage = (choice: 'ru' | 'en') =>
          page.evaluate(
            (c) =>
              (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.app.setLanguage({
                choice: c,
              }),
            choice,
          );
        const manage = () =>
          sandbox.requests.filter((r) => r.path.endsWith('/offers/manage')).length;
        const manageBefore = manage();

        // 1. The editor: a cost per unit, private, kept after reopening.
        await page.locator(`[data-local-id="${gold1}"]`).dblclick();
        const cost = page.locator('#f-cost');
        await cost.scrollIntoViewIfNeeded();
        expect(await cost.inputValue()).toBe('');
        expect(await page.locator('#f-cost-hint').textContent()).toMatch(
          /never sent to the marketplace/,
        );
        await cost.fill('0,0125');
        await shots(desk, 'editor-cost', {
          shoot: (shot) =>
            page
              .locator('[data-testid="editor-cost"]')
              .scrollIntoViewIfNeeded()
              .then(() => desk.screenshot(shot)),
        });
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        // Only the cost changed: kept without a change to the offer (nothing to send).
        await expect.poll(() => page.getByText('Cost saved.').count()).toBe(1);
        expect(await page.getByText(/sent on the next sync/).count()).toBe(0);
        await expect
          .poll(async () => (await core(desk, 'offers.costs', { localIds: [gold1] }))[0]!.perUnit)
          .toBe(0.0125);
        await page.keyboard.press('Escape');
        await page.locator(`[data-local-id="${gold1}"]`).dblclick();
        await expect.poll(() => page.locator('#f-cost').inputValue()).toBe('0.0125');
        // In Russian: the field's words, no English left.
        await setLanguage('ru');
        await expect
          .poll(() => page.locator('[data-testid="editor-cost"] label').textContent())
          .toBe('Себестоимость единицы');
        const ruEditor = (await page.locator('[data-testid="editor-cost"]').textContent()) ?? '';
        expect(ruEditor).toMatch(/никогда не отправляется на маркетплейс/);
        expect(ruEditor).not.toMatch(/[A-Za-z]{3,}/);
        await page.locator('[data-testid="editor-cost"]').scrollIntoViewIfNeeded();
        await desk.screenshot('editor-cost-ru');
        await setLanguage('en');
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('#f-cost').count()).toBe(0);

        // 2. The bulk bar: two gold offers and an account offer selected.
        await page.click(`[data-local-id="${gold1}"]`);
        await page.click(`[data-local-id="${gold2}"]`, { modifiers: ['Control'] });
        await page.click(`[data-local-id="${acc}"]`, { modifiers: ['Control'] });
        await expect
          .poll(() => page.textContent('[data-testid="selected-count"]'))
          .toMatch(/3 offers/);
        await page.getByTestId('bulk-set-cost').click();
        const dialog = page.getByTestId('set-cost-dialog');
        await expect
          .poll(() => dialog.getByTestId('set-cost-accounts').textContent())
          .toMatch(/1 account offer is left out: an account’s cost is set when its accounts/);
        expect(await dialog.textContent()).toMatch(/2 gold offers selected/);
        expect(internalWordsIn((await dialog.textContent()) ?? '')).toEqual([]);
        await dialog.getByTestId('set-cost-value').fill('0.02');
        await shots(desk, 'bulk-set-cost');
        await setLanguage('ru');
        await expect.poll(() => dialog.textContent()).toMatch(/Выбрано 2 предложения золота/);
        expect(await dialog.getByTestId('set-cost-accounts').textContent()).toMatch(
          /1 предложение аккаунтов не меняется/,
        );
        await desk.screenshot('bulk-set-cost-ru');
        await setLanguage('en');
        await page.getByTestId('set-cost-apply').click();
        await expect.poll(() => dialog.count()).toBe(0);
        const costs = await core(desk, 'offers.costs', { localIds: [gold1, gold2, acc] });
        expect(costs).toEqual([
          { localId: gold1, account: false, perUnit: 0.02 },
          { localId: gold2, account: false, perUnit: 0.02 },
          { localId: acc, account: true, perUnit: null },
        ]);
        // Nothing of it went to the marketplace: a sync sends no offer change.
        await syncAndWait(page);
        expect(manage()).toBe(manageBefore);
        expect(JSON.stringify(sandbox.requests)).not.toMatch(/0\.0125/);

        // 3. The restock pool: a file with a cost per account and a supplier.
        const saved = await core(desk, 'offers.save', {
          productId: 10,
          fields: accountFields('Costed smurf'),
          deliveryTimeMs: 600_000,
        });
        const { localId } = saved;
        const file = await desk.staging.stage('one.txt', Readable.from(['smurf-a:Pass-1\n']));
        const preview = await core(desk, 'credentials.preview', { localId, file });
        if (preview.state !== 'ready') throw new Error(preview.state);
        await core(desk, 'credentials.commit', { previewId: preview.previewId, mode: 'add' });
        await syncAndWait(page);
        const serverId = (await core(desk, 'offers.get', { localId })).row.serverId!;
        await page.keyboard.press('Escape');
        await page.locator(`[data-local-id="${localId}"]`).dblclick();
        const pool = page.getByTestId('credential-pool');
        await pool.scrollIntoViewIfNeeded();
        await pool.locator('input[type="file"]').setInputFiles({
          name: 'pool.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('smurf-b:Pass-2\nsmurf-c:Pass-3\n'),
        });
        await expect.poll(() => pool.getByTestId('pool-totals').isVisible()).toBe(true);
        await pool.getByTestId('pool-cost-input').fill('abc');
        expect(await pool.getByTestId('pool-cost').textContent()).toMatch(
          /Cost per account: enter an amount of 0 or more/,
        );
        await pool.getByTestId('pool-cost-input').fill('3.5');
        await pool.getByTestId('pool-cost-supplier').fill('Acme Accounts');
        await shots(desk, 'pool-cost', {
          shoot: (shot) =>
            pool
              .getByTestId('pool-cost')
              .scrollIntoViewIfNeeded()
              .then(() => desk.screenshot(shot)),
        });
        await setLanguage('ru');
        await expect
          .poll(() => pool.getByTestId('pool-cost').textContent())
          .toMatch(/Цена закупки за аккаунт.*Поставщик/);
        await desk.screenshot('pool-cost-ru');
        await setLanguage('en');
        await pool.getByRole('button', { name: 'Add 2 accounts to the pool' }).click();
        await expect
          .poll(() => pool.getByTestId('pool-outcome').textContent())
          .toMatch(/2 accounts added to the restock pool/);
        const keep = pool.getByTestId('pool-keep').locator('input');
        await keep.fill('1');
        await keep.dispatchEvent('change');
        await expect
          .poll(() => pool.getByTestId('pool-summary').textContent())
          .toBe('2 credentials waiting · keep 1 on sale');

        // A buyer takes one: first in, first out, the batch's 3.50 is its cost.
        await page.keyboard.press('Escape');
        await page.click('nav button:has-text("Sales")');
        expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
        await syncAndWait(page);
        await expect
          .poll(() => page.getByTestId('net-margin').textContent())
          .toMatch(/cost of goods 3[.,]50/);
        await shots(desk, 'sales-with-cost');
      } finally {
        await desk.close();
      }
    },
  );
});
