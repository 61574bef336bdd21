// Keeping watch over one profile without a window: the app's background round (sync with the
// profile's own settings, restock from the pools, stock alerts) on the app's scheduler, with the
// app's growing retry pause when the marketplace cannot be reached, until the seller stops it.
// `seller-desk watch` is its front; the desktop app's background profiles run the same round
// (core/app/backgroundSync.ts).
//
// One watcher per profile: it holds a lock in the profile for as long as it runs (a heartbeat
// proves it alive, as the sync lock's does); a second watcher is refused before it sends anything.
// Each round still takes the sync lock, so the app and a `push` wait their turn as they would for
// one another. It never gives up: a marketplace that is down is retried on the connection's
// schedule, a 429 waits in the limiter, a refused token is said at every round until the seller
// replaces it.
import type { SyncProgress } from '../../sync';
import {
  acquireSyncLock,
  defaultIsProcessAlive,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_MS,
  refreshSyncLock,
  releaseSyncLock,
  WATCH_LOCK_KEY,
  type HeldLock,
} from '../../sync';
import { toFailure, UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import {
  createConnectionTracker,
  DEFAULT_RETRY_DELAYS_MS,
  unreachableReason,
  type UnreachableReason,
} from '../sync/connection';
import { backgroundRound, type RoundFindings } from '../sync/round';
import { alertsAfterRound, alertStopping, type AlertContext, type RoundAlerts } from '../alerts';
import { createSyncScheduler, type SyncTrigger } from '../sync/scheduler';

/** One minute of the marketplace's clock: rounds and retries scale with the sandbox's window. */
export const MINUTE_MS = 60_000;
/** `--every`'s default and its floor, in minutes of the marketplace's clock. */
export const WATCH_EVERY_DEFAULT_MS = MINUTE_MS;
export const WATCH_EVERY_MIN_MS = 5_000;

export type RoundState = 'online' | 'token_refused' | 'unreachable' | 'failed' | 'stopped';

/** What one round did: the status line and the alerts are made from it. */
export interface RoundReport {
  round: number;
  trigger: SyncTrigger;
  startedAt: number;
  endedAt: number;
  state: RoundState;
  /** Operations the marketplace accepted in this round. */
  sent: number;
  /** Offers waiting for the seller (refused, conflicts) after the round. */
  needsSeller: number;
  /** Offers with changes still to send. */
  toSend: number;
  /** Requests sent in this round, and how many of them were answered 429. */
  requests: number;
  rateLimited: number;
  /** Why the marketplace could not be reached, when it could not. */
  unreachable: UnreachableReason | null;
  /** The failure's words when the round failed. */
  message: string | null;
  /** When the next round comes (the timer or a retry). */
  nextAt: number | null;
  /** What the round found, for alerts (null when it failed). */
  findings: RoundFindings | null;
  /** The failure, for alerts (null when it reached the marketplace). */
  failure: UseCaseFailure | null;
  /** The alerts this round raised and delivered (null without alerts). */
  alerts: RoundAlerts | null;
}

export interface WatchOptions {
  /** Time between rounds (ms of the wall clock; the front scales it to the marketplace's minute). */
  everyMs: number;
  /** The growing pause after an unreachable round; the app's by default. */
  retryDelaysMs?: readonly number[];
  /** Stops the watch between requests. */
  signal: AbortSignal;
  /** Told after every round. */
  onRound(report: RoundReport): void | Promise<void>;
  onProgress?: (progress: SyncProgress) => void;
  /** Alerts after every round and when the watch stops (the profile's channels). */
  alerts?: AlertContext;
  /** Told when alerts could not be raised or sent (never stops the watch). */
  onAlertError?: (error: unknown) => void;
  /** The lock's owner (tests name another process). */
  processId?: number;
  isProcessAlive?: (pid: number) => boolean;
  lockTimes?: { heartbeatMs: number; staleMs: number };
}

export interface WatchSummary {
  rounds: number;
  startedAt: number;
  stoppedAt: number;
}

/** `--every`: "30s", "5m" (seconds or minutes), from 5 s to 60 min; the default is 1 min. */
export function watchEveryMs(text: string | undefined): number {
  if (text === undefined) return WATCH_EVERY_DEFAULT_MS;
  const match = /^\s*(\d+)\s*([sm])\s*$/i.exec(text);
  const ms = match ? Number(match[1]) * (match[2]!.toLowerCase() === 's' ? 1000 : MINUTE_MS) : NaN;
  if (!(ms >= WATCH_EVERY_MIN_MS && ms <= 60 * MINUTE_MS)) {
    throw new UseCaseFailure(
      'bad_input',
      'Give the time between rounds as 5s to 60m (seconds or minutes), e.g. 30s or 2m.',
    );
  }
  return ms;
}

/** The retry pause at a scaled minute: 5 s, 15 s, 30 s, then every 60 s of the marketplace's clock. */
export function scaledRetryDelays(minuteMs: number): number[] {
  return DEFAULT_RETRY_DELAYS_MS.map((ms) => Math.max(1, Math.round((ms * minuteMs) / MINUTE_MS)));
}

/** A second watcher on the profile: who holds it. */
export function watcherRefusal(pid: number): UseCaseFailure {
  return new UseCaseFailure(
    'data_folder',
    `Another watcher (pid ${pid}) is already watching this profile; this one did not start. ` +
      'Stop that one first, or watch another profile with --profile NAME.',
  );
}

/** Watches the profile until `signal` aborts; resolves once the last round ended, lock released. */
export async function watchProfile(
  profile: SellerProfile,
  options: WatchOptions,
): Promise<WatchSummary> {
  if (options.signal.aborted) throw new UseCaseFailure('cancelled', 'Stopped before it started.');
  const clock = profile.clock;
  const store = profile.store().syncStore();
  const times = options.lockTimes ?? { heartbeatMs: LOCK_HEARTBEAT_MS, staleMs: LOCK_STALE_MS };
  const attempt = acquireSyncLock(
    store,
    {
      processId: options.processId ?? process.pid,
      isProcessAlive: options.isProcessAlive ?? defaultIsProcessAlive,
    },
    times,
    WATCH_LOCK_KEY,
  );
  if (!attempt.taken) throw watcherRefusal(attempt.heldBy.pid);
  const held: HeldLock = attempt.taken;
  const startedAt = clock.now();
  const stopped = new AbortController();
  const onAbort = () => stopped.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });

  const heartbeat = setInterval(() => {
    try {
      // Taken over (this process stalled past the stale time): stop rather than watch beside it.
      if (!refreshSyncLock(store, held, WATCH_LOCK_KEY)) stopped.abort();
    } catch {
      stopped.abort();
    }
  }, times.heartbeatMs);

  let rounds = 0;
  // Assigned below; the tracker's retry only fires after a round, when the scheduler exists.
  let scheduler: ReturnType<typeof createSyncScheduler> | null = null;
  const tracker = createConnectionTracker({
    clock,
    retry: () => void scheduler?.runNow('retry'),
    delaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
  });
  let nextTimerAt = startedAt + options.everyMs;

  async function round(trigger: SyncTrigger) {
    if (stopped.signal.aborted) return;
    tracker.cancelRetry();
    rounds++;
    const started = clock.now();
    let findings: RoundFindings | null = null;
    let failure: UseCaseFailure | null = null;
    let state: RoundState = 'online';
    let unreachable: UnreachableReason | null = null;
    try {
      findings = await backgroundRound(profile, {
        signal: stopped.signal,
        ...(options.onProgress && { onProgress: options.onProgress }),
      });
      tracker.succeeded();
    } catch (error) {
      failure = toFailure(error);
      if (failure.kind === 'cancelled' || stopped.signal.aborted) {
        state = 'stopped';
      } else if (failure.kind === 'unauthorized') {
        // It answered: the way out is a new token; the next round tries again on the timer.
        tracker.succeeded();
        state = 'token_refused';
      } else if (failure.kind === 'unreachable') {
        const said = failure.detail.marketplace;
        unreachable = unreachableReason(said?.kind, said?.networkCode);
        tracker.failed(unreachable);
        state = 'unreachable';
      } else {
        state = 'failed';
      }
    }
    let alerts: RoundAlerts | null = null;
    if (options.alerts && state !== 'stopped') {
      try {
        alerts = await alertsAfterRound(
          profile,
          findings ? { findings } : { failure: failure! },
          options.alerts,
          stopped.signal,
        );
      } catch (error) {
        options.onAlertError?.(error);
      }
    }
    const ended = clock.now();
    const requests = profile.store().activityLog().list({ since: started, limit: 100_000 });
    const counts = profile.store().countOffers();
    while (nextTimerAt <= ended) nextTimerAt += options.everyMs;
    const report: RoundReport = {
      round: rounds,
      trigger,
      startedAt: started,
      endedAt: ended,
      state,
      sent: findings?.outcome.sent ?? failure?.detail.queue?.sent ?? 0,
      needsSeller: findings
        ? findings.outcome.conflicts + findings.outcome.needsAttention
        : (counts.bySyncState.attention ?? 0) + (counts.bySyncState.conflict ?? 0),
      toSend: counts.outbox,
      requests: requests.length,
      rateLimited: requests.filter((r) => r.outcome === 'rate_limited').length,
      unreachable,
      message: failure && state !== 'stopped' ? failure.message : null,
      nextAt: state === 'stopped' ? null : Math.min(tracker.nextRetryAt ?? Infinity, nextTimerAt),
      findings,
      failure,
      alerts,
    };
    await options.onRound(report);
  }

  const running = createSyncScheduler({
    run: round,
    clock,
    intervalMs: options.everyMs,
    onError: () => {},
  });
  scheduler = running;
  running.start();

  await new Promise<void>((resolve) => {
    if (stopped.signal.aborted) resolve();
    else stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  tracker.cancelRetry();
  await running.stop();
  if (options.alerts) {
    try {
      await alertStopping(profile, 'watcher', options.alerts);
    } catch (error) {
      options.onAlertError?.(error);
    }
  }
  clearInterval(heartbeat);
  options.signal.removeEventListener('abort', onAbort);
  try {
    releaseSyncLock(store, held, WATCH_LOCK_KEY);
  } catch {
    // A store closed under us: the heartbeat stops, and the lock goes stale on its own.
  }
  return { rounds, startedAt, stoppedAt: clock.now() };
}
