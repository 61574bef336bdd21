// The offers list filtered by sync state (Synced, Not sent, Needs attention…) keeps no index per
// (state, sort column): every change flips a state, and those indexes were a third of what a bulk
// change wrote (schema.ts migration 8). A page then walks the sort column's index or sorts the
// state's offers; both must give exactly the page a plain sort gives, and a profile written by
// the previous version loses those indexes on open with its offers, pages and counts intact.
import { asSchema } from '../support/olderSchema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION, type Store } from '../../electron/core/store';
import { listColumnOf } from '../../electron/core/store/listColumns';
import { applyServerOffer } from '../../electron/core/store/offers';
import { syncStateIndex, type OfferQuery } from '../../electron/core/store/readModel';
import {
  DROPPED_COUNT_INDEXES,
  DROPPED_SYNC_STATE_INDEXES,
  migrations,
} from '../../electron/core/store/schema';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { goldProduct, manualClock, serverOffer, tempDir } from './fixtures';

let dir: ReturnType<typeof tempDir>;
let store: Store;

const OFFERS = 240;
const NOT_SENT = 24;

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir.file('seller.db'), { clock: manualClock() });
  store.saveProducts([goldProduct]);
  for (let i = 1; i <= OFFERS; i++) {
    applyServerOffer(
      testContext(store),
      serverOffer({
        id: 1000 + i,
        // Ties on every column, so the local id decides within them.
        price_per_step: 1 + (i % 17),
        amount: 10 + (i % 7),
        min_purchase_amount: 1 + (i % 3),
        guarantee_delivery_time: 60_000 * (1 + (i % 4)),
        status: i % 4 === 0 ? 3 : 2,
        outer_name: `Gold offer ${String.fromCharCode(65 + (i % 26))}`,
        internal_name: `lot-${i % 11}`,
        updated_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
      }),
    );
  }
  // A few offers with a change waiting: "Not sent".
  const ids = localIds();
  for (let i = 0; i < NOT_SENT; i++) store.changeStatus(ids[i * 7]!, 5);
});
afterEach(() => {
  store.close();
  dir.remove();
});

function localIds(): number[] {
  return testDatabase(store)
    .prepare<{ local_id: number }>('SELECT local_id FROM offers ORDER BY local_id')
    .all()
    .map((r) => r.local_id);
}

/** The page as a full scan and sort gives it, with no index to choose. */
function plainPage(q: Required<Pick<OfferQuery, 'syncState' | 'sort' | 'offset' | 'limit'>>) {
  const column = listColumnOf[q.sort.column];
  const dir = q.sort.dir === 'asc' ? 'ASC' : 'DESC';
  return testDatabase(store)
    .prepare<{ local_id: number }>(
      `SELECT local_id FROM offers NOT INDEXED WHERE sync_state = ?
       ORDER BY ${column} ${dir}, local_id ${dir} LIMIT ? OFFSET ?`,
    )
    .all(q.syncState, q.limit, q.offset)
    .map((r) => r.local_id);
}

function expectEveryPageRight(syncState: 'synced' | 'local', pages: readonly number[]) {
  const indexes = new Set<string | null>();
  for (const column of Object.keys(listColumnOf) as (keyof typeof listColumnOf)[]) {
    for (const dir of ['asc', 'desc'] as const) {
      for (const offset of pages) {
        const q = { syncState, sort: { column, dir }, offset, limit: 10 };
        const page = store.queryOffers(q);
        expect(
          page.rows.map((r) => r.localId),
          `${syncState} ${column} ${dir} @${offset}`,
        ).toEqual(plainPage(q));
        expect(page.rows.every((r) => r.syncState === syncState)).toBe(true);
        expect(page.total).toBe(syncState === 'local' ? NOT_SENT : OFFERS - NOT_SENT);
        indexes.add(
          syncStateIndex(testContext(store), q, undefined, listColumnOf[column], offset + 10),
        );
      }
    }
  }
  return indexes;
}

describe('the offers list filtered by sync state', () => {
  it('walks the sort column’s index for a state most offers are in, page for page as a plain sort', () => {
    const indexes = expectEveryPageRight('synced', [0, 10, 200]);
    // Most pages walk; a page deep enough that walking would read more than sorting sorts.
    expect(indexes).toContain('offers_by_price_per_step');
    expect(indexes).toContain('offers_by_sync_state');
  });

  it('sorts the few offers of a rare state, page for page as a plain sort', () => {
    const indexes = expectEveryPageRight('local', [0, 10, 20]);
    expect(indexes).toContain('offers_by_sync_state');
    expect(indexes).not.toContain('offers_by_price_per_step');
  });

  it('leaves a query with another filter, or sorted by state, to the indexes it has', () => {
    const ctx = testContext(store);
    const at = (q: OfferQuery, column: string) => syncStateIndex(ctx, q, undefined, column, 50);
    expect(at({ syncState: 'synced', status: 2 }, 'price_per_step')).toBeNull();
    expect(at({ syncState: 'synced', productId: 10 }, 'price_per_step')).toBeNull();
    expect(at({ syncState: 'synced' }, 'sync_state')).toBeNull();
    expect(at({ status: 2 }, 'price_per_step')).toBeNull();
    expect(at({ syncState: 'synced' }, 'status')).toBe('offers_by_status');
    // The state's own count decides: an empty state reads its (empty) index.
    expect(at({ syncState: 'conflict' }, 'price_per_step')).toBe('offers_by_sync_state');
    expect(store.queryOffers({ syncState: 'conflict' })).toEqual({ rows: [], total: 0 });
  });

  it('keeps one list index with the sync state in it, its own', () => {
    const withState = testDatabase(store)
      .prepare<{ name: string }>(
        `SELECT name FROM sqlite_master m WHERE type = 'index' AND tbl_name = 'offers'
           AND EXISTS (SELECT 1 FROM pragma_index_info(m.name) WHERE name = 'sync_state')`,
      )
      .all()
      .map((r) => r.name);
    expect(withState).toEqual(['offers_by_sync_state']);
  });

  it('counts by status and by state under one filter from the kept counts, as the rows say', () => {
    const ids = localIds();
    store.changeStatus(ids[1]!, 3);
    store.discardLocalChanges(ids[0]!);
    expectCountsUnderEachFilter();
  });

  it('moves the counts of a bulk chunk once, and the row trigger counts again after it', () => {
    const ids = localIds().slice(100, 200);
    const trigger = () =>
      testDatabase(store)
        .prepare<{ sql: string }>(
          "SELECT sql FROM sqlite_master WHERE name = 'offer_counts_update'",
        )
        .get()?.sql;
    const before = trigger();
    expect(before).toBeDefined();
    const writes = store.transaction(() => store.bulkChanges().changeStatuses(ids, 3));
    expect(writes.every((w) => 'done' in w)).toBe(true);
    expectCountsUnderEachFilter();
    // The chunk set the trigger aside and made it again, the same.
    expect(trigger()).toBe(before);
    // Outside a bulk chunk the trigger counts, row by row.
    store.changeStatus(ids[0]!, 1);
    expectCountsUnderEachFilter();
  });

  it('drops those indexes from a profile of the previous version on open, offers and counts intact', () => {
    const db = testDatabase(store);
    const before = db.prepare('SELECT * FROM offers ORDER BY local_id').all();
    const counts = store.countOffers();
    // A file as the previous version (schema 7) left it: the same tables, with every index
    // migration 1 made and offer_counts kept by status, product and sync state alone.
    const dropped = [...DROPPED_SYNC_STATE_INDEXES, ...DROPPED_COUNT_INDEXES];
    const made = (migrations[0] as string)
      .split('\n')
      .filter((line) => dropped.some((name) => line.includes(`${name} ON`)));
    expect(made).toHaveLength(dropped.length);
    for (const sql of made) db.exec(sql);
    const pairCount =
      /INSERT INTO offer_counts \(dim, key, n\) VALUES \('(status|product)\|sync'[^;]*;/g;
    for (const { name, sql } of db
      .prepare<{ name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'offer_counts_%'",
      )
      .all()) {
      db.exec(`DROP TRIGGER ${name}`);
      db.exec(sql.replace(pairCount, ''));
    }
    // What migrations after the ninth add was not there at schema 7 either.
    asSchema(db, 9);
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE sql LIKE '%|sync%'").get(),
    ).toEqual({ n: 0 });
    db.exec("DELETE FROM offer_counts WHERE dim LIKE '%|sync'");
    db.pragma('user_version = 7');
    store.close();

    store = openStore(dir.file('seller.db'), { clock: manualClock() });
    const reopened = testDatabase(store);
    expect(reopened.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(10);
    expect(reopened.prepare('SELECT label_say FROM undo_steps').all()).toEqual([]);
    const left = reopened
      .prepare<{ name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(dropped));
    expect(left).toEqual([]);
    expect(reopened.prepare('SELECT * FROM offers ORDER BY local_id').all()).toEqual(before);
    expect(store.countOffers()).toEqual(counts);
    expect(store.queryOffers({ syncState: 'local' }).total).toBe(NOT_SENT);
    expectEveryPageRight('synced', [0, 30]);
    expectCountsUnderEachFilter();
    // The triggers keep the pairs from now on.
    store.changeStatus(localIds()[2]!, 3);
    expectCountsUnderEachFilter();
  });
});

/** countOffers under each single filter, and two together, against counting the rows. */
function expectCountsUnderEachFilter() {
  const db = testDatabase(store);
  const grouped = (column: string, where: string, ...params: unknown[]) =>
    Object.fromEntries(
      db
        .prepare<{ k: string; n: number }>(
          `SELECT ${column} AS k, count(*) AS n FROM offers WHERE ${where} GROUP BY 1`,
        )
        .all(...params)
        .map((r) => [String(r.k), r.n]),
    );
  const states = { synced: 0, local: 0, sending: 0, attention: 0, conflict: 0 };
  const filters: [OfferQuery, string, unknown[]][] = [
    [{ status: 2 }, 'status = ?', [2]],
    [{ status: 5 }, 'status = ?', [5]],
    [{ productId: 10 }, 'product_id = ?', [10]],
    [{ syncState: 'local' }, 'sync_state = ?', ['local']],
    [{ syncState: 'synced' }, 'sync_state = ?', ['synced']],
    [{ status: 2, syncState: 'local' }, 'status = ? AND sync_state = ?', [2, 'local']],
  ];
  for (const [q, where, params] of filters) {
    const counts = store.countOffers(q);
    const statusWhere = q.syncState !== undefined && q.status !== undefined ? 'sync_state = ?' : '';
    const byStatus =
      q.status === undefined
        ? grouped("coalesce(status, 'none')", where, ...params)
        : grouped(
            "coalesce(status, 'none')",
            statusWhere || '1',
            ...(statusWhere ? [q.syncState] : []),
          );
    const syncWhere = q.status !== undefined && q.syncState !== undefined ? 'status = ?' : '';
    const bySync =
      q.syncState === undefined
        ? grouped('sync_state', where, ...params)
        : grouped('sync_state', syncWhere || '1', ...(syncWhere ? [q.status] : []));
    expect(counts.byStatus, JSON.stringify(q)).toEqual(byStatus);
    expect(counts.bySyncState, JSON.stringify(q)).toEqual({ ...states, ...bySync });
  }
}
