// The offers list tells gold offers of one product apart: each row carries the product's primary
// and filter field values by label, the search finds them, a store written before they existed
// gets them on open (migration 3), and the counts follow the list's filters.
import { renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductField } from '../../electron/contract/marketplace/wire';
import { openStore, SCHEMA_VERSION, type Store } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { migrations } from '../../electron/core/store/schema';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { manualClock, serverOffer, tempDir } from './fixtures';

function select(
  id: number,
  title: string,
  values: string[],
  over: Partial<ProductField> = {},
): ProductField {
  return {
    id,
    parent_id: null,
    product_id: 2,
    is_inline: false,
    is_filter: true,
    is_required: true,
    title,
    placeholder: '',
    component_view: 2,
    priority: id % 100,
    deleted_at: null,
    parent_value_id: null,
    default_value_id: null,
    is_primary: false,
    component_edit: 2,
    has_custom_value: false,
    has_values_counter: false,
    component_view_data: {},
    component_edit_data: {},
    is_hidden: false,
    ranking_weight: 0,
    is_show_in_tags: true,
    title_for_primary: null,
    title_for_tags: null,
    is_sort_values_by_priority: true,
    field_values: values.map((value, i) => ({
      id: id * 1000 + i + 1,
      product_field_id: id,
      value,
      priority: i,
      deleted_at: null,
      additional_value: null,
    })),
    ...over,
  };
}

const servers = ['Kazzak', 'Silvermoon', 'Draenor', 'Ravencrest'];
const retailGold: Product = {
  id: 2,
  title: 'WoW Retail Gold',
  step_size: 1000,
  meta: null,
  is_active: true,
  is_active_for_pro: true,
  marketplace_type: 1,
  related_product: [],
  product_fields: [
    // Listed out of order on purpose: the primary field leads, then the product's own order.
    select(203, 'Faction', ['Alliance', 'Horde']),
    select(202, 'Server', servers),
    select(201, 'Region', ['EU', 'US'], { is_primary: true }),
    select(204, 'Delivery note', [], { is_filter: false, component_edit: 1 }),
  ],
};
const otherGold: Product = { ...retailGold, id: 3, title: 'WoW Classic Gold' };

let dir: ReturnType<typeof tempDir>;
let store: Store;

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir.file('seller.db'), { clock: manualClock() });
  store.saveProducts([retailGold, otherGold]);
});
afterEach(() => {
  store.close();
  dir.remove();
});

/** 263 gold offers of one product, each on a server; the server is given by option id or label. */
function seedRetailGold(count = 263) {
  for (let i = 0; i < count; i++) {
    const server = i % servers.length;
    applyServerOffer(
      testContext(store),
      serverOffer({
        id: 9000 + i,
        product_id: 2,
        status: i % 3 === 0 ? 3 : 2,
        outer_name: '',
        data: {
          '201': i % 2 === 0 ? 'EU' : 'US',
          // Every other offer carries the option's id (as the real service may) instead of its label.
          '202': i % 2 === 0 ? servers[server]! : 202_000 + server + 1,
          '203': 'Horde',
          '204': 'fast delivery',
        },
        updated_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
      }),
    );
  }
  applyServerOffer(
    testContext(store),
    serverOffer({
      id: 8000,
      product_id: 3,
      status: 2,
      data: { '201': 'EU', '202': 'Silvermoon', '203': 'Alliance' },
    }),
  );
}

describe('field values in the offers list', () => {
  it('shows each offer’s primary and filter values by label, primary first', () => {
    seedRetailGold();
    const rows = store.queryOffers({
      productId: 2,
      sort: { column: 'updated_at', dir: 'asc' },
      limit: 500,
    }).rows;
    expect(rows).toHaveLength(263);
    const byServer = new Map(rows.map((r) => [r.serverId, r.fieldValues]));
    expect(byServer.get(9000)).toBe('EU · Kazzak · Horde');
    // The option id 202002 is Silvermoon: the row says Silvermoon, never the id.
    expect(byServer.get(9001)).toBe('US · Silvermoon · Horde');
    expect(rows.every((r) => !/\d{6}/.test(r.fieldValues))).toBe(true);
    // The text field is neither primary nor a filter: it stays out of the line.
    expect(rows.some((r) => r.fieldValues.includes('fast delivery'))).toBe(false);
  });

  it('finds offers by a field value label, alone or with the product filter', () => {
    seedRetailGold();
    const silvermoon = store.queryOffers({ text: 'silvermoon', limit: 500 });
    // Servers cycle by 4: 66 of the 263 retail offers are on Silvermoon, plus the classic one.
    expect(silvermoon.total).toBe(67);
    expect(silvermoon.rows.every((r) => r.fieldValues.includes('Silvermoon'))).toBe(true);
    const retailOnly = store.queryOffers({ text: 'Silvermoon', productId: 2, limit: 500 });
    expect(retailOnly.total).toBe(66);
    expect(retailOnly.rows.map((r) => r.serverId)).toContain(9001);
    // Two-letter terms take the other path (no trigram lookup): still found.
    expect(store.queryOffers({ text: 'us', productId: 2, limit: 500 }).total).toBe(131);
  });

  it('follows a local edit of a field value', () => {
    seedRetailGold(4);
    const localId = store.queryOffers({ text: 'kazzak', productId: 2 }).rows[0]!.localId;
    store.editOffer(localId, { data: { '201': 'EU', '202': 'Draenor', '203': 'Horde' } });
    const row = store
      .queryOffers({ productId: 2, limit: 10 })
      .rows.find((r) => r.localId === localId);
    expect(row?.fieldValues).toBe('EU · Draenor · Horde');
    expect(store.queryOffers({ text: 'kazzak', productId: 2 }).total).toBe(0);
  });

  it('relabels the offers when the catalogue renames an option', () => {
    seedRetailGold(8);
    const renamed: Product = {
      ...retailGold,
      product_fields: retailGold.product_fields.map((f) =>
        f.id !== 202
          ? f
          : {
              ...f,
              field_values: f.field_values.map((v) =>
                v.value === 'Silvermoon' ? { ...v, value: 'Silvermoon EU' } : v,
              ),
            },
      ),
    };
    store.saveProducts([renamed, otherGold]);
    // Offers that carry the option's id follow the new label; those that carry the old label
    // as text keep it (that is what the marketplace holds for them).
    const found = store.queryOffers({ text: 'silvermoon eu', productId: 2, limit: 50 }).rows;
    expect(found.map((r) => r.serverId)).toEqual(expect.arrayContaining([9001]));
    expect(found.find((r) => r.serverId === 9001)?.fieldValues).toBe('US · Silvermoon EU · Horde');
    // An unchanged catalogue saved again rewrites nothing.
    const before = store.queryOffers({ productId: 2, limit: 50 }).rows;
    store.saveProducts([renamed, otherGold]);
    expect(store.queryOffers({ productId: 2, limit: 50 }).rows).toEqual(before);
  });

  it('gives offers stored before the line existed their values on open (migration 3)', () => {
    seedRetailGold(12);
    const before = testDatabase(store)
      .prepare<{ local_id: number; field_values: string; search_text: string }>(
        'SELECT local_id, field_values, search_text FROM offers ORDER BY local_id',
      )
      .all();
    store.close();
    // The same offers in a file as the previous version (schema 2) wrote it: no field values,
    // and search text without them.
    const old = new Database(dir.file('old.db'));
    old.exec(migrations[0] as string);
    old.exec(migrations[1] as string);
    old.pragma('user_version = 2');
    old.exec(`ATTACH '${dir.file('seller.db')}' AS cur`);
    const columns = old
      .prepare<{ name: string }>("SELECT name FROM pragma_table_info('offers')")
      .all()
      .map((c) => c.name)
      .join(', ');
    old.exec(`
      INSERT INTO products SELECT * FROM cur.products;
      INSERT INTO offers (${columns}) SELECT ${columns} FROM cur.offers;
      INSERT INTO server_copies SELECT * FROM cur.server_copies;
      DETACH cur;
    `);
    for (const row of before) {
      const text = row.search_text.slice(0, row.search_text.length - row.field_values.length - 1);
      old.prepare('UPDATE offers SET search_text = ? WHERE local_id = ?').run(text, row.local_id);
      old
        .prepare('INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)')
        .run(row.local_id, text);
    }
    old.close();
    renameSync(dir.file('old.db'), dir.file('seller.db'));

    store = openStore(dir.file('seller.db'), { clock: manualClock() });
    const after = testDatabase(store)
      .prepare<{ local_id: number; field_values: string; search_text: string }>(
        'SELECT local_id, field_values, search_text FROM offers ORDER BY local_id',
      )
      .all();
    expect(testDatabase(store).pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // Exactly what a fresh write gives, so the next refresh of each offer changes nothing.
    expect(after).toEqual(before);
    expect(store.queryOffers({ text: 'silvermoon' }).total).toBe(4);
    expect(store.queryOffers({ text: 'silvermoon' }).rows[0]!.fieldValues).toMatch(/Silvermoon/);
  });
});

describe('counts that follow the filters', () => {
  it('counts by status and sync state under the product filter and the search', () => {
    seedRetailGold();
    const all = store.countOffers();
    expect(all.total).toBe(264);

    const retail = store.countOffers({ productId: 2 });
    expect(retail.byStatus).toEqual({ '2': 175, '3': 88 });
    expect(retail.bySyncState.synced).toBe(263);
    expect(retail.total).toBe(264); // the whole profile: "263 offers of 264"

    const silvermoon = store.countOffers({ productId: 2, text: 'silvermoon' });
    const expected = store.queryOffers({ productId: 2, text: 'silvermoon', limit: 500 }).rows;
    expect(silvermoon.byStatus['2']).toBe(expected.filter((r) => r.status === 2).length);
    expect(silvermoon.byStatus['3']).toBe(expected.filter((r) => r.status === 3).length);
    expect(silvermoon.bySyncState.synced).toBe(66);

    // A status filter leaves the status counts (each choice's count) but narrows the sync ones.
    const notActive = store.countOffers({ productId: 2, status: 3 });
    expect(notActive.byStatus).toEqual(retail.byStatus);
    expect(notActive.bySyncState.synced).toBe(88);

    // A local change moves one offer from synced to local under the same filters.
    const localId = expected[0]!.localId;
    store.editOffer(localId, { price_per_step: 2.25 });
    const edited = store.countOffers({ productId: 2, text: 'silvermoon' });
    expect(edited.bySyncState.local).toBe(1);
    expect(edited.bySyncState.synced).toBe(65);
  });
});

describe('view preferences', () => {
  it('keeps a view’s choices in the profile file', () => {
    expect(store.viewPreferences('offers')).toBeNull();
    store.saveViewPreferences('offers', { productId: 2, text: 'silvermoon' });
    store.close();
    store = openStore(dir.file('seller.db'), { clock: manualClock() });
    expect(store.viewPreferences('offers')).toEqual({ productId: 2, text: 'silvermoon' });
  });
});
