// The Sales view in Chromium through the browser host: buyers simulated on the sandbox after the
// first sync show up, after the next one, as units and estimated revenue (totals, the uPlot chart,
// per product, per offer, top sellers) with the sentence saying what the estimate rests on;
// screenshots light and dark at 1280 and 1024.
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { openHarness, connectWithToken } from './harness';
import { syncIdle } from './flowSteps';
import { internalWordsIn } from './internalWords';

describe('Sales view in Chromium', () => {
  it('shows units, estimated revenue and a chart after buyers bought between two syncs', async () => {
    const desk = await openHarness({ name: 'flow-sales' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token);
      await expect
        .poll(() => sandbox.requests.filter((r) => r.path.endsWith('/my_offers')).length)
        .toBeGreaterThan(0);
      await expect.poll(() => syncIdle(page)).toBe(true);

      await page.click('nav button:has-text("Sales")');
      await expect.poll(() => page.locator('.sales h1').textContent()).toBe('Sales');

      // 1001 gold at 0.05, 1008 account at 35 (a credential per unit), 1007 at 150.
      expect(sandbox.control.simulateBuyers(1001, 400)).toBe(400);
      expect(sandbox.control.simulateBuyers(1008, 2)).toBe(2);
      expect(sandbox.control.simulateBuyers(1007, 1)).toBe(1);
      await page.evaluate(() =>
        (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.sync.now(),
      );
      // Gold units and accounts apart, never added up.
      await expect.poll(() => page.getByTestId('gold-sold').textContent()).toBe('400');
      expect(await page.getByTestId('accounts-sold').textContent()).toBe('3');
      expect(await page.getByTestId('revenue').textContent()).toMatch(/^240[.,]00$/);
      // Net is the headline: 240 less the marketplace's commission (8 % of the gold's 20, 12 %
      // of the accounts' 220: 28), no cost of goods set, which it says.
      expect(await page.getByTestId('net-profit').textContent()).toMatch(/^\s*212[.,]00\s*$/);
      expect(await page.getByTestId('net-margin').textContent()).toMatch(
        /margin 88\.3 %\s+· after commission 28\.00 and cost of goods 0\.00/,
      );
      expect(await page.getByTestId('net-estimate').textContent()).toMatch(
        /403 units sold have no cost of goods set/,
      );
      expect(await page.locator('.segmented button[aria-pressed="true"]').textContent()).toBe(
        'Net profit',
      );
      // uPlot drew into a canvas inside the chart's box.
      await expect.poll(() => page.locator('[data-testid="sales-chart"] canvas').count()).toBe(1);
      const offers = page.locator('[data-testid="sales-offers"] tbody tr');
      expect(await offers.count()).toBe(3);
      expect(await offers.first().textContent()).toContain('400');
      expect(await page.getByTestId('top-sellers').textContent()).toContain('Emerald EUW smurf');
      // A gold offer named by its field values says its product beside them.
      expect(
        await page.locator('[data-testid="top-sellers"] li', { hasText: 'Horde' }).textContent(),
      ).toContain('WoW Classic Era Gold');
      expect(await page.getByTestId('estimate-note').textContent()).toMatch(
        /estimated: units sold .* price per step/,
      );
      const text = (await page.locator('.sales').textContent()) ?? '';
      expect(internalWordsIn(text)).toEqual([]);

      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.click(
            `.segmented button:has-text("${scheme === 'dark' ? 'Revenue' : 'Net profit'}")`,
          );
          await desk.screenshot(`sales-${width}-${scheme}`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      // The per-offer table and the estimate's sentence, below the fold.
      await page.locator('.sales .body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await desk.screenshot('sales-1024-light-bottom');
      // A nameless gold offer goes by what the offers list shows for it, its realm and faction.
      expect(await offers.first().textContent()).toMatch(/ · /);

      // One product: only its offers.
      await page
        .locator('.sales select[aria-label="Product"]')
        .selectOption({ label: 'League of Legends Accounts' });
      await expect.poll(() => offers.count()).toBe(1);
      expect(desk.console.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
