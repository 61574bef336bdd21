// The smoke flow every build runs, on whatever the harness drives (test/support/e2eTarget.ts): the
// browser host here, the Electron app where its binary exists, an installed app in the release
// workflow (SELLER_DESK_APP_EXECUTABLE). Through the screen only: try the sandbox, create an
// offer, see it synced, quit with exit code 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openHarness } from './harness';
import { fillGoldOffer, rowWithPrice } from './flowSteps';

let desk: Harness;

beforeAll(async () => {
  desk = await openHarness({ name: 'smoke' });
  console.log(`smoke flow on ${desk.target}`);
}, 120_000);

afterAll(async () => {
  await desk?.close();
});

describe('Seller Desk, start to quit', () => {
  it('tries the sandbox, creates a gold offer, syncs it, and quits cleanly', async () => {
    const { page } = desk;
    await page.click('button:has-text("Try the sandbox")');
    await page.waitForSelector('[data-testid="offers-grid"] [data-local-id]');

    await page.click('button:has-text("New offer")');
    await fillGoldOffer(page, {
      price: '0.0555',
      amount: '120000',
      hours: '1',
      realmIndex: 1,
      faction: 'Alliance',
    });
    await page.keyboard.press('Control+s');
    await page.click('dialog button:has-text("Close")');

    // An installed app sends a change after its own undo hold (10 s) and sync pause.
    const row = rowWithPrice(page, '0.0555');
    await expect
      .poll(() => row.locator('[data-sync]').getAttribute('data-sync'), { timeout: 60_000 })
      .toBe('synced');
    // The marketplace's own answer: a gold offer that validates goes on sale.
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('2');
    await desk.screenshot('synced');

    expect(await desk.quit()).toBe(0);
  }, 120_000);
});
