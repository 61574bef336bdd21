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

/** A step's label as a catalogue message, for the app (the English `label` is the CLI's). */
export interface StepLabelSay {
  key: string;
  values?: Record<string, string | number>;
}

/** A label, or the English with its catalogue message. */
export type StepLabel = string | { text: string; say: StepLabelSay };

const labelText = (label: StepLabel) => (typeof label === 'string' ? label : label.text);
const labelSay = (label: StepLabel) =>
  typeof label === 'string' ? null : JSON.stringify(label.say);

export interface UndoStepView {
  id: number;
  label: string;
  at: number;
  offers: number;
  /** Null for a step recorded without one (or before there was one). */
  say: StepLabelSay | null;
}

export type UndoResult =
  | { undone: true; label: string; offers: number; say: StepLabelSay | null }
  | { undone: false; label: string; reason: string; say: StepLabelSay | null };

// Blobs (sealed credentials) survive JSON as hex (snapshotInto: SQLite has no base64), or as
// base64 in a step recorded by an earlier version.
const decode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v && typeof v === 'object' && '$b64' in v
        ? Buffer.from(String((v as { $b64: string }).$b64), 'base64')
        : v && typeof v === 'object' && '$hex' in v
          ? Buffer.from(String((v as { $hex: string }).$hex), 'hex')
          : v,
    ]),
  );

function waitingIn(): string {
  return WAITING.map((s) => `'${s}'`).join(', ');
}

/** `WHERE local_id IN` a chunk of offers, as one bound parameter (a JSON array). */
const IN_IDS = 'IN (SELECT value FROM json_each(?))';

/** A table's row as a JSON object in SQL, each column by name (a blob as {"$hex": …}). */
function rowJson(ctx: StoreContext, table: string, alias: string): string {
  const columns = prep<{ name: string; type: string }>(
    ctx,
    'SELECT name, type FROM pragma_table_info(?) ORDER BY cid',
  ).all(table);
  return `json_object(${columns
    .map(({ name, type }) =>
      type.toUpperCase() === 'BLOB'
        ? `'${name}', json_object('$hex', hex(${alias}.${name}))`
        : `'${name}', ${alias}.${name}`,
    )
    .join(', ')})`;
}

/**
 * The SQL that writes a chunk's snapshots (Snapshot, built by SQLite, parts with nothing in them
 * left out) into temp.undo_before, and the offers' after marks. Made once per connection from the
 * tables' columns as they are.
 */
const snapshotSql = new WeakMap<object, { before: string; afterMark: string }>();

function snapshotStatements(ctx: StoreContext): { before: string; afterMark: string } {
  const known = snapshotSql.get(ctx.db);
  if (known) return known;
  const waiting = `+b.state IN (${waitingIn()})`;
  // Each part a lookup by the offer's id through the tables' own indexes; a part with no row is
  // NULL, and json_patch leaves a NULL key out (snapshotIn reads it as empty). The whole row only
  // of an offer the marketplace does not have: a step may remove only such an offer, and undo
  // puts back a removed row only then (one with a server id that is gone was deleted on the
  // marketplace since, and undo says so: cannotUndo). Of the others, the id; and their server
  // copies (kilobytes each, thousands in a bulk change) stay out.
  const list = (table: string, alias: string, from: string) =>
    `(SELECT nullif(json_group_array(${rowJson(ctx, table, alias)} ORDER BY ${alias}.id), '[]') ${from})`;
  const parts = [
    `'offer', CASE WHEN o.server_id IS NULL THEN ${rowJson(ctx, 'offers', 'o')}
       ELSE json_object('local_id', o.local_id, 'server_id', o.server_id) END`,
    `'serverCopy', CASE WHEN o.server_id IS NULL THEN
       (SELECT c.json FROM server_copies c WHERE c.local_id = o.local_id) END`,
    `'localChange', (SELECT ${rowJson(ctx, 'local_changes', 'c')} FROM local_changes c
       WHERE c.local_id = o.local_id)`,
    `'ops', json(${list('outbox', 'b', `FROM outbox b WHERE b.local_id = o.local_id AND ${waiting}`)})`,
    `'credentials', json(${list(
      'queued_credentials',
      'q',
      `FROM outbox b CROSS JOIN queued_credentials q ON q.outbox_id = b.id
       WHERE b.local_id = o.local_id AND ${waiting}`,
    )})`,
    `'screenshots', json(${list(
      'queued_screenshots',
      's',
      'FROM queued_screenshots s WHERE s.local_id = o.local_id',
    )})`,
    `'outcome', (SELECT ${rowJson(ctx, 'offer_outcomes', 'r')} FROM offer_outcomes r
       WHERE r.local_id = o.local_id)`,
    `'conflicts', json((SELECT nullif(json_group_array(${rowJson(ctx, 'conflicts', 'f')}), '[]')
       FROM conflicts f WHERE f.local_id = o.local_id))`,
  ];
  const statements = {
    before: `INSERT OR REPLACE INTO temp.undo_before (local_id, before)
      SELECT o.local_id, json_patch('{}', json_object(${parts.join(',\n')}))
      FROM offers o WHERE o.local_id ${IN_IDS}`,
    // AfterMark of the offer `u.value`, as afterMarksOf reads it.
    afterMark: `json_object(
      'ops', json(coalesce((SELECT json_group_array(json_array(b.id, b.attempts) ORDER BY b.id)
        FROM outbox b WHERE b.local_id = u.value AND ${waiting}), '[]')),
      'changedAt', (SELECT c.changed_at FROM local_changes c WHERE c.local_id = u.value))`,
  };
  snapshotSql.set(ctx.db, statements);
  return statements;
}

/**
 * Snapshots the offers a chunk may touch, in SQL: their rows as they are now go to
 * temp.undo_before (no round trip of before-values through JS; read back by recordOffers).
 */
function snapshotInto(ctx: StoreContext, localIds: readonly number[]): void {
  const { before } = snapshotStatements(ctx);
  // Made again should a rolled-back chunk have taken it with it (a no-op when it is there).
  ctx.db.exec(
    'CREATE TEMP TABLE IF NOT EXISTS undo_before (local_id INTEGER PRIMARY KEY, before TEXT NOT NULL)',
  );
  prep(ctx, 'DELETE FROM temp.undo_before').run();
  prep(ctx, before).run(JSON.stringify(localIds));
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

/** A snapshot as stored: the parts with nothing in them may be left out. */
function snapshotIn(text: string | null): Snapshot | null {
  const stored = parseJson<Partial<Snapshot> | null>(text, null);
  if (!stored?.offer) return null;
  return {
    offer: stored.offer,
    serverCopy: stored.serverCopy ?? null,
    localChange: stored.localChange ?? null,
    ops: stored.ops ?? [],
    credentials: stored.credentials ?? [],
    screenshots: stored.screenshots ?? [],
    outcome: stored.outcome ?? null,
    conflicts: stored.conflicts ?? [],
  };
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
 * Writes what a step did to `changed` offers: each one's rows before (temp.undo_before, from
 * snapshotInto; none: the step created it) and its marks after, as one statement. A chunked step
 * meets an offer once; should it meet one again, the first "before" is the one.
 */
function recordOffers(ctx: StoreContext, step: number, changed: readonly number[]): void {
  const { afterMark } = snapshotStatements(ctx);
  prep(
    ctx,
    `INSERT OR IGNORE INTO undo_offers (step_id, local_id, before, after_ops)
     SELECT ?, u.value, (SELECT b.before FROM temp.undo_before b WHERE b.local_id = u.value),
       ${afterMark}
     FROM json_each(?) u`,
  ).run(step, JSON.stringify(changed));
  prep(ctx, 'DELETE FROM temp.undo_before').run();
}

/**
 * Runs `fn` as one undoable step. `candidates` are the offers it may touch (snapshotted first);
 * `affected(result)` names those it did change, including offers it created. A step that changed
 * nothing is not kept.
 */
export function recordStep<T>(
  ctx: StoreContext,
  label: StepLabel | ((changed: number) => StepLabel),
  candidates: readonly number[],
  fn: () => T,
  affected: (result: T) => readonly number[],
): T {
  return ctx.db
    .transaction(() => {
      snapshotInto(ctx, candidates);
      const result = fn();
      const changed = [...new Set(affected(result))];
      if (changed.length === 0) return result;
      const named = typeof label === 'function' ? label(changed.length) : label;
      const step = Number(
        prep(ctx, 'INSERT INTO undo_steps (label, label_say, at, offers) VALUES (?, ?, ?, ?)').run(
          labelText(named),
          labelSay(named),
          ctx.clock.now(),
          changed.length,
        ).lastInsertRowid,
      );
      recordOffers(ctx, step, changed);
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
  /**
   * Between chunks: every few chunks, waits (the thread free for the seller's queries) until the
   * checkpointer thread folded the log into the file, so the next chunk writes the log from its
   * start again. Without it, a job committing back to back never gives that thread a moment
   * when the log is all copied: a 100k-offer change grew it to 2.7 GB, every frame landing on
   * fresh disk blocks the kernel zeroes first (15 % of the job's CPU).
   */
  settle(): Promise<void>;
  /** The step is complete (or was cancelled): from now on it can be undone. */
  end(): void;
}

/**
 * SQLite's page cache while a chunked step runs: a bulk row touches some ten index pages
 * scattered over the whole list (30 indexes), and with the default 2 MB most are read back from
 * the file each chunk; 100k offers' list indexes fit in this. Given back when the step ends.
 */
const STEP_CACHE_KIB = 65_536;
const STEP_WAL_PAGES = 16_384;
/**
 * Chunks committed between folds: some 9 MB of log each at 100k offers. 4 to 16 measured alike
 * (bulk.bench); every second chunk cost a third more, the core waiting on each copy.
 */
const FOLD_EVERY = 16;
/** A fold held back longer (another process's reader) is given up: the log grows meanwhile. */
const FOLD_WAIT_MS = 1_000;

export function beginStep(ctx: StoreContext, label: (changed: number) => StepLabel): StepInChunks {
  let step: number | null = null;
  let offers = 0;
  let unfolded = 0;
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
          snapshotInto(ctx, candidates);
          const result = fn();
          const changed = [...new Set(affected(result))];
          if (changed.length === 0) return result;
          offers += changed.length;
          const named = label(offers);
          const updated =
            step !== null &&
            prep(
              ctx,
              'UPDATE undo_steps SET label = ?, label_say = ?, offers = ? WHERE id = ?',
            ).run(labelText(named), labelSay(named), offers, step).changes > 0;
          if (!updated) {
            step = Number(
              prep(
                ctx,
                'INSERT INTO undo_steps (label, label_say, at, offers) VALUES (?, ?, ?, ?)',
              ).run(labelText(named), labelSay(named), ctx.clock.now(), offers).lastInsertRowid,
            );
            open.add(step);
          }
          recordOffers(ctx, step!, changed);
          unfolded += 1;
          return result;
        })
        .immediate();
    },
    async settle() {
      const checkpointer = ctx.checkpointer;
      if (!checkpointer || unfolded === 0) return;
      // Copied while the next chunk runs, the fold then waits for one chunk's pages at most.
      if (unfolded < FOLD_EVERY) return checkpointer.nudge();
      unfolded = 0;
      await checkpointer.fold(FOLD_WAIT_MS);
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
  const row = prep<Omit<UndoStepView, 'say'> & { label_say: string | null }>(
    ctx,
    'SELECT id, label, label_say, at, offers FROM undo_steps ORDER BY id DESC LIMIT 1',
  ).get();
  if (!row) return null;
  const { label_say, ...step } = row;
  return { ...step, say: label_say ? parseJson<StepLabelSay | null>(label_say, null) : null };
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
        return { undone: false, label: step.label, reason: STILL_APPLYING, say: step.say };
      }
      const reason = cannotUndo(ctx, step.id);
      // A step that can no longer be undone leaves the history, so the one before it is next.
      if (reason) {
        prep(ctx, 'DELETE FROM undo_steps WHERE id = ?').run(step.id);
        return { undone: false, label: step.label, reason, say: step.say };
      }
      const rows = prep<{ local_id: number; before: string | null }>(
        ctx,
        'SELECT local_id, before FROM undo_offers WHERE step_id = ? ORDER BY local_id',
      ).all(step.id);
      for (const row of rows) {
        restore(ctx, row.local_id, snapshotIn(row.before));
      }
      prep(ctx, 'DELETE FROM undo_steps WHERE id = ?').run(step.id);
      return { undone: true, label: step.label, offers: rows.length, say: step.say };
    })
    .immediate();
}
