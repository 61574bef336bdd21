// Credentials: the queued ones opened only to send (add_batch, replace_all, in chunks of the
// request's limit), or riding in their offer's manage write; a refused one named by its file line.
import { limits } from '../../contract/marketplace/limits';
import type { CredentialInput } from '../../contract/marketplace/wire';
import { SecretBoxError } from '../secrets';
import type { ManageItem, QueuedCredentialRow, ReadyOpOf } from '../store';
import { credentialSecrets } from '../secrets/redact';
import type { OfferFieldError } from './fieldErrors';
import type { PushDeps } from './pushRun';

/** Queued credentials sent inside their offer's manage create. */
export interface Riding {
  opId: number;
  replace: boolean;
  chunk: OpenedChunk;
}

/**
 * The write carrying credentials did not take them: back in the queue, as sent (their attempt
 * kept) when the write may have reached the marketplace, or as never tried.
 */
export function rideBack(
  deps: PushDeps,
  ride: Riding | undefined,
  maybeSent: boolean,
  message: string,
) {
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
export function credentialsRiding(deps: PushDeps, batch: ManageItem[]): Map<ManageItem, Riding> {
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

export interface OpenedChunk {
  rows: QueuedCredentialRow[];
  credentials: CredentialInput[];
  /** Each credential's line in the seller's file, where it came from one. */
  lines: (number | null)[];
}

/**
 * The marketplace names a refused credential by its place in the request
 * (`credentials.<k>.<field>`); the seller knows it by the line of the file it came from.
 */
export function credentialLines(errors: OfferFieldError[], chunk: OpenedChunk): OfferFieldError[] {
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
export function openCredentialChunk(deps: PushDeps, opId: number): OpenedChunk {
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

export async function sendCredentials(
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
