// Credentials whose add_batch may or may not have arrived (its answer lost, a 5xx, a crash in
// flight). The API has no idempotency key and does not say that a sold credential counts as a
// duplicate, so such a batch goes again only while nothing on its offer sold since it left;
// otherwise its accounts wait for the seller, who sends them again or drops them. Also the
// credentials the seller deleted on the marketplace, which the stock no longer counts.
import { OfferStatus, type Offer } from '../../contract/marketplace/wire';
import { parseJson, prep, type StoreContext } from './context';
import { StoreError } from './errors';
import { offerRow, recordOutcome, refreshOffer, serverOffer } from './offers';
import { setOpState, updatePayload } from './outbox';

export const CREDENTIAL_DELETIONS_DDL = `
CREATE TABLE credential_deletions (
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  credential_id INTEGER NOT NULL,
  PRIMARY KEY (local_id, credential_id)
) WITHOUT ROWID;
`;

/**
 * Credentials this app sent that are still on the offer by our count: the kept hashes less the
 * credentials the seller deleted (one row per marketplace id, so a second delete counts once).
 * For `h`, a row of `credential_hashes` grouped by offer; SQL shared by the stock and the pool.
 */
export const SENT_LESS_DELETED = `max(0, count(*) - coalesce(
  (SELECT count(*) FROM credential_deletions d WHERE d.local_id = h.local_id), 0))`;

/** The seller deleted this credential on the marketplace: the stock stops counting it. */
export function recordCredentialDeletion(
  ctx: StoreContext,
  localId: number,
  credentialId: number,
): void {
  prep(
    ctx,
    'INSERT OR IGNORE INTO credential_deletions (local_id, credential_id) VALUES (?, ?)',
  ).run(localId, credentialId);
}

/** The offer as it was read when a batch left: what tells later whether one of it may have sold. */
export interface LeftWith {
  /** purchased_amount. */
  sold: number;
  /** Credentials on it by our count (sent, less sold and deleted). */
  left: number;
  /** Buyers saw it (Active). */
  shown: boolean;
}

export function leftWithOf(ctx: StoreContext, localId: number): LeftWith {
  const server = serverOffer(offerRow(ctx, localId));
  const sold = typeof server?.purchased_amount === 'number' ? server.purchased_amount : 0;
  const sent = prep<{ n: number }>(
    ctx,
    `SELECT coalesce((SELECT ${SENT_LESS_DELETED} FROM credential_hashes h WHERE h.local_id = ?), 0) AS n`,
  ).get(localId)!.n;
  return { sold, left: Math.max(0, sent - sold), shown: server?.status === OfferStatus.Active };
}

/** What markSending recorded when the op's last chunk left; null for one sent before it did. */
export function leftWithOfOp(ctx: StoreContext, opId: number): LeftWith | null {
  const row = prep<{ payload: string }>(ctx, 'SELECT payload FROM outbox WHERE id = ?').get(opId);
  return parseJson<{ leftWith?: LeftWith }>(row?.payload, {}).leftWith ?? null;
}

/**
 * Whether a batch that left with the offer as `before` may be sent again now that it reads
 * `now`: nothing sold since; or the marketplace hid it as sold out after fewer sales than would
 * have emptied it had the batch arrived (so it did not). Otherwise one of its accounts may be a
 * buyer's already.
 */
export function safeToSendAgain(before: LeftWith, now: Offer, accounts: number): boolean {
  const soldSince = now.purchased_amount - before.sold;
  if (soldSince <= 0) return true;
  return before.shown && now.status === OfferStatus.NotActive && soldSince < before.left + accounts;
}

export const uncertainMessage = (accounts: number): string =>
  `${accounts} account${accounts === 1 ? '' : 's'} may already be on sale: the marketplace's answer was lost and a buyer bought from this offer since. Send ${accounts === 1 ? 'it' : 'them'} again or drop ${accounts === 1 ? 'it' : 'them'}.`;

/** Holds the batch for the seller: the offer needs attention, nothing of it goes by itself. */
export function holdUncertain(ctx: StoreContext, opId: number, accounts: number): void {
  ctx.db
    .transaction(() => {
      const row = prep<{ local_id: number }>(ctx, 'SELECT local_id FROM outbox WHERE id = ?').get(
        opId,
      );
      if (!row) return;
      updatePayload(ctx, opId, 'credentials', (p) => ({ ...p, uncertain: accounts }));
      const message = uncertainMessage(accounts);
      setOpState(ctx, opId, 'failed', message);
      recordOutcome(ctx, row.local_id, { ok: false, message });
      refreshOffer(ctx, row.local_id);
    })
    .immediate();
}

export interface UncertainCredentials {
  localId: number;
  /** Accounts that may already be on sale. */
  accounts: number;
}

/** Offers holding credentials that may already be on sale, with how many. */
export function listUncertain(
  ctx: StoreContext,
  localId: number | null = null,
): UncertainCredentials[] {
  return prep<{ local_id: number; payload: string }>(
    ctx,
    `SELECT local_id, payload FROM outbox
       WHERE kind = 'credentials' AND state = 'failed' AND json_extract(payload, '$.uncertain') > 0
         AND (? IS NULL OR local_id = ?)
       ORDER BY local_id, id`,
  )
    .all(localId, localId)
    .reduce<UncertainCredentials[]>((out, r) => {
      const accounts = parseJson<{ uncertain?: number }>(r.payload, {}).uncertain ?? 0;
      const last = out.at(-1);
      if (last?.localId === r.local_id) last.accounts += accounts;
      else out.push({ localId: r.local_id, accounts });
      return out;
    }, []);
}

function uncertainOps(ctx: StoreContext, localId: number): number[] {
  const ids = prep<{ id: number }>(
    ctx,
    `SELECT id FROM outbox WHERE local_id = ? AND kind = 'credentials' AND state = 'failed'
       AND json_extract(payload, '$.uncertain') > 0`,
  )
    .all(localId)
    .map((r) => r.id);
  if (ids.length === 0) {
    throw new StoreError('invalid', 'No accounts of this offer wait for that choice.');
  }
  return ids;
}

function forgetUncertainOutcome(ctx: StoreContext, localId: number): void {
  prep(ctx, 'DELETE FROM offer_outcomes WHERE local_id = ? AND ok = 0').run(localId);
}

/**
 * The seller sends them again, knowing one may be on sale already: queued now, their attempts
 * kept (what the marketplace skips is then counted as that first send). Returns the accounts.
 */
export function resendUncertain(ctx: StoreContext, localId: number): number {
  return ctx.db
    .transaction(() => {
      let accounts = 0;
      for (const opId of uncertainOps(ctx, localId)) {
        updatePayload(ctx, opId, 'credentials', (p) => {
          accounts += p.uncertain ?? 0;
          return { ...p, uncertain: undefined };
        });
        prep(
          ctx,
          "UPDATE outbox SET state = 'queued', next_attempt_at = 0, last_error = NULL WHERE id = ?",
        ).run(opId);
      }
      forgetUncertainOutcome(ctx, localId);
      refreshOffer(ctx, localId);
      return accounts;
    })
    .immediate();
}

/** The seller drops them: never sent again from here (their queued rows go with the op). */
export function dropUncertain(ctx: StoreContext, localId: number): number {
  return ctx.db
    .transaction(() => {
      let accounts = 0;
      for (const opId of uncertainOps(ctx, localId)) {
        accounts += prep<{ n: number }>(
          ctx,
          'SELECT count(*) AS n FROM queued_credentials WHERE outbox_id = ?',
        ).get(opId)!.n;
        prep(ctx, 'DELETE FROM outbox WHERE id = ?').run(opId);
      }
      forgetUncertainOutcome(ctx, localId);
      refreshOffer(ctx, localId);
      return accounts;
    })
    .immediate();
}
