// The outbox as the sync engine sees it: which operations may go now, marking them in flight
// (persisted before the request leaves, so a crash in between reads as "outcome unknown"), and
// recording what the marketplace answered. Every function here runs inside one transaction.
import {
  CredentialSystem,
  type Offer,
  type OfferStatusValue,
  type OfferWrite,
  type Product,
} from '../../contract/marketplace/wire';
import { credentialsInManageEdit } from '../../contract/marketplace/assumptions';
import { isDataProblem } from '../../contract/rules/problems';
import { validateOfferWrite } from '../../contract/rules/offerRules';
import { parseJson, type StoreContext, prep } from './context';
import { getProduct } from './products';
import { leftWithOf } from './uncertainCredentials';
import { QUEUED_SCREENSHOT_PREFIX, writeOf } from './drafts';
import { sameFieldValue, unflattenDraft, type FlatFields } from './offerFields';
import {
  localChange,
  localIdOfServerId,
  mergedFields,
  offerRow,
  recordOutcome,
  refreshOffer,
  serverOffer,
  writeServerCopy,
  type OutcomeInput,
} from './offers';
import {
  countCredentialsOpsOf,
  credentialsFailedOnOpening,
  decodeRow,
  deleteOp,
  hasOp,
  heldCredentialsOps,
  localIdOfOp,
  markOpSending,
  opRows,
  queueNowRow,
  requeueOpRow,
  resetOp,
  setOpState,
  updatePayload,
  type OpRow,
} from './outbox';
import {
  readyOf,
  type OpKind,
  type OpState,
  type OutboxOp,
  type ReadyOp,
  type ReadyOpOf,
  type SentFields,
} from './outboxOps';

/**
 * Offers whose list row is refreshed once, when the transaction running now ends
 * (oneRefreshPerOffer): recording a manage answer touches an offer up to four times (the write,
 * the credentials that rode in it, a status change it decided), and every refresh recomputes
 * the whole row.
 */
const refreshAtEnd = new WeakMap<StoreContext, Set<number>>();

function refresh(ctx: StoreContext, localId: number): void {
  const later = refreshAtEnd.get(ctx);
  if (later) later.add(localId);
  else refreshOffer(ctx, localId);
}

/**
 * Runs `fn` (inside one transaction) with the list row of every offer it touched refreshed once,
 * at its end. Nothing here reads a list column back within the transaction (sync_state aside,
 * which then at worst refreshes once more). `leaveListRows`: not at all, for a caller whose next
 * write of the same offers follows at once and refreshes them (every outcome of a send does).
 */
export function oneRefreshPerOffer<T>(
  ctx: StoreContext,
  fn: () => T,
  opts: { leaveListRows?: boolean } = {},
): T {
  if (refreshAtEnd.has(ctx)) return fn();
  const later = new Set<number>();
  refreshAtEnd.set(ctx, later);
  try {
    const result = fn();
    if (!opts.leaveListRows) for (const localId of later) refreshOffer(ctx, localId);
    return result;
  } finally {
    refreshAtEnd.delete(ctx);
  }
}

/** What must not overtake credentials that are held: the order of a list, Active needing them. */
const WAITS_FOR_HELD_CREDENTIALS = new Set<OpKind>(['credentials', 'status']);

type Decoded = { row: OpRow; op: OutboxOp | null; problem: string | null };

function decodeAll(rows: OpRow[]): Decoded[] {
  return rows.map((row) => {
    const d = decodeRow(row);
    return 'op' in d ? { row, op: d.op, problem: null } : { row, op: null, problem: d.problem };
  });
}

/** Queued credentials this process could not open (see holdOp): they hold no unrelated op. */
function isHeld(d: Decoded): boolean {
  return (
    d.op?.kind === 'credentials' && d.op.state === 'queued' && Boolean(d.op.payload.heldBecause)
  );
}

/** An operation whose payload cannot be read back waits for the seller, with the reason. */
function failUnreadable(ctx: StoreContext, d: Decoded): void {
  if (d.problem === null) return;
  failOp(ctx, d.row.id, { ok: false, message: d.problem });
}

/** Operations in these states, decoded; one that cannot be read back fails on its offer. */
export function opsInState(ctx: StoreContext, states: OpState[]): OutboxOp[] {
  const found: OutboxOp[] = [];
  for (const d of decodeAll(opRows(ctx, QUEUED_SCREENSHOT_PREFIX))) {
    if (!states.includes(d.row.state)) continue;
    if (d.op) found.push(d.op);
    else failUnreadable(ctx, d);
  }
  return found;
}

export function isCreate(ctx: StoreContext, localId: number): boolean {
  return localChange(ctx, localId)?.kind === 'create' && offerRow(ctx, localId)?.server_id == null;
}

/**
 * Operations that may be sent at `now`, in outbox order. Per offer, operations go one after the
 * other (a failed one holds the rest for the seller); uploads need no offer id and go at once;
 * everything but a create waits for the server id; an offer in conflict waits for the seller.
 * Credentials held because they cannot be opened here (holdOp) stay queued and are tried at each
 * push, but only what depends on them waits behind them: later credentials (an add after a
 * replace) and status changes (going Active needs them); edits, screenshots and a delete go on.
 * `waitingUntil` is the earliest backoff among the ones held back only by time. An operation
 * whose payload cannot be read back fails on its offer when its turn comes.
 */
export function readyOps(
  ctx: StoreContext,
  now: number,
  holdFreshMs = 0,
): { ready: ReadyOp[]; waitingUntil: number | null } {
  const all = decodeAll(opRows(ctx, QUEUED_SCREENSHOT_PREFIX));
  // Per offer: the first operation, and the first one that is not held credentials.
  const firstPending = new Map<number, number>();
  const firstNotHeld = new Map<number, number>();
  for (const d of all) {
    const r = d.row;
    if (r.kind === 'screenshot_upload') continue;
    // A refused link, or credentials the marketplace skipped as duplicates, hold nothing: the
    // offer's other changes do not depend on them.
    if (r.kind === 'screenshot_links' && r.state === 'failed') continue;
    if (d.op?.kind === 'credentials' && d.op.state === 'failed' && d.op.payload.total === 0) {
      continue;
    }
    if (!firstPending.has(r.local_id)) firstPending.set(r.local_id, r.id);
    if (!firstNotHeld.has(r.local_id) && !isHeld(d)) firstNotHeld.set(r.local_id, r.id);
  }
  const ready: ReadyOp[] = [];
  let waitingUntil: number | null = null;
  for (const d of all) {
    const r = d.row;
    if (r.state !== 'queued') continue;
    const first = WAITS_FOR_HELD_CREDENTIALS.has(r.kind) ? firstPending : firstNotHeld;
    let eligible: boolean;
    if (r.kind === 'screenshot_upload') eligible = true;
    else if (first.get(r.local_id) !== r.id || r.has_conflict) eligible = false;
    else if (r.kind === 'manage') {
      eligible = (r.server_id !== null || r.change_kind === 'create') && r.has_placeholder === 0;
    } else eligible = r.server_id !== null;
    if (!eligible) continue;
    if (!d.op) {
      failUnreadable(ctx, d);
      continue;
    }
    // The hold: a change younger than the grace period waits (undo is still possible); the
    // scheduler comes back when it ends, so it is not waited for inside this push.
    if (holdFreshMs > 0 && r.touched_at + holdFreshMs > now) continue;
    if (r.next_attempt_at > now) {
      waitingUntil =
        waitingUntil === null ? r.next_attempt_at : Math.min(waitingUntil, r.next_attempt_at);
      continue;
    }
    const op = readyOf(d.op);
    if (op) ready.push(op);
  }
  return { ready, waitingUntil };
}

export interface ManageItem {
  op: ReadyOpOf<'manage'>;
  guaranteeDeliveryTime: number;
  write: OfferWrite;
  /** The flat fields as sent: what "accepted" removes from the local change. */
  sent: SentFields;
}

/** The write a manage op would send now (its offer's local change over the server copy). */
export function manageItem(ctx: StoreContext, op: ReadyOpOf<'manage'>): ManageItem | null {
  const change = localChange(ctx, op.localId);
  const row = offerRow(ctx, op.localId);
  if (!row) return null;
  if (!change) {
    // No field changed: an edit only to carry queued credentials to an offer holding none (the
    // restock of an offer never on sale), so the marketplace reviews it with them.
    if (row.server_id === null || !credentialsForCreate(ctx, op.localId)) return null;
    const gdt = Number(mergedFields(ctx, op.localId).guarantee_delivery_time);
    return { op, guaranteeDeliveryTime: gdt, write: { id: row.server_id }, sent: {} };
  }
  const mine = parseJson<SentFields>(change.mine, {});
  const merged = mergedFields(ctx, op.localId);
  const write = writeOf(mine, merged);
  if (row.server_id !== null) write.id = row.server_id;
  // The deprecated Single (2) is coerced to Multiple (3) on write: we write what it becomes.
  if (write.credential_system_type_id === CredentialSystem.SingleDeprecated) {
    write.credential_system_type_id = CredentialSystem.Multiple;
  }
  const gdt = Number(merged.guarantee_delivery_time);
  return { op, guaranteeDeliveryTime: gdt, write, sent: mine };
}

/**
 * Persists "in flight" before the requests leave; manage writes also keep what they carried and
 * the pull's mark, to be recognised if the answer is lost (resolveUnknown).
 */
export function markManageSending(
  ctx: StoreContext,
  items: { opId: number; sent: SentFields; highWater: string | null }[],
): void {
  ctx.db
    .transaction(() => {
      const touched = new Set<number>();
      for (const { opId, sent, highWater } of items) {
        const localId = localIdOfOp(ctx, opId);
        if (localId === undefined) continue;
        updatePayload(ctx, opId, 'manage', (p) => ({ ...p, sent, highWater }));
        markOpSending(ctx, opId);
        touched.add(localId);
      }
      for (const localId of touched) refresh(ctx, localId);
    })
    .immediate();
}

/** Persists "in flight" for one operation; credentials tried again are no longer held. */
export function markSending(ctx: StoreContext, opId: number): void {
  ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      if (localId === undefined) return;
      // The offer as it was when these left: after an unknown outcome, whether one of them may
      // have sold since (uncertainCredentials.ts).
      updatePayload(ctx, opId, 'credentials', (p) => ({
        ...p,
        ...(p.heldBecause ? { heldBecause: null } : {}),
        ...(p.mode === 'add' ? { leftWith: leftWithOf(ctx, localId) } : {}),
      }));
      markOpSending(ctx, opId);
      // Another op of the offer already in flight (a second file's upload): the offer reads
      // "sending" already, and one more op in flight changes nothing the list shows.
      const shown = prep<{ sync_state: string }>(
        ctx,
        'SELECT sync_state FROM offers WHERE local_id = ?',
      ).get(localId);
      if (shown?.sync_state !== 'sending') refresh(ctx, localId);
    })
    .immediate();
}

export function requeueOp(
  ctx: StoreContext,
  opId: number,
  nextAttemptAt: number,
  error: string | null,
  opts: { undoAttempt?: boolean } = {},
): void {
  ctx.db
    .transaction(() => {
      requeueOpRow(ctx, opId, nextAttemptAt, error, opts.undoAttempt ?? false);
      const localId = localIdOfOp(ctx, opId);
      if (localId !== undefined) refresh(ctx, localId);
    })
    .immediate();
}

/**
 * Credentials whose sealed rows cannot be opened here (a key this process may not read, or no
 * longer has): not a refusal and not a failure. The op stays queued with nothing counted against
 * it, the offer shows why and how to fix it, and its unrelated operations go on (readyOps).
 */
export function holdOp(ctx: StoreContext, opId: number, reason: string): void {
  ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      if (localId === undefined) return;
      updatePayload(ctx, opId, 'credentials', (p) => ({ ...p, heldBecause: reason }));
      queueNowRow(ctx, opId, reason);
      recordOutcome(ctx, localId, { ok: false, message: reason });
      refresh(ctx, localId);
    })
    .immediate();
}

/** Whether this op was held (holdOp) the last time it was tried. */
export function wasHeld(op: OutboxOp): boolean {
  return op.kind === 'credentials' && Boolean(op.payload.heldBecause);
}

/**
 * Credentials operations that wait because this process could not open them: the held ones and
 * those queued behind them on the same offer; and the reason of the latest one held.
 */
export function heldCredentials(ctx: StoreContext): { count: number; reason: string | null } {
  const held = heldCredentialsOps(ctx);
  if (held.length === 0) return { count: 0, reason: null };
  const offers = [...new Set(held.map((r) => r.local_id))];
  return { count: countCredentialsOpsOf(ctx, offers), reason: held.at(-1)!.reason };
}

/**
 * Earlier versions failed credentials they could not open (for good: the op held its offer's
 * other operations). Those go back to the queue, to be sent or held like any other.
 */
export function requeueCredentialsFailedOnOpening(ctx: StoreContext): number {
  const rows = credentialsFailedOnOpening(ctx);
  if (rows.length === 0) return 0;
  ctx.db
    .transaction(() => {
      for (const r of rows) queueNowRow(ctx, r.id, null);
      for (const localId of new Set(rows.map((r) => r.local_id))) refresh(ctx, localId);
    })
    .immediate();
  return rows.length;
}

export function markUnknown(ctx: StoreContext, opId: number, error: string): void {
  ctx.db
    .transaction(() => {
      setOpState(ctx, opId, 'unknown', error);
      const localId = localIdOfOp(ctx, opId);
      if (localId !== undefined) refresh(ctx, localId);
    })
    .immediate();
}

/** The marketplace refused the operation: it waits for the seller (attention). */
export function failOp(
  ctx: StoreContext,
  opId: number,
  outcome: OutcomeInput & { message: string },
): void {
  ctx.db
    .transaction(() => {
      setOpState(ctx, opId, 'failed', outcome.message);
      const localId = localIdOfOp(ctx, opId);
      if (localId === undefined) return;
      recordOutcome(ctx, localId, { ...outcome, ok: false });
      refresh(ctx, localId);
    })
    .immediate();
}

export function completeOp(ctx: StoreContext, opId: number): void {
  ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      deleteOp(ctx, opId);
      if (localId !== undefined) refresh(ctx, localId);
    })
    .immediate();
}

/**
 * The server holds this offer under `serverId`. If a pull already brought it in as a row of its
 * own (with nothing pending), that row gives way: one offer, one row.
 */
function adoptServerId(ctx: StoreContext, localId: number, serverId: number): void {
  const other = localIdOfServerId(ctx, serverId);
  if (other !== undefined && other !== localId) {
    const busy = localChange(ctx, other) || hasOp(ctx, other);
    if (busy) throw new Error(`server offer ${serverId} is already bound to local offer ${other}`);
    prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(other);
  }
  prep(ctx, 'UPDATE offers SET server_id = ? WHERE local_id = ?').run(serverId, localId);
}

/**
 * The marketplace accepted a manage write. Fields still as sent leave the local change (a field
 * the seller edited again meanwhile stays, to go in the next push); the server copy takes the
 * sent values until the next pull brings the real one.
 */
export function acceptManage(
  ctx: StoreContext,
  opId: number,
  sent: FlatFields,
  serverId: number | null,
  serverCopy?: Offer,
): void {
  ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      if (localId === undefined) return;
      const row = offerRow(ctx, localId);
      if (!row) return;
      if (row.server_id === null && serverId !== null) adoptServerId(ctx, localId, serverId);
      const id = row.server_id ?? serverId;
      const change = localChange(ctx, localId);
      const mine = parseJson<FlatFields>(change?.mine, {});
      const base: FlatFields = {};
      for (const [field, value] of Object.entries(sent)) {
        if (field in mine && sameFieldValue(mine[field], value)) delete mine[field];
        base[field] = value;
      }
      let server: Offer | null = serverCopy ?? serverOffer(row);
      if (!serverCopy) {
        const sentDraft = unflattenDraft(sent) as Record<string, unknown>;
        const previous = (server ?? { data: {} }) as unknown as Record<string, unknown>;
        server = {
          ...previous,
          ...sentDraft,
          id,
          product_id: row.product_id,
          data: { ...(previous.data as object), ...((sentDraft.data as object) ?? {}) },
        } as unknown as Offer;
      }
      // The real updated_at is unknown until the next pull; leaving it empty makes that pull
      // take the server's copy.
      writeServerCopy(ctx, localId, server);
      prep(ctx, 'UPDATE offers SET server_updated_at = ? WHERE local_id = ?').run(
        serverCopy?.updated_at ?? null,
        localId,
      );
      if (Object.keys(mine).length === 0) {
        prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
        deleteOp(ctx, opId);
      } else {
        prep(
          ctx,
          "UPDATE local_changes SET kind = 'edit', mine = ?, base = ?, base_updated_at = NULL WHERE local_id = ?",
        ).run(JSON.stringify(mine), JSON.stringify(base), localId);
        resetOp(ctx, opId);
      }
      recordOutcome(ctx, localId, { ok: true, serverStatus: serverCopy?.status ?? null });
      refresh(ctx, localId);
    })
    .immediate();
}

/** A file upload finished: its placeholder in the offer's screenshots becomes the stored path. */
export function acceptUpload(
  ctx: StoreContext,
  opId: number,
  queuedId: number,
  path: string,
): void {
  ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      deleteOp(ctx, opId);
      prep(ctx, 'DELETE FROM queued_screenshots WHERE id = ?').run(queuedId);
      if (localId === undefined) return;
      const change = localChange(ctx, localId);
      if (change) {
        const mine = parseJson<FlatFields>(change.mine, {});
        if (Array.isArray(mine.screenshots)) {
          mine.screenshots = mine.screenshots.map((s) =>
            s === QUEUED_SCREENSHOT_PREFIX + queuedId ? path : s,
          );
          prep(ctx, 'UPDATE local_changes SET mine = ? WHERE local_id = ?').run(
            JSON.stringify(mine),
            localId,
          );
        }
      }
      refresh(ctx, localId);
    })
    .immediate();
}

export function queuedScreenshotFile(ctx: StoreContext, id: number): string | null {
  return (
    prep<{ file_path: string | null }>(
      ctx,
      'SELECT file_path FROM queued_screenshots WHERE id = ?',
    ).get(id)?.file_path ?? null
  );
}

/** Patches the server copy after an operation whose answer says what changed. */
export function patchServerCopy(ctx: StoreContext, localId: number, patch: Partial<Offer>): void {
  ctx.db
    .transaction(() => {
      const row = offerRow(ctx, localId);
      const server = serverOffer(row);
      if (!server) return;
      writeServerCopy(ctx, localId, { ...server, ...patch });
      refresh(ctx, localId);
    })
    .immediate();
}

/** The marketplace deleted the offer: it goes, with everything that waited for it. */
export function forgetOffer(ctx: StoreContext, localId: number): void {
  prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(localId);
}

export interface QueuedCredentialRow {
  id: number;
  sealed: Buffer;
  login_hash: string;
  email_hash: string | null;
}

export function queuedCredentialChunk(
  ctx: StoreContext,
  opId: number,
  size: number,
): QueuedCredentialRow[] {
  return prep<QueuedCredentialRow>(
    ctx,
    'SELECT id, sealed, login_hash, email_hash FROM queued_credentials WHERE outbox_id = ? ORDER BY id LIMIT ?',
  ).all(opId, size);
}

/**
 * The marketplace took a chunk: the sealed rows go in the same transaction, only their hashes
 * stay. A replace's first chunk also forgets the hashes of the set it replaced.
 */
export function acceptCredentialChunk(
  ctx: StoreContext,
  opId: number,
  rows: QueuedCredentialRow[],
  replacedSet: boolean,
): { remaining: number } {
  return ctx.db
    .transaction(() => {
      const localId = localIdOfOp(ctx, opId);
      if (localId === undefined) return { remaining: 0 };
      if (replacedSet) {
        prep(ctx, 'DELETE FROM credential_hashes WHERE local_id = ?').run(localId);
      }
      const keep = prep(
        ctx,
        'INSERT OR IGNORE INTO credential_hashes (local_id, login_hash, email_hash) VALUES (?, ?, ?)',
      );
      const drop = prep(ctx, 'DELETE FROM queued_credentials WHERE id = ?');
      for (const r of rows) {
        keep.run(localId, r.login_hash, r.email_hash);
        drop.run(r.id);
      }
      const remaining = prep<{ n: number }>(
        ctx,
        'SELECT count(*) AS n FROM queued_credentials WHERE outbox_id = ?',
      ).get(opId)!.n;
      if (remaining === 0) {
        deleteOp(ctx, opId);
      } else {
        updatePayload(ctx, opId, 'credentials', (p) => ({ ...p, setReplaced: true }));
        resetOp(ctx, opId);
      }
      refresh(ctx, localId);
      return { remaining };
    })
    .immediate();
}

/** Records an outcome the seller should see without holding the offer's other operations. */
export function noteOutcome(ctx: StoreContext, localId: number, outcome: OutcomeInput): void {
  ctx.db
    .transaction(() => {
      recordOutcome(ctx, localId, outcome);
      refresh(ctx, localId);
    })
    .immediate();
}

/** The queued credentials that can ride in an offer's manage create. */
export interface CreateCredentials {
  opId: number;
  /** A replace: what rides in the create is the new set, so the rest must be added to it. */
  replace: boolean;
}

/**
 * The first credentials operation of an offer whose manage write is about to go, when it may
 * ride in that write: queued (not in flight, not refused, not held), and no delete waits for the
 * offer (its credentials would then never be sent on their own either). In a create, any list
 * rides (the set is empty). In an edit, only an add, and only while the offer holds no
 * credentials on the marketplace: the document lets an edit carry `credentials` but does not say
 * whether they join the set or replace it, and on an empty set both readings agree
 * (`assumptions.credentialsInManageEdit`).
 */
export function credentialsForCreate(ctx: StoreContext, localId: number): CreateCredentials | null {
  const rows = prep<{ id: number; kind: string; state: string; payload: string }>(
    ctx,
    "SELECT id, kind, state, payload FROM outbox WHERE local_id = ? AND kind IN ('credentials', 'delete') ORDER BY id",
  ).all(localId);
  if (rows.some((r) => r.kind === 'delete')) return null;
  const first = rows[0];
  if (!first || first.state !== 'queued') return null;
  const payload = parseJson<{ mode?: string; setReplaced?: boolean; heldBecause?: string | null }>(
    first.payload,
    {},
  );
  const replace = payload.mode === 'replace' && payload.setReplaced !== true;
  const row = offerRow(ctx, localId);
  if (row?.server_id != null) {
    if (replace || payload.heldBecause) return null;
    if (!credentialsInManageEdit.whenOfferHoldsNone) return null;
    if (serverOffer(row)?.credentials_recorded === true) return null;
    const kept = prep(ctx, 'SELECT 1 FROM credential_hashes WHERE local_id = ? LIMIT 1').get(
      localId,
    );
    if (kept !== undefined) return null;
  }
  return { opId: first.id, replace };
}

/**
 * After an accepted manage write: when the offer's next operation is a queued status change, and
 * it asks for what `decide` says the write already gave the offer (push.ts: the document's manage
 * rules), it is done without a request. `decide` is only asked when there is such a change.
 */
export function completeStatusDecided(
  ctx: StoreContext,
  localId: number,
  decide: () => OfferStatusValue | null,
): boolean {
  const next = prep<{ id: number; kind: string; state: string; payload: string }>(
    ctx,
    'SELECT id, kind, state, payload FROM outbox WHERE local_id = ? ORDER BY id LIMIT 1',
  ).get(localId);
  if (!next || next.kind !== 'status' || next.state !== 'queued') return false;
  const status = parseJson<{ status?: number }>(next.payload, {}).status;
  const decided = decide();
  if (decided === null || status !== decided) return false;
  ctx.db
    .transaction(() => {
      deleteOp(ctx, next.id);
      const server = serverOffer(offerRow(ctx, localId));
      if (server) writeServerCopy(ctx, localId, { ...server, status: decided });
      refresh(ctx, localId);
    })
    .immediate();
  return true;
}

/** Of these offers, those with a status change queued (one query for a manage answer's offers). */
export function offersWithQueuedStatus(
  ctx: StoreContext,
  localIds: readonly number[],
): Set<number> {
  if (localIds.length === 0) return new Set();
  const rows = prep<{ local_id: number }>(
    ctx,
    `SELECT DISTINCT local_id FROM outbox WHERE kind = 'status' AND state = 'queued' AND local_id IN (${localIds.map(() => '?').join(', ')})`,
  ).all(...localIds);
  return new Set(rows.map((r) => r.local_id));
}

/** The offer's delivery time as the list keeps it (merged): groups manage writes cheaply. */
export function deliveryTimeOf(ctx: StoreContext, localId: number): number | null {
  return (
    prep<{ t: number | null }>(
      ctx,
      'SELECT guarantee_delivery_time AS t FROM offers WHERE local_id = ?',
    ).get(localId)?.t ?? null
  );
}

/**
 * What the offer is now, as the manage rules read it (after acceptManage laid the sent values
 * over its server copy): its marketplace type, credential system and whether its product's
 * fields pass our checks. Null when the product is not in the catalogue.
 */
export function manageRulesInput(
  ctx: StoreContext,
  localId: number,
  products: Map<number, Product | null> = new Map(),
): { marketplaceType: number; credentialSystem: number; dataValid: boolean } | null {
  const row = offerRow(ctx, localId);
  const server = serverOffer(row);
  if (!row || !server) return null;
  // A manage answer's offers share one product: read (and check) it once.
  if (!products.has(row.product_id)) products.set(row.product_id, getProduct(ctx, row.product_id));
  const product = products.get(row.product_id);
  if (!product) return null;
  const problems = validateOfferWrite(
    { data: server.data ?? {}, marketplace_type: product.marketplace_type },
    product,
    'edit',
  ).filter(isDataProblem);
  return {
    marketplaceType: product.marketplace_type,
    credentialSystem: server.credential_system_type_id ?? CredentialSystem.Multiple,
    dataValid: problems.length === 0,
  };
}
