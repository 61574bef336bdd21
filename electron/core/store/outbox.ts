// The outbox table: every statement that reads or writes it is here, so its rules (ordering,
// states, typed payloads) live in one place. Drafting (drafts.ts) queues operations, the offers
// table (offers.ts) reads their states, and the sync engine's side (sending.ts) moves them along.
// Callers run these inside their own transaction.
import { prep, type StoreContext } from './context';
import {
  decodePayload,
  encodePayload,
  type OpKind,
  type OpPayload,
  type OpState,
  type OutboxOp,
} from './outboxOps';

/** An outbox row with what the engine needs to know of its offer. */
export interface OpRow {
  id: number;
  local_id: number;
  kind: OpKind;
  state: OpState;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  server_id: number | null;
  product_id: number;
  has_conflict: number;
  change_kind: 'create' | 'edit' | null;
  has_placeholder: number;
  /** When the seller last touched what this operation sends (the hold before sending). */
  touched_at: number;
}

export function enqueueOp<K extends OpKind>(
  ctx: StoreContext,
  localId: number,
  kind: K,
  payload: OpPayload<K>,
): number {
  const info = prep(
    ctx,
    'INSERT INTO outbox (local_id, kind, payload, created_at) VALUES (?, ?, ?, ?)',
  ).run(localId, kind, encodePayload(kind, payload), ctx.clock.now());
  return Number(info.lastInsertRowid);
}

/** The offer's manage operation, queued if there is none; a failed one is tried again now. */
export function ensureManageOp(ctx: StoreContext, localId: number): void {
  const existing = prep<{ id: number; state: string }>(
    ctx,
    "SELECT id, state FROM outbox WHERE local_id = ? AND kind = 'manage' ORDER BY id DESC LIMIT 1",
  ).get(localId);
  if (!existing) {
    enqueueOp(ctx, localId, 'manage', {});
  } else if (existing.state === 'failed') {
    // The seller fixed what was refused: try again now rather than after the old backoff.
    resetOp(ctx, existing.id);
  }
  // A manage op already 'sending' keeps going; the sync engine sends what is left afterwards.
}

/** A status change: the one still waiting is replaced (the last word counts), else queued. */
export function queueStatusOp(
  ctx: StoreContext,
  localId: number,
  payload: OpPayload<'status'>,
): void {
  const queued = prep<{ id: number }>(
    ctx,
    "SELECT id FROM outbox WHERE local_id = ? AND kind = 'status' AND state IN ('queued', 'failed') ORDER BY id DESC LIMIT 1",
  ).get(localId);
  if (!queued) {
    enqueueOp(ctx, localId, 'status', payload);
    return;
  }
  prep(
    ctx,
    "UPDATE outbox SET payload = ?, state = 'queued', attempts = 0, next_attempt_at = 0, created_at = ? WHERE id = ?",
  ).run(encodePayload('status', payload), ctx.clock.now(), queued.id);
}

/**
 * What follows an edit in the queue: `status` sent right after it (a status change still waiting
 * is dropped and this one queued behind the edit, so it goes last), or with null the edit alone
 * (a status change still waiting is dropped: the marketplace's rule decides).
 */
export function queueAfterEdit(
  ctx: StoreContext,
  localId: number,
  status: OpPayload<'status'>['status'] | null,
): void {
  dropOps(ctx, localId, { kinds: ['status'], states: WAITING });
  if (status !== null) enqueueOp(ctx, localId, 'status', { status });
}

/** Not sent yet, or refused: what a newer change of the seller may replace or drop. */
export const WAITING: readonly OpState[] = ['queued', 'failed'];

export interface OpFilter {
  kinds?: readonly OpKind[];
  states?: readonly OpState[];
}

function filterSql(filter: OpFilter): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  if (filter.kinds) {
    parts.push(`kind IN (${filter.kinds.map(() => '?').join(', ')})`);
    params.push(...filter.kinds);
  }
  if (filter.states) {
    parts.push(`state IN (${filter.states.map(() => '?').join(', ')})`);
    params.push(...filter.states);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

/** Drops the offer's operations that match (all of them without a filter). */
export function dropOps(ctx: StoreContext, localId: number, filter: OpFilter = {}): void {
  const { sql, params } = filterSql(filter);
  prep(ctx, `DELETE FROM outbox WHERE local_id = ?${sql}`).run(localId, ...params);
}

export function hasOp(ctx: StoreContext, localId: number, filter: OpFilter = {}): boolean {
  const { sql, params } = filterSql(filter);
  return (
    prep(ctx, `SELECT 1 FROM outbox WHERE local_id = ?${sql} LIMIT 1`).get(localId, ...params) !==
    undefined
  );
}

/** A queued file upload the seller took back before it went. */
export function dropQueuedUpload(ctx: StoreContext, localId: number, queuedId: number): void {
  prep(
    ctx,
    "DELETE FROM outbox WHERE local_id = ? AND kind = 'screenshot_upload' AND json_extract(payload, '$.queuedScreenshotId') = ?",
  ).run(localId, queuedId);
}

/** The state of the offer's first manage operation (its create, when it has one). */
export function manageOpState(ctx: StoreContext, localId: number): OpState | undefined {
  return prep<{ state: OpState }>(
    ctx,
    "SELECT state FROM outbox WHERE local_id = ? AND kind = 'manage' ORDER BY id LIMIT 1",
  ).get(localId)?.state;
}

export function opStatesOf(ctx: StoreContext, localId: number): OpState[] {
  return prep<{ state: OpState }>(ctx, 'SELECT DISTINCT state FROM outbox WHERE local_id = ?')
    .all(localId)
    .map((r) => r.state);
}

export function opKindsOf(ctx: StoreContext, localId: number): OpKind[] {
  return prep<{ kind: OpKind }>(ctx, 'SELECT kind FROM outbox WHERE local_id = ?')
    .all(localId)
    .map((r) => r.kind);
}

/** The status the seller asked for last and that has not gone yet (null: none, or unreadable). */
export function pendingStatusOf(ctx: StoreContext, localId: number): number | null {
  const op = prep<{ payload: string }>(
    ctx,
    "SELECT payload FROM outbox WHERE local_id = ? AND kind = 'status' ORDER BY id DESC LIMIT 1",
  ).get(localId);
  if (!op) return null;
  const decoded = decodePayload('status', op.payload);
  return decoded.ok ? decoded.payload.status : null;
}

/** Every operation of the offer waits for the seller, with this reason. */
export function failAllOpsOf(ctx: StoreContext, localId: number, message: string): void {
  prep(ctx, "UPDATE outbox SET state = 'failed', last_error = ? WHERE local_id = ?").run(
    message,
    localId,
  );
}

export function outboxSize(ctx: StoreContext): number {
  return prep<{ n: number }>(ctx, 'SELECT count(*) AS n FROM outbox').get()!.n;
}

export interface PendingOpView {
  id: number;
  kind: OpKind;
  state: OpState;
  attempts: number;
  lastError: string | null;
}

export function pendingOpsOf(ctx: StoreContext, localId: number): PendingOpView[] {
  return prep<{
    id: number;
    kind: OpKind;
    state: OpState;
    attempts: number;
    last_error: string | null;
  }>(ctx, 'SELECT id, kind, state, attempts, last_error FROM outbox WHERE local_id = ? ORDER BY id')
    .all(localId)
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      attempts: r.attempts,
      lastError: r.last_error,
    }));
}

/** A stored screenshot's removal that was queued, with where it stands. */
export interface ScreenshotDetach {
  opId: number;
  url: string;
  state: OpState;
}

/** The offer's queued screenshot removals (a row that cannot be read names no screenshot). */
export function screenshotDetachesOf(ctx: StoreContext, localId: number): ScreenshotDetach[] {
  return prep<{ id: number; state: OpState; payload: string }>(
    ctx,
    "SELECT id, state, payload FROM outbox WHERE local_id = ? AND kind = 'screenshot_detach' ORDER BY id",
  )
    .all(localId)
    .flatMap((r) => {
      const decoded = decodePayload('screenshot_detach', r.payload);
      return decoded.ok ? [{ opId: r.id, url: decoded.payload.url, state: r.state }] : [];
    });
}

// --- The engine's side -------------------------------------------------------------------------

/** Every operation in outbox order, with its offer's id, conflict and pending-create facts. */
export function opRows(ctx: StoreContext, placeholderPrefix: string): OpRow[] {
  return prep<OpRow>(
    ctx,
    `SELECT o.id, o.local_id, o.kind, o.state, o.payload, o.attempts, o.next_attempt_at,
         f.server_id, f.product_id,
         EXISTS (SELECT 1 FROM conflicts c WHERE c.local_id = o.local_id) AS has_conflict,
         lc.kind AS change_kind,
         coalesce(instr(lc.mine, ?) > 0, 0) AS has_placeholder,
         max(o.created_at, coalesce(lc.changed_at, 0)) AS touched_at
       FROM outbox o JOIN offers f ON f.local_id = o.local_id
         LEFT JOIN local_changes lc ON lc.local_id = o.local_id
       ORDER BY o.id`,
  ).all(placeholderPrefix);
}

/** The row decoded by kind, or the message of a payload that cannot be read back. */
export function decodeRow(r: OpRow): { op: OutboxOp } | { problem: string } {
  const decoded = decodePayload(r.kind, r.payload);
  if (!decoded.ok) return { problem: decoded.problem };
  return {
    op: {
      id: r.id,
      localId: r.local_id,
      kind: r.kind,
      state: r.state,
      payload: decoded.payload,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      serverId: r.server_id,
      productId: r.product_id,
    } as OutboxOp,
  };
}

export function localIdOfOp(ctx: StoreContext, opId: number): number | undefined {
  return prep<{ local_id: number }>(ctx, 'SELECT local_id FROM outbox WHERE id = ?').get(opId)
    ?.local_id;
}

/** Rewrites an operation's payload through `change` (the current one, read back validated). */
export function updatePayload<K extends OpKind>(
  ctx: StoreContext,
  opId: number,
  kind: K,
  change: (payload: OpPayload<K>) => OpPayload<K>,
): boolean {
  const row = prep<{ payload: string; kind: OpKind }>(
    ctx,
    'SELECT payload, kind FROM outbox WHERE id = ?',
  ).get(opId);
  if (!row || row.kind !== kind) return false;
  const decoded = decodePayload(kind, row.payload);
  if (!decoded.ok) return false;
  prep(ctx, 'UPDATE outbox SET payload = ? WHERE id = ?').run(
    encodePayload(kind, change(decoded.payload)),
    opId,
  );
  return true;
}

export function markOpSending(ctx: StoreContext, opId: number): void {
  prep(
    ctx,
    "UPDATE outbox SET state = 'sending', attempts = attempts + 1, sent_at = ? WHERE id = ?",
  ).run(ctx.clock.now(), opId);
}

/** Back in the queue until `nextAttemptAt`; `undoAttempt` when the send never counted. */
export function requeueOpRow(
  ctx: StoreContext,
  opId: number,
  nextAttemptAt: number,
  error: string | null,
  undoAttempt: boolean,
): void {
  prep(
    ctx,
    `UPDATE outbox SET state = 'queued', next_attempt_at = ?, last_error = ?,
       attempts = attempts - ? WHERE id = ?`,
  ).run(nextAttemptAt, error, undoAttempt ? 1 : 0, opId);
}

/** Queued again at once, with nothing counted against it (a fresh start). */
export function resetOp(ctx: StoreContext, opId: number): void {
  prep(
    ctx,
    "UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = 0, last_error = NULL WHERE id = ?",
  ).run(opId);
}

/** Queued and due now, its attempts untouched; `reason` says why it waits (null: it does not). */
export function queueNowRow(ctx: StoreContext, opId: number, reason: string | null): void {
  prep(
    ctx,
    "UPDATE outbox SET state = 'queued', next_attempt_at = 0, last_error = ? WHERE id = ?",
  ).run(reason, opId);
}

export function setOpState(
  ctx: StoreContext,
  opId: number,
  state: 'unknown' | 'failed',
  error: string,
): void {
  prep(ctx, 'UPDATE outbox SET state = ?, last_error = ? WHERE id = ?').run(state, error, opId);
}

export function deleteOp(ctx: StoreContext, opId: number): void {
  prep(ctx, 'DELETE FROM outbox WHERE id = ?').run(opId);
}

/** Credentials held because this process could not open them: offer and reason, oldest first. */
export function heldCredentialsOps(
  ctx: StoreContext,
): { local_id: number; reason: string | null }[] {
  return prep<{ local_id: number; reason: string | null }>(
    ctx,
    `SELECT local_id, json_extract(payload, '$.heldBecause') AS reason FROM outbox
       WHERE kind = 'credentials' AND state = 'queued'
         AND json_extract(payload, '$.heldBecause') IS NOT NULL
       ORDER BY id`,
  ).all();
}

export function countCredentialsOpsOf(ctx: StoreContext, localIds: number[]): number {
  return prep<{ n: number }>(
    ctx,
    `SELECT count(*) AS n FROM outbox WHERE kind = 'credentials'
       AND local_id IN (SELECT value FROM json_each(?))`,
  ).get(JSON.stringify(localIds))!.n;
}

/** Credentials that versions of before failed for good because they could not open them. */
export function credentialsFailedOnOpening(ctx: StoreContext): { id: number; local_id: number }[] {
  return prep<{ id: number; local_id: number }>(
    ctx,
    `SELECT id, local_id FROM outbox WHERE state = 'failed' AND kind = 'credentials'
       AND (last_error LIKE 'sealed data %' OR last_error LIKE 'no secret box%')`,
  ).all();
}
