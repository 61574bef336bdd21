// The editor's status forecast counts the accounts queued for the offer: once accounts wait to be
// sent with it, it no longer says the offer stays hidden for lack of credentials (English and
// Russian), and says so while the seller's own edits are still unsaved.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { connectWithToken, localIdOf, openHarness, queueCredentialLines } from './harness';
import { shots } from './flowSteps';
import type { Sandbox } from '../../electron/sandbox';

let desk: Harness | undefined;

afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

/** A seeded account offer with the credential system Multiple and no credentials on it. */
function accountOfferWithoutCredentials(sandbox: Sandbox) {
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
        o.outer_name.trim() !== '' &&
        sandbox.control.credentials(o.id).length === 0,
    );
  if (!found) throw new Error('the sandbox seed has no account offer without credentials');
  return found;
}

const cases = [
  { locale: 'en-US', hidden: /stays hidden/, riding: '3 credentials go with it' },
  { locale: 'ru-RU', hidden: /оно скрыто/, riding: '3 аккаунта уходят' },
] as const;

describe('the forecast counts queued accounts, in Chromium', { timeout: 120_000 }, () => {
  for (const { locale, hidden, riding } of cases) {
    it(`no longer says "no credentials yet" once accounts are queued (${locale})`, async () => {
      desk = await openHarness({
        name: `truth-forecast-${locale}`,
        locale,
        // The seller's changes stay queued while the test looks at them.
        syncHoldMs: 600_000,
      });
      const { page, sandbox } = desk;
      page.setDefaultTimeout(20_000);
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      const offer = accountOfferWithoutCredentials(sandbox);
      const localId = await localIdOf(page, offer.id);
      await page.locator(`[data-local-id="${localId}"]`).first().dblclick();
      const forecast = page.locator('[data-testid="status-forecast"]');
      await expect.poll(() => forecast.textContent()).toMatch(hidden);
      // The seller has an edit under way when the accounts come in.
      await page.fill('#f-price_per_step', String((offer.price_per_step ?? 1) + 1));
      const queued = await queueCredentialLines(page, localId, 'u1:p1\nu2:p2\nu3:p3\n');
      expect(queued.ok).toBe(true);
      await expect.poll(() => forecast.textContent()).not.toMatch(hidden);
      expect(await forecast.textContent()).toContain(riding);
      await shots(desk, 'forecast', {
        height: 900,
        shoot: (shot) =>
          page
            .locator('dialog')
            .screenshot({ path: `test-output/screens/truth-${locale}-${shot}.png` }),
      });
    });
  }
});
