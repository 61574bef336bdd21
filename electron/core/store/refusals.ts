// What the marketplace refused, kept as the offer's state until the seller acts: a refused
// operation stays in the outbox as `failed` (its offer reads "attention" with the reason), and
// the seller retries it (queued again, the refusal forgotten) or dismisses it (dropped). What
// waits to be sent is read here too, per offer, for the row and the Sync view's queue.
import { parseJson, prep, type StoreContext } from './context';
import { StoreError } from './errors';
import { localChange, offerRow, recordOutcome, refreshOffer, type OutcomeInput } from './offers';
import { enqueueOp, localIdOfOp, resetOp, updatePayload } from './outbox';
import type { OpKind } from './outboxOps';

/**
 * Links the marketplace could not attach: the op keeps only those (so a retry sends them, not
 * the ones already attached) and waits for the seller, with the reason on its offer.
 */
export function refuseLinks(
  ctx: StoreContext,
  opId: number,
  failedUrls: string[],
  outcome: OutcomeInput & { message: string },
): void {
  ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      if (localId === undefined) return;
      updatePayload(ctx, opId, 'screenshot_links', () => ({ urls: failedUrls }));
      prep(ctx, "UPDATE outbox SET state = 'failed', last_error = ? WHERE id = ?").run(
        outcome.message,
        opId,
      );
      recordOutcome(ctx, localId, { ...outcome, ok: false });
      refreshOffer(ctx, localId);
    })
    .immediate();
}

/**
 * Credentials the marketplace skipped (it already had them): nothing is left to send, but the
 * seller is told, as a refusal that holds nothing. A retry sends nothing and clears it; a dismiss
 * drops it.
 */
export function noteSkippedCredentials(ctx: StoreContext, localId: number, message: string): void {
  ctx.db
    .transaction(() => {
      if (!offerRow(ctx, localId)) return;
      const opId = enqueueOp(ctx, localId, 'credentials', { mode: 'add', total: 0 });
      prep(ctx, "UPDATE outbox SET state = 'failed', last_error = ? WHERE id = ?").run(
        message,
        opId,
      );
      recordOutcome(ctx, localId, { ok: false, message });
      refreshOffer(ctx, localId);
    })
    .immediate();
}

function refusedOps(ctx: StoreContext, localId: number): { id: number; kind: OpKind }[] {
  return prep<{ id: number; kind: OpKind }>(
    ctx,
    "SELECT id, kind FROM outbox WHERE local_id = ? AND state = 'failed' ORDER BY id",
  ).all(localId);
}

function requireRefusal(ctx: StoreContext, localId: number, ops: readonly unknown[]): void {
  if (ops.length > 0) return;
  const refused = prep(ctx, 'SELECT 1 FROM offer_outcomes WHERE local_id = ? AND ok = 0').get(
    localId,
  );
  if (!refused) throw new StoreError('invalid', 'The marketplace refused nothing on this offer.');
}

function forgetRefusal(ctx: StoreContext, localId: number): void {
  prep(ctx, 'DELETE FROM offer_outcomes WHERE local_id = ? AND ok = 0').run(localId);
}

function requireRow(ctx: StoreContext, localId: number): void {
  if (!offerRow(ctx, localId)) {
    throw new StoreError('not_found', `Offer ${localId} is not in the store.`);
  }
}

/**
 * Sends the refused operations again as they are: queued now, nothing counted against them, the
 * refusal forgotten (the next answer is the new word). Returns how many went back to the queue.
 */
export function retryRefused(ctx: StoreContext, localId: number): number {
  requireRow(ctx, localId);
  return ctx.db
    .transaction(() => {
      const ops = refusedOps(ctx, localId);
      requireRefusal(ctx, localId, ops);
      for (const op of ops) resetOp(ctx, op.id);
      forgetRefusal(ctx, localId);
      refreshOffer(ctx, localId);
      return ops.length;
    })
    .immediate();
}

/**
 * Lets a refusal go: the refused operations are dropped (a refused link, status change or
 * deletion is simply not sent) and the offer reads as what is left. A refused edit is the
 * seller's typing: it is fixed or discarded, never dropped silently here.
 */
export function dismissRefusal(ctx: StoreContext, localId: number): number {
  requireRow(ctx, localId);
  return ctx.db
    .transaction(() => {
      const ops = refusedOps(ctx, localId);
      requireRefusal(ctx, localId, ops);
      if (ops.some((op) => op.kind === 'manage') && localChange(ctx, localId)) {
        throw new StoreError(
          'invalid',
          'The marketplace refused the edit of this offer: fix it, or discard the local change.',
        );
      }
      for (const op of ops) prep(ctx, 'DELETE FROM outbox WHERE id = ?').run(op.id);
      forgetRefusal(ctx, localId);
      refreshOffer(ctx, localId);
      return ops.length;
    })
    .immediate();
}

/** What waits on an offer, by what it will do on the marketplace. */
export interface PendingChanges {
  /** A new offer, never sent. */
  create: boolean;
  /** Fields the seller changed that are not sent yet. */
  fields: string[];
  delete: boolean;
  /** The status the seller asked for last, not sent yet. */
  status: number | null;
  /** Credentials queued, and whether they replace the offer's set. */
  credentials: number;
  replaceCredentials: boolean;
  uploads: number;
  links: number;
  detach: number;
}

export interface RowPending {
  delete: boolean;
  status: number | null;
  /** Why the offer needs the seller (the marketplace's words), for an offer in attention. */
  problem: string | null;
}

interface OpLine {
  local_id: number;
  kind: OpKind;
  state: string;
  payload: string;
  last_error: string | null;
}

function opLines(ctx: StoreContext, localIds: readonly number[]): OpLine[] {
  if (localIds.length === 0) return [];
  return prep<OpLine>(
    ctx,
    `SELECT local_id, kind, state, payload, last_error FROM outbox
       WHERE local_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  ).all(JSON.stringify(localIds));
}

const statusOfPayload = (payload: string): number | null => {
  const status = parseJson<{ status?: unknown }>(payload, {}).status;
  return typeof status === 'number' ? status : null;
};

/** The row's pending facts for a page of offers (only those not synced can have any). */
export function rowPendingOf(
  ctx: StoreContext,
  rows: readonly { localId: number; syncState: string }[],
): Map<number, RowPending> {
  const ids = rows.filter((r) => r.syncState !== 'synced').map((r) => r.localId);
  const pending = new Map<number, RowPending>();
  for (const line of opLines(ctx, ids)) {
    const p = pending.get(line.local_id) ?? { delete: false, status: null, problem: null };
    if (line.kind === 'delete') p.delete = true;
    if (line.kind === 'status') p.status = statusOfPayload(line.payload);
    if (line.state === 'failed' && line.last_error && p.problem === null)
      p.problem = line.last_error;
    pending.set(line.local_id, p);
  }
  const attention = rows.filter((r) => r.syncState === 'attention').map((r) => r.localId);
  if (attention.length > 0) {
    const outcomes = prep<{ local_id: number; message: string | null }>(
      ctx,
      `SELECT local_id, message FROM offer_outcomes
         WHERE ok = 0 AND local_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(attention));
    for (const o of outcomes) {
      if (!o.message) continue;
      const p = pending.get(o.local_id) ?? { delete: false, status: null, problem: null };
      p.problem = o.message;
      pending.set(o.local_id, p);
    }
  }
  return pending;
}

/** Everything that waits on these offers, by offer (what the queue names). */
/**
 * What waits to be sent per offer. `waiting`: only what is not itself refused (an offer held
 * behind a refusal: its other changes; the refused edit's fields count only while an edit of
 * them is queued again).
 */
export function pendingChangesOf(
  ctx: StoreContext,
  localIds: readonly number[],
  options: { waiting?: boolean } = {},
): Map<number, PendingChanges> {
  const out = new Map<number, PendingChanges>();
  const lines = opLines(ctx, localIds).filter((l) => !options.waiting || l.state !== 'failed');
  const of = (localId: number): PendingChanges => {
    let p = out.get(localId);
    if (!p) {
      const change = localChange(ctx, localId);
      const row = offerRow(ctx, localId);
      const fieldsWait =
        !options.waiting || lines.some((l) => l.local_id === localId && l.kind === 'manage');
      p = {
        create: change?.kind === 'create' && row?.server_id == null && fieldsWait,
        fields: fieldsWait ? Object.keys(parseJson<Record<string, unknown>>(change?.mine, {})) : [],
        delete: false,
        status: null,
        credentials: 0,
        replaceCredentials: false,
        uploads: 0,
        links: 0,
        detach: 0,
      };
      out.set(localId, p);
    }
    return p;
  };
  for (const id of localIds) of(id);
  for (const line of lines) {
    const p = of(line.local_id);
    const payload = parseJson<Record<string, unknown>>(line.payload, {});
    switch (line.kind) {
      case 'delete':
        p.delete = true;
        break;
      case 'status':
        p.status = statusOfPayload(line.payload);
        break;
      case 'credentials':
        if (payload.mode === 'replace' && payload.setReplaced !== true) p.replaceCredentials = true;
        break;
      case 'screenshot_upload':
        p.uploads++;
        break;
      case 'screenshot_links':
        p.links += Array.isArray(payload.urls) ? payload.urls.length : 0;
        break;
      case 'screenshot_detach':
        p.detach++;
        break;
      case 'manage':
        break;
    }
  }
  if (localIds.length > 0) {
    const creds = prep<{ local_id: number; n: number }>(
      ctx,
      `SELECT q.local_id, count(*) AS n FROM queued_credentials q JOIN outbox o ON o.id = q.outbox_id
         WHERE q.local_id IN (SELECT value FROM json_each(?)) AND (? = 0 OR o.state != 'failed')
         GROUP BY q.local_id`,
    ).all(JSON.stringify(localIds), options.waiting ? 1 : 0);
    for (const c of creds) of(c.local_id).credentials = c.n;
  }
  return out;
}

/** Offers with changes the next sync sends (refused and conflicted ones wait for the seller). */
export const TO_SEND_STATES = ['local', 'sending'] as const;

export function offersToSend(
  ctx: StoreContext,
  page: { offset?: number; limit?: number } = {},
): { localIds: number[]; total: number } {
  const limit = Math.min(Math.max(1, Math.floor(page.limit ?? 50)), 500);
  const offset = Math.max(0, Math.floor(page.offset ?? 0));
  const localIds = prep<{ local_id: number }>(
    ctx,
    `SELECT local_id FROM offers WHERE sync_state IN ('local', 'sending')
       ORDER BY updated_at DESC, local_id DESC LIMIT ? OFFSET ?`,
  )
    .all(limit, offset)
    .map((r) => r.local_id);
  return { localIds, total: countToSend(ctx) };
}

/**
 * Offers whose queued changes wait behind something the seller must settle first, as the push
 * holds them (`sending.ts` readyOps): a refused operation before them (a refused link, or
 * credentials skipped as duplicates, hold nothing) or a conflict. Newest first, a page at a time.
 */
export function offersHeldBack(
  ctx: StoreContext,
  page: { offset?: number; limit?: number } = {},
): { offers: { localId: number; by: 'refusal' | 'conflict' }[]; total: number } {
  const limit = Math.min(Math.max(1, Math.floor(page.limit ?? 50)), 500);
  const offset = Math.max(0, Math.floor(page.offset ?? 0));
  const held = `FROM offers f WHERE f.sync_state IN ('attention', 'conflict')
       AND EXISTS (SELECT 1 FROM outbox q WHERE q.local_id = f.local_id AND q.state = 'queued'
         AND (f.sync_state = 'conflict' OR EXISTS (SELECT 1 FROM outbox r
           WHERE r.local_id = f.local_id AND r.id < q.id AND r.state = 'failed'
             AND r.kind != 'screenshot_links'
             AND NOT (r.kind = 'credentials' AND json_extract(r.payload, '$.total') = 0))))`;
  const offers = prep<{ local_id: number; sync_state: string }>(
    ctx,
    `SELECT f.local_id, f.sync_state ${held} ORDER BY f.updated_at DESC, f.local_id DESC LIMIT ? OFFSET ?`,
  )
    .all(limit, offset)
    .map((r) => ({
      localId: r.local_id,
      by: r.sync_state === 'conflict' ? ('conflict' as const) : ('refusal' as const),
    }));
  const total = prep<{ n: number }>(ctx, `SELECT count(*) AS n ${held}`).get()!.n;
  return { offers, total };
}

export function countToSend(ctx: StoreContext): number {
  return prep<{ n: number }>(
    ctx,
    "SELECT coalesce(sum(n), 0) AS n FROM offer_counts WHERE dim = 'sync' AND key IN ('local', 'sending')",
  ).get()!.n;
}
