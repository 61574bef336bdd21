// Undo: a step (a bulk change, an import, a single save) snapshots the local rows of every offer
// it touches before it runs, in the same transaction, and remembers which queued operations those
// offers had when it ended. Undoing the last step puts the rows back exactly (local change,
// waiting operations, outcome, conflicts, queued screenshots and credentials, or the offer itself
// for a local-only one that was removed) — but only while none of those operations has gone out:
// once the marketplace may have seen one, putting the local rows back would lie about it.
// Operations in flight ('sending', 'unknown') are never touched. History is bounded per profile.
import { parseJson, prep, type StoreContext } from './context';
import { refreshOffer } from './offers';
import { WAITING } from './outbox';

/** At most this many steps are kept; older ones can no longer be undone. */
export const UNDO_HISTORY = 20;
/** A step older than this is dropped: undo is for a change just made. */
export const UNDO_MAX_AGE_MS = 24 * 3_600_000;

type Row = Record<string, unknown>;

interface Snapshot {
  offer: Row;
  serverCopy: string | null;
  localChange: Row | null;
  ops: Row[];
  credentials: Row[];
  screenshots: Row[];
  outcome: Row | null;
  conflicts: Row[];
}

/** A waiting operation as the step left it: undo needs it still waiting and never tried since. */
type OpMark = [id: number, attempts: number];

/**
 * The offer as the step left it: its waiting operations and when its local change was made. Undo
 * needs exactly that still, or putting the rows back would lose what came after (a later edit,
 * screenshots queued since, a send).
 */
interface AfterMark {
  ops: OpMark[];
  changedAt: number | null;
}

export interface UndoStepView {
  id: number;
  label: string;
  at: number;
  offers: number;
}

export type UndoResult =
  | { undone: true; label: string; offers: number }
  | { undone: false; label: string; reason: string };

// Blobs (sealed credentials) survive JSON as base64.
const encode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      Buffer.isBuffer(v) ? { $b64: v.toString('base64') } : v,
    ]),
  );
const decode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v && typeof v === 'object' && '$b64' in v
        ? Buffer.from(String((v as { $b64: string }).$b64), 'base64')
        : v,
    ]),
  );

function waitingIn(): string {
  return WAITING.map((s) => `'${s}'`).join(', ');
}

function snapshotOf(ctx: StoreContext, localId: number): Snapshot | null {
  const offer = prep<Row>(ctx, 'SELECT * FROM offers WHERE local_id = ?').get(localId);
  if (!offer) return null;
  const ops = prep<Row>(
    ctx,
    `SELECT * FROM outbox WHERE local_id = ? AND state IN (${waitingIn()}) ORDER BY id`,
  ).all(localId);
  const credentials = prep<Row>(
    ctx,
    `SELECT q.* FROM queued_credentials q JOIN outbox o ON o.id = q.outbox_id
     WHERE q.local_id = ? AND o.state IN (${waitingIn()}) ORDER BY q.id`,
  ).all(localId);
  return {
    offer: encode(offer),
    serverCopy:
      prep<{ json: string }>(ctx, 'SELECT json FROM server_copies WHERE local_id = ?').get(localId)
        ?.json ?? null,
    localChange:
      prep<Row>(ctx, 'SELECT * FROM local_changes WHERE local_id = ?').get(localId) ?? null,
    ops: ops.map(encode),
    credentials: credentials.map(encode),
    screenshots: prep<Row>(ctx, 'SELECT * FROM queued_screenshots WHERE local_id = ?').all(localId),
    outcome: prep<Row>(ctx, 'SELECT * FROM offer_outcomes WHERE local_id = ?').get(localId) ?? null,
    conflicts: prep<Row>(ctx, 'SELECT * FROM conflicts WHERE local_id = ?').all(localId),
  };
}

function afterMark(ctx: StoreContext, localId: number): AfterMark {
  const ops = prep<{ id: number; attempts: number }>(
    ctx,
    `SELECT id, attempts FROM outbox WHERE local_id = ? AND state IN (${waitingIn()}) ORDER BY id`,
  )
    .all(localId)
    .map((r): OpMark => [r.id, r.attempts]);
  const changedAt =
    prep<{ changed_at: number }>(
      ctx,
      'SELECT changed_at FROM local_changes WHERE local_id = ?',
    ).get(localId)?.changed_at ?? null;
  return { ops, changedAt };
}

function insertRow(ctx: StoreContext, table: string, row: Row): void {
  const columns = Object.keys(row);
  prep(
    ctx,
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  ).run(...columns.map((c) => row[c]));
}

function restore(ctx: StoreContext, localId: number, before: Snapshot | null): void {
  if (!before) {
    // The step created this offer: it goes, with everything queued for it.
    prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(localId);
    return;
  }
  const exists = prep(ctx, 'SELECT 1 FROM offers WHERE local_id = ?').get(localId);
  if (!exists) {
    const offer = decode(before.offer);
    insertRow(ctx, 'offers', offer);
    prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
      localId,
      String(offer.search_text ?? ''),
    );
    if (before.serverCopy !== null) {
      insertRow(ctx, 'server_copies', { local_id: localId, json: before.serverCopy });
    }
  }
  prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
  if (before.localChange) insertRow(ctx, 'local_changes', before.localChange);
  prep(ctx, `DELETE FROM outbox WHERE local_id = ? AND state IN (${waitingIn()})`).run(localId);
  for (const op of before.ops) insertRow(ctx, 'outbox', decode(op));
  for (const credential of before.credentials) {
    insertRow(ctx, 'queued_credentials', decode(credential));
  }
  prep(ctx, 'DELETE FROM queued_screenshots WHERE local_id = ?').run(localId);
  for (const shot of before.screenshots) insertRow(ctx, 'queued_screenshots', shot);
  prep(ctx, 'DELETE FROM offer_outcomes WHERE local_id = ?').run(localId);
  if (before.outcome) insertRow(ctx, 'offer_outcomes', before.outcome);
  prep(ctx, 'DELETE FROM conflicts WHERE local_id = ?').run(localId);
  for (const conflict of before.conflicts) insertRow(ctx, 'conflicts', conflict);
  refreshOffer(ctx, localId);
}

function prune(ctx: StoreContext): void {
  prep(ctx, 'DELETE FROM undo_steps WHERE at < ?').run(ctx.clock.now() - UNDO_MAX_AGE_MS);
  prep(
    ctx,
    'DELETE FROM undo_steps WHERE id NOT IN (SELECT id FROM undo_steps ORDER BY id DESC LIMIT ?)',
  ).run(UNDO_HISTORY);
}

/**
 * Runs `fn` as one undoable step. `candidates` are the offers it may touch (snapshotted first);
 * `affected(result)` names those it did change, including offers it created. A step that changed
 * nothing is not kept.
 */
export function recordStep<T>(
  ctx: StoreContext,
  label: string | ((changed: number) => string),
  candidates: readonly number[],
  fn: () => T,
  affected: (result: T) => readonly number[],
): T {
  return ctx.db
    .transaction(() => {
      const before = new Map<number, Snapshot | null>();
      for (const id of new Set(candidates)) before.set(id, snapshotOf(ctx, id));
      const result = fn();
      const changed = [...new Set(affected(result))];
      if (changed.length === 0) return result;
      const step = Number(
        prep(ctx, 'INSERT INTO undo_steps (label, at, offers) VALUES (?, ?, ?)').run(
          typeof label === 'string' ? label : label(changed.length),
          ctx.clock.now(),
          changed.length,
        ).lastInsertRowid,
      );
      const insert = prep(
        ctx,
        'INSERT INTO undo_offers (step_id, local_id, before, after_ops) VALUES (?, ?, ?, ?)',
      );
      for (const id of changed) {
        const snapshot = before.has(id) ? before.get(id)! : null;
        insert.run(
          step,
          id,
          snapshot ? JSON.stringify(snapshot) : null,
          JSON.stringify(afterMark(ctx, id)),
        );
      }
      prune(ctx);
      return result;
    })
    .immediate();
}

export function lastStep(ctx: StoreContext): UndoStepView | null {
  prune(ctx);
  return (
    prep<UndoStepView>(
      ctx,
      'SELECT id, label, at, offers FROM undo_steps ORDER BY id DESC LIMIT 1',
    ).get() ?? null
  );
}

const SENT =
  'Some of these changes were already sent to the marketplace, so they can no longer be undone here. Change the offers again to put them back.';
const CHANGED_SINCE =
  'These offers were changed again since (an edit, screenshots or credentials), and undoing would lose that. Change them back by hand.';

/** Why the step can no longer be undone, or null when its offers are as it left them. */
function cannotUndo(ctx: StoreContext, stepId: number): string | null {
  const rows = prep<{ local_id: number; after_ops: string }>(
    ctx,
    'SELECT local_id, after_ops FROM undo_offers WHERE step_id = ?',
  ).all(stepId);
  const opNow = prep<{ state: string; attempts: number }>(
    ctx,
    'SELECT state, attempts FROM outbox WHERE id = ?',
  );
  let changed = false;
  for (const row of rows) {
    const mark = parseJson<AfterMark>(row.after_ops, { ops: [], changedAt: null });
    for (const [id, attempts] of mark.ops) {
      const now = opNow.get(id);
      const waiting = now && (WAITING as readonly string[]).includes(now.state);
      // Gone, in flight or tried: the marketplace may have it.
      if (!waiting || now.attempts !== attempts) return SENT;
    }
    const current = afterMark(ctx, row.local_id);
    if (
      current.changedAt !== mark.changedAt ||
      current.ops.length !== mark.ops.length ||
      current.ops.some(([id], i) => id !== mark.ops[i]![0])
    ) {
      changed = true;
    }
  }
  return changed ? CHANGED_SINCE : null;
}

export function undoLastStep(ctx: StoreContext): UndoResult | null {
  return ctx.db
    .transaction((): UndoResult | null => {
      const step = lastStep(ctx);
      if (!step) return null;
      const reason = cannotUndo(ctx, step.id);
      // A step that can no longer be undone leaves the history, so the one before it is next.
      if (reason) {
        prep(ctx, 'DELETE FROM undo_steps WHERE id = ?').run(step.id);
        return { undone: false, label: step.label, reason };
      }
      const rows = prep<{ local_id: number; before: string | null }>(
        ctx,
        'SELECT local_id, before FROM undo_offers WHERE step_id = ? ORDER BY local_id',
      ).all(step.id);
      for (const row of rows) {
        restore(ctx, row.local_id, parseJson<Snapshot | null>(row.before, null));
      }
      prep(ctx, 'DELETE FROM undo_steps WHERE id = ?').run(step.id);
      return { undone: true, label: step.label, offers: rows.length };
    })
    .immediate();
}
