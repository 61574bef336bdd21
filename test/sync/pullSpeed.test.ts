// Pull at SQLite speed without losing what the careful road keeps: a pulled chunk is written set
// by set (one look-up for the chunk, one write per offer), and must leave the store exactly as
// taking each offer on its own did (list columns, search, counts, conflicts, the seller's
// changes, the sales history). A page is taken in chunks with the event loop free between them:
// a query asked meanwhile is answered in the middle of the page; a pull stopped between chunks
// moves no high-water mark and the next one takes the rest, with no history row twice.
import { describe, expect, it } from 'vitest';
import type { Offer, Product } from '../../electron/contract/marketplace/wire';
import { openStore, type Store, type SyncStore } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { recordSalesPoints } from '../../electron/core/store/sales';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { HIGH_WATER_KEY } from '../../electron/core/sync';
import { pullOffersFull } from '../../electron/core/sync/pull';
import { accountProduct, goldProduct, manualClock, serverOffer, tempDir } from '../store/fixtures';
import { goldOffer, openDesk, useSyncWorld } from './harness';

// The server field is the offer's primary value: it shows in the list's line and its search.
const labelledGold: Product = {
  ...goldProduct,
  product_fields: [{ ...goldProduct.product_fields[0]!, is_primary: true }],
};

const TABLES = [
  'SELECT * FROM offers ORDER BY local_id',
  'SELECT * FROM server_copies ORDER BY local_id',
  'SELECT * FROM local_changes ORDER BY local_id',
  'SELECT * FROM conflicts ORDER BY local_id, field',
  'SELECT local_id, kind, state, payload FROM outbox ORDER BY id',
  'SELECT * FROM offer_counts ORDER BY dim, key',
  'SELECT server_id, product_id, name, at, purchased, price, status FROM sales_points ORDER BY id',
];

function dump(store: Store) {
  const db = testDatabase(store);
  const tables = TABLES.map((sql) => db.prepare(sql).all());
  // The search index is contentless: what it finds is what it holds.
  const found = ['ragnaros', 'thrall', 'renamed', 'account', '5001', 'gold coins'].map((text) =>
    store
      .queryOffers({ text, sort: { column: 'updated_at', dir: 'desc' }, offset: 0, limit: 500 })
      .rows.map((r) => r.localId),
  );
  return { tables, found };
}

const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 0, minute)).toISOString();

describe('a pulled page, set by set', () => {
  it('leaves the store exactly as taking each offer on its own does', () => {
    const dir = tempDir();
    const clock = manualClock();
    const bySet = openStore(dir.file('set.db'), { clock });
    const byOffer = openStore(dir.file('offer.db'), { clock });
    try {
      const gold = (id: number, over: Partial<Offer> = {}) =>
        serverOffer({
          id,
          product_id: 10,
          updated_at: at(1),
          data: { '101': 'Ragnaros' },
          ...over,
        });
      const first: Offer[] = [
        ...Array.from({ length: 30 }, (_, i) => gold(5000 + i, { price_per_step: 1 + i })),
        serverOffer({
          id: 6000,
          product_id: 20,
          marketplace_type: 2,
          outer_name: 'Level 60 account',
          amount: 1,
          data: { '201': '60' },
          updated_at: at(1),
        }),
        serverOffer({ id: 6001, product_id: 99, updated_at: at(1) }),
      ];
      const apply = (page: Offer[]) => {
        const sync = bySet.syncStore();
        sync.transaction(() => {
          sync.applyServerOffers(page);
          sync.recordSalesPoints(page);
        });
        const ctx = testContext(byOffer);
        ctx.db
          .transaction(() => {
            for (const offer of page) applyServerOffer(ctx, offer);
            recordSalesPoints(ctx, page);
          })
          .immediate();
      };
      for (const store of [bySet, byOffer]) store.saveProducts([labelledGold, accountProduct]);
      apply(first);
      expect(dump(bySet)).toEqual(dump(byOffer));

      // The seller's work on some of them, the same in both.
      for (const store of [bySet, byOffer]) {
        const id = (serverId: number) => store.syncStore().localIdOfServerId(serverId)!;
        store.editOffer(id(5001), { price_per_step: 50 });
        store.editOffer(id(5002), { price_per_step: 60 });
        store.editOffer(id(5003), { data: { '101': 'Thrall' } });
        store.changeStatus(id(5004), 3);
        store.deleteOffer(id(5005));
      }
      clock.advance(60_000);
      const second: Offer[] = [
        // Synced offers the marketplace changed: a price, a name, a server (the line and search),
        // the product, a sale, a status; one it did not change; one named twice in the page.
        gold(5000, { price_per_step: 7, updated_at: at(2) }),
        gold(5006, { outer_name: 'Renamed', updated_at: at(2) }),
        gold(5007, { data: { '101': 'Thrall' }, updated_at: at(2) }),
        gold(5008, { product_id: 20, marketplace_type: 2, updated_at: at(2) }),
        gold(5009, { purchased_amount: 40, amount: 960, updated_at: at(2) }),
        gold(5010, { status: 1, updated_at: at(2) }),
        gold(5011, { price_per_step: 12 }),
        gold(5012, { price_per_step: 99, updated_at: at(2) }),
        gold(5012, { price_per_step: 98, updated_at: at(3) }),
        // The seller's: a conflict, the server agreeing with the change, a field not touched.
        gold(5001, { price_per_step: 55, updated_at: at(2) }),
        gold(5002, { price_per_step: 60, updated_at: at(2) }),
        gold(5003, { amount: 10, updated_at: at(2) }),
        gold(5004, { price_per_step: 8, updated_at: at(2) }),
        gold(5005, { price_per_step: 9, updated_at: at(2) }),
        // New ones, one of them named twice.
        gold(5100, { updated_at: at(2) }),
        gold(5101, { data: { '101': 'Thrall' }, updated_at: at(2) }),
        gold(5101, { data: { '101': 'Thrall' }, price_per_step: 3, updated_at: at(3) }),
      ];
      apply(second);
      const after = dump(bySet);
      expect(after).toEqual(dump(byOffer));
      // And the careful road was taken where it matters.
      const conflicts = after.tables[3] as { field: string }[];
      expect(conflicts.map((c) => c.field)).toEqual(['price_per_step']);
      expect(after.found[2]).toHaveLength(1);
    } finally {
      bySet.close();
      byOffer.close();
      dir.remove();
    }
  });
});

const w = useSyncWorld();

async function sellerWith(offers: number) {
  w.desk = openDesk(w.sb, w.dir.file('seller.db'), { sellerId: 3 });
  const desk = w.desk;
  for (let i = 0; i < offers; i += 100) {
    const batch = Array.from({ length: Math.min(100, offers - i) }, (_, j) => ({
      ...goldOffer(1 + i + j),
      marketplace_type: 1,
    }));
    await desk.client.manageOffers(1, { offers: batch, guarantee_delivery_time: 60_000 });
  }
  // The sandbox lives as long as the file: earlier tests' offers are the seller's too.
  return { desk, onServer: w.sb.control.offers(3).length };
}

/** The store's sync door, each chunk it is given seen by `onChunk`. */
function watched(store: Store, onChunk: (size: number) => void): SyncStore {
  const sync = store.syncStore();
  return {
    ...sync,
    applyServerOffers(chunk) {
      const applied = sync.applyServerOffers(chunk);
      onChunk(chunk.length);
      return applied;
    },
  };
}

const salesRows = (store: Store) =>
  (testDatabase(store).prepare('SELECT count(*) AS n FROM sales_points').get() as { n: number }).n;

describe('a page taken in chunks', () => {
  it('answers a query asked after the first chunk before the page is done', async () => {
    const { desk, onServer } = await sellerWith(150);
    const chunks: number[] = [];
    let answered: number | null = null;
    const sync = watched(desk.store, (size) => {
      chunks.push(size);
      // What a seller's query sees when the loop is next free.
      if (chunks.length === 1) setImmediate(() => (answered = desk.store.countOffers().total));
    });
    await pullOffersFull(sync, desk.client, () => {});
    expect(chunks[0]).toBeLessThan(100);
    expect(answered).toBe(chunks[0]);
    expect(desk.store.countOffers().total).toBe(onServer);
    expect(salesRows(desk.store)).toBe(onServer);
  });

  it('stopped between chunks, moves no high-water mark; the next pull takes the rest once', async () => {
    const { desk, onServer } = await sellerWith(150);
    const stop = new AbortController();
    const sync = watched(desk.store, () => stop.abort(new Error('stopped by the seller')));
    await expect(pullOffersFull(sync, desk.client, () => {}, stop.signal)).rejects.toThrow(
      'stopped by the seller',
    );
    const taken = desk.store.countOffers().total;
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(100);
    expect(desk.store.syncStore().getMeta(HIGH_WATER_KEY)).toBeNull();
    expect(salesRows(desk.store)).toBe(taken);

    const again = await desk.engine.pull({ full: true });
    expect(again.error).toBeNull();
    expect(desk.store.countOffers().total).toBe(onServer);
    expect(salesRows(desk.store)).toBe(onServer);
    expect(desk.store.syncStore().getMeta(HIGH_WATER_KEY)).not.toBeNull();
  });
});
