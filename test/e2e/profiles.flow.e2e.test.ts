// Several sellers in one app, in Chromium through the browser host: the seller connects with one
// token, adds a second seller's profile from the sidebar's account switcher with that seller's
// token, each profile shows only its own offers, the switcher shows both profiles' attention
// counts, switching back shows the first seller's offers, a rename sticks, and "Remove" says what
// unsent work would be lost. Settings are each profile's own and say whose they are; a background
// profile that cannot reach the marketplace says when it tries again, and one whose token was
// refused offers "Replace token". Screenshots of the open switcher, the removal question, Settings
// and the replace-token field at 1280 and 1024, light and dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { connectWithToken, openHarness, type Harness } from './harness';
import { internalWordsIn } from './internalWords';

type Api = { sellerDesk: SellerDeskApi };

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

/** The marketplace ids of the offers the shown profile holds. */
function shownServerIds(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const api = (globalThis as unknown as Api).sellerDesk;
    const rows = await api.offers.query({
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 500,
    });
    if (!rows.ok) throw new Error(rows.error.message);
    return rows.value.rows.flatMap((r) => (r.serverId === null ? [] : [r.serverId]));
  });
}

/**
 * An offer of the shown profile changed here and, differently, on the marketplace: with sending
 * off the background sync only reads, and finds the conflict (one offer needs the seller).
 */
async function makeConflict(desk: Harness): Promise<void> {
  const { page } = desk;
  const target = await page.evaluate(async (active) => {
    const api = (globalThis as unknown as Api).sellerDesk;
    await api.settings.setSending({ sendAutomatically: false });
    const rows = await api.offers.query({
      status: active,
      sort: { column: 'updated_at', dir: 'desc' },
      offset: 0,
      limit: 1,
    });
    if (!rows.ok) throw new Error(rows.error.message);
    const row = rows.value.rows[0]!;
    return { localId: row.localId, serverId: row.serverId! };
  }, OfferStatus.Active);
  const offer = desk.sandbox.sellers
    .flatMap((s) => desk.sandbox.control.offers(s.id))
    .find((o) => o.id === target.serverId)!;
  desk.sandbox.control.editOfferAsServer(target.serverId, {
    price_per_step: Number((offer.price_per_step + 5).toFixed(4)),
  });
  await page.evaluate(async (localId) => {
    const api = (globalThis as unknown as Api).sellerDesk;
    const changed = await api.offers.changePrice({ localIds: [localId], mode: 'amount', value: 1 });
    if (!changed.ok) throw new Error(changed.error.message);
  }, target.localId);
}

/** The name of a seller's profile, as the core lists it. */
async function nameOf(page: Page, sellerId: number): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(async () => {
      name = await page.evaluate(async (id) => {
        const list = await (globalThis as unknown as Api).sellerDesk.profiles.list();
        return list.ok ? list.value.profiles.find((p) => p.sellerId === id)?.name : undefined;
      }, sellerId);
      return name;
    })
    .toBeTruthy();
  return name!;
}

const switcher = (page: Page) => page.locator('[data-testid="profile-switcher"]');
const rowOf = (page: Page, name: string) =>
  page.locator(`[data-testid="profile-row"][data-profile="${name}"]`);
/**
 * The switch has answered (the list closes then). The core works off the test's thread, so the
 * next click can come while a switch is still on its way; opening the list then would close it.
 */
const switched = (page: Page) =>
  expect
    .poll(() => switcher(page).locator('button.current').getAttribute('aria-expanded'))
    .toBe('false');

describe('several sellers in Chromium', () => {
  it('adds a second seller, switches, each shows its own offers, the switcher shows both attention counts', async () => {
    const desk = await openHarness({ name: 'flow-profiles' });
    desk.page.setDefaultTimeout(15_000);
    try {
      const { page, sandbox } = desk;
      const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
      const own = (id: number) => new Set(sandbox.control.offers(id).map((o) => o.id));
      await connectWithToken(page, seller1.token, { rows: true });
      const name1 = await nameOf(page, seller1.id);
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name1);

      await makeConflict(desk);
      await expect
        .poll(() => page.locator('nav [data-testid="attention-count"]').textContent())
        .toBe('1');

      // Add the second seller from the switcher.
      await switcher(page).locator('button.current').click();
      await page.getByRole('button', { name: 'Add another seller…' }).click();
      await shoot(desk, 'switcher-add');
      await page.fill('#add-profile-token', seller2.token);
      await page.getByRole('button', { name: 'Add seller' }).click();
      const name2 = await nameOf(page, seller2.id);
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name2);

      // Seller 2's offers only, in the list and in the grid.
      await expect.poll(async () => (await shownServerIds(page)).length).toBe(own(seller2.id).size);
      expect((await shownServerIds(page)).every((id) => own(seller2.id).has(id))).toBe(true);
      await expect
        .poll(() => page.locator('[data-testid="offers-grid"] [data-local-id]').count())
        .toBe(own(seller2.id).size);

      // The first seller's attention shows on the closed switcher, then per profile.
      await expect
        .poll(() => page.locator('[data-testid="elsewhere-attention"]').textContent())
        .toBe('1');
      await makeConflict(desk);
      await expect
        .poll(() => page.locator('nav [data-testid="attention-count"]').textContent())
        .toBe('1');
      await switched(page);
      await switcher(page).locator('button.current').click();
      await expect
        .poll(() => rowOf(page, name1).locator('[data-testid="profile-attention"]').textContent())
        .toBe('1');
      await expect
        .poll(() => rowOf(page, name2).locator('[data-testid="profile-attention"]').textContent())
        .toBe('1');
      const panelText = (await switcher(page).textContent()) ?? '';
      expect(internalWordsIn(panelText)).toEqual([]);
      await shoot(desk, 'switcher-open');

      // Switching back shows seller 1's offers only.
      await rowOf(page, name1).locator('button.pick').click();
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name1);
      await expect.poll(async () => (await shownServerIds(page)).length).toBe(own(seller1.id).size);
      const shown1 = await shownServerIds(page);
      expect(shown1.every((id) => own(seller1.id).has(id))).toBe(true);
      expect(shown1.some((id) => own(seller2.id).has(id))).toBe(false);
      await expect
        .poll(() => page.locator('[data-testid="offers-grid"] [data-local-id]').count())
        .toBe(own(seller1.id).size);

      // Rename the second seller's profile.
      await switched(page);
      await switcher(page).locator('button.current').click();
      await rowOf(page, name2)
        .getByRole('button', { name: `Rename ${name2}` })
        .click();
      await page.getByLabel(`New name for ${name2}`).fill('Gold shop');
      await shoot(desk, 'switcher-rename');
      await page.getByLabel(`New name for ${name2}`).press('Enter');
      await expect.poll(() => rowOf(page, 'Gold shop').count()).toBe(1);
      expect(await rowOf(page, 'Gold shop').textContent()).toContain(`Seller ${seller2.id}`);
      expect(await page.locator('[data-testid="active-profile"]').textContent()).toBe(name1);

      // Remove asks and says what would be lost; cancelled, nothing goes.
      await rowOf(page, 'Gold shop').getByRole('button', { name: 'Remove Gold shop' }).click();
      const dialog = page.locator('dialog[aria-label="Remove Gold shop?"]');
      await expect.poll(() => dialog.textContent()).toContain('1 change not sent yet');
      expect(internalWordsIn((await dialog.textContent()) ?? '')).toEqual([]);
      await shoot(desk, 'remove-question');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await rowOf(page, 'Gold shop').count()).toBe(1);
      // Escape closes the list.
      await page.getByRole('button', { name: 'Add another seller…' }).focus();
      await page.keyboard.press('Escape');
      await expect
        .poll(() => switcher(page).locator('button.current').getAttribute('aria-expanded'))
        .toBe('false');
      expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 120_000);

  it('keeps settings per profile, says whose they are; a background profile says when it retries and takes a new token', async () => {
    // Retries every 2 s: the background profile is seen waiting to retry, then back once the
    // marketplace answers, without the app's 5 s and 15 s pauses.
    const desk = await openHarness({ name: 'flow-profile-settings', retryDelaysMs: [2_000] });
    desk.page.setDefaultTimeout(15_000);
    try {
      const { page, sandbox } = desk;
      const [seller1, seller2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
      await connectWithToken(page, seller1.token, { rows: true });
      const name1 = await nameOf(page, seller1.id);
      await switcher(page).locator('button.current').click();
      await page.getByRole('button', { name: 'Add another seller…' }).click();
      await page.fill('#add-profile-token', seller2.token);
      await page.getByRole('button', { name: 'Add seller' }).click();
      const name2 = await nameOf(page, seller2.id);
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name2);

      // Seller 2's Settings: their own, named.
      await page.click('nav button:has-text("Settings")');
      const sending = page.locator('h2', { hasText: 'Sending changes' });
      await expect.poll(() => sending.textContent()).toBe(`Sending changes for ${name2}`);
      await expect.poll(() => page.locator('[data-testid="hold-seconds"]').inputValue()).toBe('10');
      await page.locator('[data-testid="hold-seconds"]').fill('25');
      await page.locator('[data-testid="hold-seconds"]').press('Tab');
      await page.locator('[data-testid="send-automatically"]').uncheck();
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const r = await (globalThis as unknown as Api).sellerDesk.settings.get();
            return r.ok ? r.value : null;
          }),
        )
        .toEqual({
          holdSeconds: 25,
          sendAutomatically: false,
          commandLineCredentials: false,
          syncIntervalMinutes: 5,
        });
      const settingsText = (await page.locator('section.settings').textContent()) ?? '';
      expect(settingsText).toContain('Your other profiles keep their own choices');
      expect(internalWordsIn(settingsText)).toEqual([]);
      await shoot(desk, 'settings-per-profile');

      // Seller 1's are untouched.
      await switcher(page).locator('button.current').click();
      await rowOf(page, name1).locator('button.pick').click();
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name1);
      await page.click('nav button:has-text("Settings")');
      await expect.poll(() => sending.textContent()).toBe(`Sending changes for ${name1}`);
      await expect.poll(() => page.locator('[data-testid="hold-seconds"]').inputValue()).toBe('10');
      expect(await page.locator('[data-testid="send-automatically"]').isChecked()).toBe(true);

      // The marketplace stops answering: seller 2, in the background, says when it tries again.
      sandbox.setFaults({ dropBeforeRate: 1 });
      await switcher(page).locator('button.current').click();
      await rowOf(page, name2).locator('button.pick').click();
      await switched(page);
      await switcher(page).locator('button.current').click();
      await rowOf(page, name1).locator('button.pick').click();
      await switched(page);
      await switcher(page).locator('button.current').click();
      await expect
        .poll(() => rowOf(page, name2).locator('[data-testid="profile-countdown"]').textContent(), {
          timeout: 30_000,
        })
        .toMatch(/^(Next retry in \d+ s|Trying again now…)$/);
      expect(await rowOf(page, name2).textContent()).toContain('Cannot reach the marketplace');
      await shoot(desk, 'switcher-background-retry');
      sandbox.resetFaults();
      await expect
        .poll(() => rowOf(page, name2).locator('[data-testid="profile-countdown"]').count(), {
          timeout: 30_000,
        })
        .toBe(0);

      // Seller 2 regenerates their token: the background profile offers "Replace token".
      const fresh = sandbox.control.regenerateToken(seller2.id);
      await rowOf(page, name2).locator('button.pick').click();
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name2);
      // The name shows before the list closes: opening it again now would close it.
      await switched(page);
      await switcher(page).locator('button.current').click();
      await rowOf(page, name1).locator('button.pick').click();
      await switched(page);
      await switcher(page).locator('button.current').click();
      await expect
        .poll(() => rowOf(page, name2).locator('[data-testid="profile-replace-token"]').count(), {
          timeout: 30_000,
        })
        .toBe(1);
      await rowOf(page, name2).locator('[data-testid="profile-replace-token"]').click();
      await page.fill('#replace-token', fresh);
      await shoot(desk, 'switcher-replace-token');
      await switcher(page).getByRole('button', { name: 'Replace token', exact: true }).click();
      await expect
        .poll(() => page.locator('[data-testid="active-profile"]').textContent())
        .toBe(name2);
      await switched(page);
      await switcher(page).locator('button.current').click();
      await expect
        .poll(() => rowOf(page, name2).textContent(), { timeout: 30_000 })
        .not.toContain('Token refused');
      expect(await rowOf(page, name2).textContent()).not.toContain(fresh);
      expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 180_000);
});
