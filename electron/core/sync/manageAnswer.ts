// Answer recording of a manage request: each offer's outcome (accepted, refused, unknown), the
// credentials that rode in it, the status change the accepted write decided; and what a failed
// request leaves behind.
import { MANAGE_OK, statusDecidedByManage } from '../../contract/marketplace/assumptions';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferStatusValue,
  type Product,
} from '../../contract/marketplace/wire';
import { statusAfterManage } from '../../contract/rules/statusRules';
import type { ManageItem, ReadyOp } from '../store';
import type { Redact } from '../secrets/redact';
import { runInChunks } from '../util/chunkedJob';
import { credentialLines, rideBack, type Riding } from './credentials';
import {
  backoffDelayMs,
  failureAction,
  failureMessage,
  outcomeMessage,
  retryAfterOf,
  SyncStopped,
} from './failures';
import { mapManageFieldErrors } from './fieldErrors';
import type { PushDeps, PushResult, PushRun } from './pushRun';

/**
 * Chunks of a manage batch's marks and answer: small, so that the other lane's answer is read
 * within a few milliseconds of its arrival. Its place in the rate ledger is dated when it is
 * read, and the next window's request waits for that date: every millisecond an answer lies
 * unread is a millisecond more on each window that follows (a commit per chunk costs far less).
 */
export const ANSWER_CHUNKS = { firstChunk: 16, budgetMs: 4 };

/**
 * The answer is recorded a few dozen offers per transaction, returning to the event loop between
 * them (runInChunks): another request's answer that arrived meanwhile is then read at once, so its
 * place in the rate ledger is dated when it came, not a hundred offers' writes later (which would
 * hold that window's next request back as long). An offer left unrecorded by a crash in between
 * is still "sending": an unknown outcome, read back before anything is resent.
 */
export async function recordBatchAnswer(
  deps: PushDeps,
  batch: ManageItem[],
  results: { id: number | null; status: string; message: string | null }[],
  result: PushResult,
  riding: Map<ManageItem, Riding>,
  redact: Redact,
): Promise<number> {
  const { store } = deps;
  const products = new Map<number, Product | null>();
  let accepted = 0;
  // Only these may have a status change a write decided: one query, not one per offer.
  const statusQueued = store.offersWithQueuedStatus(batch.map((i) => i.op.localId));
  const items = batch.map((item, index) => ({ item, index }));
  await runInChunks(
    items,
    (chunk) =>
      store.transaction(() => {
        for (const { item, index } of chunk) {
          const ok = recordOffer(deps, item, results[index], result, riding, redact, {
            products,
            statusQueued,
          });
          if (ok) accepted++;
        }
      }),
    ANSWER_CHUNKS,
  );
  return accepted;
}

function recordOffer(
  deps: PushDeps,
  item: ManageItem,
  outcome: { id: number | null; status: string; message: string | null } | undefined,
  result: PushResult,
  riding: Map<ManageItem, Riding>,
  redact: Redact,
  seen: { products: Map<number, Product | null>; statusQueued: Set<number> },
): boolean {
  const { store } = deps;
  if (!outcome) {
    // The answer is shorter than the batch: treat the missing ones as unknown.
    settleUnknown(deps, item.op, 'the marketplace did not report this offer');
    rideBack(deps, riding.get(item), true, 'the marketplace did not report this offer');
    result.unknown++;
    return false;
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
    return true;
  }
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
  return false;
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

export async function handleBatchFailure(
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
