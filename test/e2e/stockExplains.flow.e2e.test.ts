// The stock view explains itself, in Chromium through the browser host: an account offer with 3
// left against a low level of 5, backed by a restock pool, is not "low" and says why (its badge,
// and the Low stock filter that counts 0); hidden by the marketplace with credentials left, its
// badge and pool section say it is not on sale; an add_batch whose answer was lost while a buyer
// bought since asks the seller "send again / drop" in the pool section. English and Russian,
// screenshots light and dark at 1280 and 1024.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { accountFields } from '../sync/harness';
import { openHarness, connectWithToken } from './harness';
import { coreCall as core, shots, syncAndWait, syncIdle } from './flowSteps';
import { internalWordsIn } from './internalWords';

describe('Stock that explains itself in Chromium', () => {
  it(
    'says why an offer at its level is not low, that hidden stock is not on sale, and asks about accounts that may be on sale',
    { timeout: 240_000 },
    async () => {
      const desk = await openHarness({ on: 'browser host', name: 'flow-stock-explains' });
      desk.page.setDefaultTimeout(20_000);
      try {
        const { page, sandbox } = desk;
        await connectWithToken(page, sandbox.sellers[0]!.token);
        await expect.poll(() => syncIdle(page)).toBe(true);
        const setLanguage = (choice: 'ru' | 'en') =>
          page.evaluate(
            (c) =>
              (globalThis as unknown as { sellerDesk: SellerDeskApi }).sellerDesk.app.setLanguage({
                choice: c,
              }),
            choice,
          );

        const saved = await core(desk, 'offers.save', {
          productId: 10,
          fields: accountFields('Backed smurf'),
          deliveryTimeMs: 600_000,
        });
        const { localId } = saved;
        const stage = (name: string, text: string) =>
          desk.staging.stage(name, Readable.from([text]));
        const first = await core(desk, 'credentials.preview', {
          localId,
          file: await stage('first.txt', 'b-1:Pass-1\nb-2:Pass-2\nb-3:Pass-3\n'),
        });
        if (first.state !== 'ready') throw new Error(first.state);
        await core(desk, 'credentials.commit', { previewId: first.previewId, mode: 'add' });
        await syncAndWait(page);
        const serverId = (await core(desk, 'offers.get', { localId })).row.serverId!;
        sandbox.control.editOfferAsServer(serverId, { status: OfferStatus.Active });
        await core(desk, 'stock.setThreshold', { localId, threshold: 5 });
        const pooled = await core(desk, 'stock.poolPreview', {
          localId,
          file: await stage('pool.txt', 'p-1:Pass-a\np-2:Pass-b\np-3:Pass-c\np-4:Pass-d\n'),
        });
        if (pooled.state !== 'ready') throw new Error(pooled.state);
        await core(desk, 'stock.poolAdd', { previewId: pooled.previewId, keep: 3 });
        await syncAndWait(page);

        // 3 left, low at 5, but the pool keeps 3 on sale: not low, and the view says why.
        const badge = page.locator(`[data-local-id="${localId}"]`).getByTestId('stock-badge');
        await expect.poll(() => badge.textContent()).toBe('Stock: ~3 · Pool tops up: 4');
        expect(await badge.getAttribute('title')).toMatch(
          /Not counted as low: its restock pool tops it up to 3 at each sync \(4 accounts wait in the pool\)/,
        );
        const filter = page.getByTestId('low-stock-filter');
        expect(await filter.textContent()).toMatch(/Low stock \(0\)/);
        expect(await filter.getAttribute('title')).toMatch(
          /Not counted: 1 offer at its low level that its restock pool tops up/,
        );
        expect(internalWordsIn((await page.locator('.offers').textContent()) ?? '')).toEqual([]);
        await shots(desk, 'stock-explains-backed');
        await setLanguage('ru');
        await expect
          .poll(() => badge.textContent())
          .toBe('Осталось: ~3 · Пополняется из резерва: 4');
        expect(await badge.getAttribute('title')).toMatch(/Не считается «мало»/);
        await shots(desk, 'stock-explains-backed-ru');
        await setLanguage('en');

        // More credentials queued; their add_batch is processed but the answer is lost, and a
        // buyer buys before the next sync: the seller is asked.
        const more = await core(desk, 'credentials.preview', {
          localId,
          file: await stage('more.txt', 'm-1:Pass-x\nm-2:Pass-y\n'),
        });
        if (more.state !== 'ready') throw new Error(more.state);
        await core(desk, 'credentials.commit', { previewId: more.previewId, mode: 'add' });
        // Every answer lost until the sale: a round that sends them again meanwhile (nothing sold
        // yet) loses its answer too.
        sandbox.setFaults({ dropAfterRate: 1, pathIncludes: '/credentials/add_batch' });
        await syncAndWait(page);
        expect(sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
        sandbox.resetFaults();
        await syncAndWait(page);

        await page.locator(`[data-local-id="${localId}"]`).dblclick();
        const pool = page.getByTestId('credential-pool');
        await pool.scrollIntoViewIfNeeded();
        const unsure = pool.getByTestId('pool-unsure');
        await expect
          .poll(() => unsure.textContent())
          .toMatch(/2 accounts may already be on sale: the marketplace’s answer was lost/);
        expect(internalWordsIn((await pool.textContent()) ?? '')).toEqual([]);
        await shots(desk, 'stock-explains-unsure');
        await setLanguage('ru');
        await expect
          .poll(() => unsure.textContent())
          .toMatch(/2 аккаунта, возможно, уже в продаже/);
        await shots(desk, 'stock-explains-unsure-ru');
        await setLanguage('en');
        await unsure.getByTestId('unsure-send').click();
        await expect.poll(() => pool.textContent()).toMatch(/2 accounts go again at the next sync/);
        await expect.poll(() => unsure.count()).toBe(0);

        // Hidden on the marketplace with credentials left: not on sale, said so.
        sandbox.control.editOfferAsServer(serverId, { status: OfferStatus.NotActive });
        await syncAndWait(page);
        const hidden = pool.getByTestId('pool-hidden');
        await expect
          .poll(() => hidden.textContent())
          .toMatch(/Not on sale now: the offer is Not Active, buyers do not see it/);
        await shots(desk, 'stock-explains-hidden');
        await setLanguage('ru');
        await expect.poll(() => hidden.textContent()).toMatch(/Сейчас не продаётся/);
        await shots(desk, 'stock-explains-hidden-ru');
        await setLanguage('en');
        expect(desk.console.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual(
          [],
        );
      } finally {
        await desk.close();
      }
    },
  );
});
