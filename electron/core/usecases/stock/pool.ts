// The restock pool (auto-restock): the seller keeps credentials for an account offer in Seller
// Desk and a level, "keep N on sale"; each sync, after its pull has told what sold, tops the
// marketplace up to N from the pool, oldest first, and puts an offer that went Not Active for
// selling out back to Active once those credentials are accepted. Fewer credentials are exposed
// at once, and nobody has to watch. The file is read exactly as a credential import is (same
// formats, encodings, preview with masked rows, problems by line), and deduplicated against the
// pool and against what the offer has or had (the kept hashes).
import { MAX_POOL_KEEP } from '../../../contract/ipc/poolModels';
import { OfferStatus } from '../../../contract/marketplace/wire';
import type { PoolRow, RestockAfter } from '../../store';
import {
  commitCredentialImport,
  previewCredentialImport,
  type CredentialFileInput,
  type CredentialFilePreview,
  type CredentialImportPreview,
  type CredentialPreviewOptions,
} from '../credentials';
import type { JobControl } from '../../util/chunkedJob';
import { UseCaseFailure, toFailure } from '../failure';
import { requireOffer } from '../offers/getOffer';
import { checkCost, checkSupplier } from '../profit/costs';
import type { SellerProfile } from '../profile';
import { attentionTitle } from '../sync/attention';
import { uncertainAccountsOf } from './uncertain';

export { MAX_POOL_KEEP };

export interface OfferPool {
  localId: number;
  /** The marketplace id, null until the offer is sent. */
  id: number | null;
  title: string;
  /** Credentials waiting in the pool. */
  pool: number;
  /** How many the syncs keep on sale. */
  keep: number;
  /**
   * Buyers can take this many now by our count: sent minus sold while the marketplace shows the
   * offer (0 while it is hidden); null when the marketplace holds credentials we cannot count.
   */
  onSale: number | null;
  /** Sent and unsold by our count, shown to buyers or not; null when unknown. */
  onMarketplace: number | null;
  /** Queued to be sent, not on the marketplace yet. */
  queued: number;
  /**
   * The offer has credentials on the marketplace or on their way, and buyers do not see it: the
   * marketplace's status as last read (Not Active, On Review, …); null when it is shown.
   */
  hiddenStatus: number | null;
  /** Accounts that may already be on sale, held for the seller (core/usecases/stock/uncertain). */
  uncertain: number;
  /** The pool is empty while a level is set: the next sale will not be restocked. */
  dry: boolean;
}

/** Sent and unsold by our count; null when the marketplace holds credentials we cannot count. */
function onMarketplaceOf(row: PoolRow): number | null {
  const counted = Math.max(0, row.uploaded - row.purchased);
  if (row.uploaded > 0 && counted === 0 && row.recorded && row.status !== OfferStatus.NotActive) {
    return null;
  }
  return counted;
}

function poolOf(row: PoolRow, uncertain: number): OfferPool {
  const onMarketplace = onMarketplaceOf(row);
  const shown = row.status === OfferStatus.Active;
  const holds = (onMarketplace ?? 0) > 0 || row.queued > 0;
  return {
    localId: row.localId,
    id: row.serverId,
    title: attentionTitle(row),
    pool: row.size,
    keep: row.keep,
    onSale: onMarketplace === null ? null : shown ? onMarketplace : 0,
    onMarketplace,
    queued: row.queued,
    hiddenStatus: !shown && holds && row.serverId !== null ? row.status : null,
    uncertain,
    dry: row.keep > 0 && row.size === 0,
  };
}

/** Every offer with a pool or a level. */
export function poolReport(profile: SellerProfile): OfferPool[] {
  const uncertain = new Map(
    profile
      .store()
      .stock()
      .uncertain()
      .map((u) => [u.localId, u.accounts]),
  );
  return profile
    .store()
    .pool()
    .list()
    .map((row) => poolOf(row, uncertain.get(row.localId) ?? 0));
}

export function offerPool(profile: SellerProfile, localId: number): OfferPool {
  requireOffer(profile, localId);
  const row = profile.store().pool().list(localId)[0];
  const uncertain = uncertainAccountsOf(profile, localId);
  if (row) return poolOf(row, uncertain);
  return {
    localId,
    id: null,
    title: '',
    pool: 0,
    keep: 0,
    onSale: null,
    onMarketplace: null,
    queued: 0,
    hiddenStatus: null,
    uncertain,
    dry: false,
  };
}

function checkKeep(keep: number): void {
  if (!Number.isInteger(keep) || keep < 0 || keep > MAX_POOL_KEEP) {
    throw new UseCaseFailure(
      'bad_input',
      `"Keep on sale" must be a whole number from 0 to ${MAX_POOL_KEEP}.`,
      [],
      { say: { key: 'refusals.stock.keep', values: { max: MAX_POOL_KEEP } } },
    );
  }
}

/** Reads the file as a credential import does; rows already in the pool count as duplicates. */
export function previewPoolImport(
  profile: SellerProfile,
  input: CredentialFileInput,
  options: CredentialPreviewOptions = {},
): Promise<CredentialImportPreview> {
  requireOffer(profile, input.localId);
  return previewCredentialImport(profile, input, {
    ...options,
    alsoKnown: profile.store().pool().hashes(input.localId),
  });
}

export interface CommitPoolImportInput {
  preview: CredentialFilePreview;
  /** Sets the level too (null/undefined: the level stays). */
  keep?: number | null;
  skipInvalid: boolean;
  keepCaseDuplicates?: boolean;
  /** What each account added cost the seller, and from whom: a batch, used first in, first out. */
  cost?: { perAccount: number; supplier?: string } | null;
}

export interface PoolImportOutcome {
  localId: number;
  rows: number;
  added: number;
  invalid: number;
  duplicatesInFile: number;
  /** Already in the pool, queued or sent to the marketplace. */
  duplicatesKnown: number;
  skipped: number;
  pool: number;
  keep: number;
}

/** `control`: progress by rows, and a stop before the pool is touched (nothing is added). */
export async function commitPoolImport(
  profile: SellerProfile,
  input: CommitPoolImportInput,
  control: JobControl = {},
): Promise<PoolImportOutcome> {
  const { localId } = input.preview;
  if (input.keep !== undefined && input.keep !== null) checkKeep(input.keep);
  const cost = input.cost
    ? {
        unitCost: checkCost(input.cost.perAccount),
        supplier: checkSupplier(input.cost.supplier ?? ''),
      }
    : null;
  const store = profile.store();
  let added = 0;
  const outcome = await commitCredentialImport(
    profile,
    {
      preview: input.preview,
      mode: 'add',
      skipInvalid: input.skipInvalid,
      keepCaseDuplicates: input.keepCaseDuplicates,
      alsoKnown: store.pool().hashes(localId),
      // Staged a range at a time like an import's; the rows and the level land in one transaction.
      into: () => {
        const staging = store.pool().stage(localId, input.keep ?? null, cost);
        return {
          get staged() {
            return staging.staged;
          },
          add: (credentials, costs) => staging.add(credentials, costs),
          commit: () => (added = staging.commit()),
          abandon: () => staging.abandon(),
        };
      },
    },
    control,
  );
  if (outcome.queued === 0 && input.keep !== undefined && input.keep !== null) {
    store.pool().setKeep(localId, input.keep);
  }
  const now = offerPool(profile, localId);
  return {
    localId,
    rows: outcome.rows,
    added,
    invalid: outcome.invalid,
    duplicatesInFile: outcome.duplicatesInFile,
    duplicatesKnown: outcome.duplicatesUploaded + (outcome.queued - added),
    skipped: outcome.rows - added,
    pool: now.pool,
    keep: now.keep,
  };
}

export function setPoolKeep(
  profile: SellerProfile,
  input: { localId: number; keep: number },
): OfferPool {
  checkKeep(input.keep);
  requireOffer(profile, input.localId);
  try {
    profile.store().pool().setKeep(input.localId, input.keep);
  } catch (error) {
    throw toFailure(error);
  }
  return offerPool(profile, input.localId);
}

/** Empties the pool (its credentials are gone for good) and stops restocking the offer. */
export function clearPool(profile: SellerProfile, localId: number): { removed: number } {
  requireOffer(profile, localId);
  return { removed: profile.store().pool().clear(localId) };
}

export interface Restocked {
  localId: number;
  /** Credentials moved from the pool into the queue. */
  queued: number;
  /** What waits behind them (an edit_status to Active, a manage edit for review). */
  after: RestockAfter;
}

/**
 * An offer that has never been on sale (nothing sent, nothing sold, the marketplace records no
 * credential) is Not Active only for want of credentials: it has not passed review yet.
 */
function neverOnSale(row: PoolRow): boolean {
  return row.uploaded === 0 && row.purchased === 0 && !row.recorded;
}

/**
 * What follows a restock. The marketplace hides an offer whose last credential sold (Not Active
 * with none left by our count): once the credentials sent or queued are accepted it goes back to
 * Active, whether they came from this restock or from an earlier push that failed. One that was
 * never on sale gets them in a manage edit, and the marketplace reviews it.
 */
function restockAfter(row: PoolRow, onMarketplace: number, count: number): RestockAfter {
  if (row.status !== OfferStatus.NotActive || onMarketplace > 0) return 'none';
  if (neverOnSale(row)) return 'review';
  return count > 0 || row.queued > 0 ? 'activate' : 'none';
}

/**
 * The offers a restock may act on: a level, on the marketplace, and credentials to send or on
 * their way. A push that does not follow a pull reads them first (their sales and status).
 */
export function offersToRestock(profile: SellerProfile): number[] {
  return profile
    .store()
    .pool()
    .list()
    .filter((row) => row.keep > 0 && row.serverId !== null && (row.size > 0 || row.queued > 0))
    .map((row) => row.serverId!);
}

/**
 * The sync's turn (before its push, after its state was read): each offer with a level gets what
 * it lacks (sent and unsold plus queued, up to the level) from its pool, oldest first, queued as
 * one add of credentials, so the engine sends it exactly as a credential import of the seller's.
 * Offers not on the marketplace yet, waiting to be deleted, or holding credentials we cannot
 * count are left alone.
 */
export function restockFromPools(profile: SellerProfile): Restocked[] {
  const store = profile.store();
  const done: Restocked[] = [];
  for (const row of store.pool().list()) {
    if (row.keep === 0 || row.serverId === null) continue;
    const onMarketplace = onMarketplaceOf(row);
    if (onMarketplace === null) continue;
    const count = Math.min(Math.max(0, row.keep - onMarketplace - row.queued), row.size);
    const after = restockAfter(row, onMarketplace, count);
    if (count === 0 && after !== 'activate') continue;
    const queued = store.pool().restock(row.localId, count, after);
    done.push({ localId: row.localId, queued, after });
  }
  return done;
}
