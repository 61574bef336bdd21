// The import commit (store.importOffers) against a real SQLite file: thousands of rows in one
// transaction, all or nothing, one outbox operation per offer, and the merged rows, counts and
// search entries exactly what the one-offer path (refreshOffer) would have written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type ImportedOffer, type Store } from '../../electron/core/store';
import { flattenDraft } from '../../electron/core/store/offerFields';
import { applyServerOffer, refreshOffer } from '../../electron/core/store/offers';
import { REBUILD_MIN_CREATES } from '../../electron/core/store/offerImport';
import { accountProduct, manualClock, serverOffer, tempDir } from './fixtures';
import { testContext, testDatabase } from '../../electron/core/store/testing';

let dir: ReturnType<typeof tempDir>;
let store: Store;
const clock = manualClock();

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir.file('seller.db'), { clock });
  store.saveProducts([accountProduct]);
});
afterEach(() => {
  store.close();
  dir.remove();
});

const ROWS = 3000;
const PRODUCT = accountProduct.id;

function accountFields(price: number, name: string) {
  return {
    price_per_step: price,
    amount: 1,
    min_purchase_amount: 1,
    outer_name: name,
    data: { '201': '42' },
  };
}

function creates(count: number, from = 0): ImportedOffer[] {
  return Array.from({ length: count }, (_, i) => ({
    action: 'create',
    guaranteeDeliveryTime: 3_600_000,
    fields: accountFields(1 + (from + i) / 1000, `Lot ${from + i}`),
  }));
}

/** Fails the rules: a price below the minimum and the product's required field missing. */
const badCreate: ImportedOffer = {
  action: 'create',
  guaranteeDeliveryTime: 3_600_000,
  fields: { ...accountFields(0, 'bad'), data: {} },
};

const accountServerOffer = (id: number) =>
  serverOffer({
    id,
    product_id: PRODUCT,
    marketplace_type: 2,
    amount: 1,
    min_purchase_amount: 1,
    data: { '201': '7' },
  });

function snapshot() {
  const all = (sql: string) => testDatabase(store).prepare(sql).all();
  return {
    offers: all('SELECT * FROM offers ORDER BY local_id'),
    changes: all('SELECT * FROM local_changes ORDER BY local_id'),
    outbox: all('SELECT * FROM outbox ORDER BY id'),
    counts: all('SELECT * FROM offer_counts WHERE n <> 0 ORDER BY dim, key'),
    schema: all("SELECT type, name, sql FROM sqlite_master WHERE type <> 'table' ORDER BY name"),
  };
}

/** Every offer's merged columns, recomputed one by one, are what the import wrote. */
function expectRowsAsRefreshed() {
  const before = snapshot();
  testDatabase(store).transaction(() => {
    for (const { local_id } of before.offers as { local_id: number }[]) {
      refreshOffer(testContext(store), local_id);
    }
  })();
  expect(snapshot()).toEqual(before);
}

describe('store.importOffers', () => {
  it('queues thousands of new offers and edits in file order, one manage operation each', () => {
    expect(ROWS).toBeGreaterThanOrEqual(REBUILD_MIN_CREATES); // the indexes are built afterwards
    const existing = [1, 2, 3].map((i) => {
      applyServerOffer(testContext(store), accountServerOffer(9000 + i));
      return store.offerOfServerId(9000 + i)!.localId;
    });
    const schemaBefore = snapshot().schema;
    const rows: ImportedOffer[] = creates(ROWS);
    rows.splice(10, 0, { action: 'edit', localId: existing[0]!, patch: { price_per_step: 7.5 } });
    rows.push({ action: 'edit', localId: existing[2]!, patch: { outer_name: 'Renamed' } });

    const result = store.importOffers(PRODUCT, rows);
    expect(result.refused).toEqual([]);
    expect(result.localIds.every((id) => id !== null)).toBe(true);
    expect(result.localIds[10]).toBe(existing[0]);
    expect(result.localIds.at(-1)).toBe(existing[2]);

    const ops = testDatabase(store)
      .prepare<{ local_id: number; kind: string; state: string }>(
        'SELECT local_id, kind, state FROM outbox ORDER BY id',
      )
      .all();
    expect(ops).toHaveLength(ROWS + 2);
    expect(ops.map((op) => op.local_id)).toEqual(result.localIds);
    expect(new Set(ops.map((op) => `${op.kind}/${op.state}`))).toEqual(new Set(['manage/queued']));

    // The list's indexes were built again from their own SQL: the schema is as it was.
    expect(snapshot().schema).toEqual(schemaBefore);
    const counts = store.countOffers();
    expect(counts.total).toBe(ROWS + 3);
    expect(counts.bySyncState).toMatchObject({ local: ROWS + 2, synced: 1 });
    expect(counts.outbox).toBe(ROWS + 2);

    const newest = result.localIds[ROWS]!;
    expect(store.getOffer(newest)).toMatchObject({
      syncState: 'local',
      serverId: null,
      fields: { outer_name: `Lot ${ROWS - 1}`, guarantee_delivery_time: 3_600_000 },
    });
    expect(store.getOffer(existing[0]!)!.changedFields).toEqual(['price_per_step']);
    expect(store.queryOffers({ text: `lot ${ROWS - 1}` }).rows.map((r) => r.localId)).toEqual([
      newest,
    ]);
    const dearest = store.queryOffers({
      productId: PRODUCT,
      sort: { column: 'price_per_step', dir: 'desc' },
      limit: 1,
    });
    expect(dearest.total).toBe(ROWS + 3);
    expect(dearest.rows[0]!.localId).toBe(existing[0]); // edited to 7.5
    expectRowsAsRefreshed();

    // A small import into the now larger table goes row by row: the same rows again.
    const small = store.importOffers(PRODUCT, creates(50, ROWS));
    expect(small.localIds.every((id) => id !== null)).toBe(true);
    expect(snapshot().schema).toEqual(schemaBefore);
    expectRowsAsRefreshed();
  });

  it('queues nothing when one row at the end is refused, and lists it', () => {
    applyServerOffer(testContext(store), accountServerOffer(9001));
    const before = snapshot();
    const result = store.importOffers(PRODUCT, [...creates(ROWS), badCreate]);
    expect(result.localIds.every((id) => id === null)).toBe(true);
    expect(result.refused.map((r) => r.index)).toEqual([ROWS]);
    expect(result.refused[0]!.problems.map((p) => p.field).sort()).toEqual([
      'data',
      'price_per_step',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('rolls back every new offer when an edit at the end is refused', () => {
    applyServerOffer(testContext(store), accountServerOffer(9001));
    const localId = store.offerOfServerId(9001)!.localId;
    const before = snapshot();
    const result = store.importOffers(PRODUCT, [
      ...creates(ROWS),
      { action: 'edit', localId, patch: { price_per_step: -1 } },
    ]);
    expect(result.refused.map((r) => r.index)).toEqual([ROWS]);
    expect(result.localIds.every((id) => id === null)).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it('with skipRefused queues every other row', () => {
    const rows = [...creates(ROWS), badCreate];
    rows.splice(5, 0, badCreate);
    const result = store.importOffers(PRODUCT, rows, { skipRefused: true });
    expect(result.refused.map((r) => r.index)).toEqual([5, ROWS + 1]);
    expect(result.localIds.filter((id) => id !== null)).toHaveLength(ROWS);
    expect(store.countOffers()).toMatchObject({ total: ROWS, outbox: ROWS });
    expectRowsAsRefreshed();
  });

  it('reads the offers an import is matched against in one pass, merged as the seller sees them', () => {
    applyServerOffer(testContext(store), { ...accountServerOffer(9001), price_per_step: 2 });
    const edited = store.offerOfServerId(9001)!.localId;
    store.editOffer(edited, { price_per_step: 3 });
    const created = store.createOffer({
      productId: PRODUCT,
      guaranteeDeliveryTime: 60_000,
      fields: accountFields(4, 'new'),
    });
    applyServerOffer(testContext(store), accountServerOffer(9002));
    store.deleteOffer(store.offerOfServerId(9002)!.localId);

    const live = store.liveOffersOfProduct(PRODUCT);
    expect(live.map((o) => o.localId).sort()).toEqual([edited, created].sort());
    for (const offer of live) {
      expect(offer.fields).toEqual(flattenDraft(store.getOffer(offer.localId)!.fields));
    }
    expect(store.offerOfServerId(9001)).toMatchObject({ localId: edited, productId: PRODUCT });
    expect(store.offerOfServerId(9001)!.fields.price_per_step).toBe(3);
    expect(store.offerOfServerId(424242)).toBeUndefined();
  });
});
