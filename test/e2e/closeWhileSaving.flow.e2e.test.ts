// Close pressed while a save is on its way: the edits are being kept, so the editor closes once
// the save is done, without asking whether to discard them. The save is held on its way to the
// core (the browser host's bridge, delayed here), as a busy core would hold it.
import { describe, expect, it } from 'vitest';
import { BRIDGE_INVOKE_PATH } from '../../electron/contract/ipc';
import { connectWithToken, openHarness } from './harness';
import { rowWithPrice } from './flowSteps';

describe('the offer editor in Chromium', () => {
  it('closes after a save in flight instead of asking to discard its edits', async () => {
    const desk = await openHarness({ on: 'browser host', name: 'flow-close-while-saving' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page } = desk;
      await connectWithToken(page, desk.sandbox.sellers[0]!.token);
      await rowWithPrice(page, '0.05').dblclick();
      let held = 0;
      await page.route(`**${BRIDGE_INVOKE_PATH}offers.save`, async (route) => {
        held += 1;
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.fill('#f-price_per_step', '0.0666');
      await page.keyboard.press('Control+s');
      await expect.poll(() => held).toBe(1);
      await page.click('dialog button:has-text("Close")');
      // No question while the save is on its way, and the editor is gone once it is done.
      expect(await page.locator('dialog[aria-label="Discard your edits?"]').count()).toBe(0);
      await expect.poll(() => page.locator('dialog[open] #f-price_per_step').count()).toBe(0);
      expect(await page.locator('dialog[aria-label="Discard your edits?"]').count()).toBe(0);
      await rowWithPrice(page, '0.0666').waitFor();
    } finally {
      await desk.close();
    }
  });
});
