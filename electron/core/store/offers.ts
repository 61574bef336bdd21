// The offers table: identity (local id before the server id), the server copy as last seen, and
// the merged row the list reads. Every write to an offer's pieces ends with refreshOffer, which
// recomputes its merged columns and sync state from the source tables.
import type { Offer } from '../../contract/marketplace/wire';
import { isoAt, parseJson, type StoreContext, prep } from './context';
import { productLineOf } from './fieldValues';
import {
  flattenServerOffer,
  sameFieldValue,
  serverFieldValue,
  type FlatFields,
} from './offerFields';
import {
  dropOps,
  failAllOpsOf,
  hasOp,
  opKindsOf,
  opStatesOf,
  pendingStatusOf,
  WAITING,
} from './outbox';

export type SyncState = 'synced' | 'local' | 'sending' | 'attention' | 'conflict';

export interface OfferRow {
  local_id: number;
  server_id: number | null;
  product_id: number;
  server_json: string | null;
  server_updated_at: string | null;
}

export interface LocalChangeRow {
  local_id: number;
  kind: 'create' | 'edit';
  base_updated_at: string | null;
  base: string;
  mine: string;
  changed_at: number;
}

export function offerRow(ctx: StoreContext, localId: number): OfferRow | undefined {
  return prep<OfferRow>(
    ctx,
    `SELECT o.local_id, o.server_id, o.product_id, c.json AS server_json, o.server_updated_at
     FROM offers o LEFT JOIN server_copies c ON c.local_id = o.local_id WHERE o.local_id = ?`,
  ).get(localId);
}

export function localIdOfServerId(ctx: StoreContext, serverId: number): number | undefined {
  return prep<{ local_id: number }>(ctx, 'SELECT local_id FROM offers WHERE server_id = ?').get(
    serverId,
  )?.local_id;
}

export function localChange(ctx: StoreContext, localId: number): LocalChangeRow | undefined {
  return prep<LocalChangeRow>(ctx, 'SELECT * FROM local_changes WHERE local_id = ?').get(localId);
}

export function serverOffer(row: OfferRow | undefined): Offer | null {
  return row?.server_json ? parseJson<Offer | null>(row.server_json, null) : null;
}

/** The offer as the seller sees it: the server copy with the local change laid over it. */
export function mergedFields(ctx: StoreContext, localId: number): FlatFields {
  const server = serverOffer(offerRow(ctx, localId));
  const change = localChange(ctx, localId);
  return {
    ...(server ? flattenServerOffer(server) : {}),
    ...parseJson<FlatFields>(change?.mine, {}),
  };
}

function syncStateOf(ctx: StoreContext, localId: number): SyncState {
  if (prep(ctx, 'SELECT 1 FROM conflicts WHERE local_id = ? LIMIT 1').get(localId)) {
    return 'conflict';
  }
  const states = opStatesOf(ctx, localId);
  if (states.includes('failed')) return 'attention';
  const outcome = prep<{ ok: number }>(ctx, 'SELECT ok FROM offer_outcomes WHERE local_id = ?').get(
    localId,
  );
  const change = localChange(ctx, localId);
  if (outcome && outcome.ok === 0 && (change || states.length > 0)) return 'attention';
  if (states.includes('sending') || states.includes('unknown')) return 'sending';
  if (change || states.length > 0) return 'local';
  return 'synced';
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export interface ListRowInput {
  merged: FlatFields;
  productTitle: string;
  serverId: number | null;
  status: number | null;
  syncState: SyncState;
  pendingDelete: boolean;
  updatedAt: string;
  /** The product's primary/filter field values, labelled (store/fieldValues.ts). */
  fieldValues?: string;
}

/** The merged view's materialized columns of `offers`, by column name (one statement's order). */
export function listRowOf(input: ListRowInput) {
  const { merged } = input;
  const searchText = [
    text(merged.outer_name),
    text(merged.internal_name),
    text(merged.description),
    input.productTitle,
    input.serverId ?? '',
    input.fieldValues ?? '',
  ]
    .join(' ')
    .toLowerCase();
  return {
    product_title: input.productTitle,
    outer_name: text(merged.outer_name),
    internal_name: text(merged.internal_name),
    price_per_step: num(merged.price_per_step),
    amount: num(merged.amount),
    min_purchase_amount: num(merged.min_purchase_amount),
    guarantee_delivery_time: num(merged.guarantee_delivery_time),
    status: input.status,
    sync_state: input.syncState,
    pending_delete: input.pendingDelete ? 1 : 0,
    updated_at: input.updatedAt,
    field_values: input.fieldValues ?? '',
    search_text: searchText,
  };
}

/** Recomputes the merged columns and the sync state of one offer (call inside the write). */
export function refreshOffer(ctx: StoreContext, localId: number): void {
  const row = offerRow(ctx, localId);
  if (!row) return;
  const server = serverOffer(row);
  const change = localChange(ctx, localId);
  const merged = mergedFields(ctx, localId);
  const product = productLineOf(ctx, row.product_id, (id) => merged[`data.${id}`]);
  const mergedRow = listRowOf({
    merged,
    productTitle: product.title,
    fieldValues: product.fieldValues,
    serverId: row.server_id,
    status: pendingStatusOf(ctx, localId) ?? server?.status ?? null,
    syncState: syncStateOf(ctx, localId),
    pendingDelete: hasOp(ctx, localId, { kinds: ['delete'] }),
    updatedAt: change ? isoAt(change.changed_at) : (server?.updated_at ?? ''),
  });
  const searchText = mergedRow.search_text;
  const columns = Object.keys(mergedRow);
  const values = Object.values(mergedRow);
  const current = prep(ctx, `SELECT ${columns.join(', ')} FROM offers WHERE local_id = ?`)
    .raw()
    .get(localId) as unknown[] | undefined;
  // Most refreshes change nothing visible; skipping them spares the list's many indexes. SQLite
  // rewrites the entries of every index over a column an UPDATE sets, changed or not, so only
  // the columns that changed are set (a price change leaves 20-odd of the 37 indexes alone).
  if (current && current.every((v, i) => v === values[i])) return;
  const changed = current ? columns.filter((_, i) => current[i] !== values[i]) : columns;
  prep(
    ctx,
    `UPDATE offers SET ${changed.map((c) => `${c} = ?`).join(', ')} WHERE local_id = ?`,
  ).run(...changed.map((c) => mergedRow[c as keyof typeof mergedRow]), localId);
  if (current?.[columns.indexOf('search_text')] !== searchText) {
    prep(ctx, 'DELETE FROM offers_search WHERE rowid = ?').run(localId);
    prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
      localId,
      searchText,
    );
  }
}

/**
 * A pulled offer the store has never seen: nothing local can be pending on it, so its merged row
 * is the server copy and it is written once (a first pull brings thousands of these).
 */
function insertServerOnlyOffer(ctx: StoreContext, offer: Offer): void {
  const data = offer.data as Record<string, unknown>;
  const { title, fieldValues } = productLineOf(ctx, offer.product_id, (id) => data[id]);
  const searchText = [
    offer.outer_name,
    offer.internal_name,
    offer.description,
    title,
    offer.id,
    fieldValues,
  ]
    .join(' ')
    .toLowerCase();
  const info = prep(
    ctx,
    `INSERT INTO offers (server_id, product_id, server_updated_at, product_title,
       outer_name, internal_name, price_per_step, amount, min_purchase_amount,
       guarantee_delivery_time, status, sync_state, pending_delete, updated_at, field_values,
       search_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'synced', 0, ?, ?, ?)`,
  ).run(
    offer.id,
    offer.product_id,
    offer.updated_at,
    title,
    text(offer.outer_name),
    text(offer.internal_name),
    num(offer.price_per_step),
    num(offer.amount),
    num(offer.min_purchase_amount),
    num(offer.guarantee_delivery_time),
    offer.status,
    offer.updated_at,
    fieldValues,
    searchText,
  );
  const localId = Number(info.lastInsertRowid);
  writeServerCopy(ctx, localId, offer);
  prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
    localId,
    searchText,
  );
}

/** Replaces (or, with null, forgets) the server's copy of an offer. */
export function writeServerCopy(ctx: StoreContext, localId: number, offer: Offer | null): void {
  if (offer === null) {
    prep(ctx, 'DELETE FROM server_copies WHERE local_id = ?').run(localId);
    return;
  }
  prep(
    ctx,
    `INSERT INTO server_copies (local_id, json) VALUES (?, ?)
     ON CONFLICT (local_id) DO UPDATE SET json = excluded.json`,
  ).run(localId, JSON.stringify(offer));
}

export type ApplyResult = 'new' | 'updated' | 'unchanged' | 'conflict';

/**
 * Takes one offer from my_offers. A pending local change is never overwritten: the pulled copy
 * becomes its new base, fields the server now has as the seller wrote them leave the change, and a
 * field the server changed differently since the base becomes a conflict for the seller.
 */
export function applyServerOffer(ctx: StoreContext, offer: Offer): ApplyResult {
  const localId = localIdOfServerId(ctx, offer.id);
  if (localId === undefined) {
    insertServerOnlyOffer(ctx, offer);
    return 'new';
  }
  const row = offerRow(ctx, localId);
  if (row?.server_updated_at === offer.updated_at && row.server_json) return 'unchanged';
  let result: ApplyResult = 'updated';
  const change = localChange(ctx, localId);
  if (change && change.kind === 'edit') {
    const base = parseJson<FlatFields>(change.base, {});
    const mine = parseJson<FlatFields>(change.mine, {});
    const newBase: FlatFields = {};
    for (const field of Object.keys(mine)) {
      const theirs = serverFieldValue(offer, field);
      if (sameFieldValue(theirs, mine[field])) {
        delete mine[field];
        prep(ctx, 'DELETE FROM conflicts WHERE local_id = ? AND field = ?').run(localId, field);
        continue;
      }
      if (!sameFieldValue(theirs, base[field])) {
        prep(
          ctx,
          `INSERT INTO conflicts (local_id, field, base, mine, theirs) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (local_id, field) DO UPDATE SET mine = excluded.mine, theirs = excluded.theirs`,
        ).run(
          localId,
          field,
          JSON.stringify(base[field] ?? null),
          JSON.stringify(mine[field] ?? null),
          JSON.stringify(theirs ?? null),
        );
        result = 'conflict';
      }
      newBase[field] = theirs;
    }
    if (Object.keys(mine).length === 0) {
      prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
      dropOps(ctx, localId, { kinds: ['manage'], states: WAITING });
    } else {
      prep(
        ctx,
        'UPDATE local_changes SET base = ?, base_updated_at = ?, mine = ? WHERE local_id = ?',
      ).run(JSON.stringify(newBase), offer.updated_at, JSON.stringify(mine), localId);
    }
  }
  prep(ctx, 'UPDATE offers SET server_updated_at = ?, product_id = ? WHERE local_id = ?').run(
    offer.updated_at,
    offer.product_id,
    localId,
  );
  writeServerCopy(ctx, localId, offer);
  refreshOffer(ctx, localId);
  return result;
}

/**
 * A full reconcile found the offer gone from the marketplace. Without pending work the row goes;
 * with some, the seller is asked (attention) rather than losing what they typed.
 */
export function applyServerDeletion(ctx: StoreContext, localId: number): 'removed' | 'attention' {
  const change = localChange(ctx, localId);
  const ops = opKindsOf(ctx, localId).filter((kind) => kind !== 'delete');
  if (!change && ops.length === 0) {
    prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(localId);
    return 'removed';
  }
  failAllOpsOf(ctx, localId, 'The offer was deleted on the marketplace.');
  prep(ctx, 'UPDATE offers SET server_id = NULL, server_updated_at = NULL WHERE local_id = ?').run(
    localId,
  );
  writeServerCopy(ctx, localId, null);
  recordOutcome(ctx, localId, {
    ok: false,
    message:
      'The offer was deleted on the marketplace; discard the local change or create it again.',
  });
  refreshOffer(ctx, localId);
  return 'attention';
}

export interface OutcomeInput {
  ok: boolean;
  serverStatus?: number | null;
  message?: string | null;
  fieldErrors?: { field: string; messages: string[]; allowedValues?: string[] }[];
}

export function recordOutcome(ctx: StoreContext, localId: number, outcome: OutcomeInput): void {
  prep(
    ctx,
    `INSERT INTO offer_outcomes (local_id, at, ok, server_status, message, field_errors)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (local_id) DO UPDATE SET at = excluded.at, ok = excluded.ok,
         server_status = excluded.server_status, message = excluded.message,
         field_errors = excluded.field_errors`,
  ).run(
    localId,
    ctx.clock.now(),
    outcome.ok ? 1 : 0,
    outcome.serverStatus ?? null,
    outcome.message ?? null,
    JSON.stringify(outcome.fieldErrors ?? []),
  );
}
