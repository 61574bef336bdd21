// The offers list's field values line (contract/rules/fieldValuesLine.ts) as the store keeps it:
// materialized in offers.field_values and in the search text, computed from the cached product.
import type Database from 'better-sqlite3';
import type { ProductField } from '../../contract/marketplace/wire';
import {
  lineOfShownFields,
  shownFieldsOf,
  type ShownField,
} from '../../contract/rules/fieldValuesLine';
import { prep, type StoreContext } from './context';

/** The line for an offer's merged fields (`data.<fieldId>` entries) under a product's fields. */
export function fieldValuesLine(
  product: { product_fields: readonly ProductField[] } | null | undefined,
  merged: Record<string, unknown>,
): string {
  if (!product) return '';
  let fields = shownByProduct.get(product.product_fields);
  if (!fields) {
    fields = shownFieldsOf(product.product_fields);
    shownByProduct.set(product.product_fields, fields);
  }
  return lineOfShownFields(fields, (id) => merged[`data.${id}`]);
}

/** An import writes thousands of offers of one product object: its fields are read once. */
const shownByProduct = new WeakMap<readonly ProductField[], ShownField[]>();

interface CachedProduct {
  stamp: string;
  title: string;
  fields: ShownField[];
}

const cache = new WeakMap<object, Map<number, CachedProduct>>();

/**
 * A product's title and shown fields, parsed once per catalogue version: a sync refreshes
 * thousands of offers of the same few products, and the product JSON is large.
 */
function cachedProduct(ctx: StoreContext, productId: number): CachedProduct | null {
  const stamp = prep<{ stamp: string; title: string }>(
    ctx,
    "SELECT seen_at || ':' || octet_length(json) AS stamp, title FROM products WHERE id = ?",
  ).get(productId);
  if (!stamp) return null;
  let perDb = cache.get(ctx.db);
  if (!perDb) {
    perDb = new Map();
    cache.set(ctx.db, perDb);
  }
  const hit = perDb.get(productId);
  if (hit && hit.stamp === stamp.stamp && hit.title === stamp.title) return hit;
  const json = prep<{ json: string }>(ctx, 'SELECT json FROM products WHERE id = ?').get(
    productId,
  )!.json;
  const parsed = JSON.parse(json) as { product_fields?: ProductField[] };
  const entry = {
    stamp: stamp.stamp,
    title: stamp.title,
    fields: shownFieldsOf(parsed.product_fields ?? []),
  };
  perDb.set(productId, entry);
  return entry;
}

/** The product's title ('' when not in the catalogue) and the offer's field values line. */
export function productLineOf(
  ctx: StoreContext,
  productId: number,
  valueOf: (fieldId: string) => unknown,
): { title: string; fieldValues: string } {
  const product = cachedProduct(ctx, productId);
  if (!product) return { title: '', fieldValues: '' };
  return { title: product.title, fieldValues: lineOfShownFields(product.fields, valueOf) };
}

export type ProductLines = (
  productId: number,
  valueOf: (fieldId: string) => unknown,
) => { title: string; fieldValues: string };

/**
 * productLineOf for many offers in one write (a pulled chunk): each product is looked up once,
 * not once per offer. Use it within one transaction, where the catalogue cannot change.
 */
export function productLinesOf(ctx: StoreContext): ProductLines {
  const products = new Map<number, CachedProduct | null>();
  return (productId, valueOf) => {
    let product = products.get(productId);
    if (product === undefined) {
      product = cachedProduct(ctx, productId);
      products.set(productId, product);
    }
    if (!product) return { title: '', fieldValues: '' };
    return { title: product.title, fieldValues: lineOfShownFields(product.fields, valueOf) };
  };
}

/** Forgets parsed products (after the catalogue is saved). */
export function forgetCachedProducts(ctx: StoreContext): void {
  cache.delete(ctx.db);
}

/**
 * Migration 3's backfill: every offer stored before the line existed gets it, and its search text
 * gains it the way listRowOf writes it (the line last), so refreshOffer finds nothing to redo.
 */
export function backfillFieldValues(db: Database.Database): void {
  const fieldsOf = new Map<number, ShownField[]>();
  for (const p of db.prepare<{ id: number; json: string }>('SELECT id, json FROM products').all()) {
    fieldsOf.set(
      p.id,
      shownFieldsOf(
        (JSON.parse(p.json) as { product_fields?: ProductField[] }).product_fields ?? [],
      ),
    );
  }
  const page = db.prepare<{
    local_id: number;
    product_id: number;
    search_text: string;
    server_json: string | null;
    mine: string | null;
  }>(
    `SELECT o.local_id, o.product_id, o.search_text, c.json AS server_json, l.mine
     FROM offers o LEFT JOIN server_copies c ON c.local_id = o.local_id
       LEFT JOIN local_changes l ON l.local_id = o.local_id
     WHERE o.local_id > ? ORDER BY o.local_id LIMIT 1000`,
  );
  const update = db.prepare(
    'UPDATE offers SET field_values = ?, search_text = ? WHERE local_id = ?',
  );
  const unindex = db.prepare('DELETE FROM offers_search WHERE rowid = ?');
  const index = db.prepare('INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)');
  for (let after = 0; ;) {
    const rows = page.all(after);
    if (rows.length === 0) return;
    for (const row of rows) {
      after = row.local_id;
      const fields = fieldsOf.get(row.product_id) ?? [];
      const data =
        (row.server_json
          ? (JSON.parse(row.server_json) as { data?: Record<string, unknown> }).data
          : undefined) ?? {};
      const mine = row.mine ? (JSON.parse(row.mine) as Record<string, unknown>) : {};
      const line = lineOfShownFields(fields, (id) =>
        `data.${id}` in mine ? mine[`data.${id}`] : data[id],
      );
      const searchText = `${row.search_text} ${line.toLowerCase()}`;
      update.run(line, searchText, row.local_id);
      // A trailing space changes no search the list runs (its text is trimmed).
      if (line === '') continue;
      unindex.run(row.local_id);
      index.run(row.local_id, searchText);
    }
  }
}

/** What of a product's JSON the line depends on: a catalogue update that changes it relabels. */
export function fieldValuesSignature(product: {
  product_fields?: readonly ProductField[];
}): string {
  return JSON.stringify(
    shownFieldsOf(product.product_fields ?? []).map((f) => [f.id, [...f.labels]]),
  );
}
