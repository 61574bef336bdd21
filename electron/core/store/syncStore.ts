// The sync engine's door into the store (electron/core/sync talks to the store only through
// this): the outbox to send, what a pull brings in, the values the engine remembers between runs,
// and its run log. No SQL and no connection cross it.
import { recordSalesPoints } from './sales';
import { noteSkippedCredentials, refuseLinks } from './refusals';
import { noteLinkAnswer } from './linkDomains';
import type { Offer, OfferStatusValue, Product } from '../../contract/marketplace/wire';
import type { Clock } from '../util/clock';
import { prep, type StoreContext } from './context';
import { getMeta, setMeta } from './meta';
import type { FlatFields } from './offerFields';
import { applyPulledOffers, offersNotSeen } from './pulledOffers';
import { applyServerDeletion, localIdOfServerId, refreshOffer, type OutcomeInput } from './offers';
import { outboxSize } from './outbox';
import type { OutboxOp, OpState, ReadyOp, ReadyOpOf, SentFields } from './outboxOps';
import { saveProducts } from './products';
import {
  acceptCredentialChunk,
  acceptManage,
  acceptUpload,
  completeOp,
  failOp,
  forgetOffer,
  heldCredentials,
  holdOp,
  isCreate,
  manageItem,
  markManageSending,
  markSending,
  markUnknown,
  noteOutcome,
  opsInState,
  patchServerCopy,
  queuedCredentialChunk,
  credentialsForCreate,
  completeStatusDecided,
  deliveryTimeOf,
  manageRulesInput,
  offersWithQueuedStatus,
  oneRefreshPerOffer,
  queuedScreenshotFile,
  readyOps,
  requeueCredentialsFailedOnOpening,
  requeueOp,
  type ManageItem,
  type QueuedCredentialRow,
  type CreateCredentials,
} from './sending';
import { finishSyncRun, startSyncRun, type SyncRunSummary } from './syncRuns';
import { holdUncertain, leftWithOf, leftWithOfOp, type LeftWith } from './uncertainCredentials';

export interface SyncStore {
  readonly clock: Clock;
  /**
   * Runs `fn` in one immediate transaction (synchronous work only); each offer it touches has its
   * list row refreshed once, at the end. `leaveListRows`: not refreshed (the caller's next write
   * of these offers, which follows at once, refreshes them).
   */
  transaction<T>(fn: () => T, opts?: { leaveListRows?: boolean }): T;

  // Pulling
  hasCatalogue(): boolean;
  saveProducts(products: Product[]): void;
  /**
   * A page (or part of one) of my_offers, in one transaction; pending local changes are never
   * overwritten.
   */
  applyServerOffers(offers: readonly Offer[]): { applied: number; conflicts: number };
  /** The sales history's rows for one pulled page (core/store/sales.ts); call in its transaction. */
  recordSalesPoints(offers: readonly Offer[]): number;
  /** A full reconcile saw exactly these server ids: every other offer is gone from the server. */
  applyServerDeletions(seenServerIds: ReadonlySet<number>): number;
  localIdOfServerId(serverId: number): number | undefined;

  // What the engine remembers between runs (the pull's high-water mark, the sync lock, …)
  getMeta(key: string): string | null;
  setMeta(key: string, value: string | null): void;

  // The outbox
  outboxSize(): number;
  /** `holdFreshMs`: operations whose change is younger than this wait (the seller may undo). */
  readyOps(now: number, holdFreshMs?: number): { ready: ReadyOp[]; waitingUntil: number | null };
  opsInState(states: OpState[]): OutboxOp[];
  /** A manage op of an offer the server has never confirmed (a create). */
  isCreate(localId: number): boolean;
  manageItem(op: ReadyOpOf<'manage'>): ManageItem | null;
  markManageSending(items: { opId: number; sent: SentFields; highWater: string | null }[]): void;
  /** Recomputes these offers' list rows from the outbox and their copies (one transaction). */
  refreshListRows(localIds: readonly number[]): void;
  markSending(opId: number): void;
  requeue(
    opId: number,
    nextAttemptAt: number,
    error: string | null,
    opts?: { undoAttempt?: boolean },
  ): void;
  hold(opId: number, reason: string): void;
  requeueCredentialsFailedOnOpening(): number;
  markUnknown(opId: number, error: string): void;
  fail(opId: number, outcome: OutcomeInput & { message: string }): void;
  complete(opId: number): void;
  acceptManage(opId: number, sent: FlatFields, serverId: number | null, serverCopy?: Offer): void;
  acceptUpload(opId: number, queuedScreenshotId: number, path: string): void;
  queuedScreenshotFile(queuedScreenshotId: number): string | null;
  patchServerCopy(localId: number, patch: Partial<Offer>): void;
  forgetOffer(localId: number): void;
  queuedCredentialChunk(opId: number, size: number): QueuedCredentialRow[];
  /** Queued credentials that may ride in the offer's manage write (see sending.ts). */
  credentialsForCreate(localId: number): CreateCredentials | null;
  /** What the manage rules read of the offer now (type, credential system, fields valid). */
  manageRulesInput(
    localId: number,
    products?: Map<number, Product | null>,
  ): { marketplaceType: number; credentialSystem: number; dataValid: boolean } | null;
  /** The offer's next op, a queued status change to what `decide` says, done without a request. */
  completeStatusDecided(localId: number, decide: () => OfferStatusValue | null): boolean;
  /** Of these offers, those with a status change queued. */
  offersWithQueuedStatus(localIds: readonly number[]): Set<number>;
  /** The offer's delivery time as listed (to group manage writes without building them). */
  deliveryTimeOf(localId: number): number | null;
  acceptCredentialChunk(
    opId: number,
    rows: QueuedCredentialRow[],
    replacedSet: boolean,
  ): { remaining: number };
  noteOutcome(localId: number, outcome: OutcomeInput): void;
  /** An answer to screenshot links: which domains the marketplace refused or accepted. */
  noteLinkAnswer(sent: readonly string[], failed: readonly string[]): void;
  /** Links the marketplace did not attach: kept on the op, which waits for the seller. */
  refuseLinks(
    opId: number,
    failedUrls: string[],
    outcome: OutcomeInput & { message: string },
  ): void;
  /** Credentials the marketplace skipped as duplicates: told as a refusal that holds nothing. */
  noteSkippedCredentials(localId: number, message: string): void;
  heldCredentials(): { count: number; reason: string | null };
  /** The offer as it reads now for a batch of credentials (uncertainCredentials.ts). */
  leftWith(localId: number): LeftWith;
  /** What was recorded when the op's last chunk left (markSending); null before it recorded it. */
  sentWith(opId: number): LeftWith | null;
  /** Credentials that may already be on sale: held, the seller sends them again or drops them. */
  holdUncertain(opId: number, accounts: number): void;

  // The run log, and what the run leaves for the seller
  startSyncRun(kind: string): number;
  finishSyncRun(id: number, summary: SyncRunSummary): void;
  offersNeedingSeller(): { conflicts: number; needsAttention: number };
}

export function immediate<T>(ctx: StoreContext, fn: () => T): T {
  const result = ctx.db.transaction(fn).immediate();
  if (result && typeof (result as { then?: unknown }).then === 'function') {
    // The transaction committed when the function returned: async work ran outside it.
    throw new TypeError('store transactions take synchronous functions only');
  }
  return result;
}

export function syncStoreOf(ctx: StoreContext): SyncStore {
  return {
    clock: ctx.clock,
    transaction: (fn, opts) => immediate(ctx, () => oneRefreshPerOffer(ctx, fn, opts)),
    hasCatalogue: () => prep(ctx, 'SELECT 1 FROM products LIMIT 1').get() !== undefined,
    saveProducts: (products) => saveProducts(ctx, products),
    recordSalesPoints: (offers) => recordSalesPoints(ctx, offers),
    applyServerOffers: (offers) => immediate(ctx, () => applyPulledOffers(ctx, offers)),
    leftWith: (localId) => leftWithOf(ctx, localId),
    sentWith: (opId) => leftWithOfOp(ctx, opId),
    holdUncertain: (opId, accounts) => holdUncertain(ctx, opId, accounts),
    applyServerDeletions: (seen) =>
      immediate(ctx, () => {
        const gone = offersNotSeen(ctx, seen);
        for (const localId of gone) applyServerDeletion(ctx, localId);
        return gone.length;
      }),
    localIdOfServerId: (serverId) => localIdOfServerId(ctx, serverId),
    getMeta: (key) => getMeta(ctx, key),
    setMeta: (key, value) => setMeta(ctx, key, value),
    outboxSize: () => outboxSize(ctx),
    readyOps: (now, holdFreshMs) => readyOps(ctx, now, holdFreshMs),
    opsInState: (states) => opsInState(ctx, states),
    isCreate: (localId) => isCreate(ctx, localId),
    manageItem: (op) => manageItem(ctx, op),
    markManageSending: (items) => markManageSending(ctx, items),
    refreshListRows: (localIds) =>
      immediate(ctx, () => {
        for (const localId of localIds) refreshOffer(ctx, localId);
      }),
    markSending: (opId) => markSending(ctx, opId),
    requeue: (opId, at, error, opts) => requeueOp(ctx, opId, at, error, opts),
    hold: (opId, reason) => holdOp(ctx, opId, reason),
    requeueCredentialsFailedOnOpening: () => requeueCredentialsFailedOnOpening(ctx),
    markUnknown: (opId, error) => markUnknown(ctx, opId, error),
    fail: (opId, outcome) => failOp(ctx, opId, outcome),
    complete: (opId) => completeOp(ctx, opId),
    acceptManage: (opId, sent, serverId, copy) => acceptManage(ctx, opId, sent, serverId, copy),
    acceptUpload: (opId, queuedId, path) => acceptUpload(ctx, opId, queuedId, path),
    queuedScreenshotFile: (id) => queuedScreenshotFile(ctx, id),
    patchServerCopy: (localId, patch) => patchServerCopy(ctx, localId, patch),
    forgetOffer: (localId) => forgetOffer(ctx, localId),
    queuedCredentialChunk: (opId, size) => queuedCredentialChunk(ctx, opId, size),
    credentialsForCreate: (localId) => credentialsForCreate(ctx, localId),
    manageRulesInput: (localId, products) => manageRulesInput(ctx, localId, products),
    completeStatusDecided: (localId, decide) => completeStatusDecided(ctx, localId, decide),
    deliveryTimeOf: (localId) => deliveryTimeOf(ctx, localId),
    offersWithQueuedStatus: (localIds) => offersWithQueuedStatus(ctx, localIds),
    acceptCredentialChunk: (opId, rows, replaced) =>
      acceptCredentialChunk(ctx, opId, rows, replaced),
    noteOutcome: (localId, outcome) => noteOutcome(ctx, localId, outcome),
    refuseLinks: (opId, urls, outcome) => refuseLinks(ctx, opId, urls, outcome),
    noteLinkAnswer: (sent, failed) => noteLinkAnswer(ctx, sent, failed),
    noteSkippedCredentials: (localId, message) => noteSkippedCredentials(ctx, localId, message),
    heldCredentials: () => heldCredentials(ctx),
    startSyncRun: (kind) => startSyncRun(ctx, kind),
    finishSyncRun: (id, summary) => finishSyncRun(ctx, id, summary),
    offersNeedingSeller: () => {
      const counts = prep<{ sync_state: string; n: number }>(
        ctx,
        "SELECT sync_state, count(*) AS n FROM offers WHERE sync_state IN ('conflict', 'attention') GROUP BY sync_state",
      ).all();
      return {
        conflicts: counts.find((c) => c.sync_state === 'conflict')?.n ?? 0,
        needsAttention: counts.find((c) => c.sync_state === 'attention')?.n ?? 0,
      };
    },
  };
}
