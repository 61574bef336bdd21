// The sync panel's picture: online or not, running or not, the last run, the queue, problems per
// offer, and the rate budget with the reason the app is waiting, if it is.
import type { SyncStatus } from '../../contract/ipc';
import { limits } from '../../contract/marketplace/limits';
import { pauseNotice, type Pause } from '../limits';
import type { Profile } from './profile';

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
  profile: Profile | null,
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
      problems: [],
      budget: emptyBudget,
      waiting: null,
    };
  }
  const { store } = profile;
  const counts = store.countOffers();
  const [lastRun] = store.recentSyncRuns(1);
  const attention = store.queryOffers({ syncState: 'attention', limit: 50 });
  const problems = attention.rows.map((row) => {
    const detail = store.getOffer(row.localId);
    const fieldErrors = detail?.outcome?.fieldErrors ?? [];
    const failedOp = detail?.pending.find((op) => op.state === 'failed' && op.lastError);
    return {
      localId: row.localId,
      title:
        row.outerName ||
        row.internalName ||
        `${row.productTitle} #${row.serverId ?? `L${row.localId}`}`,
      message:
        detail?.outcome?.message ?? failedOp?.lastError ?? 'The marketplace refused this change.',
      fields: fieldErrors.flatMap((e) =>
        e.messages.map((message) => ({ field: e.field, message })),
      ),
    };
  });
  return {
    online: live.online,
    running: live.running,
    lastRunAt: lastRun?.finishedAt ? new Date(lastRun.finishedAt).toISOString() : null,
    lastRunOk: lastRun?.finishedAt ? !lastRun.error && lastRun.failed === 0 : null,
    queued: counts.outbox,
    conflicts: counts.bySyncState.conflict,
    problems,
    budget: profile.limiter.budget(),
    waiting,
  };
}
