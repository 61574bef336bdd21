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

/** `WHERE local_id IN` a chunk of offers, as one bound parameter (a JSON array). */
const IN_IDS = 'IN (SELECT value FROM json_each(?))';

function byOffer(rows: Row[]): Map<number, Row[]> {
  const grouped = new Map<number, Row[]>();
  for (const row of rows) {
    const id = Number(row.local_id);
    const list = grouped.get(id);
    if (list) list.push(row);
    else grouped.set(id, [row]);
  }
  return grouped;
}

/**
 * The local rows of several offers as they are now, read table by table (a bulk change snapshots
 * thousands: one query per table, not one per offer and table). An offer not there is null.
 */
function snapshotsOf(ctx: StoreContext, localIds: readonly number[]): Map<number, Snapshot | null> {
  const ids = JSON.stringify([...new Set(localIds)]);
  const all = (sql: string) => byOffer(prep<Row>(ctx, sql).all(ids));
  // The whole row only of an offer the marketplace does not have: a step may remove only such an
  // offer, and undo puts back a removed row only then (one with a server id that is gone was
  // deleted on the marketplace since, and undo says so: cannotUndo). Of the others, the id.
  const offers = all(`SELECT * FROM offers WHERE local_id ${IN_IDS} AND server_id IS NULL`);
  const known = all(
    `SELECT local_id, server_id FROM offers WHERE local_id ${IN_IDS} AND server_id IS NOT NULL`,
  );
  const ops = all(
    `SELECT * FROM outbox WHERE local_id ${IN_IDS} AND +state IN (${waitingIn()}) ORDER BY id`,
  );
  // From the offer's waiting operations to their credentials (both indexed that way round).
  const credentials = all(
    `SELECT q.* FROM outbox o CROSS JOIN queued_credentials q ON q.outbox_id = o.id
     WHERE o.local_id ${IN_IDS} AND +o.state IN (${waitingIn()}) ORDER BY q.id`,
  );
  // A step only ever removes an offer the marketplace does not have (a never-sent create; one it
  // deleted there): only such an offer's server copy could need putting back, and it has none
  // the pull keeps. The copies of the others (kilobytes each, thousands in a bulk change) stay out.
  const copies = all(
    `SELECT c.local_id, c.json FROM offers o CROSS JOIN server_copies c ON c.local_id = o.local_id
     WHERE o.local_id ${IN_IDS} AND o.server_id IS NULL`,
  );
  const changes = all(`SELECT * FROM local_changes WHERE local_id ${IN_IDS}`);
  const screenshots = all(`SELECT * FROM queued_screenshots WHERE local_id ${IN_IDS} ORDER BY id`);
  const outcomes = all(`SELECT * FROM offer_outcomes WHERE local_id ${IN_IDS}`);
  const conflicts = all(`SELECT * FROM conflicts WHERE local_id ${IN_IDS}`);
  const snapshots = new Map<number, Snapshot | null>();
  for (const localId of new Set(localIds)) {
    const offer = offers.get(localId)?.[0] ?? known.get(localId)?.[0];
    if (!offer) {
      snapshots.set(localId, null);
      continue;
    }
    const copy = copies.get(localId)?.[0];
    snapshots.set(localId, {
      offer: encode(offer),
      serverCopy: copy ? String(copy.json) : null,
      localChange: changes.get(localId)?.[0] ?? null,
      ops: (ops.get(localId) ?? []).map(encode),
      credentials: (credentials.get(localId) ?? []).map(encode),
      screenshots: screenshots.get(localId) ?? [],
      outcome: outcomes.get(localId)?.[0] ?? null,
      conflicts: conflicts.get(localId) ?? [],
    });
  }
  return snapshots;
}

function afterMarksOf(ctx: StoreContext, localIds: readonly number[]): Map<number, AfterMark> {
  const ids = JSON.stringify([...new Set(localIds)]);
  const marks = new Map<number, AfterMark>();
  for (const id of new Set(localIds)) marks.set(id, { ops: [], changedAt: null });
  for (const op of prep<{ local_id: number; id: number; attempts: number }>(
    ctx,
    `SELECT local_id, id, attempts FROM outbox
     WHERE local_id ${IN_IDS} AND +state IN (${waitingIn()}) ORDER BY id`,
  ).all(ids)) {
    marks.get(op.local_id)!.ops.push([op.id, op.attempts]);
  }
  for (const change of prep<{ local_id: number; changed_at: number }>(
    ctx,
    `SELECT local_id, changed_at FROM local_changes WHERE local_id ${IN_IDS}`,
  ).all(ids)) {
    marks.get(change.local_id)!.changedAt = change.changed_at;
  }
  return marks;
}

function afterMark(ctx: StoreContext, localId: number): AfterMark {
  return afterMarksOf(ctx, [localId]).get(localId)!;
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

/** Writes what a step did to `changed` offers: each one's rows before, and its marks after. */
function recordOffers(
  ctx: StoreContext,
  step: number,
  changed: readonly number[],
  before: Map<number, Snapshot | null>,
): void {
  // A chunked step meets an offer once; should it meet one again, the first "before" is the one.
  const insert = prep(
    ctx,
    'INSERT OR IGNORE INTO undo_offers (step_id, local_id, before, after_ops) VALUES (?, ?, ?, ?)',
  );
  const after = afterMarksOf(ctx, changed);
  for (const id of changed) {
    const snapshot = before.get(id) ?? null;
    insert.run(step, id, snapshot ? JSON.stringify(snapshot) : null, JSON.stringify(after.get(id)));
  }
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
      const before = snapshotsOf(ctx, candidates);
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
      recordOffers(ctx, step, changed, before);
      prune(ctx);
      return result;
    })
    .immediate();
}

/** A step still being applied chunk by chunk, per connection: it cannot be undone yet. */
const applying = new WeakMap<object, Set<number>>();

function applyingOn(ctx: StoreContext): Set<number> {
  let steps = applying.get(ctx.db);
  if (!steps) {
    steps = new Set();
    applying.set(ctx.db, steps);
  }
  return steps;
}

/** One undoable step applied in several transactions (usecases' long bulk changes). */
export interface StepInChunks {
  /**
   * One chunk as one immediate transaction: `candidates` snapshotted, `fn` run, the offers
   * `affected(result)` names added to the step (made at the first chunk that changed one).
   */
  chunk<T>(
    candidates: readonly number[],
    fn: () => T,
    affected: (result: T) => readonly number[],
  ): T;
  /** The step is complete (or was cancelled): from now on it can be undone. */
  end(): void;
}

/**
 * SQLite's page cache while a chunked step runs: a bulk row touches some twenty index pages
 * scattered over the whole list (37 indexes), and with the default 2 MB most are read back from
 * the file each chunk; 100k offers' list indexes fit in this. Given back when the step ends.
 */
const STEP_CACHE_KIB = 65_536;
const STEP_WAL_PAGES = 16_384;

export function beginStep(ctx: StoreContext, label: (changed: number) => string): StepInChunks {
  let step: number | null = null;
  let offers = 0;
  const open = applyingOn(ctx);
  const cacheBefore = ctx.db.pragma('cache_size', { simple: true }) as number;
  const cacheKib = cacheBefore < 0 ? -cacheBefore : cacheBefore * 4;
  if (cacheKib < STEP_CACHE_KIB) ctx.db.pragma(`cache_size = -${STEP_CACHE_KIB}`);
  // Each chunk's commit rewrites those pages into the write-ahead log; folded into the file at
  // every 1000 pages (SQLite's default), nearly every chunk would pay a checkpoint and its sync.
  // Folded once per STEP_WAL_PAGES instead (the same page, written by many chunks, goes once),
  // and once at the end.
  const walBefore = ctx.db.pragma('wal_autocheckpoint', { simple: true }) as number;
  if (walBefore > 0 && walBefore < STEP_WAL_PAGES) {
    ctx.db.pragma(`wal_autocheckpoint = ${STEP_WAL_PAGES}`);
  }
  return {
    chunk(candidates, fn, affected) {
      return ctx.db
        .transaction(() => {
          const before = snapshotsOf(ctx, candidates);
          const result = fn();
          const changed = [...new Set(affected(result))];
          if (changed.length === 0) return result;
          offers += changed.length;
          const updated =
            step !== null &&
            prep(ctx, 'UPDATE undo_steps SET label = ?, offers = ? WHERE id = ?').run(
              label(offers),
              offers,
              step,
            ).changes > 0;
          if (!updated) {
            step = Number(
              prep(ctx, 'INSERT INTO undo_steps (label, at, offers) VALUES (?, ?, ?)').run(
                label(offers),
                ctx.clock.now(),
                offers,
              ).lastInsertRowid,
            );
            open.add(step);
          }
          recordOffers(ctx, step!, changed, before);
          return result;
        })
        .immediate();
    },
    end() {
      if (step !== null) open.delete(step);
      prune(ctx);
      ctx.db.pragma(`cache_size = ${cacheBefore}`);
      if (ctx.db.pragma('wal_autocheckpoint', { simple: true }) !== walBefore) {
        ctx.db.pragma(`wal_autocheckpoint = ${walBefore}`);
        if (step !== null) ctx.db.pragma('wal_checkpoint(PASSIVE)');
      }
    },
  };
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

const DELETED_THERE =
  'Some of these offers were deleted on the marketplace since, so they cannot be put back here.';
const STILL_APPLYING =
  'This change is still being applied. Undo it once it has finished, or stop it first.';

/** Why the step can no longer be undone, or null when its offers are as it left them. */
function cannotUndo(ctx: StoreContext, stepId: number): string | null {
  const deletedThere = prep(
    ctx,
    `SELECT 1 FROM undo_offers u LEFT JOIN offers o ON o.local_id = u.local_id
     WHERE u.step_id = ? AND o.local_id IS NULL
       AND json_extract(u.before, '$.offer.server_id') IS NOT NULL LIMIT 1`,
  ).get(stepId);
  if (deletedThere) return DELETED_THERE;
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
      if (applyingOn(ctx).has(step.id)) {
        return { undone: false, label: step.label, reason: STILL_APPLYING };
      }
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
