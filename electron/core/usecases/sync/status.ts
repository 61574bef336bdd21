// Where the profile stands, read offline: offers by status and sync state, what waits to be sent,
// the last sync, the rate budget, and the offers the marketplace refused. What `seller-desk
// status` prints and what the app's sync panel shows.
import type { RateBudget } from '../../limits';
import type { OfferCounts } from '../../store';
import type { SellerProfile } from '../profile';
import {
  offersLowOnStock,
  uncertainAccounts,
  type StockAlertNotice,
  type UncertainAccounts,
} from '../stock';
import { offersNeedingAttention, type OfferNeedingAttention } from './attention';

export interface LastSync {
  kind: string;
  startedAt: number;
  /** Null when the run did not finish (killed, or still running). */
  finishedAt: number | null;
  sent: number;
  failed: number;
  conflicts: number;
  needsAttention: number;
  unauthorized: boolean;
  error: string | null;
  /** Finished with nothing refused and no error. */
  ok: boolean | null;
}

export interface ProfileStatus {
  baseUrl: string;
  dataFile: string;
  offers: number;
  byStatus: OfferCounts['byStatus'];
  bySyncState: OfferCounts['bySyncState'];
  queuedOperations: number;
  /** Offers with changes the next sync sends: the seller's unit ("N changes to send"). */
  changesToSend: number;
  lastSync: LastSync | null;
  rateBudget: RateBudget;
  /** Offers the marketplace refused, with its words (conflicts are counted in bySyncState). */
  refused: OfferNeedingAttention[];
  /** Offers waiting for the seller: refused or in conflict. */
  needsSeller: number;
  /** Account offers low on credentials or sold out (core/usecases/stock). */
  lowStock: StockAlertNotice[];
  /** Accounts that may already be on sale, held for the seller's choice: send again or drop. */
  uncertain: UncertainAccounts[];
  /**
   * The offers to send wait for the marketplace's rate limit (a 429's pause, which holds every
   * process on the profile, or a full window): none goes before `untilMs` (clock ms). Null when
   * nothing waits for it; a front says "waiting until …" then, never "sending".
   */
  waiting: { offers: number; untilMs: number } | null;
}

export function status(profile: SellerProfile): ProfileStatus {
  const store = profile.store();
  const counts = store.countOffers();
  const [run] = store.recentSyncRuns(1);
  const rateBudget = profile.limiter().budget();
  const changesToSend = counts.bySyncState.local + counts.bySyncState.sending;
  return {
    baseUrl: profile.baseUrl,
    dataFile: profile.file,
    offers: counts.total,
    byStatus: counts.byStatus,
    bySyncState: counts.bySyncState,
    queuedOperations: counts.outbox,
    changesToSend,
    lastSync: run
      ? {
          kind: run.kind,
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          sent: run.sent,
          failed: run.failed,
          conflicts: run.conflicts,
          needsAttention: run.needsAttention,
          unauthorized: run.unauthorized,
          error: run.error ?? null,
          ok: run.finishedAt ? !run.error && run.failed === 0 : null,
        }
      : null,
    rateBudget,
    refused: offersNeedingAttention(store, ['attention']),
    needsSeller: counts.bySyncState.attention + counts.bySyncState.conflict,
    lowStock: offersLowOnStock(profile),
    uncertain: uncertainAccounts(profile),
    waiting:
      rateBudget.nextRoomInMs > 0 && changesToSend > 0
        ? { offers: changesToSend, untilMs: profile.clock.now() + rateBudget.nextRoomInMs }
        : null,
  };
}
