// The restock pool in Chromium through the browser host: an account offer sent with 1 credential;
// in its credentials section the seller drops a file into the restock pool (masked preview, the
// offer's own login a duplicate), adds 2 and sets "keep 1 on sale"; buyers take the one on sale
// and the next sync restocks it from the pool; then the pool runs dry: a notification naming the
// offer, the warning in the section and the Sync view's stock list. The Low stock filter is kept
// across a restart. Screenshots light and dark at 1280 and 1024.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { HostAppCore } from '../../electron/host/hostCore';
import { accountFields } from '../sync/harness';
import { openHarness, connectWithToken } from './harness';
import { coreCall as core, shots, syncAndWait, syncIdle } from './flowSteps';
import { internalWordsIn } from './internalWords';

describe('Restock pool in Chromium', () => {
  it(
    'fills the pool from a file, restocks at sync, and tells when it runs dry',
    { timeout: 180_000 },
    async () => {
      const desk = await openHarness({ on: 'browser host', name: 'flow-pool' });
      desk.page.setDefaultTimeout(20_000);
      try {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token);
        await expect.poll(() => syncIdle(page)).toBe(true);

        const saved = await core(desk, 'offers.save', {
          productId: 10,
          fields: accountFields('Pooled smurf'),
          deliveryTimeMs: 600_000,
        });
        const { localId } = saved;
        const file = await desk.staging.stage('one.txt', Readable.from(['smurf-a:Pass-1\n']));
        const preview = await core(desk, 'credentials.preview', { localId, file });
        if (preview.state !== 'ready') throw new Error(preview.state);
        await core(desk, 'credentials.commit', { previewId: preview.previewId, mode: 'add' });
        await syncAndWait(page);
        const serverId = (await core(desk, 'offers.get', { localId })).row.serverId!;

        await page.locator(`[data-local-id="${localId}"]`).dblclick();
        const pool = page.getByTestId('credential-pool');
        await pool.scrollIntoViewIfNeeded();
        await expect
          .poll(() => pool.getByTestId('pool-summary').textContent())
          .toBe('0 credentials waiting · not restocking');
        await shots(desk, 'pool-empty');

        // The page's own file input (the browser host has no native dialog).
        await pool.locator('input[type="file"]').setInputFiles({
          name: 'pool.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('smurf-b:Pass-2\nsmurf-a:Pass-1\nsmurf-c:Pass-3\n'),
        });
        const poolPreview = pool.getByTestId('pool-preview');
        await expect
          .poll(() => pool.getByTestId('pool-totals').textContent())
          .toMatch(/3 rows: 2 accounts to add · 1 already on the offer or in the pool/);
        expect(await poolPreview.textContent()).not.toMatch(/Pass-|smurf-b/);
        await shots(desk, 'pool-preview');
        await poolPreview.getByRole('button', { name: 'Add 2 accounts to the pool' }).click();
        await expect
          .poll(() => pool.getByTestId('pool-outcome').textContent())
          .toMatch(/^\s*2 accounts added to the restock pool.\s*$/);

        const keep = pool.getByTestId('pool-keep').locator('input');
        await keep.fill('1');
        await keep.dispatchEvent('change');
        await expect
          .poll(() => pool.getByTestId('pool-summary').textContent())
          .toBe('2 credentials waiting · keep 1 on sale');
        expect(internalWordsIn((await pool.textContent()) ?? '')).toEqual([]);
        await shots(desk, 'pool-filled');

        // The same section in Russian (Settings' language choice), then back.
        const setLanguage = (choice: 'ru' | 'en') =>
          page.evaluate(
            (c) =>
              (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.app.setLanguage({
                choice: c,
              }),
            choice,
          );
        await setLanguage('ru');
        await expect
          .poll(() => pool.getByTestId('pool-summary').textContent())
          .toBe('в резерве 2 аккаунта · держать в продаже 1');
        expect(await pool.textContent()).not.toMatch(/Restock|waiting|on sale|Saved|added/);
        await shots(desk, 'pool-filled-ru');
        await setLanguage('en');
        await expect
          .poll(() => pool.getByTestId('pool-summary').textContent())
          .toBe('2 credentials waiting · keep 1 on sale');

        // Sold out on the marketplace: the next sync restocks from the pool.
        expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
        await syncAndWait(page);
        await expect
          .poll(() => pool.getByTestId('pool-summary').textContent())
          .toBe('1 credential waiting · keep 1 on sale');
        expect(sandbox.control.credentials(serverId).map((c) => c.login)).toEqual([
          'smurf-a',
          'smurf-b',
        ]);
        expect(sandbox.control.offers(1).find((o) => o.id === serverId)!.status).toBe(2);
        // The offers list's stock badge says what the pool holds for it.
        await page.keyboard.press('Escape');
        const badge = page.locator(`[data-local-id="${localId}"]`).getByTestId('stock-badge');
        await expect.poll(() => badge.textContent()).toMatch(/· Pool tops up: 1$/);
        await shots(desk, 'pool-badge');
        await page.locator(`[data-local-id="${localId}"]`).dblclick();
        await pool.scrollIntoViewIfNeeded();

        // Another sale: restocked with the last one, the pool runs dry and the seller is told, once.
        expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
        await syncAndWait(page);
        await expect.poll(() => pool.getByTestId('pool-dry').isVisible()).toBe(true);
        const dryNotes = () =>
          (desk.core as HostAppCore).notifications.filter((n) =>
            /restock pool empty/.test(n.title),
          );
        expect(dryNotes().map((n) => n.title)).toEqual([
          'Pooled smurf: Low stock: 1 credential left, restock pool empty',
        ]);
        await syncAndWait(page);
        expect(dryNotes()).toHaveLength(1);
        await shots(desk, 'pool-dry');

        await page.keyboard.press('Escape');
        await page.click('nav button:has-text("Sync")');
        await expect
          .poll(() => page.getByTestId('low-stock-attention').textContent())
          .toMatch(/Pooled smurf\s*Low stock: 1 credential left, restock pool empty/);
        await shots(desk, 'pool-dry-sync');

        // The Low stock filter, switched on, is still on after a restart.
        await page.click('nav button:has-text("Offers")');
        const filter = page.getByTestId('low-stock-filter');
        await filter.click();
        await expect.poll(() => filter.getAttribute('aria-pressed')).toBe('true');
        await expect
          .poll(async () => (await core(desk, 'offers.viewPreferences', undefined)).lowStock)
          .toBe(true);
        await desk.restartHost();
        await page.waitForSelector('[data-testid="offers-grid"] [data-local-id]');
        await expect
          .poll(() => page.getByTestId('low-stock-filter').getAttribute('aria-pressed'))
          .toBe('true');
        await expect
          .poll(() => page.locator('[data-testid="offers-grid"] [data-local-id]').count())
          .toBe(1);
        expect(desk.console.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual(
          [],
        );
      } finally {
        await desk.close();
      }
    },
  );
});
