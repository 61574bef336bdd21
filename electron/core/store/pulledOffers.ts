// What a pull brings in, a chunk of my_offers at a time: one query finds which of the chunk's
// offers the store knows and whether any of them has work of the seller's on it (a local change,
// an operation in the outbox, a conflict); then each offer is one write with statements compiled
// once. Only an offer with the seller's work on it takes the careful road (offers.ts
// applyServerOffer: conflicts, a change the server now agrees with). A first pull of 10k offers
// is 10k inserts; a full reconcile where nothing changed reads its chunk once and writes nothing.
import type { Offer } from '../../contract/marketplace/wire';
import { prep, type StoreContext } from './context';
import { productLinesOf } from './fieldValues';
import { flattenServerOffer } from './offerFields';
import { applyServerOffer, listRowOf, writeServerCopy } from './offers';

interface KnownOffer {
  local_id: number;
  server_id: number;
  server_updated_at: string | null;
  has_copy: number;
  has_work: number;
}

/** The offers list's columns as one statement's order (the order listRowOf returns them in). */
const LIST_COLUMNS = [
  'product_title',
  'outer_name',
  'internal_name',
  'price_per_step',
  'amount',
  'min_purchase_amount',
  'guarantee_delivery_time',
  'status',
  'sync_state',
  'pending_delete',
  'updated_at',
  'field_values',
  'search_text',
] as const;

const KNOWN_SQL = `SELECT o.local_id, o.server_id, o.server_updated_at,
    EXISTS (SELECT 1 FROM server_copies c WHERE c.local_id = o.local_id) AS has_copy,
    (EXISTS (SELECT 1 FROM local_changes l WHERE l.local_id = o.local_id)
      OR EXISTS (SELECT 1 FROM outbox b WHERE b.local_id = o.local_id)
      OR EXISTS (SELECT 1 FROM conflicts k WHERE k.local_id = o.local_id)) AS has_work
  FROM offers o WHERE o.server_id IN (SELECT value FROM json_each(?))`;

const INSERT_SQL = `INSERT INTO offers (server_id, product_id, server_updated_at, ${LIST_COLUMNS.join(', ')})
  VALUES (?, ?, ?, ${LIST_COLUMNS.map(() => '?').join(', ')})`;

const CURRENT_SQL = `SELECT product_id, ${LIST_COLUMNS.join(', ')} FROM offers WHERE local_id = ?`;

export interface PulledOffersResult {
  applied: number;
  conflicts: number;
}

/** Takes a chunk of my_offers into the store; call inside a transaction. */
export function applyPulledOffers(ctx: StoreContext, offers: readonly Offer[]): PulledOffersResult {
  const result: PulledOffersResult = { applied: 0, conflicts: 0 };
  if (offers.length === 0) return result;
  const known = new Map<number, KnownOffer>();
  for (const row of prep<KnownOffer>(ctx, KNOWN_SQL).all(JSON.stringify(offers.map((o) => o.id)))) {
    known.set(row.server_id, row);
  }
  const lineOf = productLinesOf(ctx);
  for (const offer of offers) {
    const row = known.get(offer.id);
    if (row?.has_work) {
      // The seller's work on it: conflicts, a change the server now agrees with, the outbox.
      const outcome = applyServerOffer(ctx, offer);
      if (outcome !== 'unchanged') result.applied++;
      if (outcome === 'conflict') result.conflicts++;
      continue;
    }
    if (row && row.server_updated_at === offer.updated_at && row.has_copy) continue;
    // Nothing local on it: the list's row is the server copy's, as refreshOffer would make it.
    const data = offer.data as Record<string, unknown>;
    const product = lineOf(offer.product_id, (id) => data[id]);
    const listRow = listRowOf({
      merged: flattenServerOffer(offer),
      productTitle: product.title,
      fieldValues: product.fieldValues,
      serverId: offer.id,
      status: offer.status,
      syncState: 'synced',
      pendingDelete: false,
      updatedAt: offer.updated_at,
    });
    const values = LIST_COLUMNS.map((c) => listRow[c]);
    if (!row) {
      const info = prep(ctx, INSERT_SQL).run(
        offer.id,
        offer.product_id,
        offer.updated_at,
        ...values,
      );
      const localId = Number(info.lastInsertRowid);
      writeServerCopy(ctx, localId, offer);
      prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
        localId,
        listRow.search_text,
      );
      // A page may name an offer twice (it moved while paging): the second is an update.
      known.set(offer.id, {
        local_id: localId,
        server_id: offer.id,
        server_updated_at: offer.updated_at,
        has_copy: 1,
        has_work: 0,
      });
      result.applied++;
      continue;
    }
    updateServerOnlyOffer(ctx, row, offer, values, listRow.search_text);
    row.server_updated_at = offer.updated_at;
    row.has_copy = 1;
    result.applied++;
  }
  return result;
}

function updateServerOnlyOffer(
  ctx: StoreContext,
  row: KnownOffer,
  offer: Offer,
  values: unknown[],
  searchText: string,
): void {
  const current = prep(ctx, CURRENT_SQL).raw().get(row.local_id) as unknown[];
  writeServerCopy(ctx, row.local_id, offer);
  // Only the columns that changed are set: SQLite rewrites every index over a column it sets,
  // and the list keeps dozens (a new price moves one of them, not forty).
  const columns = ['server_updated_at'];
  const params: unknown[] = [offer.updated_at];
  if (current[0] !== offer.product_id) {
    columns.push('product_id');
    params.push(offer.product_id);
  }
  LIST_COLUMNS.forEach((column, i) => {
    if (values[i] === current[i + 1]) return;
    columns.push(column);
    params.push(values[i]);
  });
  prep(
    ctx,
    `UPDATE offers SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE local_id = ?`,
  ).run(...params, row.local_id);
  if (columns.includes('search_text')) {
    prep(ctx, 'DELETE FROM offers_search WHERE rowid = ?').run(row.local_id);
    prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
      row.local_id,
      searchText,
    );
  }
}

/**
 * A full reconcile saw exactly these server ids: the offers the store has that it did not see,
 * found by walking the ids (never every row held at once).
 */
export function offersNotSeen(ctx: StoreContext, seen: ReadonlySet<number>): number[] {
  const gone: number[] = [];
  for (const row of prep<{ local_id: number; server_id: number }>(
    ctx,
    'SELECT local_id, server_id FROM offers WHERE server_id IS NOT NULL',
  ).iterate()) {
    if (!seen.has(row.server_id)) gone.push(row.local_id);
  }
  return gone;
}
