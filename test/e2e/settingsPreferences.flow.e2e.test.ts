// Settings' app side in Chromium through the browser host, on the real core against the sandbox:
// the theme forced dark on a light OS (and remembered with the section across a restart), the
// language switched to Russian and back, the version and data folder, a refusal not notified
// while "Changes the marketplace refused" is off (the host's notifications list), and the badge
// the desktop app would show following the offers that need the seller. Screenshots at 1280 and
// 1024, light and dark, English and Russian.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { HostAppCore } from '../../electron/host/hostCore';
import { connectWithToken, openHarness, type Harness } from './harness';
import { internalWordsIn } from './internalWords';

type PageApi = { sellerDesk: SellerDeskApi };

const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The page's globals this test reads (the test files are typed for Node, not the DOM). */
type PageDom = {
  getComputedStyle(element: unknown): { backgroundColor: string };
  document: { body: unknown; documentElement: { dataset: Record<string, string | undefined> } };
};
const background = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as PageDom;
    return g.getComputedStyle(g.document.body).backgroundColor;
  });
const DARK_BG = 'rgb(21, 24, 29)';
const LIGHT_BG = 'rgb(246, 247, 249)';

/** Screenshots of the whole Settings page at both widths, in the OS's light and dark. */
async function shootSettings(desk: Harness, language: string) {
  const { page } = desk;
  for (const width of [1280, 1024]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 1900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('section.settings').evaluate((el) => (el.scrollTop = 0));
      await desk.screenshot(`${language}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** One offer deleted on the marketplace and its price changed here, then "Sync now". */
async function refuseOneChange(desk: Harness): Promise<void> {
  const { page, sandbox } = desk;
  const offer = sandbox.control.offers(sandbox.sellers[0]!.id)[0]!;
  const runsBefore = await page.evaluate(async () => {
    const r = await (globalThis as unknown as PageApi).sellerDesk.sync.status();
    return r.ok ? (r.value.lastRunAt ?? '') : '';
  });
  const localId = await page.evaluate(async (serverId) => {
    const api = (globalThis as unknown as PageApi).sellerDesk;
    const found = await api.offers.query({
      text: String(serverId),
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 10,
    });
    return found.ok ? found.value.rows.find((r) => r.serverId === serverId)!.localId : -1;
  }, offer.id);
  sandbox.control.deleteOfferAsServer(offer.id);
  await page.evaluate(async (id) => {
    const api = (globalThis as unknown as PageApi).sellerDesk;
    await api.offers.changePrice({ localIds: [id], mode: 'amount', value: 1 });
    await api.sync.now();
  }, localId);
  await expect
    .poll(
      () =>
        page.evaluate(async (before) => {
          const r = await (globalThis as unknown as PageApi).sellerDesk.sync.status();
          return r.ok && !r.value.running && (r.value.lastRunAt ?? '') !== before
            ? r.value.lastRun?.refused
            : null;
        }, runsBefore),
      { timeout: 20_000 },
    )
    .toBe(1);
}

describe("Settings' language, theme, notifications and about, in Chromium", () => {
  it('forces dark on a light OS, speaks Russian and English, and notifies only what the seller chose', async () => {
    const desk = await openHarness({ on: 'browser host', name: 'flow-settings-app' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page } = desk;
      await page.emulateMedia({ colorScheme: 'light' });
      await connectWithToken(page, desk.sandbox.sellers[0]!.token);
      // Ctrl+, opens Settings: the key the application menu shows for it (contract/shortcuts.ts).
      await page.keyboard.press('Control+Comma');
      const heading = page.locator('section.settings h1');
      await expect.poll(() => heading.textContent()).toBe('Settings');

      // About: the version of package.json and the data folder the host runs on.
      await expect.poll(() => page.textContent('[data-testid="app-version"]')).toBe(version);
      expect(await page.textContent('[data-testid="data-folder"]')).toBe(desk.dataDir);
      await page.getByRole('button', { name: 'Open folder' }).click();
      const settingsText = (await page.locator('section.settings').textContent()) ?? '';
      expect(internalWordsIn(settingsText)).toEqual([]);
      expect(await page.isChecked('[data-testid="theme-system"]')).toBe(true);
      expect(await background(page)).toBe(LIGHT_BG);
      await shootSettings(desk, 'en');

      // Dark, on a light OS: applied at once.
      await page.locator('label:has([data-testid="theme-dark"])').click();
      await expect.poll(() => background(page)).toBe(DARK_BG);
      expect(
        await page.evaluate(
          () => (globalThis as unknown as PageDom).document.documentElement.dataset.theme,
        ),
      ).toBe('dark');
      await desk.screenshot('forced-dark-on-light-os');
      // Light, on a dark OS.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.locator('label:has([data-testid="theme-light"])').click();
      await expect.poll(() => background(page)).toBe(LIGHT_BG);
      await page.locator('label:has([data-testid="theme-dark"])').click();
      await expect.poll(() => background(page)).toBe(DARK_BG);
      await page.emulateMedia({ colorScheme: 'light' });

      // Reopened: still dark on the light OS, and on Settings, the section it showed.
      await desk.restartHost();
      await expect.poll(() => heading.textContent()).toBe('Settings');
      await expect.poll(() => background(page)).toBe(DARK_BG);
      await page.locator('label:has([data-testid="theme-system"])').click();
      await expect.poll(() => background(page)).toBe(LIGHT_BG);

      // Russian, then English again.
      await page.locator('label:has([data-testid="language-ru"])').click();
      await expect.poll(() => heading.textContent()).toBe('Настройки');
      expect(await page.textContent('nav')).toContain('Настройки');
      expect(await page.textContent('[data-testid="settings-notifications"]')).toContain(
        'Изменения, отклонённые маркетплейсом',
      );
      await expect
        .poll(() => page.locator('[data-testid="sync-interval"] option:checked').textContent())
        .toBe('5 минут');
      await shootSettings(desk, 'ru');
      await page.locator('label:has([data-testid="language-en"])').click();
      await expect.poll(() => heading.textContent()).toBe('Settings');
      expect(await page.textContent('nav')).not.toContain('Настройки');

      // "Changes the marketplace refused" off: a refused change is not notified.
      const core = desk.core as HostAppCore;
      const refusals = page.getByLabel('Changes the marketplace refused');
      await expect.poll(() => refusals.isDisabled()).toBe(false);
      await refusals.uncheck();
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const r = await (globalThis as unknown as PageApi).sellerDesk.app.preferences();
            return r.ok ? r.value.notifications.syncRefusals : null;
          }),
        )
        .toBe(false);
      const badgeBefore = core.badgeCounts.at(-1) ?? 0;
      await refuseOneChange(desk);
      expect(core.notifications.filter((n) => n.title.endsWith('was refused'))).toEqual([]);
      // The badge follows the offers that need the seller, as the sidebar counts them.
      await expect.poll(() => core.badgeCounts.at(-1)).toBe(badgeBefore + 1);
      expect(await page.textContent('[data-testid="attention-count"]')).toBe(
        String(badgeBefore + 1),
      );

      // On again: the next refusal is told.
      await page.reload();
      await page.click('nav button:has-text("Settings")');
      await expect.poll(() => refusals.isDisabled()).toBe(false);
      expect(await refusals.isChecked()).toBe(false);
      await refusals.check();
      await expect.poll(() => refusals.isChecked()).toBe(true);
      await refuseOneChange(desk);
      await expect
        .poll(() => core.notifications.filter((n) => n.title.endsWith('was refused')).length)
        .toBe(1);
      await expect.poll(() => core.badgeCounts.at(-1)).toBe(badgeBefore + 2);
      expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 120_000);

  it("runs the menu's commands from their keys: import where it can, a word where it cannot", async () => {
    const desk = await openHarness({ on: 'browser host', name: 'flow-settings-keys' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page } = desk;
      await connectWithToken(page, desk.sandbox.sellers[0]!.token, { rows: true });
      // No account offer open: where credentials come in is said, nothing else opens.
      await page.keyboard.press('Control+Shift+O');
      await expect
        .poll(() => page.textContent('body'))
        .toContain('Credentials belong to one account offer');
      expect(await page.locator('dialog[open]').count()).toBe(0);
      // No product chosen: the catalogue, where each product imports its offers.
      await page.keyboard.press('Control+O');
      await expect
        .poll(() => page.textContent('body'))
        .toContain('Offers are imported into one product');
      await expect
        .poll(() => page.locator('nav button[aria-current="page"]').textContent())
        .toContain('Catalogue');
      // One product in the offers view: Ctrl+O is its "Import offers…".
      await page.click('nav button:has-text("Offers")');
      const filter = page.getByLabel('Filter by product');
      const product = await filter.locator('option').nth(1).getAttribute('value');
      await filter.selectOption(product!);
      await page.keyboard.press('Control+O');
      await expect.poll(() => page.locator('dialog[aria-label^="Import offers"]').count()).toBe(1);
      await desk.screenshot('import-from-key');
      expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 90_000);
});
