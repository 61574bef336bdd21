// The seller's offers list: the merged view (server copy + local change) with each offer's sync
// state, filtered, sorted and paged in SQL over the materialized columns of `offers`.
import { parseJson, type StoreContext, prep } from './context';
import { outboxSize, pendingOpsOf, screenshotDetachesOf, type ScreenshotDetach } from './outbox';
import { StoreError } from './errors';
import { listColumnOf } from './listColumns';
import { mergedFields, localChange, offerRow, serverOffer, type SyncState } from './offers';
import { unflattenDraft, type FlatFields, type OfferDraft } from './offerFields';
import { rowPendingOf } from './refusals';
import { credentialsForCreate } from './sending';
import type { Offer } from '../../contract/marketplace/wire';

import type { OfferSortColumn } from '../../contract/ipc/models';

export type { OfferSortColumn };

export interface OfferQuery {
  status?: number;
  productId?: number;
  syncState?: SyncState;
  /** Only these offers (the low-stock filter: core/usecases/stock picks them). */
  localIds?: readonly number[];
  /**
   * Matches names, description, product title, the server id and the field values line,
   * case-insensitively.
   */
  text?: string;
  sort?: { column: OfferSortColumn; dir: 'asc' | 'desc' };
  offset?: number;
  limit?: number;
}

export interface OfferListRow {
  localId: number;
  serverId: number | null;
  productId: number;
  productTitle: string;
  outerName: string;
  internalName: string;
  pricePerStep: number | null;
  amount: number | null;
  minPurchaseAmount: number | null;
  guaranteeDeliveryTime: number | null;
  status: number | null;
  syncState: SyncState;
  pendingDelete: boolean;
  /** What waits to be sent that the row shows: a deletion, a status change. */
  pending: { delete: boolean; status: number | null };
  /** Why the offer needs the seller, in the marketplace's words (attention only). */
  problem: string | null;
  updatedAt: string;
  /** The product's primary/filter field values, labelled: "EU · Silvermoon · Horde". */
  fieldValues: string;
}

interface RawRow {
  local_id: number;
  server_id: number | null;
  product_id: number;
  product_title: string;
  outer_name: string;
  internal_name: string;
  price_per_step: number | null;
  amount: number | null;
  min_purchase_amount: number | null;
  guarantee_delivery_time: number | null;
  status: number | null;
  sync_state: SyncState;
  pending_delete: number;
  updated_at: string;
  field_values: string;
}

const listColumns = `local_id, server_id, product_id, product_title, outer_name, internal_name,
  price_per_step, amount, min_purchase_amount, guarantee_delivery_time, status, sync_state,
  pending_delete, updated_at, field_values`;

function toListRow(r: RawRow): OfferListRow {
  return {
    localId: r.local_id,
    serverId: r.server_id,
    productId: r.product_id,
    productTitle: r.product_title,
    outerName: r.outer_name,
    internalName: r.internal_name,
    pricePerStep: r.price_per_step,
    amount: r.amount,
    minPurchaseAmount: r.min_purchase_amount,
    guaranteeDeliveryTime: r.guarantee_delivery_time,
    status: r.status,
    syncState: r.sync_state,
    pendingDelete: r.pending_delete === 1,
    pending: { delete: r.pending_delete === 1, status: null },
    problem: null,
    updatedAt: r.updated_at,
    fieldValues: r.field_values,
  };
}

/** The page's pending facts, read for the rows that can have any (not synced). */
function withPending(ctx: StoreContext, rows: OfferListRow[]): OfferListRow[] {
  const pending = rowPendingOf(ctx, rows);
  for (const row of rows) {
    const p = pending.get(row.localId);
    if (!p) continue;
    row.pending = { delete: p.delete, status: p.status };
    row.problem = row.syncState === 'attention' ? p.problem : null;
  }
  return rows;
}

export const MAX_PAGE = 500;
const COMMON_TEXT_MATCHES = 2000;

type Filter = Pick<OfferQuery, 'status' | 'productId' | 'syncState' | 'text' | 'localIds'>;

/** The WHERE of a query's filters, and how many offers its text alone matches (when counted). */
function whereOf(
  ctx: StoreContext,
  q: Filter,
): { where: string[]; params: unknown[]; text: string | undefined; textMatches: number | null } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.status !== undefined) {
    where.push('status = ?');
    params.push(q.status);
  }
  if (q.productId !== undefined) {
    where.push('product_id = ?');
    params.push(q.productId);
  }
  if (q.syncState !== undefined) {
    where.push('sync_state = ?');
    params.push(q.syncState);
  }
  if (q.localIds !== undefined) {
    where.push('local_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(q.localIds));
  }
  const text = q.text?.trim().toLowerCase() || undefined;
  let textMatches: number | null = null;
  if (text) {
    // A rare term is an index lookup in the trigram table. A common one (thousands of matches)
    // is faster found by walking the sort order and testing each row: the page fills at once.
    const phrase = `"${text.replace(/"/g, '""')}"`;
    textMatches =
      text.length >= 3
        ? prep<{ n: number }>(
            ctx,
            'SELECT count(*) AS n FROM offers_search WHERE offers_search MATCH ?',
          ).get(phrase)!.n
        : null;
    if (textMatches !== null && textMatches <= COMMON_TEXT_MATCHES) {
      where.push('local_id IN (SELECT rowid FROM offers_search WHERE offers_search MATCH ?)');
      params.push(phrase);
    } else {
      where.push('instr(search_text, ?) > 0');
      params.push(text);
    }
  }
  return { where, params, text, textMatches };
}

/**
 * Every offer a filter matches that is not waiting to be deleted, newest change first, as one
 * query (a bulk change's selection: 100k offers in one pass, not page after page).
 */
export function offerIdsWhere(
  ctx: StoreContext,
  q: Pick<OfferQuery, 'status' | 'productId'>,
): number[] {
  const { where, params } = whereOf(ctx, { status: q.status, productId: q.productId });
  where.push('pending_delete = 0');
  return prep<{ local_id: number }>(
    ctx,
    `SELECT local_id FROM offers WHERE ${where.join(' AND ')}
       ORDER BY updated_at DESC, local_id DESC`,
  )
    .all(...params)
    .map((r) => r.local_id);
}

export function queryOffers(
  ctx: StoreContext,
  q: OfferQuery = {},
): { rows: OfferListRow[]; total: number } {
  const { where, params, text, textMatches } = whereOf(ctx, q);
  const sort = q.sort ?? { column: 'updated_at', dir: 'desc' };
  const column = listColumnOf[sort.column];
  if (!column) throw new StoreError('invalid', `Unknown sort column ${String(sort.column)}.`);
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  const limit = Math.min(Math.max(1, Math.floor(q.limit ?? 50)), MAX_PAGE);
  const offset = Math.max(0, Math.floor(q.offset ?? 0));
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const index = syncStateIndex(ctx, q, text, column, offset + limit);
  const rows = prep<RawRow>(
    ctx,
    `SELECT ${listColumns} FROM offers ${index ? `INDEXED BY ${index}` : ''} ${whereSql}
       ORDER BY ${column} ${dir}, local_id ${dir} LIMIT ? OFFSET ?`,
  )
    .all(...params, limit, offset)
    .map(toListRow);
  withPending(ctx, rows);
  const onlyText =
    q.status === undefined &&
    q.productId === undefined &&
    q.syncState === undefined &&
    q.localIds === undefined;
  const total =
    (text && onlyText ? textMatches : null) ??
    countedTotal(ctx, q, text) ??
    prep<{ n: number }>(ctx, `SELECT count(*) AS n FROM offers ${whereSql}`).get(...params)!.n;
  return { rows, total };
}

/**
 * The index a page filtered by sync state alone is read through. No index leads with the sync
 * state and goes on by the sort column (schema.ts migration 8: every change flips a state, and
 * those indexes were a third of what a bulk change wrote), so the page either walks the sort
 * column's index, passing over offers in other states — about (offset + limit) × total / n rows
 * for a state n offers are in — or reads the state's n offers and sorts them: whichever reads
 * fewer. SQLite cannot weigh that itself (the file keeps no statistics), and left alone it sorts
 * every time, 100k offers for "synced". Null: the query needs no choice (its sort column's own
 * index, or other filters that have theirs).
 */
export function syncStateIndex(
  ctx: StoreContext,
  q: OfferQuery,
  text: string | undefined,
  column: string,
  rowsShown: number,
): string | null {
  if (
    q.syncState === undefined ||
    q.status !== undefined ||
    q.productId !== undefined ||
    q.localIds !== undefined ||
    text ||
    column === 'sync_state'
  ) {
    return null;
  }
  const counted = prep<{ n: number }>(ctx, 'SELECT n FROM offer_counts WHERE dim = ? AND key = ?');
  const n = counted.get('sync', q.syncState)?.n ?? 0;
  const total = counted.get('all', '')?.n ?? 0;
  const walked = n > 0 ? (rowsShown * total) / n : Infinity;
  return walked <= n ? `offers_by_${column}` : 'offers_by_sync_state';
}

/** The total of a single-filter (or unfiltered) query, from the trigger-kept counts. */
function countedTotal(ctx: StoreContext, q: OfferQuery, text: string | undefined): number | null {
  if (text || q.localIds !== undefined) return null;
  const filters: [string, string][] = [];
  if (q.status !== undefined) filters.push(['status', String(q.status)]);
  if (q.productId !== undefined) filters.push(['product', String(q.productId)]);
  if (q.syncState !== undefined) filters.push(['sync', q.syncState]);
  if (filters.length > 1) return null;
  const [dim, key] = filters[0] ?? ['all', ''];
  return (
    prep<{ n: number }>(ctx, 'SELECT n FROM offer_counts WHERE dim = ? AND key = ?').get(dim, key)
      ?.n ?? 0
  );
}

export interface OfferCounts {
  total: number;
  byStatus: Record<string, number>;
  bySyncState: Record<SyncState, number>;
  outbox: number;
}

/**
 * The counts beside a filtered list: by status under every other filter (product, sync state,
 * text) and by sync state likewise, so each choice shows what picking it would give; the total
 * stays the whole profile's ("120 offers of 4,000").
 */
export function countOffers(ctx: StoreContext, q: Filter = {}): OfferCounts {
  const filtered =
    q.productId !== undefined ||
    Boolean(q.text?.trim()) ||
    q.status !== undefined ||
    q.syncState !== undefined;
  if (!filtered) return allCounts(ctx);
  const all = allCounts(ctx);
  const kept = {
    byStatus: keptCountsUnder(ctx, { ...q, status: undefined }, 'status', all),
    bySyncState: keptCountsUnder(ctx, { ...q, syncState: undefined }, 'sync', all),
  };
  const grouped = (column: string, filter: Filter) => {
    const { where, params } = whereOf(ctx, filter);
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return prep<{ key: string; n: number }>(
      ctx,
      `SELECT ${column} AS key, count(*) AS n FROM offers ${whereSql} GROUP BY 1`,
    ).all(...params);
  };
  let byStatus = kept.byStatus;
  if (!byStatus) {
    byStatus = {};
    for (const r of grouped("coalesce(status, 'none')", { ...q, status: undefined })) {
      byStatus[String(r.key)] = r.n;
    }
  }
  let bySyncState = kept.bySyncState as Record<SyncState, number> | null;
  if (!bySyncState) {
    bySyncState = emptySyncCounts();
    for (const r of grouped('sync_state', { ...q, syncState: undefined })) {
      bySyncState[r.key as SyncState] = r.n;
    }
  }
  return { total: all.total, byStatus, bySyncState, outbox: all.outbox };
}

/**
 * Counts by status or sync state under at most one other filter, read from offer_counts (kept per
 * status, product, sync state and the pairs with a sync state, schema.ts countKeys) instead of
 * counted: no index pairs a sync state with anything any more, since every change moves it.
 * Null: a filter the kept counts do not cover (text, two filters, status under a product), counted.
 */
function keptCountsUnder(
  ctx: StoreContext,
  filter: Filter,
  group: 'status' | 'sync',
  all: OfferCounts,
): Record<string, number> | null {
  if (filter.text?.trim() || filter.localIds !== undefined) return null;
  const given = [filter.status, filter.productId, filter.syncState].filter((f) => f !== undefined);
  if (given.length === 0) return group === 'status' ? { ...all.byStatus } : { ...all.bySyncState };
  if (given.length > 1) return null;
  const pairs = (dim: string, from = '', to = '\uffff') =>
    prep<{ key: string; n: number }>(
      ctx,
      'SELECT key, n FROM offer_counts WHERE dim = ? AND key >= ? AND key < ? AND n > 0',
    ).all(dim, from, to);
  const counts: Record<string, number> = group === 'sync' ? emptySyncCounts() : {};
  if (group === 'sync' && (filter.status !== undefined || filter.productId !== undefined)) {
    const [dim, value] =
      filter.status !== undefined
        ? ['status|sync', filter.status]
        : ['product|sync', filter.productId];
    // Keys are `value|state`: the value's range ends where '|' would be followed by '}'.
    for (const r of pairs(dim, `${value}|`, `${value}}`))
      counts[r.key.slice(`${value}|`.length)] = r.n;
    return counts;
  }
  if (group === 'status' && filter.syncState !== undefined) {
    for (const r of pairs('status|sync')) {
      const [status, state] = r.key.split('|');
      if (state === filter.syncState) counts[status!] = r.n;
    }
    return counts;
  }
  return null;
}

function emptySyncCounts(): Record<SyncState, number> {
  return { synced: 0, local: 0, sending: 0, attention: 0, conflict: 0 };
}

function allCounts(ctx: StoreContext): OfferCounts {
  const byStatus: Record<string, number> = {};
  const counted = prep<{ dim: string; key: string; n: number }>(
    ctx,
    "SELECT dim, key, n FROM offer_counts WHERE dim IN ('status', 'sync') AND n > 0",
  ).all();
  for (const r of counted.filter((c) => c.dim === 'status')) byStatus[r.key] = r.n;
  const bySyncState = emptySyncCounts();
  for (const r of counted.filter((c) => c.dim === 'sync')) bySyncState[r.key as SyncState] = r.n;
  const total = Object.values(bySyncState).reduce((a, b) => a + b, 0);
  const outbox = outboxSize(ctx);
  return { total, byStatus, bySyncState, outbox };
}

export interface ConflictView {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface OfferDetail {
  localId: number;
  serverId: number | null;
  productId: number;
  syncState: SyncState;
  /** The merged fields as the seller sees them (data per product field). */
  fields: OfferDraft;
  /** The server copy as last seen, or null before the server has it. */
  server: Offer | null;
  /** Field paths the seller changed locally (`price_per_step`, `data.12`, …). */
  changedFields: string[];
  conflicts: ConflictView[];
  outcome: {
    ok: boolean;
    at: number;
    serverStatus: number | null;
    message: string | null;
    fieldErrors: { field: string; messages: string[] }[];
  } | null;
  pending: {
    id: number;
    kind: string;
    state: string;
    attempts: number;
    lastError: string | null;
  }[];
  queuedCredentials: number;
  /** Queued credentials that ride in the offer's next manage write (`credentialsForCreate`). */
  ridingCredentials: number;
  uploadedCredentialHashes: number;
  /** Stored screenshots whose removal is queued, sent or refused. */
  screenshotDetaches: ScreenshotDetach[];
}

export function getOffer(ctx: StoreContext, localId: number): OfferDetail | null {
  const row = offerRow(ctx, localId);
  if (!row) return null;
  const change = localChange(ctx, localId);
  const state = prep<{ sync_state: SyncState }>(
    ctx,
    'SELECT sync_state FROM offers WHERE local_id = ?',
  ).get(localId)!.sync_state;
  const conflicts = prep<{ field: string; base: string; mine: string; theirs: string }>(
    ctx,
    'SELECT field, base, mine, theirs FROM conflicts WHERE local_id = ? ORDER BY field',
  )
    .all(localId)
    .map((c) => ({
      field: c.field,
      base: parseJson(c.base, null),
      mine: parseJson(c.mine, null),
      theirs: parseJson(c.theirs, null),
    }));
  const outcomeRow = prep<{
    ok: number;
    at: number;
    server_status: number | null;
    message: string | null;
    field_errors: string;
  }>(
    ctx,
    'SELECT ok, at, server_status, message, field_errors FROM offer_outcomes WHERE local_id = ?',
  ).get(localId);
  const pending = pendingOpsOf(ctx, localId);
  const count = (sql: string) => prep<{ n: number }>(ctx, sql).get(localId)!.n;
  return {
    localId,
    serverId: row.server_id,
    productId: row.product_id,
    syncState: state,
    fields: unflattenDraft(mergedFields(ctx, localId)),
    server: serverOffer(row),
    changedFields: Object.keys(parseJson<FlatFields>(change?.mine, {})),
    conflicts,
    outcome: outcomeRow
      ? {
          ok: outcomeRow.ok === 1,
          at: outcomeRow.at,
          serverStatus: outcomeRow.server_status,
          message: outcomeRow.message,
          fieldErrors: parseJson(outcomeRow.field_errors, []),
        }
      : null,
    pending,
    queuedCredentials: count('SELECT count(*) AS n FROM queued_credentials WHERE local_id = ?'),
    ridingCredentials: ridingCredentials(ctx, localId),
    uploadedCredentialHashes: count(
      'SELECT count(*) AS n FROM credential_hashes WHERE local_id = ?',
    ),
    screenshotDetaches: screenshotDetachesOf(ctx, localId),
  };
}

function ridingCredentials(ctx: StoreContext, localId: number): number {
  const riding = credentialsForCreate(ctx, localId);
  if (!riding) return 0;
  return prep<{ n: number }>(
    ctx,
    'SELECT count(*) AS n FROM queued_credentials WHERE outbox_id = ?',
  ).get(riding.opId)!.n;
}

/** Login/email hashes known for an offer (queued and uploaded), for an import's duplicate check. */
export function knownCredentialHashes(
  ctx: StoreContext,
  localId: number,
): { loginHashes: Set<string>; emailHashes: Set<string> } {
  const loginHashes = new Set<string>();
  const emailHashes = new Set<string>();
  for (const sql of [
    'SELECT login_hash, email_hash FROM queued_credentials WHERE local_id = ?',
    'SELECT login_hash, email_hash FROM credential_hashes WHERE local_id = ?',
  ]) {
    for (const r of prep<{ login_hash: string; email_hash: string | null }>(ctx, sql).all(
      localId,
    )) {
      loginHashes.add(r.login_hash);
      if (r.email_hash) emailHashes.add(r.email_hash);
    }
  }
  return { loginHashes, emailHashes };
}
