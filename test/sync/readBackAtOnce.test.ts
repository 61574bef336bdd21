// The read after a push: the seller waits for it, so the pages of the offers the push had
// accepted are asked for together, sized to what is expected (the accepted offers and the one
// past them that shows where the known ones begin), not one after the other. The real client,
// limiter, store and engine against the sandbox; the client is only watched (pages asked, at once).
import { describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import type { MarketplaceClient } from '../../electron/core/api';
import { createSyncEngine } from '../../electron/core/sync';
import { testDatabase } from '../../electron/core/store/testing';
import { goldOffer, openDesk, secretBox, useSyncWorld, WINDOW_MS } from './harness';

const w = useSyncWorld();

/** The client as it is, with the pages it was asked for and how many were in flight at once. */
function watchedPages(client: MarketplaceClient) {
  const asked: { offset: number; limit: number }[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const watched: MarketplaceClient = {
    ...client,
    myOffers: async (query = {}, signal) => {
      asked.push({ offset: query.offset ?? 0, limit: query.limit ?? 0 });
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      try {
        return await client.myOffers(query, signal);
      } finally {
        inFlight--;
      }
    },
  };
  return {
    watched,
    asked,
    mostAtOnce: () => mostAtOnce,
    reset() {
      asked.length = 0;
      mostAtOnce = 0;
    },
  };
}

describe('the read after a push', () => {
  it('asks for the pages of the accepted offers at once, the last one sized to them', async () => {
    w.desk = openDesk(w.sb, w.dir.file('read-at-once.db'), { sellerId: 2 });
    const desk = w.desk;
    const pages = watchedPages(desk.client);
    const engine = createSyncEngine({
      store: desk.store,
      client: pages.watched,
      limiter: desk.limiter,
      secretBox,
      backoff: { baseMs: 20, maxMs: 200 },
      maxInlineWaitMs: 5000,
    });
    await engine.pull({ catalogue: true });
    const offers = 150; // two manage requests, inside one window's 200-offer budget
    testDatabase(desk.store).transaction(() => {
      for (let i = 0; i < offers; i++) {
        desk.store.createOffer({
          productId: 1,
          guaranteeDeliveryTime: 600_000,
          fields: goldOffer(70 + i / 100, `read-at-once ${i}`),
        });
      }
    })();
    // Earlier requests of this seller: a fresh window.
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const pushed = await engine.push(undefined, { readBackWhileWaiting: true });
    expect(pushed).toMatchObject({ sent: offers, failed: 0, pending: 0 });
    pages.reset();

    await engine.pull({});

    // 150 accepted and the first known one: a page of 100 and one of 51, in flight together.
    expect(pages.asked).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 51 },
    ]);
    expect(pages.mostAtOnce()).toBe(2);
    const rows = testDatabase(desk.store)
      .prepare<{ sync_state: string; status: number | null; server_updated_at: string | null }>(
        'SELECT sync_state, status, server_updated_at FROM offers WHERE price_per_step >= 70 AND price_per_step < 72',
      )
      .all();
    expect(rows).toHaveLength(offers);
    expect(rows.every((r) => r.sync_state === 'synced' && r.server_updated_at)).toBe(true);
    expect(rows.every((r) => r.status === OfferStatus.Active)).toBe(true);

    // Nothing accepted since: a refresh is one page, as before.
    pages.reset();
    await engine.pull({});
    expect(pages.asked).toEqual([{ offset: 0, limit: 100 }]);
  });

  it('reads on page by page when more changed than the push accepted', async () => {
    w.desk = openDesk(w.sb, w.dir.file('read-more.db'), { sellerId: 2 });
    const desk = w.desk;
    const pages = watchedPages(desk.client);
    const engine = createSyncEngine({
      store: desk.store,
      client: pages.watched,
      limiter: desk.limiter,
      secretBox,
      backoff: { baseMs: 20, maxMs: 200 },
      maxInlineWaitMs: 5000,
    });
    await engine.pull({ catalogue: true });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        desk.store.createOffer({
          productId: 1,
          guaranteeDeliveryTime: 600_000,
          fields: goldOffer(80 + i / 100, `read-more ${i}`),
        }),
      );
    }
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    await engine.push(undefined, { readBackWhileWaiting: true });
    const pushedIds = new Set(ids.map((id) => desk.store.getOffer(id)!.serverId));
    // Changed on the marketplace meanwhile, by someone else: newer than the push's three.
    const changedElsewhere = w.sb.control
      .offers(2)
      .filter((o) => !pushedIds.has(o.id))
      .slice(0, 120)
      .map((o) => o.id);
    expect(changedElsewhere.length).toBeGreaterThan(4);
    for (const id of changedElsewhere) {
      w.sb.control.editOfferAsServer(id, { price_per_step: 123.45 });
    }
    pages.reset();

    await engine.pull({});

    // The expected page (three and one) came back full of newer offers: the rest page by page.
    expect(pages.asked[0]).toEqual({ offset: 0, limit: 4 });
    expect(pages.asked.length).toBeGreaterThan(1);
    const prices = testDatabase(desk.store)
      .prepare<{ price_per_step: number }>(
        `SELECT price_per_step FROM offers WHERE server_id IN (${changedElsewhere.join(',')})`,
      )
      .all();
    expect(prices).toHaveLength(changedElsewhere.length);
    expect(prices.every((p) => p.price_per_step === 123.45)).toBe(true);
  });
});
