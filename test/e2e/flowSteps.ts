// Steps the Chromium flows take alike: waiting for a sync to end, asking the core directly,
// dropping a file on a drop zone as the file manager does, the sandbox's account offer with
// credentials, and the screenshots at 1280 and 1024, light and dark, once the colours settle.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  dispatch,
  type ChannelName,
  type ChannelOutput,
  type SellerDeskApi,
} from '../../electron/contract/ipc';
import type { Offer } from '../../electron/contract/marketplace/wire';
import type { Sandbox } from '../../electron/sandbox';
import type { Harness } from './harness';

type PageGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
  document: { getAnimations(): { finished: Promise<unknown> }[] };
  sellerDesk: SellerDeskApi;
};

/** No sync running, as the page's own API says. */
export function syncIdle(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const api = (globalThis as unknown as PageGlobals).sellerDesk;
    const status = await api.sync.status();
    return status.ok && !status.value.running;
  });
}

/** "Sync now", then waits for it to end. */
export async function syncAndWait(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as PageGlobals).sellerDesk.sync.now());
  await expect.poll(() => syncIdle(page)).toBe(true);
}

/** A channel's answer straight from the core (set-up the screen does not need to show). */
export async function coreCall<C extends ChannelName>(
  desk: Harness,
  channel: C,
  input: unknown,
): Promise<ChannelOutput<C>> {
  const result = await dispatch(desk.core.handlers, channel, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as ChannelOutput<C>;
}

/** A text file dropped on `zone` (a selector): dragenter, dragover and drop, as Chromium sends. */
export async function dropTextFile(
  page: Page,
  zone: string,
  name: string,
  text: string,
  type = 'text/plain',
) {
  const transfer = await page.evaluateHandle(
    ({ name, text, type }) => {
      const g = globalThis as unknown as PageGlobals;
      const dt = new g.DataTransfer();
      dt.items.add(new g.File([text], name, { type }));
      return dt;
    },
    { name, text, type },
  );
  const target = page.locator(zone);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** The first seller's named account offer with the credential system Multiple, from the seed. */
export function accountOfferWithCredentials(sandbox: Sandbox): Offer {
  const accountProducts = new Set(
    sandbox.control
      .products()
      .filter((p) => p.marketplace_type === 2)
      .map((p) => p.id),
  );
  const found = sandbox.control
    .offers(1)
    .find(
      (o) =>
        accountProducts.has(o.product_id) &&
        o.credential_system_type_id === 3 &&
        o.outer_name.trim() !== '',
    );
  if (!found) throw new Error('the sandbox seed has no account offer with credentials');
  return found;
}

/** Waits for the page's transitions (0.12 s colour eases) to finish. */
export function settled(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as PageGlobals).document
        .getAnimations()
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Screenshots at 1280 and 1024 wide, light and dark: `shoot` names each (the harness's full page
 * by default); the page is left light at 1280 × `height`.
 */
export async function shots(
  desk: Harness,
  name: string,
  options: { height?: number; shoot?: (shot: string) => Promise<unknown> } = {},
): Promise<void> {
  const { page } = desk;
  const height = options.height ?? 800;
  const shoot = options.shoot ?? ((shot: string) => desk.screenshot(shot));
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await settled(page);
      await shoot(`${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height });
}

/** The offers list's row whose price cell reads `price` exactly. */
export function rowWithPrice(page: Page, price: string) {
  return page.locator('[data-local-id]', {
    has: page.locator('.cell.num', { hasText: new RegExp(`^\\s*${price}\\s*$`) }),
  });
}

/**
 * A new "WoW Classic Era Gold" offer filled in the editor (opened with New offer), its delivery
 * time in hours and its realm by position in the list; the editor stays open.
 */
export async function fillGoldOffer(
  page: Page,
  offer: { price: string; amount: string; hours: string; realmIndex: number; faction: string },
) {
  await page.click('dialog button:has-text("WoW Classic Era Gold")');
  await page.fill('#f-price_per_step', offer.price);
  await page.fill('#f-amount', offer.amount);
  await page.fill('#delivery-value', offer.hours);
  await page.selectOption('[aria-label="Delivery time unit"]', 'hours');
  await page.selectOption('#data-101', { index: offer.realmIndex });
  await page.selectOption('#data-102', offer.faction);
}
