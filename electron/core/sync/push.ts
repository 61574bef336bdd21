// Push: sends the outbox in order, within the rate limits, in the fewest requests the document
// allows (docs/ARCHITECTURE.md, sync guarantee 12). Manage writes go in batches per product and
// guarantee_delivery_time, filled to 100; dependent operations wait for their offer's id; each
// offer's outcome is kept; failures back off per operation, with the next attempt time
// persisted. Credentials that cannot be opened here are held, not failed:
// they stay queued, the offer says why, and everything that does not depend on them is sent.
// Its parts: manageBatches.ts (manage requests) and manageAnswer.ts (recording their answers),
// credentials.ts, uploads.ts, offerRequests.ts (every other operation, one request each),
// offerTurn.ts (the first request on an offer goes alone), readBack.ts, and pushRun.ts (the
// state its lanes share).
import { getMaxListeners, setMaxListeners } from 'node:events';
import { limits } from '../../contract/marketplace/limits';
import type { ReadyOp, ReadyOpOf } from '../store';
import { manageBatches, sendManageBatch } from './manageBatches';
import { runOp } from './offerRequests';
import type { PushDeps, PushResult, PushRun } from './pushRun';
import { eachAtOnce, newRound, throwIfStopped } from './sendAtOnce';
import { recordUploads } from './uploads';

export type { PushDeps, PushResult } from './pushRun';

/** Sends of one operation within one push; past this, it waits for the next sync. */
const MAX_SENDS_PER_PUSH = 5;

export async function pushOutbox(given: PushDeps, signal?: AbortSignal): Promise<PushResult> {
  const deps: PushRun = {
    ...given,
    cleanup: [],
    onWire: 0,
    othersBusy: false,
    batchesLeft: 0,
    unread: 0,
    readingBack: null,
    offerProbe: null,
    stopped: false,
    answeredUploads: [],
  };
  const { store } = deps;
  // Every request in flight listens to the push's signal (its abort): the lanes are expected
  // listeners, not a leak, so Node's warning at 10 is moved past them.
  const listeners = 4 * (REQUEST_LANES + MANAGE_LANES);
  if (signal && getMaxListeners(signal) < listeners) setMaxListeners(listeners, signal);
  const result: PushResult = { sent: 0, failed: 0, unknown: 0, held: 0, unread: 0 };
  // Held credentials are tried once per push: opening them again would not change the answer.
  const heldNow = new Map<number, string>();
  store.requeueCredentialsFailedOnOpening();
  // The moment a request has to wait for a window, the lanes have time: the uploads answered
  // so far are written down then (recordUploads), off the first window's path.
  const stopListening = deps.limiter?.onWait(() => queueMicrotask(() => recordUploads(deps)));
  try {
    await pushReady(deps, result, heldNow, signal);
  } finally {
    stopListening?.();
    recordUploads(deps);
    // The offer's edits may have gone after its credentials were held: its last word must still
    // be why the credentials wait, or the seller would not see it.
    for (const [opId, reason] of heldNow) store.hold(opId, reason);
    await Promise.all(deps.cleanup);
    await deps.readingBack?.done;
  }
  result.unread = deps.unread;
  return result;
}

async function pushReady(
  deps: PushRun,
  result: PushResult,
  heldNow: Map<number, string>,
  signal?: AbortSignal,
): Promise<void> {
  const { store } = deps;
  const initial = store.outboxSize();
  // Told after every request of a round, not only at its end: one round may last minutes.
  const tell = () => {
    const left = store.outboxSize();
    deps.progress(Math.max(0, initial - left), Math.max(initial, left));
  };
  // Attempts each operation had when this push first saw it: its sends in this push are the rest.
  const attemptsBefore = new Map<number, number>();
  for (;;) {
    signal?.throwIfAborted();
    const now = store.clock.now();
    const candidates = store.readyOps(now, deps.holdFreshMs ?? 0);
    const waitingUntil = candidates.waitingUntil;
    for (const op of candidates.ready) {
      if (!attemptsBefore.has(op.id)) attemptsBefore.set(op.id, op.attempts);
    }
    const ready = candidates.ready.filter(
      (op) => op.attempts - attemptsBefore.get(op.id)! < MAX_SENDS_PER_PUSH && !heldNow.has(op.id),
    );
    if (ready.length === 0) {
      if (waitingUntil !== null && waitingUntil - now <= deps.maxInlineWaitMs) {
        await store.clock.sleep(waitingUntil - now, signal);
        continue;
      }
      break;
    }
    const uploads = ready.filter((op) => op.kind === 'screenshot_upload');
    const manage = ready.filter((op): op is ReadyOpOf<'manage'> => op.kind === 'manage');
    const others = ready.filter((op) => op.kind !== 'manage' && op.kind !== 'screenshot_upload');
    // Ready operations of one round belong to different offers (one at a time per offer), and
    // uploads need no offer: they go side by side, the limiter keeping them inside the windows.
    const round = newRound();
    const send = (op: ReadyOp) => runOp(deps, op, result, heldNow, signal).then(tell);
    deps.othersBusy = uploads.length + others.length > 0;
    const otherLanes = Promise.all([
      eachAtOnce(round, uploads, REQUEST_LANES, send),
      eachAtOnce(round, others, REQUEST_LANES, send),
    ]).then(() => {
      deps.othersBusy = false;
    });
    const batches = manageBatches(deps, manage);
    deps.batchesLeft = batches.length;
    await Promise.all([
      eachAtOnce(round, batches, MANAGE_LANES, (batch) => {
        deps.batchesLeft--;
        return sendManageBatch(deps, batch, result, signal).then(tell);
      }),
      otherLanes,
    ]);
    // The next round's manage writes carry these paths.
    recordUploads(deps);
    throwIfStopped(round);
    tell();
  }
}

/** Requests other than manage in flight at once (uploads, status, deletes, credentials, links). */
const REQUEST_LANES = 16;
/** Manage requests in flight at once: the full batches one window's offers allow (200 / 100). */
const MANAGE_LANES = Math.max(1, Math.floor(limits.manageOffersPerWindow / limits.offersPerManage));
