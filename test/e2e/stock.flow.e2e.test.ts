// Stock in Chromium through the browser host: an account offer sent with 3 credentials sells 2 on
// the sandbox; after the next sync the offers list shows its "Low stock: ~1" badge, the Low stock
// filter keeps only it, the Sync view lists it under Needs attention, and the credentials section
// has its level; screenshots light and dark at 1280 and 1024.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { accountFields } from '../sync/harness';
import { openHarness, connectWithToken } from './harness';
import { coreCall as core, shots, syncAndWait, syncIdle } from './flowSteps';
import { internalWordsIn } from './internalWords';

describe('Stock in Chromium', () => {
  it('shows a low-stock badge, filters by it and lists it under Needs attention', async () => {
    const desk = await openHarness({ on: 'browser host', name: 'flow-stock' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token);
      await expect.poll(() => syncIdle(page)).toBe(true);

      const saved = await core(desk, 'offers.save', {
        productId: 10,
        fields: accountFields('Stocked smurf'),
        deliveryTimeMs: 600_000,
      });
      const file = await desk.staging.stage(
        'smurfs.txt',
        Readable.from(['smurf-a:Pass-1\nsmurf-b:Pass-2\nsmurf-c:Pass-3\n']),
      );
      const preview = await core(desk, 'credentials.preview', { localId: saved.localId, file });
      if (preview.state !== 'ready') throw new Error(preview.state);
      await core(desk, 'credentials.commit', { previewId: preview.previewId, mode: 'add' });
      await syncAndWait(page);
      const serverId = (await core(desk, 'offers.get', { localId: saved.localId })).row.serverId!;
      expect(sandbox.control.credentials(serverId)).toHaveLength(3);
      expect(sandbox.control.simulateBuyers(serverId, 2)).toBe(2);
      await syncAndWait(page);

      const row = page.locator(`[data-local-id="${saved.localId}"]`);
      await expect.poll(() => row.getByTestId('stock-badge').textContent()).toBe('Low stock: ~1');
      const filter = page.getByTestId('low-stock-filter');
      expect(await filter.textContent()).toMatch(/Low stock \(1\)/);
      await filter.click();
      await expect
        .poll(() => page.locator('[data-testid="offers-grid"] [data-local-id]').count())
        .toBe(1);
      expect(await page.getByTestId('offers-total').textContent()).toMatch(/^1 offer/);
      expect(internalWordsIn((await page.locator('.offers').textContent()) ?? '')).toEqual([]);
      await shots(desk, 'stock-offers');

      await page.click('nav button:has-text("Sync")');
      const attention = page.getByTestId('low-stock-attention');
      await expect
        .poll(() => attention.textContent())
        .toMatch(/Stocked smurf\s*Low stock: 1 credential left/);
      await shots(desk, 'stock-sync');

      await page.click('nav button:has-text("Offers")');
      await page.locator(`[data-local-id="${saved.localId}"]`).dblclick();
      const level = page.getByTestId('low-stock-level');
      await level.scrollIntoViewIfNeeded();
      expect(await level.locator('input').inputValue()).toBe('1');
      await shots(desk, 'stock-level');
      await level.locator('input').fill('0');
      await level.locator('input').dispatchEvent('change');
      await expect.poll(() => level.textContent()).toMatch(/Saved/);
      const listed = await core(desk, 'stock.list', undefined);
      expect(listed.offers.find((o) => o.localId === saved.localId)!.threshold).toBe(0);
      expect(desk.console.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
