import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/core/store';
import { applyServerDeletion, applyServerOffer } from '../../electron/core/store/offers';
import { goldProduct, manualClock, serverOffer, tempDir } from './fixtures';
import { testContext, testDatabase } from '../../electron/core/store/testing';

let dir: ReturnType<typeof tempDir>;
let store: Store;

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir.file('seller.db'), { clock: manualClock() });
  store.saveProducts([goldProduct]);
});
afterEach(() => {
  store.close();
  dir.remove();
});

function localIdOf(serverId: number): number {
  return testDatabase(store)
    .prepare<{ local_id: number }>('SELECT local_id FROM offers WHERE server_id = ?')
    .get(serverId)!.local_id;
}

/** The trigger-kept totals agree with counting the rows. */
function expectCountsMatchRows() {
  const counts = store.countOffers();
  const byStatus = Object.fromEntries(
    testDatabase(store)
      .prepare<{ s: string; n: number }>(
        "SELECT coalesce(status, 'none') AS s, count(*) AS n FROM offers GROUP BY status",
      )
      .all()
      .map((r) => [r.s, r.n]),
  );
  expect(counts.byStatus).toEqual(byStatus);
  const bySync = testDatabase(store)
    .prepare<{ s: string; n: number }>(
      'SELECT sync_state AS s, count(*) AS n FROM offers GROUP BY sync_state',
    )
    .all();
  for (const r of bySync) expect(counts.bySyncState[r.s as 'synced']).toBe(r.n);
  expect(counts.total).toBe(
    testDatabase(store).prepare<{ n: number }>('SELECT count(*) AS n FROM offers').get()!.n,
  );
}

describe('read model', () => {
  it('filters, sorts, pages and searches the merged view', () => {
    for (let i = 1; i <= 30; i++) {
      applyServerOffer(
        testContext(store),
        serverOffer({
          id: 100 + i,
          price_per_step: i,
          status: i % 3 === 0 ? 3 : 2,
          outer_name: i === 7 ? 'Shiny Dragon Mount' : `offer ${i}`,
          updated_at: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
        }),
      );
    }
    store.editOffer(localIdOf(105), { price_per_step: 99 });
    const page = store.queryOffers({
      status: 2,
      sort: { column: 'price_per_step', dir: 'desc' },
      offset: 0,
      limit: 3,
    });
    expect(page.total).toBe(20);
    expect(page.rows.map((r) => r.pricePerStep)).toEqual([99, 29, 28]);
    expect(page.rows[0]!.syncState).toBe('local');
    const second = store.queryOffers({
      status: 2,
      sort: { column: 'price_per_step', dir: 'desc' },
      offset: 3,
      limit: 3,
    });
    expect(second.rows.map((r) => r.pricePerStep)).toEqual([26, 25, 23]);
    expect(store.queryOffers({ text: 'dragon' }).rows.map((r) => r.serverId)).toEqual([107]);
    expect(store.queryOffers({ text: 'DRAGON Mo' }).total).toBe(1);
    expect(store.queryOffers({ text: 'y d' }).rows.map((r) => r.serverId)).toEqual([107]);
    expect(store.queryOffers({ text: 'offer 2', status: 2 }).total).toBe(
      [2, 20, 22, 23, 25, 26, 28, 29].length,
    );
    expect(store.queryOffers({ syncState: 'local' }).total).toBe(1);
    expect(store.queryOffers({ productId: 10 }).total).toBe(30);
    expect(
      store.queryOffers({ sort: { column: 'product', dir: 'asc' } }).rows[0]!.productTitle,
    ).toBe('Gold Coins EU');
    const counts = store.countOffers();
    expect(counts.total).toBe(30);
    expect(counts.byStatus).toEqual({ '2': 20, '3': 10 });
    expect(counts.bySyncState).toMatchObject({ synced: 29, local: 1 });
    expect(counts.outbox).toBe(1);
    store.changeStatus(localIdOf(110), 3);
    store.deleteOffer(localIdOf(111));
    store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 1,
      fields: { price_per_step: 1, amount: 10, min_purchase_amount: 5, data: { '101': 'Thrall' } },
    });
    expectCountsMatchRows();
    expect(store.queryOffers({ status: 3 }).total).toBe(
      store.queryOffers({ status: 3, productId: 10 }).total,
    );
  });

  it('rebases a local change on a pulled copy and raises a conflict only where both changed', () => {
    applyServerOffer(testContext(store), serverOffer({ id: 200, price_per_step: 1, amount: 100 }));
    const id = localIdOf(200);
    store.editOffer(id, { price_per_step: 2, amount: 300, data: { '101': 'Thrall' } });
    const result = applyServerOffer(
      testContext(store),
      serverOffer({
        id: 200,
        price_per_step: 5, // changed there too: conflict
        amount: 300, // the server already has my value: it leaves the change
        comment_for_reviewer: 'edited on the web', // only theirs: simply the new base
        updated_at: '2026-02-01T00:00:00.000Z',
      }),
    );
    expect(result).toBe('conflict');
    const detail = store.getOffer(id)!;
    expect(detail.syncState).toBe('conflict');
    expect(detail.conflicts).toEqual([{ field: 'price_per_step', base: 1, mine: 2, theirs: 5 }]);
    expect(detail.changedFields.sort()).toEqual(['data.101', 'price_per_step']);
    expect(detail.fields.comment_for_reviewer).toBe('edited on the web');
    expect(detail.server!.price_per_step).toBe(5);
    const change = testDatabase(store)
      .prepare<{ base: string; base_updated_at: string }>(
        'SELECT base, base_updated_at FROM local_changes WHERE local_id = ?',
      )
      .get(id)!;
    expect(change.base_updated_at).toBe('2026-02-01T00:00:00.000Z');
    expect(JSON.parse(change.base)).toEqual({ price_per_step: 5, 'data.101': 'Ragnaros' });

    store.resolveConflict(id, 'price_per_step', 'theirs');
    const after = store.getOffer(id)!;
    expect(after.conflicts).toEqual([]);
    expect(after.fields.price_per_step).toBe(5);
    expect(after.changedFields).toEqual(['data.101']);
    expect(after.syncState).toBe('local');
  });

  it('keeps mine when the seller says so', () => {
    applyServerOffer(testContext(store), serverOffer({ id: 201, price_per_step: 1 }));
    const id = localIdOf(201);
    store.editOffer(id, { price_per_step: 2 });
    applyServerOffer(
      testContext(store),
      serverOffer({ id: 201, price_per_step: 3, updated_at: '2026-03-01T00:00:00.000Z' }),
    );
    store.resolveConflict(id, 'price_per_step', 'mine');
    const detail = store.getOffer(id)!;
    expect(detail.fields.price_per_step).toBe(2);
    expect(detail.syncState).toBe('local');
  });

  it('a server deletion removes an untouched offer but keeps a changed one for the seller', () => {
    applyServerOffer(testContext(store), serverOffer({ id: 300 }));
    applyServerOffer(testContext(store), serverOffer({ id: 301 }));
    const changed = localIdOf(301);
    store.editOffer(changed, { price_per_step: 42 });
    expect(applyServerDeletion(testContext(store), localIdOf(300))).toBe('removed');
    expect(applyServerDeletion(testContext(store), changed)).toBe('attention');
    expect(store.countOffers().total).toBe(1);
    expectCountsMatchRows();
    const detail = store.getOffer(changed)!;
    expect(detail.syncState).toBe('attention');
    expect(detail.fields.price_per_step).toBe(42);
  });
});
