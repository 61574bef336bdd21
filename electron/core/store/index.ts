/**
 * The seller's local store: one SQLite file per seller profile (WAL, foreign keys, busy timeout,
 * migrations by user_version), holding the catalogue, the server's offers as last seen, the
 * seller's local changes as an overlay on a base, the outbox, outcomes, conflicts, the sync-run
 * log, the rate ledger, and queued credentials (sealed) and screenshots.
 *
 * Public functions (all synchronous; every write commits before it returns):
 * - `openStore(file, { clock?, secretBox?, busyTimeoutMs? })` → `Store`; throws `StoreError`
 *   (kind `corrupt` | `newer_version` | `locked`) without modifying the file.
 * - `store.db` — the better-sqlite3 handle (for the rate limiter: `createRateLimiter({ db })`).
 * - Catalogue: `saveProducts(products)`, `getProduct(id)`, `listProducts()`.
 * - Drafting (offline; validated with contract/rules first, throws `DraftRejected { problems }`):
 *   `createOffer({ productId, guaranteeDeliveryTime, fields })` → localId,
 *   `editOffer(localId, patch)`, `deleteOffer(localId)` → 'cancelled' | 'queued',
 *   `changeStatus(localId, status)`, `queueCredentials(localId, creds, 'add' | 'replace')`,
 *   `queueScreenshotFiles(localId, copiedPaths)`, `queueScreenshotUrls(localId, urls)`,
 *   `detachScreenshot(localId, url)`, `discardLocalChanges(localId)`,
 *   `resolveConflict(localId, field, 'mine' | 'theirs')`.
 * - Importing a file: `importOffers(productId, rows, { skipRefused })` → `{ localIds, refused }`
 *   (one transaction, all or nothing unless skipRefused); the offers rows are matched against:
 *   `liveOffersOfProduct(productId)`, `offerOfServerId(serverId)`.
 *   `queueScreenshots(localId, { files, urls })` (both in one transaction),
 * - Read model: `queryOffers({ status?, productId?, syncState?, text?, sort, offset, limit })`
 *   → `{ rows, total }`, `countOffers()` (by status, by sync state, outbox size),
 *   `getOffer(localId)` (merged fields, server copy, changed fields, conflicts, outcome, pending
 *   ops), `knownCredentialHashes(localId)`, `queuedScreenshotFiles(localId)` (placeholder → staged
 *   copy), `recentSyncRuns()`.
 * - `close()`.
 * The sync engine (electron/core/sync) uses the lower-level modules of this folder directly.
 */
import type Database from 'better-sqlite3';
import type { CredentialInput, Product } from '../../contract/marketplace/wire';
import { systemClock, type Clock } from '../util/clock';
import type { StoreContext } from './context';
import { openDatabase } from './database';
import {
  changeStatus,
  createOffer,
  deleteOffer,
  detachScreenshot,
  discardLocalChanges,
  editOffer,
  queueCredentials,
  queueScreenshotFiles,
  queueScreenshotUrls,
  resolveConflict,
  type CredentialMode,
  type NewOffer,
  type SecretBox,
} from './drafts';
import { StoreError } from './errors';
import type { OfferDraft } from './offerFields';
import {
  importOffers,
  liveOffersOfProduct,
  offerOfServerId,
  type ImportedOffer,
  type OfferImportResult,
  type OfferToMatch,
} from './offerImport';
import { getProduct, listProducts, saveProducts, type ProductSummary } from './products';
import {
  countOffers,
  getOffer,
  knownCredentialHashes,
  queryOffers,
  type OfferCounts,
  type OfferDetail,
  type OfferListRow,
  type OfferQuery,
} from './readModel';
import { queuedScreenshotFiles } from './queuedScreenshots';
import { recentSyncRuns, type SyncRunRecord } from './syncRuns';

export { StoreError, DraftRejected } from './errors';
export type { StoreErrorKind } from './errors';
export type { OfferDraft, FlatFields } from './offerFields';
export { fingerprintOffer, flattenDraft } from './offerFields';
import { queueScreenshots, type ScreenshotBatch } from './screenshotQueue';
export type { SyncState } from './offers';
export type { SecretBox, CredentialMode, NewOffer } from './drafts';
export type { ImportedOffer, OfferImportResult, OfferToMatch } from './offerImport';
export { QUEUED_SCREENSHOT_PREFIX } from './drafts';
export { offerSortColumns } from './readModel';
export type {
  OfferQuery,
  OfferListRow,
  OfferCounts,
  OfferDetail,
  OfferSortColumn,
export type { ScreenshotBatch } from './screenshotQueue';
  ConflictView,
} from './readModel';
export type { SyncRunRecord, SyncRunSummary } from './syncRuns';
export { SCHEMA_VERSION } from './schema';

export interface OpenStoreOptions {
  clock?: Clock;
  /** Seals queued credentials; without it, queueCredentials refuses. */
  secretBox?: SecretBox;
  busyTimeoutMs?: number;
}

export interface Store extends StoreContext {
  readonly file: string;
  saveProducts(products: Product[]): void;
  getProduct(productId: number): Product | null;
  listProducts(): ProductSummary[];
  createOffer(input: NewOffer): number;
  editOffer(localId: number, patch: OfferDraft): void;
  deleteOffer(localId: number): 'cancelled' | 'queued';
  changeStatus(localId: number, status: number): void;
  queueCredentials(localId: number, credentials: CredentialInput[], mode: CredentialMode): number;
  queueScreenshotFiles(localId: number, copiedPaths: string[]): number[];
  queueScreenshotUrls(localId: number, urls: string[]): void;
  detachScreenshot(localId: number, url: string): void;
  discardLocalChanges(localId: number): void;
  resolveConflict(localId: number, field: string, choice: 'mine' | 'theirs'): void;
  importOffers(
    productId: number,
    rows: readonly ImportedOffer[],
    opts?: { skipRefused?: boolean },
  ): OfferImportResult;
  liveOffersOfProduct(productId: number): OfferToMatch[];
  offerOfServerId(serverId: number): OfferToMatch | undefined;
  queryOffers(q?: OfferQuery): { rows: OfferListRow[]; total: number };
  countOffers(): OfferCounts;
  getOffer(localId: number): OfferDetail | null;
  knownCredentialHashes(localId: number): { loginHashes: Set<string>; emailHashes: Set<string> };
  /** Placeholder ref (`queued-screenshot:<id>`) → the staged copy's path, for queued files. */
  queuedScreenshotFiles(localId: number): Map<string, string>;
  recentSyncRuns(limit?: number): SyncRunRecord[];
  close(): void;
}

export function openStore(file: string, opts: OpenStoreOptions = {}): Store {
  const db: Database.Database = openDatabase(file, { busyTimeoutMs: opts.busyTimeoutMs });
  const ctx: StoreContext = { db, clock: opts.clock ?? systemClock };
  return {
  /** Files and links together, all or nothing. */
  queueScreenshots(localId: number, batch: ScreenshotBatch): void;
    file,
    db,
    clock: ctx.clock,
    saveProducts: (products) => saveProducts(ctx, products),
    getProduct: (id) => getProduct(ctx, id),
    listProducts: () => listProducts(ctx),
    createOffer: (input) => createOffer(ctx, input),
    editOffer: (id, patch) => editOffer(ctx, id, patch),
    deleteOffer: (id) => deleteOffer(ctx, id),
    changeStatus: (id, status) => changeStatus(ctx, id, status),
    queueCredentials: (id, credentials, mode) => {
      if (!opts.secretBox) {
        throw new StoreError('invalid', 'Credentials cannot be queued: no secret box is open.');
      }
      return queueCredentials(ctx, opts.secretBox, id, credentials, mode);
    },
    queueScreenshotFiles: (id, paths) => queueScreenshotFiles(ctx, id, paths),
    queueScreenshotUrls: (id, urls) => queueScreenshotUrls(ctx, id, urls),
    detachScreenshot: (id, url) => detachScreenshot(ctx, id, url),
    discardLocalChanges: (id) => discardLocalChanges(ctx, id),
    resolveConflict: (id, field, choice) => resolveConflict(ctx, id, field, choice),
    importOffers: (productId, rows, importOpts) => importOffers(ctx, productId, rows, importOpts),
    liveOffersOfProduct: (productId) => liveOffersOfProduct(ctx, productId),
    offerOfServerId: (serverId) => offerOfServerId(ctx, serverId),
    queryOffers: (q) => queryOffers(ctx, q),
    countOffers: () => countOffers(ctx),
    getOffer: (id) => getOffer(ctx, id),
    knownCredentialHashes: (id) => knownCredentialHashes(ctx, id),
    queuedScreenshotFiles: (id) => queuedScreenshotFiles(ctx, id),
    recentSyncRuns: (limit) => recentSyncRuns(ctx, limit),
    close: () => {
      if (db.open) db.close();
    },
  };
}
    queueScreenshots: (id, batch) => queueScreenshots(ctx, id, batch),
