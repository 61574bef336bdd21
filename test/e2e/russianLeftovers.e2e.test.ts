// The last English a Russian seller could meet, looked at in Chromium with a Russian browser: a
// link the marketplace failed to attach, said on the Sync view in Russian (kept in English on the
// offer, as the command line prints it), and the undo toast's natural words with a grouped count
// ("… — отменено. 2 предложения вернулись к прежнему виду."). Screenshots at 1280 and 1024, light
// and dark.
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { translate } from '../../electron/contract/i18n';
import { shots, syncAndWait } from './flowSteps';
import { connectWithToken, localIdOf, openHarness } from './harness';

type PageGlobals = { sellerDesk: SellerDeskApi };

const ru = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
  translate('ru', key, values);

describe('the last English left, in Russian', () => {
  it('a failed screenshot link on the Sync view and the undo toast say Russian', async () => {
    const desk = await openHarness({ name: 'russian-leftovers', locale: 'ru-RU' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      expect(await page.getAttribute('html', 'lang')).toBe('ru');
      const offers = sandbox.control.offers(1).filter((o) => o.status !== 6 && o.status !== 3);
      const account = offers.find((o) => o.marketplace_type === 2)!;
      const localId = await localIdOf(page, account.id);

      // A link to a domain the seller's account is not approved for: the marketplace fails it.
      const link = 'https://pics.unapproved.example/shot.png';
      await page.evaluate(
        async ({ localId, link }) => {
          const api = (globalThis as unknown as PageGlobals).sellerDesk;
          await api.screenshots.add({ localId, files: [], urls: [link] });
        },
        { localId, link },
      );
      await syncAndWait(page);
      await page
        .locator('nav ul button', { has: page.locator(`span:text-is("${ru('app.navSync')}")`) })
        .click();
      const line = page.locator(`[data-problem-offer="${localId}"] .error-text`);
      await expect.poll(() => line.textContent()).toMatch(/^Не удалось прикрепить ссылки/);
      const said = (await line.textContent())!;
      expect(said).toContain('не одобрен для вашего аккаунта');
      // Nothing English in it but the link and its host.
      expect(said.replaceAll(link, '').replaceAll('pics.unapproved.example', '')).not.toMatch(
        /[A-Za-z]{3,}/,
      );
      await shots(desk, 'sync-failed-link');

      // A price change of two offers, then Ctrl+Z: the toast in natural Russian.
      const two = await Promise.all(offers.slice(0, 2).map((o) => localIdOf(page, o.id)));
      await page.evaluate(async (localIds) => {
        const api = (globalThis as unknown as PageGlobals).sellerDesk;
        await api.offers.changePrice({ localIds, mode: 'percent', value: -10 });
      }, two);
      await page.keyboard.press('Control+z');
      const toast = page.locator('.notice', { hasText: '— отменено.' });
      await expect.poll(() => toast.count()).toBe(1);
      expect(await toast.first().textContent()).toContain(
        'Цена −10 % у 2 предложений — отменено. 2 предложения вернулись к прежнему виду.',
      );
      expect(await toast.first().textContent()).not.toMatch(/[A-Za-z]{3,}/);
      await shots(desk, 'undo-toast');
    } finally {
      await desk.close();
    }
  });
});
