// One round of keeping a profile up to date without the seller: sync now with the profile's own
// hold and automatic sending, then what the round brought that the seller must hear of (offers it
// put in Needs attention, new conflicts, low stock, a sold-out offer, a dry restock pool). The
// app's background profiles and `seller-desk watch` run the same round; each front tells the
// findings its own way (a notification, an alert, a status line).
import type { SyncProgress } from '../../sync';
import type { SellerProfile } from '../profile';
import { profileSettings } from '../settings';
import { takeStockAlerts, type StockAlertNotice } from '../stock';
import type { OfferNeedingAttention } from './attention';
import type { SyncOutcome } from './outcome';
import { syncNow } from './run';
import { status } from './status';

export interface RoundOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** A hold other than the profile's ("Sync now": none). */
  holdFreshMs?: number;
  /** Send whatever the profile's automatic sending says ("Sync now": true). */
  send?: boolean;
}

export interface RoundFindings {
  outcome: SyncOutcome;
  /** Offers this round put in Needs attention (not those the seller was told of before). */
  refused: OfferNeedingAttention[];
  /** Conflicts found by this round. */
  newConflicts: number;
  /** Stock alerts not given yet in their episode (each recorded as given). */
  stockAlerts: StockAlertNotice[];
}

/** Syncs the profile as its seller set it up; throws the run's failure as `syncNow` does. */
export async function backgroundRound(
  profile: SellerProfile,
  options: RoundOptions = {},
): Promise<RoundFindings> {
  const before = status(profile);
  const refusedBefore = new Set(before.refused.map((o) => o.localId));
  const own = profileSettings(profile);
  const outcome = await syncNow(profile, {
    ...(options.signal && { signal: options.signal }),
    ...(options.onProgress && { onProgress: options.onProgress }),
    holdFreshMs: options.holdFreshMs ?? own.holdSeconds * 1000,
    send: options.send ?? own.sendAutomatically,
  });
  const refused = outcome.attention.filter(
    (o) => o.syncState === 'attention' && !refusedBefore.has(o.localId),
  );
  return {
    outcome,
    refused,
    newConflicts: Math.max(0, outcome.conflicts - before.bySyncState.conflict),
    stockAlerts: takeStockAlerts(profile),
  };
}
