// Sales history: per offer, a row each time a pull sees its purchased_amount, price or status
// differ from the last row kept (the first sighting is the baseline). One row per change keeps
// the table bounded by what happened, not by how often the seller syncs; the rows are written in
// the pull's transaction for the page, so the history never disagrees with the offers stored.
import type { Offer } from '../../contract/marketplace/wire';
import { MarketplaceType } from '../../contract/marketplace/wire';
import { prep, type StoreContext } from './context';
import { recordSale } from './profit';

export interface SalesPoint {
  serverId: number;
  productId: number;
  name: string;
  /** When the pull saw it (ms). */
  at: number;
  purchased: number;
  price: number;
  status: number;
}

interface PointRow {
  server_id: number;
  product_id: number;
  name: string;
  at: number;
  purchased: number;
  price: number;
  status: number;
}

export const SALES_DDL = `
CREATE TABLE sales_points (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  server_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  at INTEGER NOT NULL,
  purchased REAL NOT NULL,
  price REAL NOT NULL,
  status INTEGER NOT NULL
);
CREATE INDEX sales_points_by_offer ON sales_points(server_id, id);
CREATE INDEX sales_points_by_product ON sales_points(product_id, server_id, id);
`;

/** Records the offers of one pulled page that changed; returns how many rows were added. */
export function recordSalesPoints(ctx: StoreContext, offers: readonly Offer[]): number {
  if (offers.length === 0) return 0;
  // Each offer's last point, for the whole page in one query (the index walks to max(id)).
  type Last = Pick<PointRow, 'purchased' | 'price' | 'status'> & { commission: number | null };
  const last = new Map<number, Last>();
  for (const row of prep<Last & { server_id: number }>(
    ctx,
    `SELECT p.server_id, p.purchased, p.price, p.status, p.commission FROM sales_points p
     JOIN (SELECT max(id) AS id FROM sales_points
           WHERE server_id IN (SELECT value FROM json_each(?)) GROUP BY server_id) l ON l.id = p.id`,
  ).all(JSON.stringify(offers.map((o) => o.id)))) {
    last.set(row.server_id, row);
  }
  const insert = prep(
    ctx,
    `INSERT INTO sales_points (server_id, product_id, name, at, purchased, price, status,
       commission) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const at = ctx.clock.now();
  let added = 0;
  for (const offer of offers) {
    const previous = last.get(offer.id);
    const purchased = offer.purchased_amount ?? 0;
    if (
      previous &&
      previous.purchased === purchased &&
      previous.price === offer.price_per_step &&
      previous.status === offer.status
    ) {
      continue;
    }
    // A rise is a sale, at the price and commission before it (a fall is a refund or a reset).
    if (previous && purchased > previous.purchased) {
      recordSale(ctx, {
        serverId: offer.id,
        productId: offer.product_id,
        accounts: offer.marketplace_type === MarketplaceType.Account,
        at,
        units: purchased - previous.purchased,
        price: previous.price,
        commissionPercent: previous.commission ?? offer.commission_percent,
      });
    }
    insert.run(
      offer.id,
      offer.product_id,
      offer.outer_name ?? '',
      at,
      purchased,
      offer.price_per_step,
      offer.status,
      offer.commission_percent,
    );
    last.set(offer.id, {
      purchased,
      price: offer.price_per_step,
      status: offer.status,
      commission: offer.commission_percent,
    });
    added++;
  }
  return added;
}

export interface SalesPointQuery {
  productId?: number;
  /** Points up to this time (ms), inclusive. */
  until?: number;
}

// The name the seller sees now (their own rename included), else the one recorded, else what the
// offers list shows for a nameless gold offer (its field values, "Ashbringer · Horde").
const POINT_NAME = `coalesce(nullif(o.outer_name, ''), nullif(p.name, ''),
  nullif(o.field_values, ''), '')`;
const POINT_COLUMNS = `p.server_id, p.product_id, p.at, p.purchased, p.price, p.status,
  ${POINT_NAME} AS name`;
const NAMED_BY_OFFER = 'LEFT JOIN offers o ON o.server_id = p.server_id';

/** Every kept point, per offer in the order recorded. */
export function listSalesPoints(ctx: StoreContext, query: SalesPointQuery = {}): SalesPoint[] {
  const rows =
    query.productId !== undefined
      ? prep<PointRow>(
          ctx,
          `SELECT ${POINT_COLUMNS} FROM sales_points p ${NAMED_BY_OFFER}
           WHERE p.product_id = ? AND p.at <= ? ORDER BY p.server_id, p.id`,
        ).all(query.productId, query.until ?? Number.MAX_SAFE_INTEGER)
      : prep<PointRow>(
          ctx,
          `SELECT ${POINT_COLUMNS} FROM sales_points p ${NAMED_BY_OFFER}
           WHERE p.at <= ? ORDER BY p.server_id, p.id`,
        ).all(query.until ?? Number.MAX_SAFE_INTEGER);
  return rows.map(pointOf);
}

const pointOf = (r: PointRow): SalesPoint => ({
  serverId: r.server_id,
  productId: r.product_id,
  name: r.name,
  at: r.at,
  purchased: r.purchased,
  price: r.price,
  status: r.status,
});

/** A point and the one before it of the same offer (null for an offer's first). */
export interface SalesPointChange {
  id: number;
  point: SalesPoint;
  before: Pick<SalesPoint, 'purchased' | 'price' | 'status'> | null;
}

/** The last point's id (0 with none): where a reader of what comes next starts. */
export function lastSalesPointId(ctx: StoreContext): number {
  return prep<{ id: number | null }>(ctx, 'SELECT max(id) AS id FROM sales_points').get()!.id ?? 0;
}

/** Points recorded after `afterId`, oldest first, each with its offer's point before it. */
export function salesPointChangesAfter(
  ctx: StoreContext,
  afterId: number,
  limit: number,
): SalesPointChange[] {
  return prep<
    PointRow & {
      id: number;
      before_purchased: number | null;
      before_price: number | null;
      before_status: number | null;
    }
  >(
    ctx,
    `SELECT p.id, ${POINT_COLUMNS},
       b.purchased AS before_purchased, b.price AS before_price, b.status AS before_status
     FROM sales_points p ${NAMED_BY_OFFER}
     LEFT JOIN sales_points b ON b.id = (SELECT max(id) FROM sales_points
                                         WHERE server_id = p.server_id AND id < p.id)
     WHERE p.id > ? ORDER BY p.id LIMIT ?`,
  )
    .all(afterId, limit)
    .map((r) => ({
      id: r.id,
      point: pointOf(r),
      before:
        r.before_purchased === null
          ? null
          : { purchased: r.before_purchased, price: r.before_price!, status: r.before_status! },
    }));
}

/** Offer names as the sales history shows them (the seller's own rename first). */
export function salesNames(ctx: StoreContext, serverIds: readonly number[]): Map<number, string> {
  const names = new Map<number, string>();
  if (serverIds.length === 0) return names;
  for (const r of prep<{ server_id: number; name: string }>(
    ctx,
    `SELECT p.server_id, ${POINT_NAME} AS name
     FROM sales_points p ${NAMED_BY_OFFER}
     WHERE p.id IN (SELECT max(id) FROM sales_points
                    WHERE server_id IN (SELECT value FROM json_each(?)) GROUP BY server_id)`,
  ).all(JSON.stringify(serverIds))) {
    names.set(r.server_id, r.name);
  }
  return names;
}
