// The seller's side of a crash of the core's worker, in Chromium through the browser host: the
// worker ends as a crash would end it, the parent starts it again, and the page says so in the
// seller's words (English, then Russian) and keeps working — the same offers, the same session.
// Shot at 1280 and 1024 wide, light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../electron/contract/i18n';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { until } from '../app/sellerWorld';
import { connectWithToken, openHarness, type Harness } from '../e2e/harness';
import type { HostAppCore } from '../../electron/host/hostCore';

type PageApi = { sellerDesk: SellerDeskApi };
let desk: Harness;

beforeAll(async () => {
  desk = await openHarness({ on: 'browser host', name: 'core-restart' });
  desk.page.setDefaultTimeout(30_000);
}, 90_000);

afterAll(async () => {
  await desk?.close();
});

const notice = (page: Page, text: string) => page.locator('.notices .notice', { hasText: text });
const offerRows = (page: Page) => page.locator('[data-testid="offers-grid"] [data-local-id]');

/** Ends the running worker as a crash would and waits for the parent to have started the next. */
async function crashTheWorker() {
  const before = desk.coreWorkers.length;
  await desk.coreWorkers.at(-1)!.kill();
  await until(() => desk.coreWorkers.length === before + 1, 30_000);
  await (desk.core as HostAppCore).remote.settled();
}

async function shoot(label: string) {
  for (const width of [1280, 1024]) {
    for (const scheme of ['light', 'dark'] as const) {
      await desk.page.setViewportSize({ width, height: 800 });
      await desk.page.emulateMedia({ colorScheme: scheme });
      await desk.screenshot(`${label}-${width}-${scheme}`);
    }
  }
  await desk.page.emulateMedia({ colorScheme: 'light' });
  await desk.page.setViewportSize({ width: 1280, height: 800 });
}

describe("the core's worker restarted, as the seller sees it", { timeout: 120_000 }, () => {
  it('tells the seller in their words and goes on with the same session and offers', async () => {
    const { page, sandbox } = desk;
    await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
    const rows = await offerRows(page).count();
    expect(rows).toBeGreaterThan(0);

    await crashTheWorker();
    const said = translate('en', 'worker.restarted');
    expect(said).toBe('Seller Desk restarted its background worker; nothing was lost.');
    await expect.poll(() => notice(page, said).count()).toBe(1);
    await shoot('en');
    // Still connected, the same offers, and the page's calls answered by the new worker.
    expect(await offerRows(page).count()).toBe(rows);
    const status = await page.evaluate(() =>
      (globalThis as unknown as PageApi).sellerDesk.session.status(),
    );
    expect(status).toMatchObject({ ok: true, value: { mode: 'marketplace', tokenSet: true } });
    await notice(page, said).getByRole('button').click();

    const russian = await page.evaluate(() =>
      (globalThis as unknown as PageApi).sellerDesk.app.setLanguage({ choice: 'ru' }),
    );
    expect(russian).toMatchObject({ ok: true, value: { locale: 'ru' } });
    await crashTheWorker();
    await expect.poll(() => notice(page, translate('ru', 'worker.restarted')).count()).toBe(1);
    await shoot('ru');
    expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
  });
});
