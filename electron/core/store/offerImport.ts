// An offers file queued as local changes: every row becomes a new offer or an edit with its one
// manage operation, all in one transaction, before the caller tells the seller "saved". The
// product is read once, each new offer written once (see insertNewOffer), and a large import
// builds the list's indexes and counts once at the end instead of row by row: 100k rows are
// queued in seconds. Also the offers an import is matched
// against (duplicates, edits by id), read in one pass rather than offer by offer.
import { parseJson, prep, type StoreContext } from './context';
import {
  checkNewOffer,
  editOffer,
  insertNewOffer,
  requireProduct,
  type EditFollowUp,
} from './drafts';
import { DraftRejected } from './errors';
import { flattenServerOffer, type FlatFields, type OfferDraft } from './offerFields';
import { OFFER_COUNT_TRIGGERS, RECOUNT_OFFERS_SQL } from './schema';
import type { Offer } from '../../contract/marketplace/wire';

export type ImportedOffer =
  | { action: 'create'; fields: OfferDraft; guaranteeDeliveryTime: number }
  | ({ action: 'edit'; localId: number; patch: OfferDraft } & EditFollowUp);

export interface OfferImportResult {
  /** Per row, in order: the offer queued, or null for a refused row (or when nothing was). */
  localIds: (number | null)[];
  /** Rows the store's own check refused, by index into the rows given. */
  refused: { index: number; problems: DraftRejected['problems'] }[];
}

/** Thrown inside the transaction to undo it when a refused row spoils the whole import. */
class RollBack extends Error {}

/**
 * Below this many new offers, or a tenth of those already there, keeping the list's indexes and
 * counts row by row costs less than building them again (100k offers: about 1 s to rebuild,
 * against some 200 µs an insert).
 */
export const REBUILD_MIN_CREATES = 2000;
const REBUILD_SHARE = 0.1;

/**
 * Runs `write` (inside the import's transaction) with what the list keeps per row set aside: the
 * `offers` table's own indexes (~40, one per filter and sort column, schema.ts) and the triggers
 * that keep `offer_counts`. Afterwards the indexes and triggers are created again from their
 * stored SQL, so the schema ends exactly as it was, and the counts are counted afresh. Being part
 * of the transaction, a failure or a crash leaves everything as it was, and other connections
 * keep reading their snapshot, indexes included, until the commit.
 */
function withListUpkeepAfter<T>(ctx: StoreContext, creates: number, write: () => T): T {
  const existing = prep<{ n: number }>(ctx, 'SELECT count(*) AS n FROM offers').get()!.n;
  if (creates < REBUILD_MIN_CREATES || creates < existing * REBUILD_SHARE) return write();
  const setAside = prep<{ type: string; name: string; sql: string }>(
    ctx,
    `SELECT type, name, sql FROM sqlite_master
     WHERE (type = 'index' AND tbl_name = 'offers' AND sql IS NOT NULL)
        OR (type = 'trigger' AND name IN (${OFFER_COUNT_TRIGGERS.map(() => '?').join(', ')}))`,
  ).all(...OFFER_COUNT_TRIGGERS);
  for (const { type, name } of setAside) {
    ctx.db.exec(`DROP ${type === 'index' ? 'INDEX' : 'TRIGGER'} "${name.replaceAll('"', '""')}"`);
  }
  const result = write();
  for (const { sql } of setAside) ctx.db.exec(sql);
  ctx.db.exec(RECOUNT_OFFERS_SQL);
  return result;
}

/**
 * An import in two parts: `stage` checks rows (the long part: the marketplace's rules for every
 * new offer, no write), a chunk at a time if the caller likes, so it may yield in between; then
 * `commit` queues them all in one immediate transaction (the short part). A refused row (the
 * rules, checked again as for every local change) leaves everything unqueued and every refusal
 * listed, unless `skipRefused`: then it alone is left out. Any other failure rolls it all back.
 */
export interface StagedOfferImport {
  /** Checks the next rows, in file order. */
  stage(rows: readonly ImportedOffer[]): void;
  commit(opts?: { skipRefused?: boolean }): OfferImportResult;
}

export function stageOfferImport(ctx: StoreContext, productId: number): StagedOfferImport {
  const product = requireProduct(ctx, productId);
  const rows: ImportedOffer[] = [];
  const creates: (ReturnType<typeof checkNewOffer> | null)[] = [];
  const refused: OfferImportResult['refused'] = [];
  return {
    stage(next) {
      for (const row of next) {
        const index = rows.length;
        rows.push(row);
        if (row.action !== 'create') {
          creates.push(null);
          continue;
        }
        const checked = checkNewOffer(product, row);
        if (checked.problems.length > 0) refused.push({ index, problems: checked.problems });
        creates.push(checked);
      }
    },
    commit(opts = {}) {
      const nothing = (): OfferImportResult => ({ localIds: rows.map(() => null), refused });
      if (refused.length > 0 && !opts.skipRefused) return nothing();
      const now = ctx.clock.now();
      const newOffers = creates.filter((c) => c !== null && c.problems.length === 0).length;
      const queue = ctx.db.transaction((): (number | null)[] => {
        const localIds = withListUpkeepAfter(ctx, newOffers, () =>
          rows.map((row, index): number | null => {
            const create = creates[index];
            if (create) {
              return create.problems.length > 0
                ? null
                : insertNewOffer(ctx, product, create.flat, now);
            }
            if (row.action !== 'edit') return null;
            try {
              editOffer(ctx, row.localId, row.patch, { thenStatus: row.thenStatus });
              return row.localId;
            } catch (error) {
              if (!(error instanceof DraftRejected)) throw error;
              refused.push({ index, problems: error.problems });
              return null;
            }
          }),
        );
        if (refused.length > 0 && !opts.skipRefused) throw new RollBack();
        return localIds;
      });
      try {
        const localIds = queue.immediate();
        refused.sort((x, y) => x.index - y.index);
        return { localIds, refused };
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
        refused.sort((x, y) => x.index - y.index);
        return nothing();
      }
    },
  };
}

/** Queues the rows of one product in file order, staged and committed at once. */
export function importOffers(
  ctx: StoreContext,
  productId: number,
  rows: readonly ImportedOffer[],
  opts: { skipRefused?: boolean } = {},
): OfferImportResult {
  const staged = stageOfferImport(ctx, productId);
  staged.stage(rows);
  return staged.commit(opts);
}

/** An offer as an import matches against it: the seller's view of its fields (merged). */
export interface OfferToMatch {
  localId: number;
  serverId: number | null;
  productId: number;
  fields: FlatFields;
}

interface MatchRow {
  local_id: number;
  server_id: number | null;
  product_id: number;
  server_json: string | null;
  mine: string | null;
}

const matchSelect = `SELECT o.local_id, o.server_id, o.product_id, c.json AS server_json,
    lc.mine FROM offers o
  LEFT JOIN server_copies c ON c.local_id = o.local_id
  LEFT JOIN local_changes lc ON lc.local_id = o.local_id`;

/** The same merge as mergedFields (server copy, then the local change over it), from one row. */
function toMatch(r: MatchRow): OfferToMatch {
  const server = parseJson<Offer | null>(r.server_json, null);
  return {
    localId: r.local_id,
    serverId: r.server_id,
    productId: r.product_id,
    fields: {
      ...(server ? flattenServerOffer(server) : {}),
      ...parseJson<FlatFields>(r.mine, {}),
    },
  };
}

/** The product's offers that are not waiting to be deleted: what a new row may duplicate. */
export function liveOffersOfProduct(ctx: StoreContext, productId: number): OfferToMatch[] {
  return prep<MatchRow>(ctx, `${matchSelect} WHERE o.product_id = ? AND o.pending_delete = 0`)
    .all(productId)
    .map(toMatch);
}

/** The offer a row's `id` names, if the local data has it. */
export function offerOfServerId(ctx: StoreContext, serverId: number): OfferToMatch | undefined {
  const row = prep<MatchRow>(ctx, `${matchSelect} WHERE o.server_id = ?`).get(serverId);
  return row ? toMatch(row) : undefined;
}
