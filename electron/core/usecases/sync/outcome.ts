// What a pull, a push or a sync did, in one shape for both fronts, and the runs that end in a
// failure (token refused, marketplace unreachable, cancelled, stopped) told as one.
import { OfferStatus } from '../../../contract/marketplace/wire';
import { CREDENTIALS_LOCKED_MESSAGE } from '../../secrets';
import type { OfferCounts } from '../../store';
import type { SyncSummary } from '../../sync';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { offersNeedingAttention, type OfferNeedingAttention } from './attention';
import type { Reachability } from './reachability';

export type SyncKind = 'pull' | 'push' | 'sync';

export interface SyncOutcome {
  kind: SyncKind;
  /** Operations the marketplace accepted. */
  sent: number;
  /** Operations it refused (their offers need the seller). */
  failed: number;
  conflicts: number;
  needsAttention: number;
  /** Creates found on the marketplace after an unknown outcome (adopted, not sent again). */
  adopted: number;
  /** Requests spent reading own offers. */
  pullRequests: number;
  /** Operations still waiting to be sent. */
  queuedOperations: number;
  /** Credentials lists this run could not open (the rest was sent), and how to send them. */
  credentialsHeld: { operations: number; message: string } | null;
  offers: number;
  byStatus: OfferCounts['byStatus'];
  bySyncState: OfferCounts['bySyncState'];
  /** Offers to look at (at most 50). */
  attention: OfferNeedingAttention[];
  /** Offers that went Not Active during the run (sold out or hidden on the marketplace). */
  wentNotActive: number;
}

const NOT_ACTIVE = String(OfferStatus.NotActive);

export function notActiveCount(profile: SellerProfile): number {
  return profile.store().countOffers().byStatus[NOT_ACTIVE] ?? 0;
}

/** The run's summary as an outcome, or the failure that ended it. */
export function outcomeOf(
  profile: SellerProfile,
  kind: SyncKind,
  summary: SyncSummary,
  watched: Reachability,
  signal: AbortSignal | undefined,
  notActiveBefore: number,
): SyncOutcome {
  const queue = { sent: summary.sent, kept: summary.pending };
  if (summary.unauthorized || watched.unauthorized) {
    throw new UseCaseFailure(
      'unauthorized',
      'The marketplace did not accept the API token. It may be wrong or expired; ' +
        `${summary.pending} queued operation(s) are kept.`,
      [],
      { marketplace: { kind: 'unauthorized', request: '', said: summary.error ?? '' }, queue },
    );
  }
  if (watched.unreachable || (watched.lastCallFailed && (summary.error || summary.pending > 0))) {
    const last = watched.lastFailure;
    throw new UseCaseFailure(
      'unreachable',
      'The marketplace cannot be reached right now. Nothing is lost: ' +
        `${summary.pending} operation(s) stay queued.`,
      [],
      { ...(last && { marketplace: last }), queue },
    );
  }
  if (summary.cancelled && signal?.aborted) {
    throw new UseCaseFailure(
      'cancelled',
      `Cancelled; ${summary.pending} queued operation(s) are kept.`,
      [],
      { queue },
    );
  }
  if (summary.error) throw new UseCaseFailure('internal', `${kind} failed: ${summary.error}`);

  const counts = profile.store().countOffers();
  return {
    kind,
    sent: summary.sent,
    failed: summary.failed,
    conflicts: summary.conflicts,
    needsAttention: summary.needsAttention,
    adopted: summary.adopted,
    pullRequests: summary.pullRequests,
    queuedOperations: summary.pending,
    credentialsHeld: credentialsHeld(profile, summary),
    offers: counts.total,
    byStatus: counts.byStatus,
    bySyncState: counts.bySyncState,
    attention: offersNeedingAttention(profile.store()),
    wentNotActive: Math.max(0, (counts.byStatus[NOT_ACTIVE] ?? 0) - notActiveBefore),
  };
}

function credentialsHeld(
  profile: SellerProfile,
  summary: SyncSummary,
): SyncOutcome['credentialsHeld'] {
  if (summary.credentialsHeld === 0) return null;
  const locked = profile.keyring().locked;
  return {
    operations: summary.credentialsHeld,
    message:
      locked?.reason === 'locked'
        ? CREDENTIALS_LOCKED_MESSAGE
        : (summary.credentialsHeldReason ?? 'They could not be opened here.'),
  };
}
