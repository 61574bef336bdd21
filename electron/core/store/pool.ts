// The restock pool: credentials the seller keeps in Seller Desk for an account offer, sealed like
// queued credentials (only the hashes in clear), and the level ("keep N") each sync tops the
// marketplace up to. A credential leaves the pool only by moving into the outbox, in the same
// transaction: from then on the engine's exactly-once handling of a credentials batch covers it,
// so a crash between the upload and the bookkeeping cannot send it from the pool a second time.
import { credentialProblems } from '../../contract/rules';
import {
  MarketplaceType,
  OfferStatus,
  type CredentialInput,
} from '../../contract/marketplace/wire';
import { hashCredential, type CredentialHashes } from '../credentials/hash';
import { prep, type StoreContext } from './context';
import type { SecretBox } from './drafts';
import { DraftRejected, StoreError } from './errors';
import { offerRow, refreshOffer } from './offers';
import { enqueueOp, ensureManageOp, hasOp, queueStatusOp, WAITING } from './outbox';
import { getProduct } from './products';
import { SENT_LESS_DELETED } from './uncertainCredentials';
import { stockedOffer, type StockedOffer, type StockedOfferColumns } from './stock';

export const POOL_DDL = `
CREATE TABLE credential_pool (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  sealed BLOB NOT NULL,
  login_hash TEXT NOT NULL,
  email_hash TEXT,
  added_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX credential_pool_by_login ON credential_pool(local_id, login_hash);
-- Each restock counts what an offer has queued: by offer, not by a scan of every queued credential.
CREATE INDEX queued_credentials_by_offer ON queued_credentials(local_id);
CREATE TABLE pool_levels (
  local_id INTEGER PRIMARY KEY REFERENCES offers(local_id) ON DELETE CASCADE,
  keep INTEGER NOT NULL,
  dry_alerted INTEGER NOT NULL DEFAULT 0
);
`;

/** `status` is the marketplace's as last pulled. */
export interface PoolRow extends StockedOffer {
  /** Credentials waiting in the pool. */
  size: number;
  keep: number;
  /** Credentials queued in the outbox, not accepted by the marketplace yet. */
  queued: number;
  /** The pool ran dry and the seller was told (once per episode). */
  dryAlerted: boolean;
}

interface Row extends StockedOfferColumns {
  size: number;
  keep: number;
  queued: number;
  dry_alerted: number;
}

// Offers with a pool (every one has its row in pool_levels, keep 0 until set), walked from it: the sync status reads this
// after every change, so it must not visit every offer (100k); counts by their indexes.
const POOL_SQL = `
SELECT o.local_id, o.server_id, o.outer_name, o.internal_name, o.product_title, o.status, c.json,
  (SELECT count(*) FROM credential_pool p WHERE p.local_id = o.local_id) AS size,
  coalesce(l.keep, 0) AS keep,
  (SELECT count(*) FROM queued_credentials q WHERE q.local_id = o.local_id) AS queued,
  (SELECT ${SENT_LESS_DELETED} FROM credential_hashes h WHERE h.local_id = o.local_id) AS uploaded,
  coalesce(l.dry_alerted, 0) AS dry_alerted
FROM pool_levels l
JOIN offers o ON o.local_id = l.local_id
LEFT JOIN server_copies c ON c.local_id = o.local_id
WHERE o.pending_delete = 0 AND (? IS NULL OR o.local_id = ?)
ORDER BY o.local_id`;

function rowOf(r: Row): PoolRow {
  return {
    // The marketplace's status as last pulled (the row's own may show a change still queued).
    ...stockedOffer(r, true),
    size: r.size,
    keep: r.keep,
    queued: r.queued,
    dryAlerted: r.dry_alerted === 1,
  };
}

export function listPools(ctx: StoreContext, localId: number | null = null): PoolRow[] {
  return prep<Row>(ctx, POOL_SQL).all(localId, localId).map(rowOf);
}

export function poolHashes(ctx: StoreContext, localId: number): CredentialHashes[] {
  return prep<{ login_hash: string; email_hash: string | null }>(
    ctx,
    'SELECT login_hash, email_hash FROM credential_pool WHERE local_id = ? ORDER BY id',
  )
    .all(localId)
    .map((r) => ({ loginHash: r.login_hash, emailHash: r.email_hash }));
}

function requireAccountOffer(ctx: StoreContext, localId: number): void {
  const row = offerRow(ctx, localId);
  if (!row) throw new StoreError('not_found', `offer ${localId} does not exist`);
  if (getProduct(ctx, row.product_id)?.marketplace_type !== MarketplaceType.Account) {
    throw new DraftRejected([
      {
        field: 'credentials',
        code: 'prohibited',
        message: 'Credentials are for account offers only.',
      },
    ]);
  }
}

/**
 * Seals each credential into the offer's pool, after what is there (oldest first is the order
 * of adding). A login already in the pool is not added twice. Returns how many were added.
 */
export function addToPool(
  ctx: StoreContext,
  box: SecretBox,
  localId: number,
  credentials: readonly CredentialInput[],
): number {
  requireAccountOffer(ctx, localId);
  const problems = credentials.flatMap((c, i) => credentialProblems(c, i));
  if (problems.length > 0) throw new DraftRejected(problems);
  return ctx.db
    .transaction(() => {
      const insert = prep(
        ctx,
        `INSERT OR IGNORE INTO credential_pool (local_id, sealed, login_hash, email_hash, added_at)
         VALUES (?, ?, ?, ?, ?)`,
      );
      prep(ctx, 'INSERT OR IGNORE INTO pool_levels (local_id, keep) VALUES (?, 0)').run(localId);
      let added = 0;
      for (const c of credentials) {
        const hashes = hashCredential(c);
        const sealed = box.seal(Buffer.from(JSON.stringify(c), 'utf8'));
        added += insert.run(
          localId,
          sealed,
          hashes.loginHash,
          hashes.emailHash,
          ctx.clock.now(),
        ).changes;
      }
      if (added > 0)
        prep(ctx, 'UPDATE pool_levels SET dry_alerted = 0 WHERE local_id = ?').run(localId);
      return added;
    })
    .immediate();
}

/**
 * addToPool for rows a credential file staged already sealed (stagedCredentials.ts): one
 * INSERT … SELECT from `stagedTable` in file order, inside the caller's transaction. Returns how
 * many were new to the pool.
 */
export function addStagedToPool(ctx: StoreContext, localId: number, stagedTable: string): number {
  prep(ctx, 'INSERT OR IGNORE INTO pool_levels (local_id, keep) VALUES (?, 0)').run(localId);
  // Prepared here, not cached (prep): the staged table is one import's own.
  const added = ctx.db
    .prepare(
      `INSERT OR IGNORE INTO credential_pool (local_id, sealed, login_hash, email_hash, added_at)
       SELECT ?, sealed, login_hash, email_hash, ? FROM ${stagedTable} ORDER BY ord`,
    )
    .run(localId, ctx.clock.now()).changes;
  if (added > 0)
    prep(ctx, 'UPDATE pool_levels SET dry_alerted = 0 WHERE local_id = ?').run(localId);
  return added;
}

export function setPoolKeep(ctx: StoreContext, localId: number, keep: number): void {
  requireAccountOffer(ctx, localId);
  prep(
    ctx,
    `INSERT INTO pool_levels (local_id, keep) VALUES (?, ?)
     ON CONFLICT (local_id) DO UPDATE SET keep = excluded.keep`,
  ).run(localId, keep);
}

/** Empties the offer's pool and forgets its level; returns how many credentials were removed. */
export function clearPool(ctx: StoreContext, localId: number): number {
  return ctx.db
    .transaction(() => {
      const removed = prep(ctx, 'DELETE FROM credential_pool WHERE local_id = ?').run(
        localId,
      ).changes;
      prep(ctx, 'DELETE FROM pool_levels WHERE local_id = ?').run(localId);
      return removed;
    })
    .immediate();
}

export function setPoolDryAlerted(ctx: StoreContext, localId: number, alerted: boolean): void {
  prep(ctx, 'UPDATE pool_levels SET dry_alerted = ? WHERE local_id = ?').run(
    alerted ? 1 : 0,
    localId,
  );
}

/**
 * What waits behind a restock's credentials: nothing; an edit_status to Active for an offer the
 * marketplace hid when it sold out (sent only once the credentials were accepted); or, for an
 * offer that has never been on sale (Not Active only for want of credentials), a manage edit that
 * carries them, so the marketplace judges it (On Review) rather than it going straight to Active.
 */
export type RestockAfter = 'none' | 'activate' | 'review';

/**
 * Moves the `count` oldest credentials of the pool into the outbox as one add of credentials
 * (sealed blobs moved as they are: nothing is opened here), with what `after` asks. `count` may
 * be 0: credentials already queued (a push that failed) get the Active behind them. One
 * transaction: a credential is in the pool or in the outbox, never both, never neither.
 */
export function restockFromPool(
  ctx: StoreContext,
  localId: number,
  count: number,
  after: RestockAfter,
): number {
  return ctx.db
    .transaction(() => {
      const taken = prep<{
        id: number;
        sealed: Buffer;
        login_hash: string;
        email_hash: string | null;
      }>(
        ctx,
        'SELECT id, sealed, login_hash, email_hash FROM credential_pool WHERE local_id = ? ORDER BY id LIMIT ?',
      ).all(localId, count);
      if (taken.length === 0 && after !== 'activate') return 0;
      // The edit goes first: the credentials queued behind it ride in it (credentialsForCreate).
      if (after === 'review' && taken.length > 0) ensureManageOp(ctx, localId);
      const opId =
        taken.length > 0
          ? enqueueOp(ctx, localId, 'credentials', { mode: 'add', total: taken.length })
          : null;
      const insert = prep(
        ctx,
        'INSERT INTO queued_credentials (outbox_id, local_id, sealed, login_hash, email_hash) VALUES (?, ?, ?, ?, ?)',
      );
      const drop = prep(ctx, 'DELETE FROM credential_pool WHERE id = ?');
      for (const t of taken) {
        insert.run(opId, localId, t.sealed, t.login_hash, t.email_hash);
        drop.run(t.id);
      }
      // A status change the seller queued has the last word: it is never replaced from here.
      const activate =
        after === 'activate' && !hasOp(ctx, localId, { kinds: ['status'], states: WAITING });
      if (activate) queueStatusOp(ctx, localId, { status: OfferStatus.Active });
      // Not a fresh change of the seller's (there is nothing to undo): the background sync's
      // hold must not keep a restock waiting.
      prep(
        ctx,
        `UPDATE outbox SET created_at = 0 WHERE local_id = ? AND state = 'queued'
           AND (id = ? OR (? AND kind = 'status') OR (? AND kind = 'manage'))`,
      ).run(localId, opId, activate ? 1 : 0, after === 'review' ? 1 : 0);
      refreshOffer(ctx, localId);
      return taken.length;
    })
    .immediate();
}
