// The Sales chart follows a theme Settings forces, not only the OS's: uPlot paints its canvas with
// the colours read when it is drawn, so a theme applied while the chart is on screen (the
// preference answered after the window opened on Sales, or changed from another window) must draw
// it again. In Chromium through the browser host, on a light OS.
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { ThemeChoice } from '../../electron/contract/ipc/preferenceModels';
import { syncAndWait, syncIdle } from './flowSteps';
import { connectWithToken, openHarness } from './harness';

type PageGlobals = {
  sellerDesk: SellerDeskApi;
  document: {
    documentElement: { dataset: Record<string, string | undefined> };
    querySelector(selector: string): { toDataURL(): string } | null;
  };
};

describe('Sales chart and a forced theme', () => {
  it('draws the chart again in dark when Settings forces dark, and back in light', async () => {
    const desk = await openHarness({ name: 'sales-theme' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      await page.emulateMedia({ colorScheme: 'light' });
      await connectWithToken(page, sandbox.sellers[0]!.token);
      await expect.poll(() => syncIdle(page)).toBe(true);
      await page.click('nav button:has-text("Sales")');
      expect(sandbox.control.simulateBuyers(1001, 40)).toBe(40);
      await syncAndWait(page);
      await expect.poll(() => page.getByTestId('gold-sold').textContent()).toBe('40');

      const chart = () =>
        page.evaluate(
          () =>
            (globalThis as unknown as PageGlobals).document
              .querySelector('[data-testid="sales-chart"] canvas')
              ?.toDataURL() ?? '',
        );
      /** The choice Settings' theme buttons send, made while the chart is on screen. */
      const force = (theme: ThemeChoice) =>
        page.evaluate(async (theme) => {
          const g = globalThis as unknown as PageGlobals;
          await g.sellerDesk.app.setPreferences({ theme });
        }, theme);
      const forced = () =>
        page.evaluate(
          () => (globalThis as unknown as PageGlobals).document.documentElement.dataset.theme ?? '',
        );

      await expect.poll(chart).not.toBe('');
      const light = await chart();
      await desk.screenshot('light');

      await force('dark');
      await expect.poll(forced).toBe('dark');
      // Its axis labels and grid in the dark theme's colours: the canvas is painted anew.
      await expect.poll(chart).not.toBe(light);
      await desk.screenshot('forced-dark');

      await force('light');
      await expect.poll(forced).toBe('light');
      await expect.poll(chart).toBe(light);
    } finally {
      await desk.close();
    }
  });
});
