// Stock in Chromium through the browser host: an account offer sent with 3 credentials sells 2 on
// the sandbox; after the next sync the offers list shows its "Low stock: ~1" badge, the Low stock
// filter keeps only it, the Sync view lists it under Needs attention, and the credentials section
// has its level; screenshots light and dark at 1280 and 1024.
import { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dispatch,
  type ChannelName,
  type ChannelOutput,
  type SellerDeskApi,
} from '../../electron/contract/ipc';
import { accountFields } from '../sync/harness';
import { openHarness, connectWithToken, type Harness } from './harness';
import { internalWordsIn } from './internalWords';

async function syncIdle(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
    const status = await api.sync.status();
    return status.ok && !status.value.running;
  });
}

async function syncAndWait(page: Page): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.sync.now(),
  );
  await expect.poll(() => syncIdle(page)).toBe(true);
}

async function core<C extends ChannelName>(
  desk: Harness,
  channel: C,
  input: unknown,
): Promise<ChannelOutput<C>> {
  const result = await dispatch(desk.core.handlers, channel, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as ChannelOutput<C>;
}

async function shots(desk: Harness, name: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await desk.page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await desk.page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await desk.page.emulateMedia({ colorScheme: 'light' });
  await desk.page.setViewportSize({ width: 1280, height: 800 });
}

describe('Stock in Chromium', () => {
  it('shows a low-stock badge, filters by it and lists it under Needs attention', async () => {
    const desk = await openHarness({ name: 'flow-stock' });
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
