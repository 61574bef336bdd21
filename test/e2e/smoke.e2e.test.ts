// The smoke flow every build runs, on whatever the harness drives (test/support/e2eTarget.ts): the
// browser host here, the Electron app where its binary exists, an installed app in the release
// workflow (SELLER_DESK_APP_EXECUTABLE). Through the screen only: try the sandbox, create an
// offer, see it synced, quit with exit code 0.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openHarness } from './harness';

let desk: Harness;

beforeAll(async () => {
  desk = await openHarness({ name: 'smoke' });
  console.log(`smoke flow on ${desk.target}`);
}, 120_000);

afterAll(async () => {
  await desk?.close();
});

function rowWithPrice(page: Page, price: string) {
  return page.locator('[data-local-id]', {
    has: page.locator('.cell.num', { hasText: new RegExp(`^\\s*${price}\\s*$`) }),
  });
}

describe('Seller Desk, start to quit', () => {
  it('tries the sandbox, creates a gold offer, syncs it, and quits cleanly', async () => {
    const { page } = desk;
    await page.click('button:has-text("Try the sandbox")');
    await page.waitForSelector('[data-testid="offers-grid"] [data-local-id]');

    await page.click('button:has-text("New offer")');
    await page.click('dialog button:has-text("WoW Classic Era Gold")');
    await page.fill('#f-price_per_step', '0.0555');
    await page.fill('#f-amount', '120000');
    await page.fill('#delivery-value', '1');
    await page.selectOption('[aria-label="Delivery time unit"]', 'hours');
    await page.selectOption('#data-101', { index: 1 });
    await page.selectOption('#data-102', 'Alliance');
    await page.keyboard.press('Control+s');
    await page.click('dialog button:has-text("Close")');

    const row = rowWithPrice(page, '0.0555');
    await expect
      .poll(() => row.locator('[data-sync]').getAttribute('data-sync'), { timeout: 30_000 })
      .toBe('synced');
    // The marketplace's own answer: a gold offer that validates goes on sale.
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('2');
    await desk.screenshot('synced');

    expect(await desk.quit()).toBe(0);
  }, 120_000);
});
