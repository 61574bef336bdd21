// The Activity view in Chromium through the browser host: after connecting (which syncs), it
// lists the requests the sandbox received, filters them, and holds no token, login or password
// (not on the page, not in the export); screenshots light and dark at 1280 and 1024.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { openHarness, connectWithToken, localIdOf, queueCredentialLines } from './harness';
import { syncIdle } from './flowSteps';

describe('Activity view in Chromium', () => {
  it("lists a sync's requests, searches and filters them, and never shows the token or a credential", async () => {
    const desk = await openHarness({ name: 'flow-activity' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox } = desk;
      const token = sandbox.sellers[0]!.token;
      await connectWithToken(page, token);
      // The first sync has read the seller's offers.
      await expect
        .poll(() => sandbox.requests.filter((r) => r.path.endsWith('/my_offers')).length)
        .toBeGreaterThan(0);

      // Credentials for an account offer go out: the log says they were uploaded, never what
      // they were.
      const login = 'activity-login-77';
      const password = 'Activity-Secret-Pass-9';
      const account = sandbox.control
        .offers(sandbox.sellers[0]!.id)
        .find((o) => o.marketplace_type === 2 && o.credential_system_type_id === 3)!;
      const credentials = await queueCredentialLines(
        page,
        await localIdOf(page, account.id),
        `${login}:${password}`,
      );
      expect(credentials).toMatchObject({ ok: true, value: { queued: 1 } });
      // On the marketplace, whichever request carried it (an add, or the offer's edit while it
      // holds none).
      await expect
        .poll(() => sandbox.control.credentials(account.id).map((c) => c.login), {
          timeout: 30_000,
        })
        .toContain(login);

      // A status change the marketplace refuses: the offer was deleted there meanwhile.
      const gold = sandbox.control
        .offers(sandbox.sellers[0]!.id)
        .find((o) => o.marketplace_type === 1 && o.status === OfferStatus.Active)!;
      const queued = await page.evaluate(
        ([localId]) =>
          (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.offers.setStatus({
            localIds: [localId!],
            status: 3,
          }),
        [await localIdOf(page, gold.id)],
      );
      expect(queued).toMatchObject({ ok: true });
      sandbox.control.deleteOfferAsServer(gold.id);
      await page.evaluate(() =>
        (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.sync.now(),
      );
      await expect
        .poll(() => sandbox.requests.filter((r) => r.path.endsWith('/edit_status')).length)
        .toBe(1);

      await page.click('nav button:has-text("Activity")');
      const refusedRow = page
        .locator('table[aria-label="Requests sent"] tbody tr')
        .filter({ hasText: 'Set status to Not Active' });
      await expect.poll(() => refusedRow.textContent()).toMatch(/Refused.*not found/);
      // An HTTP status is a number for engineers, never on screen.
      expect(await refusedRow.textContent()).not.toMatch(/\b404\b/);
      expect(await refusedRow.textContent()).toContain(String(gold.id));
      const rows = page.locator('table[aria-label="Requests sent"] tbody tr');
      await expect.poll(() => rows.filter({ hasText: 'Read offers' }).count()).toBeGreaterThan(0);
      // Once the sync has ended, one row per read the marketplace received.
      await expect.poll(() => syncIdle(page)).toBe(true);
      const reads = sandbox.requests.filter((r) => r.path.endsWith('/my_offers')).length;
      await expect.poll(() => rows.filter({ hasText: 'Read offers' }).count()).toBe(reads);
      await expect.poll(() => rows.filter({ hasText: 'Upload 1 credential' }).count()).toBe(1);
      for (const secret of [token, login, password]) {
        expect(await page.content()).not.toContain(secret);
      }

      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 760 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await desk.screenshot(`activity-${width}-${scheme}`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await page.getByLabel('Search activity').fill('products');
      await expect.poll(() => rows.filter({ hasText: 'Read offers' }).count()).toBe(0);
      expect(await rows.filter({ hasText: 'Read products' }).count()).toBeGreaterThan(0);
      await page.getByLabel('Search activity').fill('');
      await page.getByLabel('Outcome').selectOption('refused');
      await expect.poll(() => rows.first().textContent()).toMatch(/Set status to Not Active/);
      expect(await rows.count()).toBe(1);
      // Export CSV writes what the filter shows.
      await page.click('button:has-text("Export CSV")');
      await page.waitForSelector('text=/1 entry saved as “.+” in the folder .+exports/');
      const exportsDir = join(desk.dataDir, 'exports');
      const csvName = readdirSync(exportsDir).find((n) => n.endsWith('activity.csv'))!;
      const csv = readFileSync(join(exportsDir, csvName), 'utf8').trimEnd().split('\r\n');
      expect(csv[0]).toBe('Time,Operation,Offers,Outcome,Message');
      for (const secret of [token, login, password]) expect(csv.join('\n')).not.toContain(secret);
      expect(csv.slice(1)).toHaveLength(1);
      expect(csv[1]).toMatch(
        new RegExp(`Set status to Not Active,${gold.id},Refused,Offer ${gold.id} not found`),
      );
      await page.getByLabel('Outcome').selectOption('rate_limited');
      await expect.poll(() => rows.first().textContent()).toMatch(/No request matches/);
    } finally {
      await desk.close();
    }
  });
});
