// An add_batch whose outcome is unknown (its answer lost, a 5xx, a crash in flight): the API has
// no idempotency key and does not say that a sold credential counts as a duplicate, so the batch
// goes again only while nothing on its offer sold since it left (store: safeToSendAgain). The
// offer is read for that (one my_offers request); one of its accounts may be a buyer's already
// otherwise, and the batch waits for the seller: send again, or drop.
import { limits } from '../../contract/marketplace/limits';
import type { MarketplaceClient } from '../api';
import { safeToSendAgain, type OutboxOp, type SyncStore } from '../store';

type CredentialsOp = Extract<OutboxOp, { kind: 'credentials' }>;

/** Whether this op's outcome, once unknown, is settled here rather than simply sent again. */
export function settledByReading(op: OutboxOp): op is CredentialsOp & { serverId: number } {
  return op.kind === 'credentials' && op.payload.mode === 'add' && op.serverId !== null;
}

export type Settled = 'send_again' | 'held' | 'unknown';

/**
 * At the start of a run, right before the push that would send them: the op is queued again,
 * held for the seller, or left unknown when the offer cannot be read now (the next run asks
 * again). Returns which, and the requests spent.
 */
export async function settleUnknownCredentials(
  store: SyncStore,
  client: MarketplaceClient,
  op: CredentialsOp & { serverId: number },
  message: string,
  signal?: AbortSignal,
): Promise<{ settled: Settled; requests: number }> {
  // Before the offer is read: a crash meanwhile leaves it unknown, never queued.
  const before = store.sentWith(op.id) ?? store.leftWith(op.localId);
  store.markUnknown(op.id, message);
  let offer;
  try {
    const page = await client.myOffers({ id: op.serverId }, signal);
    offer = page.data.find((o) => o.id === op.serverId);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { settled: 'unknown', requests: 1 };
  }
  if (offer) {
    store.transaction(() => {
      store.applyServerOffers([offer]);
      store.recordSalesPoints([offer]);
    });
  }
  const accounts = store.queuedCredentialChunk(op.id, limits.credentialsPerRequest).length;
  // An offer gone from the marketplace: sent again, its refusal says so.
  if (!offer || safeToSendAgain(before, offer, accounts)) {
    store.requeue(op.id, 0, message);
    return { settled: 'send_again', requests: 1 };
  }
  store.holdUncertain(op.id, accounts);
  return { settled: 'held', requests: 1 };
}
