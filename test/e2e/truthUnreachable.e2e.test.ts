// While the marketplace cannot be reached, the Sync view's header says since when and when the
// next try is, not "Last sync just now" (the failed attempt was no sync): English and Russian.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { connectWithToken, openHarness } from './harness';
import { shots, syncAndWait } from './flowSteps';

let desk: Harness | undefined;

afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

const cases = [
  {
    locale: 'en-US',
    sync: 'Sync',
    stale: /Last sync/,
    since: /^No contact with the marketplace since \d{1,2}:\d{2}( [AP]M)? · next try in \d+ s$/,
  },
  {
    locale: 'ru-RU',
    sync: 'Синхронизация',
    stale: /Последняя синхронизация/,
    since: /^Нет связи с маркетплейсом с \d{1,2}:\d{2} · следующая попытка через \d+ с$/,
  },
] as const;

describe('the Sync view while the marketplace is away, in Chromium', { timeout: 120_000 }, () => {
  for (const { locale, sync, stale, since } of cases) {
    it(`says since when it cannot be reached and when it tries next (${locale})`, async () => {
      desk = await openHarness({ name: `truth-away-${locale}`, locale, retryDelaysMs: [60_000] });
      const { page, sandbox } = desk;
      page.setDefaultTimeout(20_000);
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      await page.click(`nav button:has-text("${sync}")`);
      const header = page.locator('[data-testid="last-sync"]');
      await syncAndWait(page);
      await expect.poll(() => header.textContent()).toMatch(stale);

      // Every connection dropped before an answer: the marketplace is not answering.
      sandbox.setFaults({ dropBeforeRate: 1 });
      await syncAndWait(page);
      const state = () =>
        page.locator('[data-testid="connection-status"]').getAttribute('data-connection');
      await expect.poll(state).toBe('unreachable');
      await expect.poll(async () => (await header.textContent())?.trim()).toMatch(since);
      expect(await header.textContent()).not.toMatch(stale);
      await shots(desk, 'sync-away');
    });
  }
});
