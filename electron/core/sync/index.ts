/**
 * The sync engine: reconciles the seller's local store with the marketplace.
 *
 * Public functions:
 * - `createSyncEngine({ store, client, secretBox?, limiter?, clock?, random?, backoff?,
 *   maxInlineWaitMs?, onProgress? })` → `SyncEngine`
 *   - `pull({ full?, catalogue? }, signal?)` — resolves unknown outcomes first, then (catalogue
 *     when asked, when full, or when the local catalogue is empty) own offers: incremental
 *     (stops at the high-water mark; a no-change refresh is one request) or full (every page,
 *     notices deletions). Pulled data becomes the new base of pending local changes; fields
 *     changed on both sides become conflicts (store.resolveConflict).
 *   - `push(signal?, { readBackWhileWaiting? })` — sends the outbox (manage batches per product
 *     and delivery time, filled to 100; requests of different offers side by side, within the
 *     limiter; a status change the accepted manage decided is not sent; dependents after their
 *     offer's id; a new account
 *     offer's queued credentials ride in its create (the first 1000; the rest by add_batch),
 *     so it lands On Review in one request; other credentials in chunks of ≤ 1000; screenshots
 *     uploaded, then their paths go in the manage write); outcomes and field errors per offer
 *     (a refused credential named by its file line).
 *   - `sync(signal?)` — pull, push, then a cheap pull. Its first pull is a full reconcile when
 *     the last one is older than `fullReconcileEveryMs` (default 6 h; a fresh store counts as due).
 *   Only one process syncs a store file at a time (a lock the holder keeps alive with a
 *   heartbeat, taken over once the heartbeat stops, whoever owns the pid by then); a run waits
 *   for a live holder at most `maxLockWaitMs`, then returns with `error` set and sends nothing.
 *   Each returns a `SyncSummary { sent, failed, conflicts, needsAttention, unauthorized, ... }`
 *   and is logged in the store's sync runs. A 401 stops the run and keeps everything queued
 *   (`unauthorized: true`); cancelling through the signal leaves the outbox consistent.
 * - `resolveUnknownOutcomes(store.syncStore(), client, signal?)` — the read-back of creates whose outcome is
 *   unknown (also run by pull and push).
 * - `mapManageFieldErrors(errors)` — `offers.<i>.<field>` → offer index and field.
 * Progress events: `{ phase: 'resolve' | 'catalogue' | 'offers' | 'push', done, total,
 * waitingMs?, waitReason? }` (the limiter's waits are forwarded).
 */
import type { MarketplaceClient } from '../api';
import type { RateLimiter, WaitReason } from '../limits';
import type { SecretBox, Store, SyncStore } from '../store';
import type { Clock } from '../util/clock';
import { failureAction, failureMessage, SyncStopped } from './failures';
import { pullCatalogue, pullOffersFor, pullOffersFull, pullOffersIncremental } from './pull';
import { pushOutbox } from './push';
import type { HeldLock, LockTimes } from './syncLock';
import {
  acquireSyncLock,
  defaultIsProcessAlive,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_MS,
  refreshSyncLock,
  releaseSyncLock,
} from './syncLock';
import { resolveUnknownOutcomes } from './resolveUnknown';

export { resolveUnknownOutcomes } from './resolveUnknown';
export { mapManageFieldErrors } from './fieldErrors';
export type { OfferFieldError } from './fieldErrors';
export { fingerprintOffer } from '../store';
export { HIGH_WATER_KEY } from './pull';
export {
  acquireSyncLock,
  defaultIsProcessAlive,
  refreshSyncLock,
  releaseSyncLock,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_MS,
  WATCH_LOCK_KEY,
} from './syncLock';
export type { HeldLock } from './syncLock';

const LAST_FULL_PULL_KEY = 'offers_last_full_pull_at';
/** How often a run waiting for another process's sync looks at the lock again. */
const LOCK_POLL_MS = 200;
/**
 * How long a run waits for another live process's sync before giving up with a message. A push
 * of thousands of offers within the rate limits takes minutes, so this is generous; a scheduled
 * run that gives up simply tries again at its next turn.
 */
const MAX_LOCK_WAIT_MS = 15 * 60_000;

export type SyncPhase = 'resolve' | 'catalogue' | 'offers' | 'push';

export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
  waitingMs?: number;
  waitReason?: WaitReason;
  /** Offers in the request that waits for the offers-per-minute window. */
  waitingOffers?: number;
}

/** The same event under the name the app facade uses. */
export type SyncProgressEvent = SyncProgress;

export interface SyncSummary {
  sent: number;
  failed: number;
  /** Offers in conflict when the run ended. */
  conflicts: number;
  /** Offers needing the seller (refused, field errors) when the run ended. */
  needsAttention: number;
  unauthorized: boolean;
  cancelled: boolean;
  /** Creates found on the marketplace after an unknown outcome (adopted, not resent). */
  adopted: number;
  /** Requests spent pulling own offers. */
  pullRequests: number;
  /** Operations still in the outbox. */
  pending: number;
  /**
   * Credentials operations still queued because they cannot be opened here (a key this process
   * may not read); everything else was sent. The reason says how to fix it.
   */
  credentialsHeld: number;
  credentialsHeldReason: string | null;
  error: string | null;
}

export interface SyncEngineOptions {
  /** The engine reaches it only through its door, `store.syncStore()`. */
  store: Pick<Store, 'syncStore'>;
  client: MarketplaceClient;
  secretBox?: SecretBox;
  /** For sizing batches to the offers budget and reporting waits. */
  limiter?: RateLimiter;
  clock?: Clock;
  random?: () => number;
  /** Per-operation backoff after a failure (persisted as next_attempt_at). */
  backoff?: { baseMs: number; maxMs: number };
  /** Within one push, wait out a backoff this short; longer ones are left for a later sync. */
  maxInlineWaitMs?: number;
  /** sync() pulls in full (noticing deletions) when the last full pull is older than this. */
  fullReconcileEveryMs?: number;
  onProgress?: (p: SyncProgress) => void;
  /** Told once when another live process holds the profile's sync lock and this run waits. */
  onLockWait?: (holderPid: number) => void;
  /** Runs under the sync lock before each push, after the run's pull (the restock pool's turn). */
  beforePush?: () => void;
  /**
   * The offers whose state beforePush acts on (server ids): a push that no pull of its run came
   * before reads them first (pull.ts: pullOffersFor), so a push alone restocks after sales.
   */
  offersBeforePush?: () => readonly number[];
  /** Who holds the store's sync lock (tests simulate other processes with these). */
  processId?: number;
  isProcessAlive?: (pid: number) => boolean;
  /** The lock's heartbeat and stale times (tests shorten them). */
  lockTimes?: LockTimes;
  /** How long to wait for another process's sync before giving up (default 15 min). */
  maxLockWaitMs?: number;
}

/** How a push treats fresh changes: the app's background sync holds them, a manual run does not. */
export interface SendOptions {
  /** Changes younger than this stay queued for a later run (0: send everything ready). */
  holdFreshMs?: number;
  /** False: sync() only pulls (the seller sends with "Sync now"). */
  send?: boolean;
  /**
   * push(): read back accepted writes while a manage request waits for the offers window (the
   * caller pulls after the push anyway; this leaves that pull little to read).
   */
  readBackWhileWaiting?: boolean;
}

export interface SyncEngine {
  pull(opts?: { full?: boolean; catalogue?: boolean }, signal?: AbortSignal): Promise<SyncSummary>;
  push(signal?: AbortSignal, send?: SendOptions): Promise<SyncSummary>;
  sync(signal?: AbortSignal, send?: SendOptions): Promise<SyncSummary>;
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const store: SyncStore = opts.store.syncStore(opts.clock);
  const clock = store.clock;
  const random = opts.random ?? Math.random;
  const owner = {
    processId: opts.processId ?? process.pid,
    isProcessAlive: opts.isProcessAlive ?? defaultIsProcessAlive,
  };
  const lockTimes = opts.lockTimes ?? { heartbeatMs: LOCK_HEARTBEAT_MS, staleMs: LOCK_STALE_MS };
  const maxLockWaitMs = opts.maxLockWaitMs ?? MAX_LOCK_WAIT_MS;
  let phase: SyncPhase = 'resolve';
  let last = { done: 0, total: 0 };
  const emit = (p: SyncProgress) => opts.onProgress?.(p);
  const progress = (ph: SyncPhase, done: number, total: number) => {
    phase = ph;
    last = { done, total };
    emit({ phase: ph, done, total });
  };
  opts.limiter?.onWait((e) =>
    emit({
      phase,
      ...last,
      waitingMs: e.waitMs,
      waitReason: e.reason,
      ...(e.offers !== undefined && { waitingOffers: e.offers }),
    }),
  );
  // One run at a time: the app's timer and the seller's button must not interleave pushes.
  let running: Promise<unknown> = Promise.resolve();

  function emptySummary(): SyncSummary {
    return {
      sent: 0,
      failed: 0,
      conflicts: 0,
      needsAttention: 0,
      unauthorized: false,
      cancelled: false,
      adopted: 0,
      pullRequests: 0,
      pending: 0,
      credentialsHeld: 0,
      credentialsHeldReason: null,
      error: null,
    };
  }

  async function runLogged(
    kind: string,
    body: (summary: SyncSummary, signal?: AbortSignal) => Promise<void>,
    callerSignal?: AbortSignal,
  ): Promise<SyncSummary> {
    let signal = callerSignal;
    const previous = running;
    let release!: () => void;
    running = new Promise<void>((r) => (release = r));
    await previous.catch(() => undefined);
    const summary = emptySummary();
    const held = await waitForSyncLock(summary, signal);
    if (!held) {
      release();
      return summary;
    }
    // The heartbeat proves this run is alive; losing the lock (this process stalled past the
    // stale time and another took over) stops the run between requests.
    const lost = new AbortController();
    const beat = new AbortController();
    const heartbeat = keepLockAlive(held, lost, beat.signal);
    signal = signal ? AbortSignal.any([signal, lost.signal]) : lost.signal;
    const runId = store.startSyncRun(kind);
    try {
      await body(summary, signal);
    } catch (error) {
      if (lost.signal.aborted) {
        summary.cancelled = true;
        summary.error =
          "Another Seller Desk process took over this profile's sync while this one was paused; this run stopped between requests and kept the queue.";
      } else if (error instanceof SyncStopped) {
        if (error.reason === 'unauthorized') summary.unauthorized = true;
        else summary.cancelled = true;
        summary.error = error.message;
      } else if (failureAction(error) === 'stop_unauthorized') {
        summary.unauthorized = true;
        summary.error = failureMessage(error);
      } else if (signal?.aborted) {
        summary.cancelled = true;
        summary.error = 'Sync cancelled.';
      } else {
        summary.error = failureMessage(error);
      }
    } finally {
      const left = store.offersNeedingSeller();
      summary.conflicts = left.conflicts;
      summary.needsAttention = left.needsAttention;
      summary.pending = store.outboxSize();
      const stillHeld = store.heldCredentials();
      summary.credentialsHeld = stillHeld.count;
      summary.credentialsHeldReason = stillHeld.reason;
      store.finishSyncRun(runId, summary);
      beat.abort();
      await heartbeat;
      releaseSyncLock(store, held);
      release();
    }
    return summary;
  }

  /**
   * Another process (the CLI beside the app, a second CLI) syncing this profile: wait for it
   * rather than fail, so a cron push and the app's timer simply take turns — but not forever.
   */
  async function waitForSyncLock(
    summary: SyncSummary,
    signal?: AbortSignal,
  ): Promise<HeldLock | null> {
    const startedAt = clock.now();
    let toldWaiting = false;
    for (;;) {
      const attempt = acquireSyncLock(store, owner, lockTimes);
      if (attempt.taken) return attempt.taken;
      const { pid } = attempt.heldBy;
      if (!toldWaiting) opts.onLockWait?.(pid);
      toldWaiting = true;
      if (clock.now() - startedAt >= maxLockWaitMs) {
        summary.error = `Another Seller Desk process (pid ${pid}) has been syncing this profile for ${Math.round(attempt.heldBy.sinceMs / 60_000)} min; this run gave up waiting and sent nothing. Try again later.`;
        return null;
      }
      try {
        await clock.sleep(LOCK_POLL_MS, signal);
      } catch {
        summary.cancelled = true;
        summary.error = `Cancelled while another Seller Desk process (pid ${pid}) was syncing this profile.`;
        return null;
      }
    }
  }

  async function keepLockAlive(held: HeldLock, lost: AbortController, stop: AbortSignal) {
    for (;;) {
      try {
        await clock.sleep(lockTimes.heartbeatMs, stop);
      } catch {
        return;
      }
      let kept: boolean;
      try {
        kept = refreshSyncLock(store, held);
      } catch {
        // The store closed under the run (its profile shut while a sync ran): the run cannot
        // go on either, and a throw from this timer would be nobody's to catch.
        kept = false;
      }
      if (!kept) {
        lost.abort(new SyncStopped('cancelled'));
        return;
      }
    }
  }

  async function resolve(summary: SyncSummary, signal?: AbortSignal) {
    progress('resolve', 0, 1);
    const r = await resolveUnknownOutcomes(store, opts.client, signal);
    summary.adopted += r.adopted;
    summary.pullRequests += r.requests;
    progress('resolve', 1, 1);
  }

  /** Offers a push had accepted that no pull has read since: the next pull reads them at once. */
  let acceptedUnread = 0;

  async function pullBody(
    summary: SyncSummary,
    o: { full?: boolean; catalogue?: boolean; reconcileIfDue?: boolean },
    signal?: AbortSignal,
  ) {
    await resolve(summary, signal);
    if (o.catalogue || o.full || !store.hasCatalogue()) {
      await pullCatalogue(store, opts.client, (_p, d, t) => progress('catalogue', d, t), signal);
    }
    const lastFull = Number(store.getMeta(LAST_FULL_PULL_KEY) ?? 0);
    const full =
      o.full ||
      (o.reconcileIfDue && clock.now() - lastFull > (opts.fullReconcileEveryMs ?? 6 * 3_600_000));
    const pulled = await (full ? pullOffersFull : pullOffersIncremental)(
      store,
      opts.client,
      (_p, d, t) => progress('offers', d, t),
      signal,
      acceptedUnread,
    );
    acceptedUnread = 0;
    if (full) store.setMeta(LAST_FULL_PULL_KEY, String(clock.now()));
    summary.pullRequests += pulled.requests;
  }

  async function pushBody(
    summary: SyncSummary,
    signal?: AbortSignal,
    send: SendOptions = {},
    afterPull = false,
  ) {
    await resolve(summary, signal);
    const toRead = afterPull ? [] : (opts.offersBeforePush?.() ?? []);
    if (toRead.length > 0) {
      progress('offers', 0, toRead.length);
      const read = await pullOffersFor(store, opts.client, toRead, signal);
      summary.pullRequests += read.requests;
    }
    opts.beforePush?.();
    const r = await pushOutbox(
      {
        store,
        client: opts.client,
        secretBox: opts.secretBox,
        limiter: opts.limiter,
        random,
        backoff: opts.backoff ?? { baseMs: 1000, maxMs: 5 * 60_000 },
        maxInlineWaitMs: opts.maxInlineWaitMs ?? 30_000,
        progress: (d, t) => progress('push', d, t),
        holdFreshMs: send.holdFreshMs ?? 0,
        readBack: send.readBackWhileWaiting
          ? (sig, changed) =>
              pullOffersIncremental(store, opts.client, () => undefined, sig, changed)
          : undefined,
      },
      signal,
    );
    summary.sent += r.sent;
    summary.failed += r.failed;
    acceptedUnread += r.unread;
  }

  return {
    pull: (o = {}, signal) => runLogged('pull', (s, sig) => pullBody(s, o, sig), signal),
    push: (signal, send) => runLogged('push', (s, sig) => pushBody(s, sig, send), signal),
    sync: (signal, send = {}) =>
      runLogged(
        'sync',
        async (s, sig) => {
          await pullBody(s, { reconcileIfDue: true }, sig);
          if (send.send !== false) await pushBody(s, sig, send, true);
          if (s.sent > 0 || s.adopted > 0) await pullBody(s, {}, sig);
        },
        signal,
      ),
  };
}
