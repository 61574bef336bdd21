// The sync panel's picture: the profile's status (core/usecases/sync, as `seller-desk status`
// reads it) with what only the app knows: the connection (reached, waiting, unreachable, token
// refused), whether a sync runs, and how the last one ended.
import type { LastRunSummary, SyncStatus } from '../../contract/ipc';
import { limits } from '../../contract/marketplace/limits';
import { pauseNotice, type Pause } from '../limits';
import { status, type LastSync } from '../usecases/sync';
import type { SellerProfile } from '../usecases/profile';
import { rateWaitWords, type ConnectionTracker, type RateWait } from './connection';

export interface LiveSyncState {
  running: boolean;
  wait: RateWait | null;
  tokenRefused: boolean;
  /** How the app's last run ended (null before its first run: the profile's record speaks). */
  lastRun: LastRunSummary | null;
}

/**
 * Why the app is not sending right now, in one sentence (the progress event's words). A pause the
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

/** The end of a run as the profile recorded it (sent, refused) and how the app saw it end. */
export function lastRunOf(
  record: LastSync | null,
  queued: number,
  failure: LastRunSummary['failure'],
): LastRunSummary | null {
  if (!record?.finishedAt) return null;
  return {
    at: new Date(record.finishedAt).toISOString(),
    sent: record.sent,
    refused: record.failed,
    needsAttention: record.needsAttention,
    conflicts: record.conflicts,
    waiting: queued,
    failure: failure ?? (record.unauthorized ? 'token_refused' : record.error ? 'error' : null),
  };
}

export function syncStatusOf(
  profile: SellerProfile | null,
  live: LiveSyncState,
  connection: ConnectionTracker,
  now: number,
): SyncStatus {
  const wait = live.running && live.wait && live.wait.until > now ? live.wait : null;
  const view = connection.view(
    { hasProfile: profile !== null, tokenRefused: live.tokenRefused, running: live.running, wait },
    now,
  );
  const online = view.state === 'online' || view.state === 'syncing' || view.state === 'waiting';
  const waiting = wait ? { ms: wait.until - now, reason: `${rateWaitWords(wait).reason}.` } : null;
  if (!profile) {
    return {
      online,
      running: false,
      lastRunAt: null,
      lastRunOk: null,
      queued: 0,
      conflicts: 0,
      needsSeller: 0,
      problems: [],
      lowStock: [],
      budget: emptyBudget,
      waiting: null,
      connection: view,
      lastRun: null,
    };
  }
  const current = status(profile);
  const finished = current.lastSync?.finishedAt ?? null;
  const lastRun = live.lastRun
    ? { ...live.lastRun, waiting: current.changesToSend }
    : lastRunOf(current.lastSync, current.changesToSend, null);
  return {
    online,
    running: live.running,
    // While a run goes on, its record is unfinished: the last one that ended speaks.
    lastRunAt: finished ? new Date(finished).toISOString() : (lastRun?.at ?? null),
    lastRunOk: lastRun ? lastRun.failure === null && lastRun.needsAttention === 0 : null,
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
    lowStock: current.lowStock.map(({ localId, title, reason }) => ({ localId, title, reason })),
    budget: current.rateBudget,
    waiting,
    connection: view,
    lastRun,
  };
}
