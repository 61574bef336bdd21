// Removing a stored screenshot shows at once: the tile is marked as leaving with Undo while the
// removal is unsent, the count leaves it out, and asking again queues nothing more (the guard is
// the use case's, so a second call through the page's API is refused the same way). Sync then
// detaches it exactly once: the marketplace keeps the other one and refuses nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { Harness } from './harness';
import { connectWithToken, localIdOf, openHarness } from './harness';
import { shots, syncAndWait } from './flowSteps';

// Seller 1's Valorant account offer with two screenshots (electron/sandbox/seed.ts).
const OFFER_NAME = 'Diamond EU account, 30 skins';

let desk: Harness | undefined;

afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

const cases = [
  {
    locale: 'en-US',
    title: 'Screenshots',
    count: (n: number) => `${n} of 20`,
    leaving: 'Removing',
    leavingCount: '· 1 being removed',
    undo: 'Undo',
  },
  {
    locale: 'ru-RU',
    title: 'Скриншоты',
    count: (n: number) => `${n} из 20`,
    leaving: 'Удаляется',
    leavingCount: '· удаляется: 1',
    undo: 'Вернуть',
  },
] as const;

describe('removing a stored screenshot, in Chromium', { timeout: 120_000 }, () => {
  for (const c of cases) {
    it(`shows it leaving at once, with Undo, and detaches it once (${c.locale})`, async () => {
      desk = await openHarness({
        name: `truth-shots-${c.locale}`,
        locale: c.locale,
        // The removal stays unsent until the test syncs.
        syncHoldMs: 600_000,
        viewport: { width: 1280, height: 900 },
      });
      const { page, sandbox } = desk;
      page.setDefaultTimeout(20_000);
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      const offer = sandbox.control.offers(1).find((o) => o.outer_name === OFFER_NAME)!;
      expect(offer.screenshots).toHaveLength(2);
      const localId = await localIdOf(page, offer.id);
      await page.locator(`[data-local-id="${localId}"]`).first().dblclick();
      const strip = page.locator(
        `[data-testid="offer-screenshots"] section[aria-label="${c.title}"]`,
      );
      await strip.scrollIntoViewIfNeeded();
      const count = strip.locator('.count');
      await expect.poll(() => count.textContent()).toContain(c.count(2));
      const first = strip.locator('li.tile').first();
      const second = strip.locator('li.tile').nth(1);

      await first.locator('button.remove').click();
      // At once: no sync ran, yet the tile says it is leaving and the count leaves it out.
      await expect.poll(() => first.getAttribute('data-state'), { timeout: 3_000 }).toBe('leaving');
      expect(await first.locator('.badge').textContent()).toBe(c.leaving);
      expect((await count.textContent())?.replace(/\s+/g, ' ')).toContain(
        `${c.count(1)} ${c.leavingCount}`,
      );
      expect(await first.locator('button.remove').count()).toBe(0);
      await shots(desk, 'leaving', {
        height: 900,
        shoot: (shot) =>
          strip.screenshot({ path: `test-output/screens/truth-shots-${c.locale}-${shot}.png` }),
      });

      // Undo keeps it.
      await first.locator(`button:has-text("${c.undo}")`).click();
      await expect.poll(() => first.getAttribute('data-state')).toBe('attached');
      await expect.poll(() => count.textContent()).not.toContain(c.leavingCount);
      expect(await count.textContent()).toContain(c.count(2));

      // Removed again, then asked twice more through the page's API: one removal is queued.
      await first.locator('button.remove').click();
      await expect.poll(() => first.getAttribute('data-state')).toBe('leaving');
      const ref = offer.screenshots[0]!;
      const again = await page.evaluate(
        async ({ localId, ref }) => {
          const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
          const a = await api.screenshots.remove({ localId, ref });
          const b = await api.screenshots.remove({ localId, ref });
          return [a.ok, b.ok];
        },
        { localId, ref },
      );
      expect(again).toEqual([true, true]);
      expect(await second.getAttribute('data-state')).toBe('attached');

      const detachesBefore = sandbox.requests.filter((r) => r.path.endsWith('/detach_screenshot'));
      await syncAndWait(page);
      const detaches = sandbox.requests
        .filter((r) => r.path.endsWith('/detach_screenshot'))
        .slice(detachesBefore.length);
      expect(detaches).toHaveLength(1);
      expect(sandbox.control.offers(1).find((o) => o.id === offer.id)!.screenshots).toEqual([
        offer.screenshots[1],
      ]);
      await expect.poll(() => strip.locator('li.tile').count()).toBe(1);
      expect(await count.textContent()).toContain(c.count(1));
      const status = await page.evaluate(async () => {
        const api = (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk;
        const s = await api.sync.status();
        return s.ok ? s.value.needsSeller : -1;
      });
      expect(status).toBe(0);
    });
  }
});
