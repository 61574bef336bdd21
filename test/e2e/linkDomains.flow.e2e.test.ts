// A link from a site the marketplace refused before, in the real renderer in Chromium, English
// and Russian: the first link from the site is queued and refused on sync (the offer needs the
// seller); the next link from the same site is held at once under the link field with a warning
// that names the site and says the marketplace's support approves sites; nothing is sent until
// "Add anyway". Screenshots of the warning at 1280 and 1024, light and dark, in /tmp/shots/domains.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Locale } from '../../electron/contract/i18n';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import type { Harness } from './harness';
import { openHarness, connectWithToken } from './harness';
import { internalWordsIn } from './internalWords';

// Seller 1's Fortnite account offer: Active, one screenshot (electron/sandbox/seed.ts).
const OFFER_NAME = '44 skins, PC';
const SITE = 'pics.example.org';
const SHOTS = '/tmp/shots/domains';

for (const locale of ['en', 'ru'] as const satisfies readonly Locale[]) {
  describe(`a link from a site the marketplace refused before (${locale})`, () => {
    let desk: Harness;
    let offerId: number;

    beforeAll(async () => {
      desk = await openHarness({
        name: `link-domains-${locale}`,
        viewport: { width: 1280, height: 900 },
        locale,
      });
      const seeded = desk.sandbox.control.offers(1).find((o) => o.outer_name === OFFER_NAME);
      if (!seeded || seeded.status !== OfferStatus.Active) {
        throw new Error('the sandbox seed no longer has the active account offer');
      }
      offerId = seeded.id;
      desk.page.setDefaultTimeout(8000);
      await connectWithToken(desk.page, desk.sandbox.sellers[0]!.token);
    }, 60_000);

    afterAll(async () => {
      await desk?.close();
    });

    it('warns at once for the second link and sends it only after "add anyway"', async () => {
      const { page, sandbox } = desk;
      const say = (key: Parameters<typeof translate>[1], values?: Record<string, string>) =>
        translate(locale, key, values);
      const attachSent = () =>
        sandbox.requests.filter((r) => r.path.endsWith('/attach_screenshots_from_links'));
      await page.locator('[data-local-id]', { hasText: OFFER_NAME }).dblclick();
      const editor = page.locator('[data-testid="offer-editor"]');
      const zone = editor.locator('.zone:has(form.links)');
      const field = zone.locator('form.links input');
      const addLinks = zone.locator('form.links button[type="submit"]');

      // The first link from the site: nothing is known yet, it is queued and refused on sync.
      await field.fill(`https://${SITE}/shots/lobby.png`);
      await addLinks.click();
      await expect.poll(() => zone.locator('.summary').count()).toBe(1);
      await expect
        .poll(() => editor.locator('.box.attention').textContent(), { timeout: 15_000 })
        .toContain(SITE);
      expect(attachSent()).toHaveLength(1);

      // The second link from it: the warning under the field at once; nothing queued or sent.
      await field.fill(`https://${SITE}/shots/locker.png`);
      await addLinks.click();
      const warning = zone.locator('[data-testid="screenshot-domain-warning"]');
      await warning.waitFor();
      const text = (await warning.locator('p').textContent())!.trim();
      expect(text).toBe(say('screenshots.domainRefused.warning', { domain: SITE }));
      expect(internalWordsIn(text)).toEqual([]);
      expect(text).not.toMatch(/\b422\b|\burls?\b/i);
      expect(await field.inputValue()).toBe(`https://${SITE}/shots/locker.png`);
      await page.waitForTimeout(1500);
      expect(attachSent()).toHaveLength(1);

      await zone.scrollIntoViewIfNeeded();
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await zone.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SHOTS, `warning-${locale}-${width}-${scheme}.png`) });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });

      // "Add anyway": queued and sent now (the marketplace still refuses it: the site is not approved).
      await warning
        .locator('button', { hasText: say('screenshots.domainRefused.addAnyway') })
        .click();
      await expect.poll(() => warning.count()).toBe(0);
      await expect.poll(() => attachSent().length, { timeout: 15_000 }).toBe(2);
      expect(await field.inputValue()).toBe('');

      // "Don't add" lets a third one go, still nothing sent for it.
      const sent = attachSent().length;
      await field.fill(`https://${SITE}/shots/map.png`);
      await addLinks.click();
      await warning.waitFor();
      await warning
        .locator('button', { hasText: say('screenshots.domainRefused.dontAdd') })
        .click();
      await expect.poll(() => warning.count()).toBe(0);
      await page.waitForTimeout(1000);
      expect(attachSent()).toHaveLength(sent);
      expect(sandbox.control.offers(1).find((o) => o.id === offerId)).toBeDefined();
      expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    }, 60_000);
  });
}
