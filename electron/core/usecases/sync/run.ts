// `pull`, `push` and `syncNow`: the seller's "bring my offers up to date", "send what I changed"
// and "do both", on the profile's one sync engine. Progress and waits are told through the
// options; the outcome (or the failure that stopped the run) is the same for every front.
import type { SyncEngine, SyncProgress, SyncSummary } from '../../sync';
import type { SellerProfile } from '../profile';
import { profileSync } from './engine';
import { notActiveCount, outcomeOf, type SyncKind, type SyncOutcome } from './outcome';
import { watchReachability } from './reachability';

export interface SyncRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** Another process is syncing this profile and this run waits for it. */
  onLockWait?: (holderPid: number) => void;
  /**
   * Stop the run once two requests in a row found the marketplace unreachable (a script's run
   * must end; the app's timer simply tries again later).
   */
  giveUpWhenUnreachable?: boolean;
  /**
   * The app's background sync: changes younger than this stay queued, so the seller can still
   * undo them (a manual run and the command line send everything).
   */
  holdFreshMs?: number;
  /** False: pull only; the queue waits for the seller's "Sync now". */
  send?: boolean;
}

export interface PullInput {
  /** Read every own offer (noticing deletions), not only those changed since the last pull. */
  full?: boolean;
}

export function pull(
  profile: SellerProfile,
  input: PullInput = {},
  options: SyncRunOptions = {},
): Promise<SyncOutcome> {
  return run(profile, 'pull', options, (engine, signal) =>
    engine.pull({ full: input.full === true, catalogue: true }, signal),
  );
}

/** Sends the queue, then reads back what the marketplace made of it (statuses, ids): cheaply. */
export function push(profile: SellerProfile, options: SyncRunOptions = {}): Promise<SyncOutcome> {
  return run(profile, 'push', options, async (engine, signal) => {
    // The read-back below starts during the push's waits for the offers window.
    const pushed = await engine.push(signal, { readBackWhileWaiting: true });
    if (pushed.sent === 0 || pushed.error || pushed.unauthorized || pushed.cancelled) {
      return pushed;
    }
    const pulled = await engine.pull({}, signal);
    return {
      ...pulled,
      sent: pushed.sent,
      failed: pushed.failed,
      adopted: pushed.adopted,
      credentialsHeld: pushed.credentialsHeld,
      credentialsHeldReason: pushed.credentialsHeldReason,
    };
  });
}

/** Resolve unfinished sends, pull (in full when a reconcile is due), then push. */
export function syncNow(
  profile: SellerProfile,
  options: SyncRunOptions = {},
): Promise<SyncOutcome> {
  return run(profile, 'sync', options, (engine, signal) =>
    engine.sync(signal, { holdFreshMs: options.holdFreshMs, send: options.send }),
  );
}

async function run(
  profile: SellerProfile,
  kind: SyncKind,
  options: SyncRunOptions,
  body: (engine: SyncEngine, signal: AbortSignal | undefined) => Promise<SyncSummary>,
): Promise<SyncOutcome> {
  const sync = await profileSync(profile);
  const watched = watchReachability(options.giveUpWhenUnreachable === true);
  // Heard from now until this run ends (a run waiting its turn hears the one before it).
  const unlisten = sync.listen({
    onProgress: options.onProgress,
    onLockWait: options.onLockWait,
    onCall: (failure) => watched.observe(failure),
  });
  const signal = options.signal
    ? AbortSignal.any([options.signal, watched.signal])
    : watched.signal;
  try {
    const notActiveBefore = notActiveCount(profile);
    const summary = await body(sync.engine, signal);
    return outcomeOf(profile, kind, summary, watched, options.signal, notActiveBefore);
  } finally {
    unlisten();
  }
}
