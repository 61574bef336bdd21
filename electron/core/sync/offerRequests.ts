// Everything but manage, one request (or a few, for credential chunks) per operation: uploads,
// statuses (edit_status), deletes, screenshot links and detaches, credentials; each answer or
// failure recorded on its operation.
import { limits } from '../../contract/marketplace/limits';
import { failedLinksMessage } from '../../contract/rules/screenshots';
import { SecretBoxError, sealedCredentialsAttention } from '../secrets';
import type { ReadyOp } from '../store';
import { createRedactor } from '../secrets/redact';
import { openCredentialChunk, sendCredentials, type OpenedChunk } from './credentials';
import {
  backoffDelayMs,
  failureAction,
  failureMessage,
  outcomeMessage,
  retryAfterOf,
  SyncStopped,
} from './failures';
import { offerFieldErrors } from './fieldErrors';
import { offerTurn, probeAnswered } from './offerTurn';
import type { PushResult, PushRun } from './pushRun';
import { sendUpload } from './uploads';
import { settledByReading } from './uncertainCredentials';

/** Everything but manage: one request (or a few, for credential chunks) per operation. */
export async function runOp(
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
      case 'screenshot_upload':
        await sendUpload(deps, op, signal);
        break;
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
        // Remembered per profile, so the next link from a refused domain is warned at once.
        store.noteLinkAnswer(urls, refused);
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
    // Credentials added to an offer buyers may buy from go again only while none of it sold
    // since they left: the next run reads the offer right before it would send them.
    if (action === 'unknown' && settledByReading(op)) {
      store.markUnknown(op.id, message);
      return;
    }
    // Other unknown outcomes are harmless to repeat (see resolveUnknown): they back off too.
    const delay = retryAfterOf(error) ?? backoffDelayMs(op.attempts + 1, deps.backoff, deps.random);
    store.requeue(op.id, store.clock.now() + delay, message);
  }
}
