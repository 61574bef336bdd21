// The connection line in Chromium through the browser host: online; waiting for the
// offers-per-minute window (which window, how many, a live countdown, the real budget); the
// marketplace stopped mid-session ("cannot reach", the reason, a live retry countdown, Retry now)
// and recovering by itself when it returns on the same address; a refused token with its way
// out. Screenshots of the Sync view and the sidebar in each state, light and dark, 1280 and 1024.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { profileFile } from '../../electron/core/app';
import { createRateLimiter } from '../../electron/core/limits';
import type { HostAppCore } from '../../electron/host/hostCore';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { connectWithToken, localIdOf, openHarness, type Harness } from './harness';

// Long enough for the countdown to be read twice and shot in four looks under load; each second
// more is a second the test waits for the window to roll.
const WINDOW_MS = 10_000;

async function shoot(desk: Harness, state: string) {
  const { page } = desk;
  for (const width of [1280, 1024]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${state}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Queues +1 on the price of the first `n` offers; how many changed. */
/** Changes the first `n` offers' prices; answers how many changes that queues to send. */
async function changePrices(page: Page, n: number): Promise<number> {
  return page.evaluate(async (count) => {
    const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
    const page = await api.offers.query({
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: count,
    });
    if (!page.ok) throw new Error(page.error.message);
    const changed = await api.offers.changePrice({
      localIds: page.value.rows.map((r) => r.localId),
      mode: 'amount',
      value: 1,
    });
    if (!changed.ok) throw new Error(changed.error.message);
    // A Not Active gold offer's edit goes with a status change back to Not Active: two to send.
    const kept = page.value.rows.filter((r) => r.marketplaceType === 1 && r.status === 3).length;
    return changed.value.changed + kept;
  }, n);
}

const status = (page: Page) => page.locator('[data-testid="connection-status"]');
const sidebar = (page: Page) => page.locator('[data-testid="connection-line"]');
const state = (page: Page) => status(page).getAttribute('data-connection');

describe('connection state in Chromium', () => {
  it('tells online, waiting, cannot reach (recovering by itself) and token refused, live', async () => {
    // The first retry waits as the app's does (the cannot-reach state is read and shot before
    // it); the later ones come each second, so the revived marketplace is found at once.
    const desk = await openHarness({
      on: 'browser host',
      name: 'flow-connection',
      windowMs: WINDOW_MS,
      retryDelaysMs: [5_000, 1_000],
    });
    desk.page.setDefaultTimeout(30_000);
    let revived: Sandbox | null = null;
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      await page.click('nav button:has-text("Sync")');
      await expect.poll(() => state(page), { timeout: 30_000 }).toBe('online');
      expect(await sidebar(page).textContent()).toContain('Online');
      await shoot(desk, 'online');

      // Waiting: another process took 195 of the 200 offers of this window.
      const db = new Database(profileFile(desk.dataDir, sandbox.baseUrl));
      db.pragma('busy_timeout = 5000');
      const other = createRateLimiter({ db, windowMs: WINDOW_MS });
      await other.acquire({ manageOffers: 195 });
      other.close();
      db.close();
      const changed = await changePrices(page, 10);
      expect(changed).toBeGreaterThan(5);
      // The change starts its own sync (no hold here); a click on Sync now would race it and wait
      // the whole window for the button.
      await expect.poll(() => state(page), { timeout: 20_000 }).toBe('waiting');
      const waitText = page.locator(
        '[data-testid="connection-status"] [data-testid="connection-text"]',
      );
      const first = await waitText.textContent();
      expect(first).toMatch(
        /^The marketplace allows 200 offers a minute; the next \d+ go out in \d+ s$/,
      );
      await page.waitForTimeout(1_500);
      const later = await waitText.textContent();
      expect(later).not.toBe(first); // it counts down without new events
      expect(Number(/in (\d+) s/.exec(later!)![1])).toBeLessThan(
        Number(/in (\d+) s/.exec(first!)![1]),
      );
      expect(await sidebar(page).textContent()).toMatch(
        /Waiting for the rate limit.*go out in \d+ s/,
      );
      expect(
        await page.locator('.meter', { hasText: 'Offers that can be sent' }).textContent(),
      ).toMatch(/\b[0-5] \/ 200/);
      expect(await page.textContent('[data-testid="budget-room"]')).toMatch(/Room again in \d+ s/);
      expect(await page.textContent('body')).not.toContain('manage_offers');
      await shoot(desk, 'waiting');
      await expect.poll(() => state(page), { timeout: 40_000 }).toBe('online');
      await expect
        .poll(() => page.textContent('[data-testid="sync-summary"]'), { timeout: 20_000 })
        .toContain(`Sent ${changed} changes`);

      // The marketplace stops mid-session.
      const toSend = await changePrices(page, 1);
      expect(toSend).toBeGreaterThanOrEqual(1);
      const snapshot = join(desk.dataDir, 'sandbox-snapshot.json');
      await sandbox.saveSnapshot(snapshot);
      const port = Number(new URL(sandbox.baseUrl).port);
      await sandbox.close();
      await page.click('button:has-text("Sync now")');
      await expect.poll(() => state(page), { timeout: 30_000 }).toBe('unreachable');
      const text = page.locator(
        '[data-testid="connection-status"] [data-testid="connection-text"]',
      );
      await expect
        .poll(() => text.textContent(), { timeout: 30_000 })
        .toMatch(/^The marketplace is not answering\. Next retry in \d+ s\.$/);
      expect(await status(page).textContent()).toContain('Cannot reach the marketplace');
      expect(
        await page.isVisible('[data-testid="connection-status"] button:has-text("Retry now")'),
      ).toBe(true);
      const line = await sidebar(page).textContent();
      expect(line).toContain('Cannot reach the marketplace');
      expect(line).not.toContain('Online');
      expect(await page.textContent('[data-testid="sync-summary"]')).toContain(
        'Could not reach the marketplace: 1 change waits',
      );
      const told = (desk.core as HostAppCore).notifications.filter(
        (n) => n.title === 'Seller Desk cannot reach the marketplace',
      );
      expect(told).toHaveLength(1);
      await shoot(desk, 'unreachable');
      // The offer that waits says why on its row.
      await page.click('nav button:has-text("Offers")');
      const waitingChip = page.locator('[data-testid="offers-grid"] [data-sync="local"]').first();
      expect(await waitingChip.getAttribute('title')).toContain(
        'The marketplace cannot be reached right now',
      );
      await page.click('nav button:has-text("Sync")');

      // Back on the same address: nobody clicks anything, the app finds it and sends the change.
      revived = await startSandbox({ port, windowMs: WINDOW_MS, snapshotFile: snapshot });
      await expect.poll(() => state(page), { timeout: 40_000 }).toBe('online');
      await expect
        .poll(() => page.textContent('[data-testid="sync-summary"]'), { timeout: 20_000 })
        .toContain(toSend === 1 ? 'Sent 1 change' : `Sent ${toSend} changes`);
      expect(await sidebar(page).textContent()).toContain('Online');
      expect(
        (desk.core as HostAppCore).notifications.filter(
          (n) => n.title === 'Seller Desk cannot reach the marketplace',
        ),
      ).toHaveLength(1);

      // A change the marketplace refuses (the offer was deleted there meanwhile): the summary
      // says so and leads to the list.
      const gold = revived.control
        .offers(revived.sellers[0]!.id)
        .find((o) => o.marketplace_type === 1 && o.status === OfferStatus.Active)!;
      const queued = await page.evaluate(
        ([localId]) =>
          (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.offers.setStatus({
            localIds: [localId!],
            status: 3,
          }),
        [await localIdOf(page, gold.id)],
      );
      expect(queued).toMatchObject({ ok: true });
      revived.control.deleteOfferAsServer(gold.id);
      await page.click('button:has-text("Sync now")');
      const attention = page.locator('[data-testid="sync-summary"] button.attention');
      await expect
        .poll(() => attention.textContent(), { timeout: 20_000 })
        .toMatch(/1 needs attention/);
      // A refusal is not a connection problem. The summary is told as the push ends; the run
      // (its read-back, a queued trigger) may still be going when it shows.
      await expect.poll(() => state(page), { timeout: 20_000 }).toBe('online');
      expect(await page.textContent('[data-testid="sync-summary"]')).toMatch(
        /^\s*1 change refused\s*·\s*1 needs attention\s*$/,
      );
      // On a short window the list is below the fold: the link brings it into view.
      await page.setViewportSize({ width: 1280, height: 340 });
      const listTitle = page.locator('#problems-title');
      expect((await listTitle.boundingBox())!.y).toBeGreaterThan(340);
      await attention.click();
      await expect
        .poll(async () => (await listTitle.boundingBox())!.y, { timeout: 5_000 })
        .toBeLessThan(340);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.locator('section.sync h1').scrollIntoViewIfNeeded();
      await shoot(desk, 'summary-attention');

      // The token is regenerated on the marketplace: the one the app holds is refused.
      revived.control.regenerateToken(revived.sellers[0]!.id);
      await page.click('button:has-text("Sync now")');
      await expect.poll(() => state(page), { timeout: 30_000 }).toBe('token_refused');
      expect(await status(page).textContent()).toContain('paste a new token');
      expect(await sidebar(page).textContent()).toContain('Paste a new token');
      expect(
        await page.isVisible(
          '[data-testid="connection-status"] button:has-text("Replace the token")',
        ),
      ).toBe(true);
      await shoot(desk, 'token-refused');
      await page.click('[data-testid="connection-status"] button:has-text("Replace the token")');
      await page.waitForSelector('section:has-text("Settings"), h1:has-text("Settings")');
      expect(desk.console.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    } finally {
      await revived?.close();
      // The harness's own sandbox was stopped by the test: its second close fails; clean up here.
      await desk.close().catch(() => rmSync(desk.dataDir, { recursive: true, force: true }));
    }
  }, 240_000);
});
