// Push: sends the outbox in order, within the rate limits. Manage writes go in batches per product
// and guarantee_delivery_time (≤ 100, sized to the limiter's offers budget); dependent operations
// wait for their offer's id; each offer's outcome is kept; failures back off per operation, with
// the next attempt time persisted.
import { rm } from 'node:fs/promises';
import { limits } from '../../contract/marketplace/limits';
import { failedLinksMessage } from '../../contract/rules/screenshots';
import type { CredentialInput, SellerStatusValue } from '../../contract/marketplace/wire';
import type { MarketplaceClient } from '../api';
import type { RateLimiter } from '../limits';
import type { StoreContext } from '../store/context';
import type { SecretBox } from '../store/drafts';
import { getMeta } from '../store/meta';
import {
  acceptCredentialChunk,
  acceptManage,
  acceptUpload,
  completeOp,
  failOp,
  forgetOffer,
  manageItem,
  markSending,
  markUnknown,
  noteOutcome,
  patchServerCopy,
  queuedCredentialChunk,
  queuedScreenshotFile,
  readyOps,
  requeueOp,
  type ManageItem,
  type OutboxOp,
} from '../store/outbox';
import { isCreate } from '../store/outbox';
import { mapManageFieldErrors } from './fieldErrors';
import {
  backoffDelayMs,
  failureAction,
  failureMessage,
  retryAfterOf,
  SyncStopped,
} from './failures';
import { HIGH_WATER_KEY } from './pull';

export interface PushDeps {
  ctx: StoreContext;
  client: MarketplaceClient;
  secretBox?: SecretBox;
  limiter?: RateLimiter;
  random: () => number;
  backoff: { baseMs: number; maxMs: number };
  /** Within one push, wait for a backoff this short instead of leaving the op for next time. */
  maxInlineWaitMs: number;
  progress: (done: number, total: number) => void;
}

export interface PushResult {
  sent: number;
  failed: number;
  unknown: number;
}

/** Sends of one operation within one push; past this, it waits for the next sync. */
const MAX_SENDS_PER_PUSH = 5;

export async function pushOutbox(deps: PushDeps, signal?: AbortSignal): Promise<PushResult> {
  const { ctx } = deps;
  const result: PushResult = { sent: 0, failed: 0, unknown: 0 };
  const initial = ctx.db.prepare<{ n: number }>('SELECT count(*) AS n FROM outbox').get()!.n;
  // Attempts each operation had when this push first saw it: its sends in this push are the rest.
  const attemptsBefore = new Map<number, number>();
  for (;;) {
    signal?.throwIfAborted();
    const now = ctx.clock.now();
    const candidates = readyOps(ctx, now);
    const waitingUntil = candidates.waitingUntil;
    for (const op of candidates.ready) {
      if (!attemptsBefore.has(op.id)) attemptsBefore.set(op.id, op.attempts);
    }
    const ready = candidates.ready.filter(
      (op) => op.attempts - attemptsBefore.get(op.id)! < MAX_SENDS_PER_PUSH,
    );
    if (ready.length === 0) {
      if (waitingUntil !== null && waitingUntil - now <= deps.maxInlineWaitMs) {
        await ctx.clock.sleep(waitingUntil - now, signal);
        continue;
      }
      break;
    }
    const uploads = ready.filter((op) => op.kind === 'screenshot_upload');
    const manage = ready.filter((op) => op.kind === 'manage');
    const others = ready.filter((op) => op.kind !== 'manage' && op.kind !== 'screenshot_upload');
    for (const op of uploads) await runOp(deps, op, result, signal);
    if (manage.length > 0) await sendManageBatch(deps, manage, result, signal);
    for (const op of others) await runOp(deps, op, result, signal);
    const left = ctx.db.prepare<{ n: number }>('SELECT count(*) AS n FROM outbox').get()!.n;
    deps.progress(Math.max(0, initial - left), Math.max(initial, left));
  }
  return result;
}

/** One batch: the first product/delivery-time group, as many offers as the budget allows now. */
async function sendManageBatch(
  deps: PushDeps,
  ready: OutboxOp[],
  result: PushResult,
  signal?: AbortSignal,
): Promise<void> {
  const { ctx } = deps;
  const budget = deps.limiter?.budget().manageOffersLeft ?? limits.offersPerManage;
  const size = Math.min(limits.offersPerManage, budget > 0 ? budget : limits.offersPerManage);
  // The first product / delivery-time group in outbox order, up to the batch size.
  const batch: ManageItem[] = [];
  let first: ManageItem | null = null;
  for (const op of ready) {
    if (batch.length >= size) break;
    if (first && op.productId !== first.op.productId) continue;
    const item = manageItem(ctx, op);
    if (!item) {
      // Nothing left to write (the change was taken back): the operation has nothing to send.
      completeOp(ctx, op.id);
      continue;
    }
    first ??= item;
    if (item.guaranteeDeliveryTime !== first.guaranteeDeliveryTime) continue;
    batch.push(item);
  }
  if (!first) return;
  const highWater = getMeta(ctx, HIGH_WATER_KEY);
  markSending(
    ctx,
    batch.map((i) => ({ id: i.op.id, extra: { sent: i.sent, highWater } })),
  );
  let answer;
  try {
    answer = await deps.client.manageOffers(
      first.op.productId,
      { offers: batch.map((i) => i.write), guarantee_delivery_time: first.guaranteeDeliveryTime },
      signal,
    );
  } catch (error) {
    await handleBatchFailure(deps, batch, error, result);
    return;
  }
  // One transaction for the whole answer: 100 small commits would cost more than the request.
  ctx.db.transaction(() => recordBatchAnswer(deps, batch, answer.results, result)).immediate();
}

function recordBatchAnswer(
  deps: PushDeps,
  batch: ManageItem[],
  results: { id: number | null; status: string; message: string | null }[],
  result: PushResult,
): void {
  const { ctx } = deps;
  batch.forEach((item, index) => {
    const outcome = results[index];
    if (!outcome) {
      // The answer is shorter than the batch: treat the missing ones as unknown.
      settleUnknown(deps, item.op, 'the marketplace did not report this offer');
      result.unknown++;
      return;
    }
    if (outcome.status === 'ok') {
      acceptManage(ctx, item.op.id, item.sent, outcome.id);
      result.sent++;
    } else {
      failOp(ctx, item.op.id, {
        ok: false,
        message: outcome.message ?? `The marketplace answered "${outcome.status}" for this offer.`,
      });
      result.failed++;
    }
  });
}

/**
 * A create is held as "unknown" until my_offers is read back. Anything else is safe to send
 * again, after the same backoff as any failure: a server answering 5xx must not be hammered.
 */
function settleUnknown(deps: PushDeps, op: OutboxOp, message: string): void {
  if (op.kind === 'manage' && isCreate(deps.ctx, op.localId)) {
    markUnknown(deps.ctx, op.id, message);
    return;
  }
  const delay = backoffDelayMs(op.attempts + 1, deps.backoff, deps.random);
  requeueOp(deps.ctx, op.id, deps.ctx.clock.now() + delay, message);
}

async function handleBatchFailure(
  deps: PushDeps,
  batch: ManageItem[],
  error: unknown,
  result: PushResult,
): Promise<void> {
  const { ctx } = deps;
  const action = failureAction(error);
  const message = failureMessage(error);
  switch (action) {
    case 'stop_unauthorized':
    case 'cancelled':
      for (const i of batch) {
        if (action === 'cancelled') settleUnknown(deps, i.op, message);
        else requeueOp(ctx, i.op.id, 0, message, { undoAttempt: true });
      }
      throw new SyncStopped(action === 'cancelled' ? 'cancelled' : 'unauthorized');
    case 'validation': {
      const { byIndex, unmapped } = mapManageFieldErrors(
        (error as { fieldErrors: Record<string, string[]> | null }).fieldErrors,
      );
      batch.forEach((item, index) => {
        const fieldErrors = byIndex.get(index);
        // Without per-offer keys the whole batch is refused; with them, only the named offers.
        if (fieldErrors || byIndex.size === 0) {
          failOp(ctx, item.op.id, {
            ok: false,
            message: 'The marketplace refused some fields of this offer.',
            fieldErrors: fieldErrors ?? unmapped,
          });
          result.failed++;
        } else {
          // Valid offers of a refused batch go again at once, without them.
          requeueOp(ctx, item.op.id, 0, null, { undoAttempt: true });
        }
      });
      return;
    }
    case 'refuse':
      for (const i of batch) {
        failOp(ctx, i.op.id, { ok: false, message });
        result.failed++;
      }
      return;
    case 'unknown':
      for (const i of batch) {
        settleUnknown(deps, i.op, message);
        result.unknown++;
      }
      return;
    case 'retry': {
      const retryAfter = retryAfterOf(error);
      for (const i of batch) {
        const delay = retryAfter ?? backoffDelayMs(i.op.attempts + 1, deps.backoff, deps.random);
        requeueOp(ctx, i.op.id, ctx.clock.now() + delay, message);
      }
      return;
    }
  }
}

/** Everything but manage: one request (or a few, for credential chunks) per operation. */
async function runOp(
  deps: PushDeps,
  op: OutboxOp,
  result: PushResult,
  signal?: AbortSignal,
): Promise<void> {
  const { ctx, client } = deps;
  markSending(ctx, [{ id: op.id }]);
  try {
    switch (op.kind) {
      case 'screenshot_upload': {
        const queuedId = Number(op.payload.queuedScreenshotId);
        const file = queuedScreenshotFile(ctx, queuedId);
        if (!file) {
          completeOp(ctx, op.id);
          return;
        }
        const uploaded = await client.uploadScreenshot(file, signal);
        acceptUpload(ctx, op.id, queuedId, uploaded.path);
        // The copy only had to outlive the original until the marketplace held the image.
        await rm(file, { force: true }).catch(() => undefined);
        break;
      }
      case 'status': {
        const status = Number(op.payload.status) as SellerStatusValue;
        await client.editStatus(op.serverId!, status, signal);
        completeOp(ctx, op.id);
        patchServerCopy(ctx, op.localId, { status });
        break;
      }
      case 'delete': {
        try {
          await client.deleteOffer(op.serverId!, signal);
        } catch (error) {
          // Already gone (an earlier attempt whose answer was lost): that is what we wanted.
          if ((error as { kind?: string }).kind !== 'not_found') throw error;
        }
        forgetOffer(ctx, op.localId);
        break;
      }
      case 'screenshot_detach': {
        const url = String(op.payload.url);
        const answer = await client.detachScreenshot(op.serverId!, url, signal);
        completeOp(ctx, op.id);
        patchServerCopy(ctx, op.localId, { screenshots: answer.screenshots });
        break;
      }
      case 'screenshot_links': {
        const urls = (op.payload.urls as string[]) ?? [];
        const answer = await client.attachScreenshotsFromLinks(op.serverId!, urls, signal);
        completeOp(ctx, op.id);
        if (answer.failed.length > 0) {
          noteOutcome(ctx, op.localId, {
            ok: false,
            message: failedLinksMessage(answer.failed, urls.length),
          });
        }
        break;
      }
      case 'credentials':
        await sendCredentials(deps, op, signal);
        break;
      case 'manage':
        return;
    }
    result.sent++;
  } catch (error) {
    const action = failureAction(error);
    const message = failureMessage(error);
    if (action === 'stop_unauthorized') {
      requeueOp(ctx, op.id, 0, message, { undoAttempt: true });
      throw new SyncStopped('unauthorized');
    }
    if (action === 'cancelled') {
      requeueOp(ctx, op.id, 0, message);
      throw new SyncStopped('cancelled');
    }
    if (action === 'refuse' || action === 'validation') {
      const fieldErrors = (error as { fieldErrors?: Record<string, string[]> | null }).fieldErrors;
      failOp(ctx, op.id, {
        ok: false,
        message,
        fieldErrors: fieldErrors
          ? Object.entries(fieldErrors).map(([field, messages]) => ({
              field,
              messages: messages.map(String),
            }))
          : [],
      });
      result.failed++;
      return;
    }
    // Unknown outcomes here are harmless to repeat (see resolveUnknown), so they back off too.
    const delay = retryAfterOf(error) ?? backoffDelayMs(op.attempts + 1, deps.backoff, deps.random);
    requeueOp(ctx, op.id, ctx.clock.now() + delay, message);
  }
}

async function sendCredentials(deps: PushDeps, op: OutboxOp, signal?: AbortSignal): Promise<void> {
  const { ctx, client } = deps;
  if (!deps.secretBox) throw new Error('no secret box: queued credentials cannot be opened');
  let replacePending = op.payload.mode === 'replace' && op.payload.setReplaced !== true;
  for (;;) {
    const rows = queuedCredentialChunk(ctx, op.id, limits.credentialsPerRequest);
    if (rows.length === 0) {
      completeOp(ctx, op.id);
      return;
    }
    const credentials = rows.map(
      (r) => JSON.parse(deps.secretBox!.open(r.sealed).toString('utf8')) as CredentialInput,
    );
    if (replacePending) await client.replaceCredentials(op.serverId!, credentials, signal);
    else await client.addCredentials(op.serverId!, credentials, signal);
    const { remaining } = acceptCredentialChunk(ctx, op.id, rows, replacePending);
    replacePending = false;
    if (remaining === 0) return;
    markSending(ctx, [{ id: op.id }]);
  }
}
