// Changes that wait behind a refusal are shown, not hidden: while an offer is under Needs
// attention, the Sync view's queue lists its other queued change as held back, with what releases
// it; after Dismiss it is in the queue to send and goes out with the next sync (English, Russian).
import { afterEach, describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { openStore } from '../../electron/core/store';
import { testDatabase } from '../../electron/core/store/testing';
import { onlyProfileFile } from '../queuedRefusal';
import type { Harness } from './harness';
import { connectWithToken, localIdOf, openHarness } from './harness';
import { shots, syncAndWait } from './flowSteps';

let desk: Harness | undefined;

afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

/** An edit of the offer's price queued valid, then made one the marketplace refuses. */
function queueRefusedPrice(file: string, localId: number) {
  const store = openStore(file);
  try {
    store.editOffer(localId, { price_per_step: 0.5 });
    const db = testDatabase(store);
    const { mine } = db
      .prepare<{ mine: string }>('SELECT mine FROM local_changes WHERE local_id = ?')
      .get(localId)!;
    db.prepare('UPDATE local_changes SET mine = ? WHERE local_id = ?').run(
      JSON.stringify({ ...JSON.parse(mine), price_per_step: 0.00001 }),
      localId,
    );
  } finally {
    store.close();
  }
}

const cases = [
  {
    locale: 'en-US',
    sync: 'Sync',
    nothing: 'nothing to send',
    heldCount: '1 offer held back',
    why: (name: string) => `Held until you fix, retry or dismiss the refusal of ${name}`,
    progress: 'Nothing to send now: 1 offer waits for you',
    fix: 'Fix',
    save: 'Save',
    empty: 'No local changes waiting.',
  },
  {
    locale: 'ru-RU',
    sync: 'Синхронизация',
    nothing: 'отправлять нечего',
    heldCount: '1 предложение задержано',
    why: (name: string) => `Ждут, пока вы не разберётесь с отказом по предложению ${name}`,
    progress: 'Отправлять сейчас нечего: 1 предложение ждёт вас',
    fix: 'Исправить',
    save: 'Сохранить',
    empty: 'Локальных изменений в очереди нет.',
  },
] as const;

describe('changes held behind a refusal, in Chromium', { timeout: 120_000 }, () => {
  for (const c of cases) {
    it(`lists them with what releases them (${c.locale})`, async () => {
      desk = await openHarness({
        name: `truth-held-${c.locale}`,
        locale: c.locale,
        syncHoldMs: 600_000,
        viewport: { width: 1280, height: 1000 },
      });
      const { page, sandbox } = desk;
      page.setDefaultTimeout(20_000);
      await connectWithToken(page, sandbox.sellers[0]!.token, { rows: true });
      const gold = sandbox.control
        .offers(1)
        .find((o) => o.marketplace_type === 1 && o.status === OfferStatus.Active)!;
      const localId = await localIdOf(page, gold.id);
      queueRefusedPrice(onlyProfileFile(desk.dataDir), localId);
      await syncAndWait(page);
      // Refused: the offer needs the seller. Then the seller pauses it: that change is held.
      const queued = await page.evaluate(
        (id) =>
          (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.offers.setStatus({
            localIds: [id],
            status: 3,
          }),
        localId,
      );
      expect(queued.ok).toBe(true);

      await page.click(`nav button:has-text("${c.sync}")`);
      const card = page.locator('section.card[aria-labelledby="queue-title"]');
      const title = card.locator('#queue-title');
      await expect.poll(() => title.textContent()).toContain(c.heldCount);
      expect(await title.textContent()).toContain(c.nothing);
      const held = card.locator(`[data-held-offer="${localId}"]`);
      await held.waitFor();
      const problem = page.locator(`[data-problem-offer="${localId}"]`);
      const text = (await held.textContent())!.replace(/\s+/g, ' ');
      // The held change names the offer as the refusal does.
      const name = (await held.locator('.held-name').textContent())!.trim();
      expect(await problem.textContent()).toContain(name);
      expect(text).toContain(c.why(name));
      expect(await card.textContent()).not.toContain(c.empty);
      expect(await page.locator('#progress-title + p').textContent()).toContain(c.progress);
      await shots(desk, 'held', { height: 1000 });

      // Fixed: nothing holds the change any more, and it goes out with the fix.
      await problem.locator(`button:has-text("${c.fix}")`).click();
      const price = page.locator('#f-price_per_step');
      // The editor opens on the refused value, then takes the seller's.
      await expect.poll(() => price.inputValue()).toMatch(/^0[.,]00001$|^1e-5$/i);
      await price.fill('0.5');
      await page.click(`dialog button.primary:has-text("${c.save}")`);
      await expect.poll(() => held.count()).toBe(0);
      await syncAndWait(page);
      const after = () => sandbox.control.offers(1).find((o) => o.id === gold.id)!;
      await expect.poll(() => after().status).toBe(OfferStatus.NotActive);
      expect(after().price_per_step).toBe(0.5);
    });
  }
});
