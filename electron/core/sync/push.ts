// Push: sends the outbox in order, within the rate limits, in the fewest requests the document
// allows (docs/ARCHITECTURE.md, sync guarantee 12). Manage writes go in batches per product and
// guarantee_delivery_time, filled to 100; dependent operations wait for their offer's id; each
// offer's outcome is kept; failures back off per operation, with the next attempt time
// persisted. Credentials that cannot be opened here are held, not failed:
// they stay queued, the offer says why, and everything that does not depend on them is sent.
import { getMaxListeners, setMaxListeners } from 'node:events';
import { rm } from 'node:fs/promises';
import { MANAGE_OK, statusDecidedByManage } from '../../contract/marketplace/assumptions';
import { limits } from '../../contract/marketplace/limits';
import { failedLinksMessage } from '../../contract/rules/screenshots';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type CredentialInput,
  type MarketplaceTypeValue,
  type OfferStatusValue,
  type Product,
} from '../../contract/marketplace/wire';
import { statusAfterManage } from '../../contract/rules/statusRules';
import type { MarketplaceClient } from '../api';
import type { RateLimiter } from '../limits';
import { SecretBoxError, sealedCredentialsAttention } from '../secrets';
import type {
  ManageItem,
  QueuedCredentialRow,
  ReadyOp,
  ReadyOpOf,
  SecretBox,
  SyncStore,
} from '../store';
import { createRedactor, credentialSecrets, type Redact } from '../secrets/redact';
import { mapManageFieldErrors, offerFieldErrors, type OfferFieldError } from './fieldErrors';
import {
  backoffDelayMs,
  failureAction,
  failureMessage,
  outcomeMessage,
  retryAfterOf,
  SyncStopped,
} from './failures';
import { runInChunks } from '../util/chunkedJob';
import { HIGH_WATER_KEY } from './pull';
import { eachAtOnce, newRound, throwIfStopped } from './sendAtOnce';

export interface PushDeps {
  store: SyncStore;
  client: MarketplaceClient;
  secretBox?: SecretBox;
  limiter?: RateLimiter;
  random: () => number;
  backoff: { baseMs: number; maxMs: number };
  /** Within one push, wait for a backoff this short instead of leaving the op for next time. */
  maxInlineWaitMs: number;
  progress: (done: number, total: number) => void;
  /** Leave changes younger than this for a later push (the app's background sync: undo time). */
  holdFreshMs?: number;
  /**
   * Reads back what accepted writes made of the offers (an incremental pull): given, the push
   * does it while its next manage request waits for the offers window, so little is left to
   * read after the last one (see readBackWhileWaiting).
   */
  readBack?: (signal?: AbortSignal) => Promise<unknown>;
}

export interface PushResult {
  sent: number;
  failed: number;
  unknown: number;
  /** Credentials operations held because they cannot be opened here (still queued). */
  held: number;
}

/** Sends of one operation within one push; past this, it waits for the next sync. */
const MAX_SENDS_PER_PUSH = 5;

/** One push's state beside its deps: staged copies being removed after their upload. */
type PushRun = PushDeps & {
  cleanup: Promise<void>[];
  /** Manage requests between their grant and their recorded answer. */
  onWire: number;
  /** Requests other than manage may be on the wire (their lanes of the round still run). */
  othersBusy: boolean;
  /** Offers accepted since the last read-back. */
  unread: number;
  /** The read-back running now: a granted manage request stops it, and waits for it to end. */
  readingBack: { done: Promise<void>; stop: AbortController } | null;
  /** See offerTurn: 'open' once one request on an offer was answered without stopping the push. */
  offerProbe: { answered: Promise<void>; wake: () => void } | 'open' | null;
  /** A failure stopped the push (a refused token, a cancel): nothing more is sent. */
  stopped: boolean;
};

export async function pushOutbox(given: PushDeps, signal?: AbortSignal): Promise<PushResult> {
  const deps: PushRun = {
    ...given,
    cleanup: [],
    onWire: 0,
    othersBusy: false,
    unread: 0,
    readingBack: null,
    offerProbe: null,
    stopped: false,
  };
  const { store } = deps;
  // Every request in flight listens to the push's signal (its abort): the lanes are expected
  // listeners, not a leak, so Node's warning at 10 is moved past them.
  const listeners = 4 * (REQUEST_LANES + MANAGE_LANES);
  if (signal && getMaxListeners(signal) < listeners) setMaxListeners(listeners, signal);
  const result: PushResult = { sent: 0, failed: 0, unknown: 0, held: 0 };
  // Held credentials are tried once per push: opening them again would not change the answer.
  const heldNow = new Map<number, string>();
  store.requeueCredentialsFailedOnOpening();
  try {
    await pushReady(deps, result, heldNow, signal);
  } finally {
    // The offer's edits may have gone after its credentials were held: its last word must still
    // be why the credentials wait, or the seller would not see it.
    for (const [opId, reason] of heldNow) store.hold(opId, reason);
    await Promise.all(deps.cleanup);
    await deps.readingBack?.done;
  }
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
    await Promise.all([
      eachAtOnce(round, manageBatches(deps, manage), MANAGE_LANES, (batch) =>
        sendManageBatch(deps, batch, result, signal).then(tell),
      ),
      otherLanes,
    ]);
    throwIfStopped(round);
    tell();
  }
}

/** Requests other than manage in flight at once (uploads, status, deletes, credentials, links). */
const REQUEST_LANES = 16;
/** Manage requests in flight at once: the full batches one window's offers allow (200 / 100). */
const MANAGE_LANES = Math.max(1, Math.floor(limits.manageOffersPerWindow / limits.offersPerManage));

/**
 * A refused token stops the push at once (sync guarantee 12): requests on the seller's offers
 * (status, deletes, credentials, links, manage edits) are the ones a token of another seller gets
 * a 403 for (usecases/profiles/sendCheck.ts), so the push's first such request goes alone, and
 * the rest go side by side only once it was answered without stopping the push. Costs one answer's
 * round trip per push; uploads and creates, which name no offer, never wait for it.
 * 'probe': the caller is that first request and must call probeAnswered; 'stop': send nothing.
 */
async function offerTurn(deps: PushRun): Promise<'probe' | 'go' | 'stop'> {
  for (;;) {
    if (deps.stopped) return 'stop';
    if (deps.offerProbe === 'open') return 'go';
    if (deps.offerProbe === null) {
      let wake!: () => void;
      const answered = new Promise<void>((resolve) => (wake = resolve));
      deps.offerProbe = { answered, wake };
      return 'probe';
    }
    await deps.offerProbe.answered;
  }
}

/** The first request on an offer was answered (deps.stopped already says whether it stopped). */
function probeAnswered(deps: PushRun): void {
  const probe = deps.offerProbe;
  deps.offerProbe = deps.stopped ? null : 'open';
  if (probe && probe !== 'open') probe.wake();
}

/**
 * The round's manage operations as full requests: per product and delivery time (one manage
 * request carries one of each), in outbox order, up to the document's 100 offers each. Filled
 * to the maximum rather than to what the window has left now, so an intent costs the fewest
 * requests; the limiter holds a full batch until the window has room for it.
 */
function manageBatches(deps: PushDeps, ready: ReadyOpOf<'manage'>[]): ReadyOpOf<'manage'>[][] {
  const groups = new Map<string, ReadyOpOf<'manage'>[]>();
  for (const op of ready) {
    // The write itself is built when its request goes (sendManageBatch).
    const key = `${op.productId}:${deps.store.deliveryTimeOf(op.localId)}`;
    const group = groups.get(key);
    if (group) group.push(op);
    else groups.set(key, [op]);
  }
  const batches: ReadyOpOf<'manage'>[][] = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += limits.offersPerManage) {
      batches.push(group.slice(i, i + limits.offersPerManage));
    }
  }
  return batches;
}

/** Below this wait for the offers window a read-back could hold the next request back. */
const READ_BACK_MIN_WAIT_MS = 200;

/**
 * `push` reads back what the marketplace made of the accepted writes (statuses, dates) after its
 * last request. With thousands of offers that read is tens of pages, all after the last window;
 * most of it can be done while the next manage request waits for the offers window anyway. Only
 * while nothing of this push is on the wire (a pull reading an offer whose write is in flight
 * could not tell which came first), and a granted manage request waits for the read to end
 * (whenGranted) before it leaves: its place in the window is kept meanwhile.
 */
function readBackWhileWaiting(deps: PushRun, offers: number, signal?: AbortSignal): void {
  if (!deps.readBack || deps.readingBack || deps.unread === 0) return;
  if (deps.onWire > 0 || deps.othersBusy) return;
  const waitMs = deps.limiter?.roomInMs({ manageOffers: offers }) ?? 0;
  if (waitMs < READ_BACK_MIN_WAIT_MS) return;
  deps.unread = 0;
  const stop = new AbortController();
  const running = {
    stop,
    done: deps
      .readBack(signal ? AbortSignal.any([signal, stop.signal]) : stop.signal)
      // Only a head start: the read after the push reads whatever this one did not (a read
      // stopped halfway leaves the pull's mark where it was).
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (deps.readingBack === running) deps.readingBack = null;
      }),
  };
  deps.readingBack = running;
}

/** A granted manage request goes now: a read-back still running is stopped first. */
async function stopReadBack(deps: PushRun): Promise<void> {
  while (deps.readingBack) {
    const running = deps.readingBack;
    running.stop.abort();
    await running.done;
  }
}

/** One manage request: the writes are read when it goes, so an edit made meanwhile rides too. */
async function sendManageBatch(
  deps: PushRun,
  ops: ReadyOpOf<'manage'>[],
  result: PushResult,
  signal?: AbortSignal,
): Promise<void> {
  const { store } = deps;
  const batch: ManageItem[] = [];
  let first: ManageItem | null = null;
  for (const op of ops) {
    const item = store.manageItem(op);
    if (!item) {
      // Nothing left to write (the change was taken back): the operation has nothing to send.
      store.complete(op.id);
      continue;
    }
    first ??= item;
    // Its delivery time changed since the round began: it goes with its own group next round.
    if (item.guaranteeDeliveryTime !== first.guaranteeDeliveryTime) continue;
    batch.push(item);
  }
  if (!first) return;
  const turn = batch.some((i) => i.write.id != null) ? await offerTurn(deps) : 'go';
  if (turn === 'stop') return;
  try {
    await sendManageRequest(deps, batch, first, result, signal);
  } finally {
    if (turn === 'probe') probeAnswered(deps);
  }
}

async function sendManageRequest(
  deps: PushRun,
  batch: ManageItem[],
  first: ManageItem,
  result: PushResult,
  signal?: AbortSignal,
): Promise<void> {
  const { store } = deps;
  const riding = credentialsRiding(deps, batch);
  const sentSecrets = [...riding.values()].flatMap((r) =>
    r.chunk.credentials.flatMap(credentialSecrets),
  );
  const highWater = store.getMeta(HIGH_WATER_KEY);
  // Marked a few dozen at a time, so another request's answer is not left unread meanwhile.
  // Credentials riding in a write are in flight with it: if its answer is lost, their later
  // add_batch knows the duplicates it meets are this send (sendCredentials).
  await runInChunks(batch, (chunk) =>
    store.transaction(() => {
      store.markManageSending(chunk.map((i) => ({ opId: i.op.id, sent: i.sent, highWater })));
      for (const i of chunk) {
        const ride = riding.get(i);
        if (ride) store.markSending(ride.opId);
      }
    }),
  );
  // This request may wait for the offers window: a read-back can use the time.
  readBackWhileWaiting(deps, batch.length, signal);
  let answer;
  let onWire = false;
  try {
    answer = await deps.client.manageOffers(
      first.op.productId,
      {
        offers: batch.map((i) => {
          const ride = riding.get(i);
          return ride ? { ...i.write, credentials: ride.chunk.credentials } : i.write;
        }),
        guarantee_delivery_time: first.guaranteeDeliveryTime,
      },
      signal,
      {
        whenGranted: async () => {
          await stopReadBack(deps);
          // Counted once, however many attempts the client makes.
          if (!onWire) deps.onWire++;
          onWire = true;
        },
      },
    );
  } catch (error) {
    if (onWire) deps.onWire--;
    await handleBatchFailure(deps, batch, error, result, riding, createRedactor(sentSecrets));
    return;
  }
  const sentBefore = result.sent;
  await recordBatchAnswer(deps, batch, answer.results, result, riding, createRedactor(sentSecrets));
  deps.onWire--;
  deps.unread += result.sent - sentBefore;
  readBackWhileWaiting(deps, limits.offersPerManage, signal);
}

/** Queued credentials sent inside their offer's manage create. */
interface Riding {
  opId: number;
  replace: boolean;
  chunk: OpenedChunk;
}

/**
 * The write carrying credentials did not take them: back in the queue, as sent (their attempt
 * kept) when the write may have reached the marketplace, or as never tried.
 */
function rideBack(deps: PushDeps, ride: Riding | undefined, maybeSent: boolean, message: string) {
  if (!ride) return;
  if (maybeSent) deps.store.requeue(ride.opId, 0, message);
  else deps.store.requeue(ride.opId, 0, null, { undoAttempt: true });
}

/**
 * A new account offer's queued credentials go in its create (the first chunk: add_batch's limit,
 * the rest by add_batch after it), so the marketplace decides its status with them: On Review
 * rather than Not Active for want of credentials; the same for an edit of an offer holding no
 * credentials yet (store: credentialsForCreate). Ones that cannot be opened here stay behind,
 * to be held as their own operation (runOp). The credentials op goes in flight with the write
 * (rideBack when not taken): if the create's answer is lost, the read-back adopts the offer and
 * add_batch sends them again, and the duplicates the marketplace skips are counted as sent.
 */
function credentialsRiding(deps: PushDeps, batch: ManageItem[]): Map<ManageItem, Riding> {
  const riding = new Map<ManageItem, Riding>();
  for (const item of batch) {
    const found = deps.store.credentialsForCreate(item.op.localId);
    if (!found) continue;
    let chunk: OpenedChunk;
    try {
      chunk = openCredentialChunk(deps, found.opId);
    } catch (error) {
      if (error instanceof SecretBoxError) continue;
      throw error;
    }
    if (chunk.rows.length > 0) riding.set(item, { ...found, chunk });
  }
  return riding;
}

/**
 * The answer is recorded a few dozen offers per transaction, returning to the event loop between
 * them (runInChunks): another request's answer that arrived meanwhile is then read at once, so its
 * place in the rate ledger is dated when it came, not a hundred offers' writes later (which would
 * hold that window's next request back as long). An offer left unrecorded by a crash in between
 * is still "sending": an unknown outcome, read back before anything is resent.
 */
async function recordBatchAnswer(
  deps: PushDeps,
  batch: ManageItem[],
  results: { id: number | null; status: string; message: string | null }[],
  result: PushResult,
  riding: Map<ManageItem, Riding>,
  redact: Redact,
): Promise<void> {
  const { store } = deps;
  const products = new Map<number, Product | null>();
  // Only these may have a status change a write decided: one query, not one per offer.
  const statusQueued = store.offersWithQueuedStatus(batch.map((i) => i.op.localId));
  const items = batch.map((item, index) => ({ item, index }));
  await runInChunks(items, (chunk) =>
    store.transaction(() => {
      for (const { item, index } of chunk) {
        recordOffer(deps, item, results[index], result, riding, redact, {
          products,
          statusQueued,
        });
      }
    }),
  );
}

function recordOffer(
  deps: PushDeps,
  item: ManageItem,
  outcome: { id: number | null; status: string; message: string | null } | undefined,
  result: PushResult,
  riding: Map<ManageItem, Riding>,
  redact: Redact,
  seen: { products: Map<number, Product | null>; statusQueued: Set<number> },
): void {
  const { store } = deps;
  if (!outcome) {
    // The answer is shorter than the batch: treat the missing ones as unknown.
    settleUnknown(deps, item.op, 'the marketplace did not report this offer');
    rideBack(deps, riding.get(item), true, 'the marketplace did not report this offer');
    result.unknown++;
    return;
  }
  if (outcome.status === MANAGE_OK) {
    store.acceptManage(item.op.id, item.sent, outcome.id);
    const ride = riding.get(item);
    if (ride) store.acceptCredentialChunk(ride.opId, ride.chunk.rows, ride.replace);
    if (seen.statusQueued.has(item.op.localId)) {
      store.completeStatusDecided(item.op.localId, () =>
        statusDecided(deps, item, ride, seen.products),
      );
    }
    result.sent++;
  } else {
    rideBack(deps, riding.get(item), false, '');
    store.fail(item.op.id, {
      ok: false,
      // A refusal may quote what the offer carried: its credentials never stay in it.
      message: outcomeMessage(
        outcome.message ?? `The marketplace answered "${outcome.status}" for this offer.`,
        redact,
      ),
    });
    result.failed++;
  }
}

/**
 * The status the document's manage rules certainly give an offer whose write was just accepted
 * (`assumptions.statusDecidedByManage`): gold → Active; an account offer whose fields pass our
 * checks → On Review when it has no credential system or an active credential rode in the
 * write. Null where the rules leave it open (credentials on the marketplace we cannot count): a
 * queued status change then goes as asked.
 */
function statusDecided(
  deps: PushDeps,
  item: ManageItem,
  ride: Riding | undefined,
  products: Map<number, Product | null>,
): OfferStatusValue | null {
  if (!statusDecidedByManage.skipQueuedEqualStatus) return null;
  // A write only partly accepted keeps its op first (the seller edited again): nothing is done.
  const rules = deps.store.manageRulesInput(item.op.localId, products);
  if (!rules) return null;
  if (rules.marketplaceType === MarketplaceType.Gold) return OfferStatus.Active;
  if (!rules.dataValid) return null;
  const carried = ride ? ride.chunk.rows.length : 0;
  if (rules.credentialSystem !== CredentialSystem.None && carried === 0) return null;
  return statusAfterManage({
    marketplaceType: rules.marketplaceType as MarketplaceTypeValue,
    dataValid: true,
    credentialSystem: rules.credentialSystem,
    activeCredentials: carried,
  });
}

/**
 * A create is held as "unknown" until my_offers is read back. Anything else is safe to send
 * again, after the same backoff as any failure: a server answering 5xx must not be hammered.
 */
function settleUnknown(deps: PushDeps, op: ReadyOp, message: string): void {
  const { store } = deps;
  if (op.kind === 'manage' && store.isCreate(op.localId)) {
    store.markUnknown(op.id, message);
    return;
  }
  const delay = backoffDelayMs(op.attempts + 1, deps.backoff, deps.random);
  store.requeue(op.id, store.clock.now() + delay, message);
}

async function handleBatchFailure(
  deps: PushRun,
  batch: ManageItem[],
  error: unknown,
  result: PushResult,
  riding: Map<ManageItem, Riding>,
  redact: Redact,
): Promise<void> {
  const { store } = deps;
  const action = failureAction(error);
  const message = failureMessage(error, redact);
  switch (action) {
    case 'stop_unauthorized':
    case 'cancelled':
      deps.stopped = true;
      for (const i of batch) {
        if (action === 'cancelled') settleUnknown(deps, i.op, message);
        else store.requeue(i.op.id, 0, message, { undoAttempt: true });
        rideBack(deps, riding.get(i), action === 'cancelled', message);
      }
      throw new SyncStopped(action === 'cancelled' ? 'cancelled' : 'unauthorized');
    case 'validation': {
      const { byIndex, unmapped } = mapManageFieldErrors(
        (error as { fieldErrors: Record<string, string[]> | null }).fieldErrors,
        redact,
      );
      batch.forEach((item, index) => {
        const ride = riding.get(item);
        rideBack(deps, ride, false, message);
        const named = byIndex.get(index);
        const fieldErrors = named && ride ? credentialLines(named, ride.chunk) : named;
        // Without per-offer keys the whole batch is refused; with them, only the named offers.
        if (fieldErrors || byIndex.size === 0) {
          store.fail(item.op.id, {
            ok: false,
            message: 'The marketplace refused some fields of this offer.',
            fieldErrors: fieldErrors ?? unmapped,
          });
          result.failed++;
        } else {
          // Valid offers of a refused batch go again at once, without them.
          store.requeue(item.op.id, 0, null, { undoAttempt: true });
        }
      });
      return;
    }
    case 'refuse':
      for (const i of batch) {
        rideBack(deps, riding.get(i), false, message);
        store.fail(i.op.id, { ok: false, message });
        result.failed++;
      }
      return;
    case 'unknown':
      for (const i of batch) {
        rideBack(deps, riding.get(i), true, message);
        settleUnknown(deps, i.op, message);
        result.unknown++;
      }
      return;
    case 'retry': {
      const retryAfter = retryAfterOf(error);
      for (const i of batch) {
        rideBack(deps, riding.get(i), false, message);
        const delay = retryAfter ?? backoffDelayMs(i.op.attempts + 1, deps.backoff, deps.random);
        store.requeue(i.op.id, store.clock.now() + delay, message);
      }
      return;
    }
  }
}

/** Everything but manage: one request (or a few, for credential chunks) per operation. */
async function runOp(
  deps: PushRun,
  op: ReadyOp,
  result: PushResult,
  heldNow: Map<number, string>,
  signal?: AbortSignal,
): Promise<void> {
  const { store } = deps;
  const hold = (error: SecretBoxError) => {
    const reason = sealedCredentialsAttention(error);
    store.hold(op.id, reason);
    heldNow.set(op.id, reason);
    result.held++;
  };
  // Credentials are opened before anything is marked in flight: one that cannot be opened here
  // has not been tried at all, as far as the outbox is concerned.
  let firstChunk: OpenedChunk | null = null;
  /** What this op sent that must not be kept in its error (the credentials' logins, passwords). */
  const sentSecrets: string[] = [];
  if (op.kind === 'credentials') {
    try {
      firstChunk = openCredentialChunk(deps, op.id);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      hold(error);
      return;
    }
  }
  const turn = op.kind === 'screenshot_upload' ? 'go' : await offerTurn(deps);
  if (turn === 'stop') return;
  try {
    await sendOp(deps, op, firstChunk, sentSecrets, result, hold, signal);
  } finally {
    if (turn === 'probe') probeAnswered(deps);
  }
}

async function sendOp(
  deps: PushRun,
  op: ReadyOp,
  firstChunk: OpenedChunk | null,
  sentSecrets: string[],
  result: PushResult,
  hold: (error: SecretBoxError) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { store, client } = deps;
  store.markSending(op.id);
  try {
    switch (op.kind) {
      case 'screenshot_upload': {
        const queuedId = op.payload.queuedScreenshotId;
        const file = store.queuedScreenshotFile(queuedId);
        if (!file) {
          store.complete(op.id);
          return;
        }
        const uploaded = await client.uploadScreenshot(file, signal);
        store.acceptUpload(op.id, queuedId, uploaded.path);
        // The copy only had to outlive the original until the marketplace held the image; it
        // goes while the lane sends the next one (the push waits for it before it returns).
        deps.cleanup.push(rm(file, { force: true }).catch(() => undefined));
        break;
      }
      case 'status': {
        const { status } = op.payload;
        await client.editStatus(op.serverId, status, signal);
        store.complete(op.id);
        store.patchServerCopy(op.localId, { status });
        break;
      }
      case 'delete': {
        try {
          await client.deleteOffer(op.serverId, signal);
        } catch (error) {
          // Already gone (an earlier attempt whose answer was lost): that is what we wanted.
          if ((error as { kind?: string }).kind !== 'not_found') throw error;
        }
        store.forgetOffer(op.localId);
        break;
      }
      case 'screenshot_detach': {
        const { url } = op.payload;
        const answer = await client.detachScreenshot(op.serverId, url, signal);
        store.complete(op.id);
        store.patchServerCopy(op.localId, { screenshots: answer.screenshots });
        break;
      }
      case 'screenshot_links': {
        const { urls } = op.payload;
        const answer = await client.attachScreenshotsFromLinks(op.serverId, urls, signal);
        // Only the links it named as failed were refused; they stay, for a retry or a dismiss.
        const refused = answer.failed.slice(0, limits.urlsPerAttach);
        if (refused.length > 0) {
          store.refuseLinks(op.id, refused, {
            ok: false,
            message: outcomeMessage(failedLinksMessage(refused, urls.length)),
          });
          result.failed++;
          return;
        }
        store.complete(op.id);
        break;
      }
      case 'credentials':
        if (firstChunk) await sendCredentials(deps, op, firstChunk, sentSecrets, signal);
        break;
      case 'manage':
        return;
    }
    result.sent++;
  } catch (error) {
    if (error instanceof SecretBoxError) {
      // A later chunk of the list: what went before is accepted and gone; the rest waits.
      hold(error);
      return;
    }
    const action = failureAction(error);
    const redact = createRedactor(sentSecrets);
    const message = failureMessage(error, redact);
    if (action === 'stop_unauthorized' || action === 'cancelled') deps.stopped = true;
    if (action === 'stop_unauthorized') {
      store.requeue(op.id, 0, message, { undoAttempt: true });
      throw new SyncStopped('unauthorized');
    }
    if (action === 'cancelled') {
      store.requeue(op.id, 0, message);
      throw new SyncStopped('cancelled');
    }
    if (action === 'refuse' || action === 'validation') {
      const fieldErrors = (error as { fieldErrors?: Record<string, string[]> | null }).fieldErrors;
      store.fail(op.id, {
        ok: false,
        message,
        fieldErrors: offerFieldErrors(fieldErrors, redact),
      });
      result.failed++;
      return;
    }
    // Unknown outcomes here are harmless to repeat (see resolveUnknown), so they back off too.
    const delay = retryAfterOf(error) ?? backoffDelayMs(op.attempts + 1, deps.backoff, deps.random);
    store.requeue(op.id, store.clock.now() + delay, message);
  }
}

interface OpenedChunk {
  rows: QueuedCredentialRow[];
  credentials: CredentialInput[];
  /** Each credential's line in the seller's file, where it came from one. */
  lines: (number | null)[];
}

/**
 * The marketplace names a refused credential by its place in the request
 * (`credentials.<k>.<field>`); the seller knows it by the line of the file it came from.
 */
function credentialLines(errors: OfferFieldError[], chunk: OpenedChunk): OfferFieldError[] {
  return errors.map((e) => {
    const k = /^credentials\.(\d+)\./.exec(e.field);
    const line = k ? chunk.lines[Number(k[1])] : null;
    if (line === null || line === undefined) return e;
    return { ...e, messages: e.messages.map((m) => `Line ${line} of the file: ${m}`) };
  });
}

/** A queued credential as sealed: the input, and the file line it came from (see drafts.ts). */
type Sealed = CredentialInput & { line?: unknown };

/** The op's next chunk, opened; throws SecretBoxError when a row cannot be opened here. */
function openCredentialChunk(deps: PushDeps, opId: number): OpenedChunk {
  const box = deps.secretBox;
  const rows = deps.store.queuedCredentialChunk(opId, limits.credentialsPerRequest);
  if (rows.length === 0) return { rows, credentials: [], lines: [] };
  if (!box) {
    throw new SecretBoxError('no key is open to read queued credentials', 'key_unavailable');
  }
  const credentials: CredentialInput[] = [];
  const lines: (number | null)[] = [];
  for (const r of rows) {
    const { line, ...credential } = JSON.parse(box.open(r.sealed).toString('utf8')) as Sealed;
    credentials.push(credential);
    lines.push(typeof line === 'number' ? line : null);
  }
  return { rows, credentials, lines };
}

async function sendCredentials(
  deps: PushDeps,
  op: ReadyOpOf<'credentials'>,
  first: OpenedChunk,
  sentSecrets: string[],
  signal?: AbortSignal,
): Promise<void> {
  const { store, client } = deps;
  let replacePending = op.payload.mode === 'replace' && op.payload.setReplaced !== true;
  let chunk = first;
  let sent = 0;
  let skipped = 0;
  // The first chunk went before and no answer was heard (a lost answer, a crash in flight: the
  // op's attempts count only sends of this chunk, a taken chunk resets them). The API has no
  // idempotency key, so it goes again, and the duplicates the marketplace skips are most likely
  // that first send: they count as sent, not as the seller's duplicates. (A send that never
  // arrived, a 429, counts too: then the skipped ones were on the offer already, which is also
  // what the seller wanted.)
  let sentBefore = op.attempts > 0;
  for (;;) {
    if (chunk.rows.length === 0) {
      store.complete(op.id);
      break;
    }
    sentSecrets.push(...chunk.credentials.flatMap(credentialSecrets));
    sent += chunk.rows.length;
    if (replacePending) await client.replaceCredentials(op.serverId, chunk.credentials, signal);
    else {
      const answer = await client.addCredentials(op.serverId, chunk.credentials, signal);
      if (!sentBefore) skipped += answer.duplicates ?? 0;
    }
    sentBefore = false;
    const { remaining } = store.acceptCredentialChunk(op.id, chunk.rows, replacePending);
    replacePending = false;
    if (remaining === 0) break;
    chunk = openCredentialChunk(deps, op.id);
    store.markSending(op.id);
  }
  // The offer said these could not be opened; they are sent now.
  if (op.payload.heldBecause) store.noteOutcome(op.localId, { ok: true });
  // A partial answer: the marketplace kept the rest, the seller hears which part it skipped.
  if (skipped > 0) {
    store.noteSkippedCredentials(
      op.localId,
      `The marketplace skipped ${skipped} of ${sent} credentials: it already has them (duplicates).`,
    );
  }
}
