// The seller's changes to many offers at once (a bulk price or status change, a delete, a
// discard), with the same rules as one offer's (drafts.ts), done as set-based work: a chunk's
// offers are read table by table in one query each, each offer's new rows computed in one pass
// from what was read (no re-read), written with reused statements, and the offers' list columns
// set from what the pass already knows, only the columns that changed (every index over a column
// an UPDATE sets is rewritten). Call inside the caller's transaction (a chunk of an undo step).
import { documentedStatusRefusal, validateOfferWrite } from '../../contract/rules';
import { sellerStatusSchema, type Offer, type Product } from '../../contract/marketplace/wire';
import { isoAt, parseJson, prep, type StoreContext } from './context';
import { DraftRejected, StoreError } from './errors';
import { productLineOf } from './fieldValues';
import {
  flattenDraft,
  flattenServerOffer,
  sameFieldValue,
  unflattenDraft,
  type FlatFields,
  type OfferDraft,
} from './offerFields';
import { listRowOf, type LocalChangeRow, type SyncState } from './offers';
import { encodePayload, decodePayload, type OpKind, type OpState } from './outboxOps';
import { WAITING } from './outbox';
import { gdtProblems, withoutPlaceholders, writeOf, type EditFollowUp } from './drafts';
import { getProduct } from './products';

const IN_IDS = 'IN (SELECT value FROM json_each(?))';

interface OpFact {
  id: number;
  kind: OpKind;
  state: OpState;
  payload: string;
  attempts: number;
  lastError: string | null;
}

/** What the store knows of one offer, read once for a chunk. */
interface OfferFacts {
  localId: number;
  serverId: number | null;
  productId: number;
  serverUpdatedAt: string | null;
  serverJson: string | null;
  server: Offer | null;
  change: LocalChangeRow | undefined;
  /** Its outbox rows, in outbox order. */
  ops: OpFact[];
  hasConflict: boolean;
  outcomeOk: number | null;
  /** The list columns as stored, to write only what changed. */
  listed: Record<string, unknown>;
}

const LIST_COLUMNS = Object.keys(
  listRowOf({
    merged: {},
    productTitle: '',
    serverId: null,
    status: null,
    syncState: 'synced',
    pendingDelete: false,
    updatedAt: '',
  }),
);

/**
 * The facts a plan just read (plannedOffers), kept for the write that follows it in the same
 * chunk, so each offer is read once; kept only while nothing has been written since.
 */
const justPlanned = new WeakMap<object, { changes: number; facts: Map<number, OfferFacts> }>();

const totalChanges = (ctx: StoreContext) =>
  prep<{ n: number }>(ctx, 'SELECT total_changes() AS n').get()!.n;

function loadFacts(ctx: StoreContext, localIds: readonly number[]): Map<number, OfferFacts> {
  const planned = justPlanned.get(ctx.db);
  justPlanned.delete(ctx.db);
  if (
    planned &&
    planned.changes === totalChanges(ctx) &&
    localIds.every((id) => planned.facts.has(id))
  ) {
    return planned.facts;
  }
  return readFacts(ctx, localIds);
}

function readFacts(ctx: StoreContext, localIds: readonly number[]): Map<number, OfferFacts> {
  const ids = JSON.stringify(localIds);
  const facts = new Map<number, OfferFacts>();
  const rows = prep<Record<string, unknown>>(
    ctx,
    `SELECT o.local_id, o.server_id, o.product_id, o.server_updated_at, c.json AS server_json,
       ${LIST_COLUMNS.map((col) => `o.${col}`).join(', ')}
     FROM offers o LEFT JOIN server_copies c ON c.local_id = o.local_id
     WHERE o.local_id ${IN_IDS}`,
  ).all(ids);
  for (const row of rows) {
    const serverJson = (row.server_json as string | null) ?? null;
    facts.set(Number(row.local_id), {
      localId: Number(row.local_id),
      serverId: (row.server_id as number | null) ?? null,
      productId: Number(row.product_id),
      serverUpdatedAt: (row.server_updated_at as string | null) ?? null,
      serverJson,
      server: serverJson ? parseJson<Offer | null>(serverJson, null) : null,
      change: undefined,
      ops: [],
      hasConflict: false,
      outcomeOk: null,
      listed: Object.fromEntries(LIST_COLUMNS.map((col) => [col, row[col]])),
    });
  }
  for (const change of prep<LocalChangeRow>(
    ctx,
    `SELECT * FROM local_changes WHERE local_id ${IN_IDS}`,
  ).all(ids)) {
    facts.get(change.local_id)!.change = change;
  }
  for (const op of prep<{
    local_id: number;
    id: number;
    kind: OpKind;
    state: OpState;
    payload: string;
    attempts: number;
    last_error: string | null;
  }>(
    ctx,
    `SELECT local_id, id, kind, state, payload, attempts, last_error FROM outbox
     WHERE local_id ${IN_IDS} ORDER BY id`,
  ).all(ids)) {
    facts.get(op.local_id)!.ops.push({
      id: op.id,
      kind: op.kind,
      state: op.state,
      payload: op.payload,
      attempts: op.attempts,
      lastError: op.last_error,
    });
  }
  for (const { local_id } of prep<{ local_id: number }>(
    ctx,
    `SELECT DISTINCT local_id FROM conflicts WHERE local_id ${IN_IDS}`,
  ).all(ids)) {
    facts.get(local_id)!.hasConflict = true;
  }
  for (const outcome of prep<{ local_id: number; ok: number }>(
    ctx,
    `SELECT local_id, ok FROM offer_outcomes WHERE local_id ${IN_IDS}`,
  ).all(ids)) {
    facts.get(outcome.local_id)!.outcomeOk = outcome.ok;
  }
  return facts;
}

function mergedOf(f: OfferFacts): FlatFields {
  return {
    ...(f.server ? flattenServerOffer(f.server) : {}),
    ...parseJson<FlatFields>(f.change?.mine, {}),
  };
}

/** The same sync state refreshOffer (offers.ts) computes, from the facts in hand. */
function syncStateOf(f: OfferFacts): SyncState {
  if (f.hasConflict) return 'conflict';
  const states = new Set(f.ops.map((op) => op.state));
  if (states.has('failed')) return 'attention';
  if (f.outcomeOk === 0 && (f.change || f.ops.length > 0)) return 'attention';
  if (states.has('sending') || states.has('unknown')) return 'sending';
  if (f.change || f.ops.length > 0) return 'local';
  return 'synced';
}

function pendingStatusOf(f: OfferFacts): number | null {
  const op = f.ops.filter((o) => o.kind === 'status').at(-1);
  if (!op) return null;
  const decoded = decodePayload('status', op.payload);
  return decoded.ok ? decoded.payload.status : null;
}

/**
 * offer_counts moves, by `dim\tkey`, that the bulk write keeps itself while the row-by-row
 * trigger is set aside (null: the trigger counts).
 */
type CountMoves = Map<string, number> | null;
let countMoves: CountMoves = null;

function moveCount(dim: string, key: string | undefined, delta: number): void {
  const id = `${dim}\t${key}`;
  countMoves!.set(id, (countMoves!.get(id) ?? 0) + delta);
}

/** The offer_counts keys a bulk write can move, as schema.ts countKeys says them in SQL. */
function countKeysOf(
  productId: number,
  status: unknown,
  syncState: unknown,
): Record<string, string> {
  const shownStatus = status === null || status === undefined ? 'none' : String(status);
  return {
    status: shownStatus,
    sync: String(syncState),
    'status|sync': `${shownStatus}|${String(syncState)}`,
    'product|sync': `${productId}|${String(syncState)}`,
  };
}

/**
 * Runs `fn` with the row-by-row update trigger of offer_counts set aside and the counts moved
 * once at the end: that trigger's twelve upserts cost more than the rest of a bulk row's update.
 * Only inside the caller's transaction (schema changes are transactional), so no other
 * connection ever sees the trigger gone. Worth it for a chunk, not for a few offers. Dropped
 * rather than held by a flag its WHEN reads: a trigger left in place still runs for every
 * updated row, which costs more than compiling the chunk's statements again after the schema
 * change.
 */
function withCountsMovedOnce<T>(ctx: StoreContext, rows: number, fn: () => T): T {
  const trigger =
    rows >= 32 && ctx.db.inTransaction
      ? prep<{ sql: string }>(
          ctx,
          "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'offer_counts_update'",
        ).get()?.sql
      : undefined;
  if (!trigger) return fn();
  ctx.db.exec('DROP TRIGGER offer_counts_update');
  countMoves = new Map();
  try {
    const result = fn();
    const move = prep(
      ctx,
      `INSERT INTO offer_counts (dim, key, n) VALUES (?, ?, ?)
       ON CONFLICT (dim, key) DO UPDATE SET n = n + excluded.n`,
    );
    for (const [id, delta] of countMoves) {
      if (delta === 0) continue;
      const [dim, key] = id.split('\t');
      move.run(dim, key, delta);
    }
    return result;
  } finally {
    countMoves = null;
    ctx.db.exec(trigger);
  }
}

/** Writes the offer's list columns (and search text) as the facts now say, only what changed. */
function writeListRow(ctx: StoreContext, f: OfferFacts): void {
  const merged = mergedOf(f);
  const product = productLineOf(ctx, f.productId, (id) => merged[`data.${id}`]);
  const row: Record<string, unknown> = listRowOf({
    merged,
    productTitle: product.title,
    fieldValues: product.fieldValues,
    serverId: f.serverId,
    status: pendingStatusOf(f) ?? f.server?.status ?? null,
    syncState: syncStateOf(f),
    pendingDelete: f.ops.some((op) => op.kind === 'delete'),
    updatedAt: f.change ? isoAt(f.change.changed_at) : (f.server?.updated_at ?? ''),
  });
  const changed = LIST_COLUMNS.filter((col) => row[col] !== f.listed[col]);
  if (changed.length === 0) return;
  if (countMoves) {
    const before = countKeysOf(f.productId, f.listed.status, f.listed.sync_state);
    const after = countKeysOf(f.productId, row.status, row.sync_state);
    for (const [dim, key] of Object.entries(after)) {
      if (key === before[dim]) continue;
      moveCount(dim, before[dim], -1);
      moveCount(dim, key, 1);
    }
  }
  prep(
    ctx,
    `UPDATE offers SET ${changed.map((c) => `${c} = ?`).join(', ')} WHERE local_id = ?`,
  ).run(...changed.map((c) => row[c]), f.localId);
  if (changed.includes('search_text')) {
    prep(ctx, 'DELETE FROM offers_search WHERE rowid = ?').run(f.localId);
    prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
      f.localId,
      row.search_text,
    );
  }
  f.listed = row;
}

function enqueue(ctx: StoreContext, f: OfferFacts, kind: OpKind, payload: string): void {
  const info = prep(
    ctx,
    'INSERT INTO outbox (local_id, kind, payload, created_at) VALUES (?, ?, ?, ?)',
  ).run(f.localId, kind, payload, ctx.clock.now());
  f.ops.push({
    id: Number(info.lastInsertRowid),
    kind,
    state: 'queued',
    payload,
    attempts: 0,
    lastError: null,
  });
}

/** Drops the offer's operations in these states (all without), as outbox.dropOps does. */
function dropOps(
  ctx: StoreContext,
  f: OfferFacts,
  filter: { kinds?: readonly OpKind[]; states?: readonly OpState[] } = {},
): void {
  const drop = (op: OpFact) =>
    (!filter.kinds || filter.kinds.includes(op.kind)) &&
    (!filter.states || filter.states.includes(op.state));
  if (!filter.kinds && !filter.states) {
    // All of them (a discard): one statement, not one per operation.
    if (f.ops.length > 0) prep(ctx, 'DELETE FROM outbox WHERE local_id = ?').run(f.localId);
    f.ops = [];
    return;
  }
  const statement = prep(ctx, 'DELETE FROM outbox WHERE id = ?');
  for (const op of f.ops) if (drop(op)) statement.run(op.id);
  f.ops = f.ops.filter((op) => !drop(op));
}

const deleteFrom = (ctx: StoreContext, table: string, localId: number) =>
  prep(ctx, `DELETE FROM ${table} WHERE local_id = ?`).run(localId);

/** One offer's fate in a bulk write: done (and how), or the error that left it out. */
export type BulkWrite<T = true> =
  { localId: number; done: T } | { localId: number; error: unknown };

/** The offers of a chunk, in the order asked; a missing one fails as a single change would. */
function eachOf<I extends { localId: number }, T>(
  ctx: StoreContext,
  items: readonly I[],
  apply: (f: OfferFacts, item: I) => T,
): BulkWrite<T>[] {
  const facts = loadFacts(
    ctx,
    items.map((item) => item.localId),
  );
  return withCountsMovedOnce(ctx, items.length, () =>
    items.map((item) => {
      const { localId } = item;
      const f = facts.get(localId);
      try {
        if (!f) throw new StoreError('not_found', `Offer ${localId} is not in the store.`);
        return { localId, done: apply(f, item) };
      } catch (error) {
        return { localId, error };
      }
    }),
  );
}

const byId = (localIds: readonly number[]) => localIds.map((localId) => ({ localId }));

/**
 * Lays each patch over its offer's local change, as drafts.editOffer does for one: validated
 * against the product, queued as the offer's manage operation.
 */
/** One offer's edit in a bulk change, and what follows it in the queue (drafts.EditFollowUp). */
export interface BulkEdit extends EditFollowUp {
  localId: number;
  patch: OfferDraft;
}

export function editOffers(ctx: StoreContext, edits: readonly BulkEdit[]): BulkWrite[] {
  const products = new Map<number, Product | null>();
  const productOf = (id: number) => {
    if (!products.has(id)) products.set(id, getProduct(ctx, id));
    return products.get(id) ?? null;
  };
  return eachOf(ctx, edits, (f, { patch, thenStatus }) => {
    const product = productOf(f.productId);
    if (!product) {
      throw new DraftRejected(
        [{ field: 'product_id', message: 'Unknown product: refresh the catalogue first.' }],
        `Product ${f.productId} is not in the local catalogue.`,
      );
    }
    const change = f.change;
    if (!change && f.serverId === null && !f.serverJson) {
      throw new StoreError('invalid', `Offer ${f.localId} has nothing to edit.`);
    }
    if (f.ops.some((op) => op.kind === 'delete')) {
      throw new StoreError('invalid', `Offer ${f.localId} is waiting to be deleted.`);
    }
    const patchFlat = flattenDraft(patch);
    const mine: FlatFields = { ...parseJson<FlatFields>(change?.mine, {}), ...patchFlat };
    const merged = { ...mergedOf(f), ...patchFlat };
    const server = f.server;
    const isCreate = change?.kind === 'create';
    const base = parseJson<FlatFields>(change?.base, {});
    if (!isCreate && server) {
      for (const field of Object.keys(patchFlat)) {
        const serverValue = field.startsWith('data.')
          ? server.data[field.slice(5)]
          : (server as Record<string, unknown>)[field];
        if (!(field in base)) base[field] = serverValue;
        if (sameFieldValue(mine[field], base[field])) delete mine[field];
      }
    }
    const toCheck = isCreate ? mine : patchFlat;
    const problems = validateOfferWrite(
      withoutPlaceholders(writeOf(toCheck, merged)),
      product,
      isCreate ? 'create' : 'edit',
      { price_per_step: Number(merged.price_per_step ?? 0) },
    );
    problems.push(...gdtProblems(patchFlat.guarantee_delivery_time));
    if (problems.length > 0) throw new DraftRejected(problems);
    const now = ctx.clock.now();
    if (!isCreate && Object.keys(mine).length === 0) {
      deleteFrom(ctx, 'local_changes', f.localId);
      f.change = undefined;
      dropOps(ctx, f, { kinds: ['manage'], states: WAITING });
    } else {
      const row: LocalChangeRow = {
        local_id: f.localId,
        kind: isCreate ? 'create' : 'edit',
        base_updated_at: change ? change.base_updated_at : f.serverUpdatedAt,
        base: JSON.stringify(base),
        mine: JSON.stringify(mine),
        changed_at: now,
      };
      prep(
        ctx,
        `INSERT INTO local_changes (local_id, kind, base_updated_at, base, mine, changed_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (local_id) DO UPDATE SET base = excluded.base, mine = excluded.mine,
           changed_at = excluded.changed_at`,
      ).run(row.local_id, row.kind, f.serverUpdatedAt, row.base, row.mine, now);
      f.change = row;
      // outbox.ensureManageOp, from the operations in hand.
      const manage = f.ops.filter((op) => op.kind === 'manage').at(-1);
      if (!manage) {
        enqueue(ctx, f, 'manage', encodePayload('manage', {}));
      } else if (manage.state === 'failed') {
        prep(
          ctx,
          "UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = 0, last_error = NULL WHERE id = ?",
        ).run(manage.id);
        Object.assign(manage, { state: 'queued', attempts: 0, lastError: null });
      }
      // outbox.queueAfterEdit, from the operations in hand.
      if (thenStatus !== undefined) {
        dropOps(ctx, f, { kinds: ['status'], states: WAITING });
        if (thenStatus !== null) {
          enqueue(ctx, f, 'status', encodePayload('status', { status: thenStatus }));
        }
      }
    }
    writeListRow(ctx, f);
    return true as const;
  });
}

/** Queues a status for each offer, as drafts.changeStatus does: the last word replaces one waiting. */
export function changeStatuses(
  ctx: StoreContext,
  localIds: readonly number[],
  status: number,
): BulkWrite[] {
  const refusal = documentedStatusRefusal(status);
  const target = refusal ? null : sellerStatusSchema.parse(status);
  const payload = target === null ? '' : encodePayload('status', { status: target });
  return eachOf(ctx, byId(localIds), (f) => {
    if (refusal || target === null) {
      throw new DraftRejected([{ field: 'status', message: refusal! }], refusal!);
    }
    const queued = f.ops
      .filter((op) => op.kind === 'status' && (op.state === 'queued' || op.state === 'failed'))
      .at(-1);
    if (!queued) {
      enqueue(ctx, f, 'status', payload);
    } else {
      prep(
        ctx,
        "UPDATE outbox SET payload = ?, state = 'queued', attempts = 0, next_attempt_at = 0, created_at = ? WHERE id = ?",
      ).run(payload, ctx.clock.now(), queued.id);
      Object.assign(queued, { payload, state: 'queued', attempts: 0 });
    }
    writeListRow(ctx, f);
    return true as const;
  });
}

/** Deletes each offer as drafts.deleteOffer does: a never-sent one goes, the rest queue a delete. */
export function deleteOffers(
  ctx: StoreContext,
  localIds: readonly number[],
): BulkWrite<'cancelled' | 'queued'>[] {
  return eachOf(ctx, byId(localIds), (f) => {
    const change = f.change;
    const createState =
      change?.kind === 'create' ? f.ops.find((op) => op.kind === 'manage')?.state : undefined;
    if (
      (change?.kind === 'create' && (createState === 'queued' || createState === 'failed')) ||
      (f.serverId === null && !change)
    ) {
      deleteFrom(ctx, 'offers', f.localId);
      return 'cancelled' as const;
    }
    // Whatever else was waiting for this offer no longer matters once it is gone.
    dropOps(ctx, f, { states: WAITING });
    if (f.hasConflict) deleteFrom(ctx, 'conflicts', f.localId);
    f.hasConflict = false;
    if (change?.kind === 'edit') {
      deleteFrom(ctx, 'local_changes', f.localId);
      f.change = undefined;
    }
    enqueue(ctx, f, 'delete', encodePayload('delete', {}));
    writeListRow(ctx, f);
    return 'queued' as const;
  });
}

/** Throws away each offer's pending work, as drafts.discardLocalChanges does. */
export function discardLocalChanges(ctx: StoreContext, localIds: readonly number[]): BulkWrite[] {
  return eachOf(ctx, byId(localIds), (f) => {
    if (f.ops.some((op) => op.state === 'sending' || op.state === 'unknown')) {
      throw new StoreError('invalid', 'A send is in progress for this offer; wait for it.');
    }
    if (f.serverId === null) {
      deleteFrom(ctx, 'offers', f.localId);
      return true as const;
    }
    dropOps(ctx, f);
    // Only the rows the facts say are there: most offers have no conflict or outcome.
    if (f.change) deleteFrom(ctx, 'local_changes', f.localId);
    if (f.hasConflict) deleteFrom(ctx, 'conflicts', f.localId);
    if (f.outcomeOk !== null) deleteFrom(ctx, 'offer_outcomes', f.localId);
    f.change = undefined;
    f.hasConflict = false;
    f.outcomeOk = null;
    writeListRow(ctx, f);
    return true as const;
  });
}

/** Offers as a bulk change plans them (usecases/offers/consequences.ts), a chunk at a time. */
export interface PlannedOffer {
  localId: number;
  serverId: number | null;
  productId: number;
  fields: OfferDraft;
  server: Offer | null;
  pending: { id: number; kind: string; state: string }[];
  /** The status the seller asked for last that has not gone yet (null or absent: none). */
  pendingStatus?: number | null;
}

export function plannedOffers(
  ctx: StoreContext,
  localIds: readonly number[],
): Map<number, PlannedOffer> {
  const planned = new Map<number, PlannedOffer>();
  const facts = readFacts(ctx, localIds);
  justPlanned.set(ctx.db, { changes: totalChanges(ctx), facts });
  for (const f of facts.values()) {
    planned.set(f.localId, {
      localId: f.localId,
      serverId: f.serverId,
      productId: f.productId,
      fields: unflattenDraft(mergedOf(f)),
      server: f.server,
      pending: f.ops.map(({ id, kind, state }) => ({ id, kind, state })),
      pendingStatus: pendingStatusOf(f),
    });
  }
  return planned;
}
