// Outcome is state, in Chromium through the browser host: a screenshot link the marketplace
// refuses marks its offer everywhere the seller looks (the row with the reason, the sync-state
// count, the sidebar badge, the Sync view's Needs attention), "Retry" sends it again and "Dismiss"
// lets it go; a queued delete is struck through on its row ("Will be deleted") and listed as
// "Delete · <name>" in the queue, whose number is the sidebar's. Screenshots at 1280 and 1024,
// light and dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { openHarness, connectWithToken, type Harness } from './harness';

const LINKED = 'Starter account';
const DELETED = 'Manual delivery';
const HIDDEN = 'WoW Classic Era Gold';
const BAD_LINK = 'https://unapproved.example/shots/lobby.png';

type Api = { sellerDesk: SellerDeskApi };
/** The part of a computed style the test reads (this file is compiled without the DOM types). */
type CSSLike = { textDecorationLine: string };

async function syncNowAndWait(page: Page) {
  await page.evaluate(() => (globalThis as unknown as Api).sellerDesk.sync.now());
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const status = await (globalThis as unknown as Api).sellerDesk.sync.status();
          return status.ok && !status.value.running;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function shoot(desk: Harness, name: string) {
  const { page } = desk;
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const row = (page: Page, name: string) => page.locator('[data-local-id]', { hasText: name });

describe('outcome is state, in Chromium', () => {
  it('a refused link marks the offer everywhere; a queued delete shows on its row and in the queue', async () => {
    // A long hold: the background sync leaves fresh changes queued, "Sync now" sends them.
    const desk = await openHarness({
      name: 'flow-outcome-state',
      viewport: { width: 1280, height: 800 },
      syncHoldMs: 120_000,
    });
    desk.page.setDefaultTimeout(15_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });

      // The seller adds a link from a domain the account may not use, in the editor.
      await row(page, LINKED).dblclick();
      const editor = page.locator('[data-testid="offer-editor"]');
      const zone = editor.locator('.zone[aria-label="Add screenshots"]');
      await zone.getByLabel('Image links').fill(BAD_LINK);
      await zone.locator('button:has-text("Add links")').click();
      await expect.poll(() => zone.locator('.summary').textContent()).toBe('1 screenshot added.');
      await page.locator('dialog[aria-label^="Offer "] button:has-text("Close")').click();
      await syncNowAndWait(page);

      // The row: Needs attention, with the marketplace's reason in place of its details.
      const linked = row(page, LINKED);
      await expect
        .poll(() => linked.locator('[data-sync]').getAttribute('data-sync'))
        .toBe('attention');
      expect(await linked.locator('[data-testid="row-problem"]').textContent()).toMatch(
        /unapproved\.example/,
      );
      // The counts and the sidebar's badge.
      const syncFilter = page.locator('select[aria-label="Filter by sync state"]');
      await expect
        .poll(() => syncFilter.locator('option[value="attention"]').textContent())
        .toMatch(/Needs attention \(1\)/);
      const badge = page.locator('nav [data-testid="attention-count"]');
      const toSendBadge = page.locator('nav [data-testid="to-send-count"]');
      await expect.poll(() => badge.textContent()).toBe('1');

      // A queued delete: struck through on its row, "Will be deleted".
      const deleted = await page.evaluate(async (name) => {
        const api = (globalThis as unknown as Api).sellerDesk;
        const found = await api.offers.query({
          text: name,
          sort: { column: 'updated_at', dir: 'desc' },
          offset: 0,
          limit: 5,
        });
        if (!found.ok) throw new Error('query failed');
        const target = found.value.rows.find((r) => r.outerName === name)!;
        const done = await api.offers.delete({ localIds: [target.localId] });
        return { localId: target.localId, ok: done.ok };
      }, DELETED);
      expect(deleted.ok).toBe(true);
      const deletedRow = row(page, DELETED);
      await expect
        .poll(() => deletedRow.locator('[data-pending]').textContent())
        .toMatch(/Will be deleted/);
      expect(
        await deletedRow
          .locator('.line1')
          .evaluate(
            (el) =>
              (globalThis as unknown as { getComputedStyle(e: unknown): CSSLike }).getComputedStyle(
                el,
              ).textDecorationLine,
          ),
      ).toBe('line-through');
      // A queued status change: "Will be Not Active" on its row.
      const hidden = await page.evaluate(async (name) => {
        const api = (globalThis as unknown as Api).sellerDesk;
        const found = await api.offers.query({
          text: name,
          sort: { column: 'updated_at', dir: 'desc' },
          offset: 0,
          limit: 5,
        });
        if (!found.ok) throw new Error('query failed');
        // A gold offer without a name of its own is called by its product.
        const target = found.value.rows.find((r) => !r.outerName && r.productTitle === name)!;
        const done = await api.offers.setStatus({ localIds: [target.localId], status: 3 });
        return { localId: target.localId, ok: done.ok };
      }, HIDDEN);
      expect(hidden.ok).toBe(true);
      await expect
        .poll(() => row(page, HIDDEN).locator('[data-pending]').textContent())
        .toMatch(/Will be Not Active/);
      await deletedRow.scrollIntoViewIfNeeded();
      await shoot(desk, 'outcome-1-offers');

      // The Sync view: the refusal with Retry and Dismiss, the queue with its verbs.
      await page.click('nav button:has-text("Sync")');
      const problem = page.locator(`[data-problem-offer]`, { hasText: LINKED });
      await expect.poll(() => problem.textContent()).toMatch(/unapproved\.example/);
      const queueEntry = page.locator(`[data-queue-offer="${deleted.localId}"]`);
      await expect.poll(() => queueEntry.textContent()).toMatch(/Delete\s*·\s*Manual delivery/);
      // One number: the queue's heading, the core's status and the sidebar agree.
      const toSend = await page.evaluate(async () => {
        const status = await (globalThis as unknown as Api).sellerDesk.sync.status();
        return status.ok ? status.value.queued : -1;
      });
      expect(toSend).toBe(2);
      expect(await page.locator('#queue-title').textContent()).toMatch(/2 changes to send/);
      // The sidebar shows the same figure as the queue's heading.
      await expect.poll(() => toSendBadge.textContent()).toBe('2');
      await expect
        .poll(() => page.locator(`[data-queue-offer="${hidden.localId}"]`).textContent())
        .toMatch(/Set Not Active\s*·\s*WoW Classic Era Gold/);
      expect(await page.content()).not.toMatch(/manage_offers|screenshot_links|local_id/);
      await shoot(desk, 'outcome-2-sync');

      // Retry sends the refused link again (refused again: still in attention).
      const attachesBefore = sandbox.requests.filter((r) =>
        r.path.endsWith('/attach_screenshots_from_links'),
      ).length;
      await problem.locator('button:has-text("Retry")').click();
      await syncNowAndWait(page);
      expect(
        sandbox.requests.filter((r) => r.path.endsWith('/attach_screenshots_from_links')).length,
      ).toBe(attachesBefore + 1);
      await expect.poll(() => problem.count()).toBe(1);

      // Dismiss lets it go: nothing needs attention, the badge shows what is left to send.
      await problem.locator('button:has-text("Dismiss")').click();
      await expect.poll(() => problem.count()).toBe(0);
      // The delete went with "Sync now": nothing is left to send either.
      await expect
        .poll(() => page.locator('#queue-title').textContent())
        .toMatch(/nothing to send/);
      await expect.poll(() => badge.count()).toBe(0);
      await expect.poll(() => toSendBadge.count()).toBe(0);
      expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 120_000);
});
