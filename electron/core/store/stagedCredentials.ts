// A credential file's rows queued a part at a time, all or nothing: each part is sealed and
// written to a staging table of this connection (TEMP: never in the profile, and only sealed
// blobs and hashes in it) in its own short transaction, so a 100k-line import neither holds every
// row in memory nor keeps the core's other queries waiting; `commit` then moves the staged rows
// under one outbox operation in one short transaction (an INSERT … SELECT inside SQLite). Until
// then nothing of the import is in the outbox; `abandon` (or a failed commit) leaves no trace.
import { credentialProblems } from '../../contract/rules';
import { addCostBatch, type PoolCost } from './profit';
import { MarketplaceType, type CredentialInput } from '../../contract/marketplace/wire';
import { hashCredential } from '../credentials/hash';
import type { StoreContext } from './context';
import { requireProduct, type CredentialMode, type SecretBox } from './drafts';
import { DraftRejected, StoreError } from './errors';
import { offerRow, refreshOffer } from './offers';
import { dropOps, enqueueOp, WAITING } from './outbox';
import { addStagedToPool, setPoolKeep } from './pool';

export interface CredentialStaging {
  /**
   * Seals and stages a part of the rows (checked as queueCredentials checks them); `costs`, by
   * index, what the seller paid for each (a file's cost column; the pool's batches take it).
   */
  add(credentials: readonly CredentialInput[], costs?: readonly (number | null)[]): void;
  /** Rows staged so far. */
  readonly staged: number;
  /**
   * Moves every staged row in one transaction: under one outbox operation (returns how many),
   * or into the restock pool (returns how many were new to it).
   */
  commit(): number;
  /** Forgets the staged rows: nothing was queued. */
  abandon(): void;
}

let stagings = 0;

/** The main database's page cache while a file is staged and moved (see smallCacheWhileStaging). */
const STAGING_CACHE_KIB = 2048;

/** Stagings open per connection, and the main cache size to give back when the last one ends. */
const openStagings = new WeakMap<object, { count: number; cacheBefore: number }>();

/**
 * From the first range staged to the move, the main database's page cache is kept small: the
 * move writes every staged row's pages once (tens of MB for 100k rows), and with the connection's
 * usual cache (16 MB, full of offer pages once the list was shown) those pages and the sealing's
 * allocations came on top of each other — the commit was the core's memory peak. The pages a
 * small cache lets go are reused by the staging itself. Given back when the last staging ends;
 * the offers list read meanwhile comes from the OS's file cache.
 */
function smallCacheWhileStaging(ctx: StoreContext): () => void {
  let open = openStagings.get(ctx.db);
  if (!open) {
    const cacheBefore = ctx.db.pragma('main.cache_size', { simple: true }) as number;
    open = { count: 0, cacheBefore };
    openStagings.set(ctx.db, open);
    ctx.db.pragma(`main.cache_size = -${STAGING_CACHE_KIB}`);
  }
  open.count++;
  const held = open;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--held.count > 0) return;
    openStagings.delete(ctx.db);
    ctx.db.pragma(`main.cache_size = ${held.cacheBefore}`);
  };
}

function requireAccountOffer(ctx: StoreContext, localId: number): void {
  const row = offerRow(ctx, localId);
  if (!row) throw new StoreError('not_found', `Offer ${localId} is not in the store.`);
  if (requireProduct(ctx, row.product_id).marketplace_type !== MarketplaceType.Account) {
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
 * Where a commit moves the staged rows, inside its transaction (`table` holds them in file
 * order: ord, sealed, login_hash, email_hash); returns what the commit reports.
 */
type MoveStaged = (table: string, staged: number) => number;

export function stageCredentials(
  ctx: StoreContext,
  box: SecretBox,
  localId: number,
  mode: CredentialMode,
  cost: PoolCost | null = null,
): CredentialStaging {
  return stageRows(ctx, box, localId, (table, staged) => {
    // What the seller paid for them: a batch per distinct cost, in file order, as the pool's.
    addStagedCostBatches(ctx, localId, table, cost, false);
    if (mode === 'replace') {
      dropOps(ctx, localId, { kinds: ['credentials'], states: WAITING });
    }
    const opId = enqueueOp(ctx, localId, 'credentials', { mode, total: staged });
    // Prepared here, not cached (prep): the table is this import's own.
    ctx.db
      .prepare(
        `INSERT INTO queued_credentials (outbox_id, local_id, sealed, login_hash, email_hash)
         SELECT ?, ?, sealed, login_hash, email_hash FROM ${table} ORDER BY ord`,
      )
      .run(opId, localId);
    refreshOffer(ctx, localId);
    return staged;
  });
}

/**
 * The restock pool's file, staged the same way: the commit adds the rows to the offer's pool
 * (a login already there is not added twice) and sets its level, if `keep` is given, in one
 * transaction, with the batch's cost if given; it returns how many were new to the pool.
 */
export function stagePoolCredentials(
  ctx: StoreContext,
  box: SecretBox,
  localId: number,
  keep: number | null,
  cost: PoolCost | null = null,
): CredentialStaging {
  return stageRows(ctx, box, localId, (table) => {
    // The batches are what is new to the pool (duplicates left out were paid for before, if at
    // all), counted before the rows move.
    addStagedCostBatches(ctx, localId, table, cost, true);
    const added = addStagedToPool(ctx, localId, table);
    if (keep !== null) setPoolKeep(ctx, localId, keep);
    return added;
  });
}

/**
 * The cost batches of staged rows: one per distinct cost, in file order; a row's own cost (a
 * file's cost column) wins over `cost`, rows with neither make no batch. `newToPool`: only rows
 * the offer's pool does not hold yet.
 */
function addStagedCostBatches(
  ctx: StoreContext,
  localId: number,
  table: string,
  cost: PoolCost | null,
  newToPool: boolean,
): void {
  const groups = ctx.db
    .prepare<{ cost: number | null; accounts: number }>(
      `SELECT s.cost AS cost, count(*) AS accounts FROM ${table} s
       WHERE ? = 0 OR NOT EXISTS (SELECT 1 FROM credential_pool p
                                  WHERE p.local_id = ? AND p.login_hash = s.login_hash)
       GROUP BY s.cost ORDER BY min(s.ord)`,
    )
    .all(newToPool ? 1 : 0, localId);
  for (const group of groups) {
    const unitCost = group.cost ?? cost?.unitCost;
    if (unitCost === undefined) continue;
    addCostBatch(ctx, localId, {
      accounts: group.accounts,
      unitCost,
      supplier: cost?.supplier ?? '',
    });
  }
}

function stageRows(
  ctx: StoreContext,
  box: SecretBox,
  localId: number,
  move: MoveStaged,
): CredentialStaging {
  requireAccountOffer(ctx, localId);
  const table = `temp.staged_credentials_${++stagings}`;
  // Staged pages are written once and read once: a small cache of them is enough (the default
  // would keep 16 MB of sealed rows in the core's memory besides the main database's).
  ctx.db.pragma('temp.cache_size = -2048');
  ctx.db.exec(
    `CREATE TABLE ${table} (ord INTEGER PRIMARY KEY, sealed BLOB NOT NULL, login_hash TEXT NOT NULL, email_hash TEXT, cost REAL)`,
  );
  const insert = ctx.db.prepare(
    `INSERT INTO ${table} (sealed, login_hash, email_hash, cost) VALUES (?, ?, ?, ?)`,
  );
  let staged = 0;
  let open = true;
  const releaseCache = smallCacheWhileStaging(ctx);
  const drop = () => {
    if (!open) return;
    open = false;
    try {
      ctx.db.exec(`DROP TABLE IF EXISTS ${table}`);
    } finally {
      releaseCache();
    }
  };
  const requireOpen = () => {
    if (!open) throw new StoreError('invalid', 'This import was already queued or abandoned.');
  };
  return {
    get staged() {
      return staged;
    },
    add(credentials, costs) {
      requireOpen();
      const problems = credentials.flatMap((c, i) => credentialProblems(c, staged + i));
      if (problems.length > 0) throw new DraftRejected(problems);
      ctx.db.transaction(() => {
        credentials.forEach((c, i) => {
          const hashes = hashCredential(c);
          // Sealed with its file line, as queueCredentials does (push strips it before sending).
          const sealed = box.seal(Buffer.from(JSON.stringify(c), 'utf8'));
          insert.run(sealed, hashes.loginHash, hashes.emailHash, costs?.[i] ?? null);
        });
      })();
      staged += credentials.length;
    },
    commit() {
      requireOpen();
      if (staged === 0) {
        throw new DraftRejected([
          { field: 'credentials', code: 'required', message: 'No credentials given.' },
        ]);
      }
      try {
        // The offer may have gone (or changed product) while the parts were staged.
        requireAccountOffer(ctx, localId);
        return ctx.db.transaction(() => move(table, staged)).immediate();
      } finally {
        drop();
      }
    },
    abandon: drop,
  };
}
