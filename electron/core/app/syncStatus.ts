// The sync panel's picture: the profile's status (core/usecases/sync, as `seller-desk status`
// reads it) with what only the app knows: online or not, running or not, and the reason it waits.
import type { SyncStatus } from '../../contract/ipc';
import { limits } from '../../contract/marketplace/limits';
import { pauseNotice, type Pause } from '../limits';
import { status } from '../usecases/sync';
import type { SellerProfile } from '../usecases/profile';

export interface LiveSyncState {
  online: boolean;
  running: boolean;
  waiting: { ms: number; reason: string; until: number } | null;
}

/**
 * Why the app is not sending right now, in one sentence for the sync view. A pause the
 * marketplace asked for says how long it asked and how long Seller Desk actually waits.
 */
export function waitReasonText(reason: string | null | undefined, pause: Pause | null): string {
  switch (reason) {
    case 'requests':
      return `The marketplace allows ${limits.requestsPerWindow} requests a minute.`;
    case 'manage_offers':
      return `The marketplace allows ${limits.manageOffersPerWindow} offers a minute.`;
    case 'attach':
      return `The marketplace allows ${limits.attachPerWindow} screenshot links a minute.`;
    case 'retry_after':
      return pause ? pauseNotice(pause) : 'The marketplace asked us to wait before trying again.';
    default:
      return "Waiting for the marketplace's rate limit.";
  }
}

const emptyBudget = { requestsLeft: 0, manageOffersLeft: 0, attachLeft: 0, nextRoomInMs: 0 };

export function syncStatusOf(
  profile: SellerProfile | null,
  live: LiveSyncState,
  now: number,
): SyncStatus {
  const waiting =
    live.waiting && live.waiting.until > now
      ? { ms: live.waiting.until - now, reason: live.waiting.reason }
      : null;
  if (!profile) {
    return {
      online: live.online,
      running: false,
      lastRunAt: null,
      lastRunOk: null,
      queued: 0,
      conflicts: 0,
      needsSeller: 0,
      problems: [],
      budget: emptyBudget,
      waiting: null,
    };
  }
  const current = status(profile);
  const finished = current.lastSync?.finishedAt ?? null;
  return {
    online: live.online,
    running: live.running,
    lastRunAt: finished ? new Date(finished).toISOString() : null,
    lastRunOk: current.lastSync?.ok ?? null,
    queued: current.changesToSend,
    conflicts: current.bySyncState.conflict,
    needsSeller: current.needsSeller,
    problems: current.refused.map((offer) => ({
      localId: offer.localId,
      title: offer.title,
      message: offer.message,
      fields: offer.fieldErrors.flatMap((e) =>
        e.messages.map((message) => ({ field: e.field, message })),
      ),
    })),
    budget: current.rateBudget,
    waiting,
  };
}
