/**
 * The seller's local store: one SQLite file per seller profile (WAL, foreign keys, busy timeout,
 * migrations by user_version) holding the catalogue, the server's offers as last seen, the
 * seller's local changes as an overlay on that base, the outbox, outcomes, conflicts, the sync
 * runs, the rate ledger, and queued credentials (sealed) and screenshots. Every call is
 * synchronous and every write commits before it returns. The connection is private to this
 * folder: callers get the narrow interfaces below (the sync engine its `syncStore`, the limiter
 * its ledger); tests that must look at rows use `store/testing.ts`, which production code may
 * not import.
 */
import {
  lastSalesPointId,
  listSalesPoints,
  salesNames,
  salesPointChangesAfter,
  type SalesPoint,
  type SalesPointChange,
  type SalesPointQuery,
} from './sales';
import { alertsStore, type AlertsStore } from './alerts';
import {
  listCostBatches,
  nextUnitCosts,
  offersLastSoldBefore,
  idleOffersSince,
  type IdleOffer,
  salesByDay,
  setUnitCosts,
  type CostBatch,
  type OfferLastSale,
  type PoolCost,
  type SalesDayRow,
  type SalesQuery,
} from './profit';
import {
  listStock,
  setStockAlerted,
  setStockThreshold,
  type StockAlert,
  type StockRow,
} from './stock';
import {
  addToPool,
  clearPool,
  listPools,
  poolHashes,
  restockFromPool,
  setPoolDryAlerted,
  setPoolKeep,
  type PoolRow,
  type RestockAfter,
} from './pool';
import type { CredentialHashes } from '../credentials/hash';
import {
  dropUncertain,
  listUncertain,
  recordCredentialDeletion,
  resendUncertain,
  type UncertainCredentials,
} from './uncertainCredentials';
import type { LedgerDatabase } from '../limits/ledger';
import type { CredentialInput, Product } from '../../contract/marketplace/wire';
import { systemClock, type Clock } from '../util/clock';
import { bindContext, type StoreContext } from './context';
import { credentialsKeyRecordOf, type CredentialsKeyRecord } from './credentialsKey';
import { openDatabase, sqliteNativeBinding } from './database';
import { startWalCheckpointer, type WalCheckpointer } from './checkpointer';
import type { WorkerEntry } from '../imports/workerEntry';
import {
  changeStatus,
  createOffer,
  deleteOffer,
  detachScreenshot,
  discardLocalChanges,
  keepScreenshot,
  editOffer,
  queueCredentials,
  queueScreenshotFiles,
  queueScreenshotUrls,
  resolveConflict,
  type CredentialMode,
  type EditFollowUp,
  type NewOffer,
  type SecretBox,
} from './drafts';
import { StoreError } from './errors';
import type { OfferDraft } from './offerFields';
import {
  importOffers,
  liveOffersOfProduct,
  offerOfServerId,
  stageOfferImport,
  type ImportedOffer,
  type OfferImportResult,
  type OfferToMatch,
  type StagedOfferImport,
} from './offerImport';
import { getProduct, listProducts, saveProducts, type ProductSummary } from './products';
import {
  countOffers,
  getOffer,
  knownCredentialHashes,
  offerIdsWhere,
  queryOffers,
  type OfferCounts,
  type OfferDetail,
  type OfferListRow,
  type OfferQuery,
} from './readModel';
import {
  allQueuedScreenshotFiles,
  moveQueuedScreenshotFile,
  queuedScreenshotFiles,
} from './queuedScreenshots';
import { linkDomainsOf, type LinkDomains } from './linkDomains';
import {
  profileSettingsOf,
  saveProfileSettings,
  saveViewPreferences,
  viewPreferencesOf,
} from './meta';
import { queueScreenshots, type ScreenshotBatch } from './screenshotQueue';
import {
  stageCredentials,
  stagePoolCredentials,
  type CredentialStaging,
} from './stagedCredentials';
import { recentSyncRuns, type SyncRunRecord } from './syncRuns';
import {
  listActivity,
  recordActivity,
  type ActivityEntry,
  type ActivityInput,
  type ActivityQuery,
} from './activity';
import { immediate, syncStoreOf, type SyncStore } from './syncStore';
import {
  dismissRefusal,
  offersToSend,
  offersHeldBack,
  pendingChangesOf,
  retryRefused,
  type PendingChanges,
} from './refusals';
export type { PendingChanges } from './refusals';
import { localIdOfServerId } from './offers';
import {
  changeStatuses,
  deleteOffers as bulkDeleteOffers,
  discardLocalChanges as bulkDiscardLocalChanges,
  editOffers,
  plannedOffers,
  type BulkEdit,
  type BulkWrite,
  type PlannedOffer,
} from './bulkChanges';
import {
  beginStep,
  lastStep,
  recordStep,
  undoLastStep,
  type StepInChunks,
  type StepLabel,
  type UndoResult,
  type UndoStepView,
} from './undoSteps';

export { StoreError, DraftRejected } from './errors';
export type { StoreErrorKind } from './errors';
export type { OfferDraft, FlatFields } from './offerFields';
export { fingerprintOffer, flattenDraft, sameFieldValue } from './offerFields';
export type { SyncState } from './offers';
export type { SecretBox, CredentialMode, EditFollowUp, NewOffer } from './drafts';
export type { CredentialStaging } from './stagedCredentials';
export type {
  ImportedOffer,
  OfferImportResult,
  OfferToMatch,
  StagedOfferImport,
} from './offerImport';
export type { ScreenshotBatch } from './screenshotQueue';
export { QUEUED_SCREENSHOT_PREFIX } from './drafts';
export type {
  OfferQuery,
  OfferListRow,
  OfferCounts,
  OfferDetail,
  OfferSortColumn,
  ConflictView,
} from './readModel';
export type { SyncRunRecord, SyncRunSummary } from './syncRuns';
export type { ActivityEntry, ActivityInput, ActivityOutcome, ActivityQuery } from './activity';

/** The activity log's door: what was sent and what the marketplace answered (core/store/activity). */
export interface ActivityLog {
  record(entry: ActivityInput): void;
  list(query?: ActivityQuery): ActivityEntry[];
}
export type { StepInChunks, StepLabel, StepLabelSay, UndoResult, UndoStepView } from './undoSteps';
export type { SalesPoint, SalesPointChange, SalesPointQuery } from './sales';
export type {
  CostBatch,
  IdleOffer,
  OfferLastSale,
  PoolCost,
  SalesDayRow,
  SalesQuery,
} from './profit';
export { saleFigures } from './profit';
export type { AlertChannelKind, AlertChannelRow, AlertDelivery, AlertsStore } from './alerts';
export { DEFAULT_STOCK_THRESHOLD } from './stock';
export type { StockAlert, StockRow } from './stock';
export type { PoolRow, RestockAfter } from './pool';
export type { LeftWith, UncertainCredentials } from './uncertainCredentials';
export { safeToSendAgain } from './uncertainCredentials';

/** Profit's door (core/store/profit.ts): costs never leave the profile. */
export interface ProfitStore {
  /** Sets (null: forgets) the cost per unit of these offers. */
  setUnitCosts(localIds: readonly number[], unitCost: number | null): void;
  /** What the next unit sold costs, per offer that has a cost. */
  nextUnitCosts(localIds: readonly number[]): Map<number, number>;
  batches(localId: number): CostBatch[];
  salesByDay(query: SalesQuery): SalesDayRow[];
  lastSoldBefore(before: number, productId?: number): OfferLastSale[];
  /** Offers on the marketplace with no sale since `before` (never sold too). */
  idleSince(before: number): IdleOffer[];
  names(serverIds: readonly number[]): Map<number, string>;
}

/** The restock pool's door (core/store/pool.ts): sealed credentials waiting, and the keep level. */
export interface CredentialPool {
  /** Offers with a pool or a level (or just this one). */
  list(localId?: number): PoolRow[];
  hashes(localId: number): CredentialHashes[];
  /** Seals them into the pool; returns how many were new to it. */
  add(localId: number, credentials: readonly CredentialInput[]): number;
  /** A file's rows staged a part at a time, then added (and the level set) in one transaction. */
  stage(localId: number, keep: number | null, cost?: PoolCost | null): CredentialStaging;
  setKeep(localId: number, keep: number): void;
  clear(localId: number): number;
  setDryAlerted(localId: number, alerted: boolean): void;
  /** Moves the oldest `count` into the outbox, with what waits behind them; returns how many. */
  restock(localId: number, count: number, after: RestockAfter): number;
}

/**
 * Bulk changes' door (core/store/bulkChanges.ts): many offers in one pass, each with the rules of
 * the single change; run inside a transaction (a chunk of an undo step). A refused offer is
 * returned with its error, the rest go on.
 */
export interface BulkChanges {
  /** The offers as a bulk change plans them, read table by table. */
  planned(localIds: readonly number[]): Map<number, PlannedOffer>;
  editOffers(edits: readonly BulkEdit[]): BulkWrite[];
  changeStatuses(localIds: readonly number[], status: number): BulkWrite[];
  deleteOffers(localIds: readonly number[]): BulkWrite<'cancelled' | 'queued'>[];
  discardLocalChanges(localIds: readonly number[]): BulkWrite[];
}
export type { BulkEdit, BulkWrite, PlannedOffer } from './bulkChanges';

/** Undo's door (core/store/undoSteps.ts): steps of the seller's changes, undone while unsent. */
export interface UndoSteps {
  /**
   * Runs `fn` as one undoable step: `candidates` are snapshotted first, `affected(result)` names
   * the offers it changed or created. Nothing changed, no step.
   */
  record<T>(
    /** The step in the seller's words; a function is told how many offers it changed. */
    label: StepLabel | ((changed: number) => StepLabel),
    candidates: readonly number[],
    fn: () => T,
    affected: (result: T) => readonly number[],
  ): T;
  /**
   * One step applied in chunks, each chunk its own transaction (a long bulk change that lets
   * queries in between); it cannot be undone until `end()`.
   */
  inChunks(label: (changed: number) => StepLabel): StepInChunks;
  last(): UndoStepView | null;
  /** Undoes the last step, or says why it cannot; null when there is nothing to undo. */
  undoLast(): UndoResult | null;
}
export { SCHEMA_VERSION } from './schema';
/** For electron/main: which native build of better-sqlite3 this runtime loads. */
export { useSqliteNativeBinding } from './database';
export type { SyncStore } from './syncStore';
export type { ManageItem, QueuedCredentialRow } from './sending';
export type { OutcomeInput } from './offers';
export { fingerprintServerOffer } from './offerFields';
export type { CredentialsKeyRecord } from './credentialsKey';
export type {
  OutboxOp,
  ReadyOp,
  ReadyOpOf,
  OpKind,
  OpPayload,
  OpState,
  SentFields,
} from './outboxOps';

export interface OpenStoreOptions {
  clock?: Clock;
  /** Seals queued credentials; without it, queueCredentials refuses. */
  secretBox?: SecretBox;
  busyTimeoutMs?: number;
  /**
   * The app: commits never checkpoint the WAL on this connection's thread; a thread of its own
   * does (checkpointer.ts). The command line keeps SQLite's automatic checkpoints.
   */
  checkpointInBackground?: boolean | { intervalMs?: number; worker?: WorkerEntry };
}

/** The catalogue as last pulled. */
export interface Catalogue {
  saveProducts(products: Product[]): void;
  getProduct(productId: number): Product | null;
  listProducts(): ProductSummary[];
}

/** The seller's changes: each validated, then committed with its outbox rows. */
export interface SellerChanges {
  createOffer(input: NewOffer): number;
  /** `followUp.thenStatus`: a status change queued right behind the edit (drafts.EditFollowUp). */
  editOffer(localId: number, patch: OfferDraft, followUp?: EditFollowUp): void;
  deleteOffer(localId: number): 'cancelled' | 'queued';
  changeStatus(localId: number, status: number): void;
  queueCredentials(localId: number, credentials: CredentialInput[], mode: CredentialMode): number;
  /** The same a part at a time, all or nothing: staged, then queued in one transaction. */
  stageCredentials(
    localId: number,
    mode: CredentialMode,
    cost?: PoolCost | null,
  ): CredentialStaging;
  queueScreenshotFiles(localId: number, copiedPaths: string[]): number[];
  queueScreenshotUrls(localId: number, urls: string[]): void;
  /** Files and links together, all or nothing. */
  queueScreenshots(localId: number, batch: ScreenshotBatch): void;
  /** A stored one is detached once: 'already' when its removal was queued before. */
  detachScreenshot(localId: number, url: string): 'removed' | 'already';
  /** Takes back an unsent removal: 'sending' when it is on its way, 'none' when none waits. */
  keepScreenshot(localId: number, url: string): 'kept' | 'sending' | 'none';
  discardLocalChanges(localId: number): void;
  /** Queues the offer's refused operations again; returns how many. */
  retryRefused(localId: number): number;
  /** Drops the offer's refused operations (a refused edit is fixed or discarded instead). */
  dismissRefusal(localId: number): number;
  resolveConflict(localId: number, field: string, choice: 'mine' | 'theirs'): void;
  importOffers(
    productId: number,
    rows: readonly ImportedOffer[],
    opts?: { skipRefused?: boolean },
  ): OfferImportResult;
  /** The same in two parts: rows checked a chunk at a time, then queued in one transaction. */
  stageOfferImport(productId: number): StagedOfferImport;
}

/** What the seller sees: the merged offers, their counts and details, the sync log. */
export interface ReadModel {
  liveOffersOfProduct(productId: number): OfferToMatch[];
  offerOfServerId(serverId: number): OfferToMatch | undefined;
  /** The local id of the offer the marketplace knows as `serverId`, if this store has it. */
  localIdOfServerId(serverId: number): number | undefined;
  queryOffers(q?: OfferQuery): { rows: OfferListRow[]; total: number };
  /** By status and sync state under the list's other filters; no filter: the whole profile. */
  countOffers(q?: Pick<OfferQuery, 'status' | 'productId' | 'syncState' | 'text'>): OfferCounts;
  /** A view's remembered filters/sort/columns (parsed JSON), or null. */
  viewPreferences(view: string): unknown;
  saveViewPreferences(view: string, value: unknown): void;
  /** The profile's own settings (parsed JSON; the use case checks its shape), or null. */
  profileSettings(): unknown;
  /** Domains of screenshot links the marketplace refused, and those it accepted a link from. */
  linkDomains(): LinkDomains;
  saveProfileSettings(value: unknown): void;
  getOffer(localId: number): OfferDetail | null;
  /** The offers a bulk change's filter picks (none waiting to be deleted), in one query. */
  offerIdsWhere(filter: { status?: number; productId?: number }): number[];
  knownCredentialHashes(localId: number): { loginHashes: Set<string>; emailHashes: Set<string> };
  /** Placeholder ref (`queued-screenshot:<id>`) → the staged copy's path, for queued files. */
  queuedScreenshotFiles(localId: number): Map<string, string>;
  /** Every queued screenshot file of the profile, to move staged copies into its folder. */
  allQueuedScreenshotFiles(): { id: number; filePath: string }[];
  moveQueuedScreenshotFile(id: number, filePath: string): void;
  recentSyncRuns(limit?: number): SyncRunRecord[];
  /** Offers the next sync sends (local or sending), newest change first, and how many. */
  offersToSend(page?: { offset?: number; limit?: number }): { localIds: number[]; total: number };
  /** What waits on each of these offers, by what it will do on the marketplace. */
  pendingChanges(
    localIds: readonly number[],
    options?: { waiting?: boolean },
  ): Map<number, PendingChanges>;
  /** Offers whose queued changes wait behind a refusal or a conflict the seller must settle. */
  offersHeldBack(page?: { offset?: number; limit?: number }): {
    offers: { localId: number; by: 'refusal' | 'conflict' }[];
    total: number;
  };
}

export interface Store extends Catalogue, SellerChanges, ReadModel, CredentialsKeyRecord {
  readonly file: string;
  readonly clock: Clock;
  /**
   * Runs `fn` (synchronous store calls only) as one immediate transaction: all of it is
   * committed or none of it. Calls nest.
   */
  transaction<T>(fn: () => T): T;
  /** The sync engine's door; `clock` (default: the store's) dates what the engine writes. */
  syncStore(clock?: Clock): SyncStore;
  /**
   * The connection, typed as what the rate ledger needs: its table (core/limits/ledgerSchema.ts)
   * lives in this file so that every process sharing the profile shares one budget.
   */
  rateLedgerDatabase(): LedgerDatabase;
  activityLog(): ActivityLog;
  undoSteps(): UndoSteps;
  bulkChanges(): BulkChanges;
  /** The sales history kept by each pull (core/store/sales.ts). */
  salesPoints(query?: SalesPointQuery): SalesPoint[];
  /** Account offers' stock of credentials, thresholds and alerts (core/store/stock.ts). */
  stock(): {
    list(): StockRow[];
    setThreshold(localId: number, threshold: number): void;
    setAlerted(localId: number, alerted: StockAlert | null): void;
    /** The seller deleted this credential on the marketplace: no longer counted. */
    credentialDeleted(localId: number, credentialId: number): void;
    /** Offers holding accounts that may already be on sale (core/store/uncertainCredentials.ts). */
    uncertain(localId?: number): UncertainCredentials[];
    /** The seller's choice for those accounts; each returns how many. */
    resendUncertain(localId: number): number;
    dropUncertain(localId: number): number;
  };
  pool(): CredentialPool;
  /** The seller's costs and the sales with their profit (core/store/profit.ts). */
  profit(): ProfitStore;
  /** Alert channels and deliveries, and the small marks alerts remember (core/store/alerts.ts). */
  alerts(): AlertsStore;
  /** The sales history's changes after a point (alerts read sales and reviews from it). */
  salesPointChanges(afterId: number, limit: number): SalesPointChange[];
  lastSalesPointId(): number;
  close(): void;
}

export function openStore(file: string, opts: OpenStoreOptions = {}): Store {
  const db = openDatabase(file, { busyTimeoutMs: opts.busyTimeoutMs });
  const ctx: StoreContext = { db, clock: opts.clock ?? systemClock };
  const checkpointer =
    opts.checkpointInBackground && file !== ':memory:'
      ? backgroundCheckpoints(db, file, opts.checkpointInBackground)
      : null;
  if (checkpointer) ctx.checkpointer = checkpointer;
  const store: Store = {
    file,
    clock: ctx.clock,
    transaction: (fn) => immediate(ctx, fn),
    syncStore: (clock) => syncStoreOf(clock ? { db, clock } : ctx),
    rateLedgerDatabase: () => db,
    activityLog: () => ({
      record: (entry) => void recordActivity(ctx, entry),
      list: (query) => listActivity(ctx, query),
    }),
    salesPoints: (query) => listSalesPoints(ctx, query),
    salesPointChanges: (afterId, limit) => salesPointChangesAfter(ctx, afterId, limit),
    lastSalesPointId: () => lastSalesPointId(ctx),
    alerts: () => alertsStore(ctx, opts.secretBox),
    stock: () => ({
      list: () => listStock(ctx),
      setThreshold: (localId, threshold) => setStockThreshold(ctx, localId, threshold),
      setAlerted: (localId, alerted) => setStockAlerted(ctx, localId, alerted),
      credentialDeleted: (localId, credentialId) =>
        recordCredentialDeletion(ctx, localId, credentialId),
      uncertain: (localId) => listUncertain(ctx, localId ?? null),
      resendUncertain: (localId) => resendUncertain(ctx, localId),
      dropUncertain: (localId) => dropUncertain(ctx, localId),
    }),
    profit: () => ({
      setUnitCosts: (localIds, unitCost) => setUnitCosts(ctx, localIds, unitCost),
      nextUnitCosts: (localIds) => nextUnitCosts(ctx, localIds),
      batches: (localId) => listCostBatches(ctx, localId),
      salesByDay: (query) => salesByDay(ctx, query),
      lastSoldBefore: (before, productId) => offersLastSoldBefore(ctx, before, productId),
      idleSince: (before) => idleOffersSince(ctx, before),
      names: (serverIds) => salesNames(ctx, serverIds),
    }),
    pool: () => ({
      list: (localId) => listPools(ctx, localId ?? null),
      hashes: (localId) => poolHashes(ctx, localId),
      add: (localId, credentials) => {
        if (!opts.secretBox) {
          throw new StoreError('invalid', 'Credentials cannot be pooled: no secret box is open.');
        }
        return addToPool(ctx, opts.secretBox, localId, credentials);
      },
      stage: (localId, keep, cost) => {
        if (!opts.secretBox) {
          throw new StoreError('invalid', 'Credentials cannot be pooled: no secret box is open.');
        }
        return stagePoolCredentials(ctx, opts.secretBox, localId, keep, cost ?? null);
      },
      setKeep: (localId, keep) => setPoolKeep(ctx, localId, keep),
      clear: (localId) => clearPool(ctx, localId),
      setDryAlerted: (localId, alerted) => setPoolDryAlerted(ctx, localId, alerted),
      restock: (localId, count, after) => restockFromPool(ctx, localId, count, after),
    }),
    undoSteps: () => ({
      record: (label, candidates, fn, affected) => recordStep(ctx, label, candidates, fn, affected),
      inChunks: (label) => beginStep(ctx, label),
      last: () => lastStep(ctx),
      undoLast: () => undoLastStep(ctx),
    }),
    bulkChanges: () => ({
      planned: (ids) => plannedOffers(ctx, ids),
      editOffers: (edits) => editOffers(ctx, edits),
      changeStatuses: (ids, status) => changeStatuses(ctx, ids, status),
      deleteOffers: (ids) => bulkDeleteOffers(ctx, ids),
      discardLocalChanges: (ids) => bulkDiscardLocalChanges(ctx, ids),
    }),
    ...credentialsKeyRecordOf(ctx),
    saveProducts: (products) => saveProducts(ctx, products),
    getProduct: (id) => getProduct(ctx, id),
    listProducts: () => listProducts(ctx),
    createOffer: (input) => createOffer(ctx, input),
    editOffer: (id, patch, followUp) => editOffer(ctx, id, patch, followUp),
    deleteOffer: (id) => deleteOffer(ctx, id),
    changeStatus: (id, status) => changeStatus(ctx, id, status),
    queueCredentials: (id, credentials, mode) => {
      if (!opts.secretBox) {
        throw new StoreError('invalid', 'Credentials cannot be queued: no secret box is open.');
      }
      return queueCredentials(ctx, opts.secretBox, id, credentials, mode);
    },
    stageCredentials: (id, mode, cost) => {
      if (!opts.secretBox) {
        throw new StoreError('invalid', 'Credentials cannot be queued: no secret box is open.');
      }
      return stageCredentials(ctx, opts.secretBox, id, mode, cost ?? null);
    },
    queueScreenshotFiles: (id, paths) => queueScreenshotFiles(ctx, id, paths),
    queueScreenshotUrls: (id, urls) => queueScreenshotUrls(ctx, id, urls),
    queueScreenshots: (id, batch) => queueScreenshots(ctx, id, batch),
    detachScreenshot: (id, url) => detachScreenshot(ctx, id, url),
    keepScreenshot: (id, url) => keepScreenshot(ctx, id, url),
    discardLocalChanges: (id) => discardLocalChanges(ctx, id),
    retryRefused: (id) => retryRefused(ctx, id),
    dismissRefusal: (id) => dismissRefusal(ctx, id),
    resolveConflict: (id, field, choice) => resolveConflict(ctx, id, field, choice),
    importOffers: (productId, rows, importOpts) => importOffers(ctx, productId, rows, importOpts),
    stageOfferImport: (productId) => stageOfferImport(ctx, productId),
    liveOffersOfProduct: (productId) => liveOffersOfProduct(ctx, productId),
    offerOfServerId: (serverId) => offerOfServerId(ctx, serverId),
    localIdOfServerId: (serverId) => localIdOfServerId(ctx, serverId),
    queryOffers: (q) => queryOffers(ctx, q),
    offerIdsWhere: (filter) => offerIdsWhere(ctx, filter),
    countOffers: (q) => countOffers(ctx, q),
    viewPreferences: (view) => viewPreferencesOf(ctx, view),
    saveViewPreferences: (view, value) => saveViewPreferences(ctx, view, value),
    profileSettings: () => profileSettingsOf(ctx),
    linkDomains: () => linkDomainsOf(ctx),
    saveProfileSettings: (value) => saveProfileSettings(ctx, value),
    getOffer: (id) => getOffer(ctx, id),
    knownCredentialHashes: (id) => knownCredentialHashes(ctx, id),
    queuedScreenshotFiles: (id) => queuedScreenshotFiles(ctx, id),
    allQueuedScreenshotFiles: () => allQueuedScreenshotFiles(ctx),
    moveQueuedScreenshotFile: (id, filePath) => moveQueuedScreenshotFile(ctx, id, filePath),
    recentSyncRuns: (limit) => recentSyncRuns(ctx, limit),
    offersToSend: (page) => offersToSend(ctx, page),
    pendingChanges: (ids, options) => pendingChangesOf(ctx, ids, options),
    offersHeldBack: (page) => offersHeldBack(ctx, page),
    close: () => {
      if (!db.open) return;
      checkpointer?.stop();
      // The write-ahead log folded into the file and emptied at every clean close, even while
      // another connection (the command line, a reader) keeps it open; SQLite does it by itself
      // only when the last connection closes.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
  bindContext(store, ctx);
  return store;
}

/** Hands the connection's checkpoints to a thread; back to SQLite's own if that thread is lost. */
function backgroundCheckpoints(
  db: StoreContext['db'],
  file: string,
  opts: true | { intervalMs?: number; worker?: WorkerEntry },
): WalCheckpointer | null {
  const automatic = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  const restore = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${automatic}`);
  };
  try {
    const checkpointer = startWalCheckpointer(file, {
      nativeBinding: sqliteNativeBinding(),
      ...(opts !== true && opts.intervalMs !== undefined && { intervalMs: opts.intervalMs }),
      ...(opts !== true && opts.worker && { worker: opts.worker }),
      onLost: restore,
    });
    db.pragma('wal_autocheckpoint = 0');
    return checkpointer;
  } catch {
    return null;
  }
}
export type { LinkDomains } from './linkDomains';
