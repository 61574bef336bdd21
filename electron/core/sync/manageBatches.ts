// Manage batches: a round's manage operations as full requests (100 offers per product and
// delivery time), each marked sending, sent with the credentials and uploaded screenshots that
// ride in it, and its answer handed to manageAnswer.ts.
import { limits } from '../../contract/marketplace/limits';
import type { ManageItem, ReadyOpOf } from '../store';
import { createRedactor, credentialSecrets } from '../secrets/redact';
import { nextTurn, runInChunks } from '../util/chunkedJob';
import { credentialsRiding } from './credentials';
import { ANSWER_CHUNKS, handleBatchFailure, recordBatchAnswer } from './manageAnswer';
import { offerTurn, probeAnswered } from './offerTurn';
import { HIGH_WATER_KEY } from './pull';
import type { PushDeps, PushResult, PushRun } from './pushRun';
import { readBackWhileWaiting, stopReadBack } from './readBack';

/**
 * The round's manage operations as full requests: per product and delivery time (one manage
 * request carries one of each), in outbox order, up to the document's 100 offers each. Filled
 * to the maximum rather than to what the window has left now, so an intent costs the fewest
 * requests; the limiter holds a full batch until the window has room for it.
 */
export function manageBatches(
  deps: PushDeps,
  ready: ReadyOpOf<'manage'>[],
): ReadyOpOf<'manage'>[][] {
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

/** One manage request: the writes are read when it goes, so an edit made meanwhile rides too. */
export async function sendManageBatch(
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
  // A request that goes at once shows its offers "sending" once it is on its way (showSending),
  // not before: the rows' refresh would hold it back, and every window it opens after it. One
  // that waits for a window shows them sending meanwhile.
  const leaveListRows = (deps.limiter?.roomInMs({ manageOffers: batch.length }) ?? 0) === 0;
  // Marked a few dozen at a time, so another request's answer is not left unread meanwhile.
  // Credentials riding in a write are in flight with it: if its answer is lost, their later
  // add_batch knows the duplicates it meets are this send (sendCredentials).
  await runInChunks(
    batch,
    (chunk) =>
      store.transaction(
        () => {
          store.markManageSending(chunk.map((i) => ({ opId: i.op.id, sent: i.sent, highWater })));
          for (const i of chunk) {
            const ride = riding.get(i);
            if (ride) store.markSending(ride.opId);
          }
        },
        { leaveListRows },
      ),
    ANSWER_CHUNKS,
  );
  // This request may wait for the offers window: a read-back can use the time.
  readBackWhileWaiting(deps, batch.length, signal);
  let answer;
  let onWire = false;
  let showingSending: Promise<void> = Promise.resolve();
  // Once the answer is here, recording it refreshes those rows anyway: showing them "sending"
  // stops at its next chunk rather than hold the answer (and the windows after it) back.
  const answered = new AbortController();
  try {
    const answering = deps.client.manageOffers(
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
    if (leaveListRows) showingSending = showSending(deps, batch, answered.signal);
    try {
      answer = await answering;
    } finally {
      answered.abort();
    }
  } catch (error) {
    await showingSending;
    if (onWire) deps.onWire--;
    await handleBatchFailure(deps, batch, error, result, riding, createRedactor(sentSecrets));
    return;
  }
  await showingSending;
  // This batch's own: the other lane's answer may be recorded meanwhile (result.sent is shared),
  // and added after the await (`unread += await …` would add to the value from before it).
  const accepted = await recordBatchAnswer(
    deps,
    batch,
    answer.results,
    result,
    riding,
    createRedactor(sentSecrets),
  );
  deps.unread += accepted;
  deps.onWire--;
  // After the last request there is no wait to use: the read after the push reads these, all
  // pages at once (pullOffersIncremental's `changed`), rather than a read begun here and then
  // one page more to see that it had ended.
  if (deps.batchesLeft > 0) readBackWhileWaiting(deps, limits.offersPerManage, signal);
}

/**
 * The offers of a manage request that went at once, shown "sending" while it is answered: after
 * a turn of the event loop (it is written by then), a few at a time. Cosmetic: whatever the
 * answer brings refreshes the same rows again, so a failure here changes nothing.
 */
async function showSending(
  deps: PushRun,
  batch: ManageItem[],
  answered: AbortSignal,
): Promise<void> {
  try {
    await nextTurn();
    const offers = batch.map((i) => i.op.localId);
    await runInChunks(offers, (chunk) => deps.store.refreshListRows(chunk), {
      ...ANSWER_CHUNKS,
      signal: answered,
    });
  } catch {
    // The answer's write refreshes these rows.
  }
}
