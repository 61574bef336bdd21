// The seller's day, end to end: the real renderer (built) in Debian Chromium, through the browser
// host, on the real core, against the sandbox marketplace on loopback (test/e2e/harness.ts).
// Each flow saves a screenshot into test-output/screens/.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { openHarness, type Harness, connectWithToken } from './harness';
import { fillGoldOffer, rowWithPrice } from './flowSteps';

const FLOW_TIMEOUT = 60_000;

/** Runs a flow on a fresh harness and always closes it. */
async function withDesk(name: string, flow: (desk: Harness) => Promise<void>) {
  const desk = await openHarness({ name: `flow-${name}` });
  desk.page.setDefaultTimeout(20_000);
  try {
    await flow(desk);
  } finally {
    await desk.close();
  }
}

describe('the seller workspace in Chromium', () => {
  it(
    'a wrong token gets a plain answer, the right one opens the offers',
    () =>
      withDesk('token', async (desk) => {
        const { page } = desk;
        await page.fill('#token-input', 'not-a-real-token');
        await page.click('form button[type=submit]');
        const problem = page.locator('#token-error');
        await expect.poll(() => problem.getAttribute('data-kind')).toBe('unauthorized');
        await expect.poll(() => problem.textContent()).toMatch(/did not accept this token/);
        expect(await page.getAttribute('#token-input', 'aria-invalid')).toBe('true');
        expect(await page.locator('[data-testid="offers-grid"]').count()).toBe(0);
        await desk.screenshot('refused');
        await connectWithToken(page, desk.sandbox.sellers[0]!.token);
        await expect.poll(() => page.locator('[data-local-id]').count()).toBeGreaterThan(0);
      }),
    FLOW_TIMEOUT,
  );

  it(
    'a new gold offer is Active after sync',
    () =>
      withDesk('gold', async (desk) => {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token);
        await page.keyboard.press('Control+n');
        await fillGoldOffer(page, {
          price: '0.0777',
          amount: '250000',
          hours: '2',
          realmIndex: 3,
          faction: 'Horde',
        });
        await expect
          .poll(() => page.textContent('[data-testid="status-forecast"]'))
          .toMatch(/Active/);
        await page.keyboard.press('Control+s');
        await page.click('dialog button:has-text("Close")');
        const row = rowWithPrice(page, '0.0777');
        await expect
          .poll(() => row.locator('[data-sync]').getAttribute('data-sync'))
          .toBe('synced');
        expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('2');
        const created = sandbox.control.offers(1).filter((o) => o.price_per_step === 0.0777);
        expect(created).toHaveLength(1);
        expect(created[0]).toMatchObject({
          status: 2,
          amount: 250000,
          guarantee_delivery_time: 7_200_000,
          data: { '102': 'Horde' },
        });
        await desk.screenshot('active');
      }),
    FLOW_TIMEOUT,
  );

  it(
    'an account offer missing a required field shows the error at that field',
    () =>
      withDesk('account', async (desk) => {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token);
        // Read once the first sync has listed them all (the list may show before it has).
        const before = `${sandbox.control.offers(sandbox.sellers[0]!.id).length} offers`;
        await expect.poll(() => page.textContent('[data-testid="offers-total"]')).toBe(before);
        await page.click('button:has-text("New offer")');
        await page.click('dialog button:has-text("Valorant Accounts")');
        await page.fill('#f-price_per_step', '42');
        await page.fill('#f-outer_name', 'Immortal EU account');
        await page.selectOption('#data-1002', 'EU');
        await page.selectOption('#data-1003', 'PC');
        await page.fill('#data-1005', '120');
        await page.fill('#data-1006', 'Immortal 3');
        await page.keyboard.press('Control+s');
        const rank = page.locator('[data-field="data.1001"] [role="alert"]');
        await expect.poll(() => rank.textContent()).toMatch(/Required\./);
        expect(await rank.textContent()).toMatch(/Allowed: Iron/);
        expect(await page.getAttribute('#data-1001', 'aria-invalid')).toBe('true');
        expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe(
          'data-1001',
        );
        await desk.screenshot('rank-required');
        await page.keyboard.press('Escape');
        await page.click('dialog button:has-text("Discard edits")');
        expect(await page.textContent('[data-testid="offers-total"]')).toBe(before);
        expect(sandbox.control.offers(1).some((o) => o.price_per_step === 42)).toBe(false);
      }),
    FLOW_TIMEOUT,
  );

  it('an edit made while the marketplace is down survives a restart and is sent later', async () => {
    const desk = await openHarness({ name: 'flow-offline' });
    const snapshot = join(desk.dataDir, 'sandbox-snapshot.json');
    const port = Number(new URL(desk.sandbox.baseUrl).port);
    let revived: Awaited<ReturnType<typeof startSandbox>> | null = null;
    try {
      const { page } = desk;
      await connectWithToken(page, desk.sandbox.sellers[0]!.token);
      // The first sync has brought the offer in before the marketplace goes away.
      await rowWithPrice(page, '0.05').waitFor();
      await desk.sandbox.saveSnapshot(snapshot);
      await desk.sandbox.close();
      await rowWithPrice(page, '0.05').dblclick();
      await page.fill('#f-price_per_step', '0.0555');
      await page.keyboard.press('Control+s');
      await page.click('dialog button:has-text("Close")');
      const row = rowWithPrice(page, '0.0555');
      await expect.poll(() => row.locator('[data-sync]').getAttribute('data-sync')).toBe('local');
      await desk.restartHost();
      await page.waitForSelector('[data-testid="offers-grid"]');
      await expect.poll(() => row.locator('[data-sync]').getAttribute('data-sync')).toBe('local');
      await desk.screenshot('after-restart');
      revived = await startSandbox({ windowMs: 1000, port, snapshotFile: snapshot });
      await page.click('nav button:has-text("Sync")');
      // A run that began while the marketplace was down may still be backing off; Sync now
      // queues the next one after it.
      await page.click('button:has-text("Sync now")');
      await page.click('nav button:has-text("Offers")');
      await expect
        .poll(() => row.locator('[data-sync]').getAttribute('data-sync'), { timeout: 30_000 })
        .toBe('synced');
      expect(revived.control.offers(1).find((o) => o.id === 1001)?.price_per_step).toBe(0.0555);
    } finally {
      await revived?.close();
      // The harness's own sandbox is already stopped; closing it again is refused.
      await desk.close().catch(() => rmSync(desk.dataDir, { recursive: true, force: true }));
    }
  }, 60_000);

  it(
    'a bulk price change reaches all 50 selected offers',
    () =>
      withDesk('bulk', async (desk) => {
        const { page, sandbox } = desk;
        const seller = sandbox.sellers[2]!;
        const realm = sandbox.control.products()[0]!.product_fields[0]!.field_values[0]!.value;
        const offers = Array.from({ length: 50 }, () => ({
          price_per_step: 0.1,
          amount: 1000,
          min_purchase_amount: 1,
          marketplace_type: 1,
          data: { '101': realm, '102': 'Alliance' },
        }));
        const created = await fetch(
          `${sandbox.baseUrl}/api/shop/marketplace/products/1/offers/manage`,
          {
            method: 'POST',
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${seller.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ offers, guarantee_delivery_time: 3_600_000 }),
          },
        );
        expect(created.status).toBe(200);
        await connectWithToken(page, seller.token);
        await expect
          .poll(() => page.textContent('[data-testid="offers-total"]'))
          .toMatch(/^50 offers/);
        await page.click('[data-testid="offers-grid"] [data-index="0"]');
        await page.keyboard.press('Control+a');
        await expect
          .poll(() => page.textContent('[data-testid="selected-count"]'))
          .toMatch(/50 offers/);
        await page.click('button[aria-label="Change price of the selected offers"]');
        await page.fill('[data-testid="price-change-value"]', '10');
        await page.click('dialog button:has-text("Preview…")');
        // The preview lists the changes first; nothing is queued until it is confirmed.
        await page.click('[data-testid="bulk-preview-confirm"]');
        await expect.poll(() => rowWithPrice(page, '0.11').count()).toBeGreaterThan(10);
        await desk.screenshot('changed');
        await expect
          .poll(
            () => sandbox.control.offers(seller.id).filter((o) => o.price_per_step === 0.11).length,
            { timeout: 20_000 },
          )
          .toBe(50);
      }),
    FLOW_TIMEOUT,
  );

  it(
    'a conflict is resolved field by field',
    () =>
      withDesk('conflict', async (desk) => {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token);
        // The first sync (read in chunks, on the core's own thread) brought the offer in.
        await rowWithPrice(page, '0.05').waitFor();
        // The marketplace is unreachable while the seller edits, so both sides change.
        sandbox.setFaults({ dropBeforeRate: 1 });
        await rowWithPrice(page, '0.05').dblclick();
        await page.fill('#f-price_per_step', '0.06');
        await page.fill('#f-amount', '600000');
        await page.keyboard.press('Control+s');
        await page.click('dialog button:has-text("Close")');
        sandbox.control.editOfferAsServer(1001, { price_per_step: 0.07, amount: 700000 });
        sandbox.resetFaults();
        await page.click('nav button:has-text("Sync")');
        await page.click('button:has-text("Sync now")');
        const conflicts = page.locator('[data-testid="conflicts"]');
        await conflicts.first().waitFor({ timeout: 20_000 });
        await desk.screenshot('choices');
        await conflicts.locator('[data-conflict="price_per_step"] button:has-text("Keep")').click();
        await page.locator('[data-conflict="price_per_step"]').waitFor({ state: 'detached' });
        await conflicts.locator('[data-conflict="amount"] button:has-text("Take")').click();
        await page.locator('[data-conflict]').first().waitFor({ state: 'detached' });
        // Resolving is a local change like any other: the background sync sends it.
        await expect
          .poll(() => sandbox.control.offers(1).find((o) => o.id === 1001), { timeout: 20_000 })
          .toMatchObject({ price_per_step: 0.06, amount: 700000 });
      }),
    FLOW_TIMEOUT,
  );

  it(
    'the keyboard: Ctrl+F searches, Delete asks first, Escape backs out',
    () =>
      withDesk('keys', async (desk) => {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token);
        await page.keyboard.press('Control+f');
        expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('offers-search');
        const row = rowWithPrice(page, '0.0009');
        await row.click();
        await page.keyboard.press('Delete');
        const confirm = page.locator('dialog[open]');
        await expect.poll(() => confirm.textContent()).toMatch(/1 offer will be deleted/);
        await page.keyboard.press('Escape');
        await expect.poll(() => confirm.count()).toBe(0);
        expect(await row.count()).toBe(1);
        await page.keyboard.press('Delete');
        await desk.screenshot('confirm-delete');
        await page.click('dialog[open] button:has-text("Delete")');
        await expect.poll(() => row.count()).toBe(0);
        await expect
          .poll(() => sandbox.control.offers(1).some((o) => o.id === 1003), { timeout: 20_000 })
          .toBe(false);
      }),
    FLOW_TIMEOUT,
  );
});
