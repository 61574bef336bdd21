// Profit: what the goods cost the seller, and each sale a pull sees with its figures fixed at that
// time. A gold offer has a cost per unit; an account offer has batches of accounts, each with its
// cost per account and supplier, used first in, first out. Costs are the seller's own figures:
// they live in their own tables, never in an offer's fields, so nothing that sends an offer can
// carry them to the marketplace.
//
// A sale is kept as one row per part: the units of one rise of purchased_amount that one batch
// covered (or that no cost covered). Revenue, commission and cost are fixed when the pull sees the
// sale, so a later change of price, commission or cost does not rewrite what was earned.
import type Database from 'better-sqlite3';
import { MarketplaceType } from '../../contract/marketplace/wire';
import { systemClock } from '../util/clock';
import { prep, type StoreContext } from './context';

export const PROFIT_DDL = `
CREATE TABLE offer_costs (
  local_id INTEGER PRIMARY KEY REFERENCES offers(local_id) ON DELETE CASCADE,
  unit_cost REAL NOT NULL,
  set_at INTEGER NOT NULL
);
CREATE TABLE cost_batches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  accounts INTEGER NOT NULL,
  unit_cost REAL NOT NULL,
  supplier TEXT NOT NULL DEFAULT '',
  sold INTEGER NOT NULL DEFAULT 0,
  added_at INTEGER NOT NULL
);
CREATE INDEX cost_batches_by_offer ON cost_batches(local_id, id);
CREATE TABLE sales (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  server_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  at INTEGER NOT NULL,
  accounts INTEGER NOT NULL,
  units REAL NOT NULL,
  price REAL NOT NULL,
  commission_percent REAL,
  revenue REAL NOT NULL,
  commission REAL NOT NULL,
  cost REAL,
  supplier TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sales_by_at ON sales(at);
CREATE INDEX sales_by_product ON sales(product_id, at);
CREATE TABLE sales_by_offer (
  server_id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  units REAL NOT NULL
);
CREATE INDEX sales_by_offer_last ON sales_by_offer(last_at);
`;

/** What a sale is worth, before the cost: units × price, less the marketplace's share. */
export function saleFigures(
  units: number,
  price: number,
  commissionPercent: number | null,
): { revenue: number; commission: number } {
  const revenue = units * price;
  return { revenue, commission: (revenue * (commissionPercent ?? 0)) / 100 };
}

export interface SaleSeen {
  serverId: number;
  productId: number;
  accounts: boolean;
  at: number;
  units: number;
  /** The price per step and commission before the rise (what the buyer saw). */
  price: number;
  commissionPercent: number | null;
}

interface BatchLeft {
  id: number;
  left: number;
  unit_cost: number;
  supplier: string;
}

/** Records one sale: its cost from the offer's batches (oldest first) or its cost per unit. */
export function recordSale(ctx: StoreContext, sale: SaleSeen): void {
  const insert = prep(
    ctx,
    `INSERT INTO sales (server_id, product_id, at, accounts, units, price, commission_percent,
       revenue, commission, cost, supplier) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const part = (units: number, cost: number | null, supplier: string) => {
    const { revenue, commission } = saleFigures(units, sale.price, sale.commissionPercent);
    insert.run(
      sale.serverId,
      sale.productId,
      sale.at,
      sale.accounts ? 1 : 0,
      units,
      sale.price,
      sale.commissionPercent,
      revenue,
      commission,
      cost,
      supplier,
    );
  };
  const localId = prep<{ local_id: number }>(
    ctx,
    'SELECT local_id FROM offers WHERE server_id = ?',
  ).get(sale.serverId)?.local_id;
  let units = sale.units;
  if (localId !== undefined && sale.accounts) {
    const batches = prep<BatchLeft>(
      ctx,
      `SELECT id, accounts - sold AS left, unit_cost, supplier FROM cost_batches
       WHERE local_id = ? AND sold < accounts ORDER BY id`,
    ).all(localId);
    const take = prep(ctx, 'UPDATE cost_batches SET sold = sold + ? WHERE id = ?');
    for (const batch of batches) {
      if (units <= 0) break;
      const taken = Math.min(units, batch.left);
      take.run(taken, batch.id);
      part(taken, taken * batch.unit_cost, batch.supplier);
      units -= taken;
    }
  }
  if (units > 0) {
    const unitCost =
      localId === undefined
        ? undefined
        : prep<{ unit_cost: number }>(
            ctx,
            'SELECT unit_cost FROM offer_costs WHERE local_id = ?',
          ).get(localId)?.unit_cost;
    part(units, unitCost === undefined ? null : units * unitCost, '');
  }
  prep(
    ctx,
    `INSERT INTO sales_by_offer (server_id, product_id, last_at, units) VALUES (?, ?, ?, ?)
     ON CONFLICT (server_id) DO UPDATE SET product_id = excluded.product_id,
       last_at = max(last_at, excluded.last_at), units = units + excluded.units`,
  ).run(sale.serverId, sale.productId, sale.at, sale.units);
}

/**
 * The sales of the history kept before profit was: each rise between two kept points, at the
 * price before it, with the commission the offer shows now (the pulls before did not keep it) and
 * no cost.
 */
export function backfillSales(db: Database.Database): void {
  const ctx: StoreContext = { db, clock: systemClock };
  const commissionOf = db.prepare<{ json: string }>(
    `SELECT c.json FROM offers o JOIN server_copies c ON c.local_id = o.local_id
     WHERE o.server_id = ?`,
  );
  const commissions = new Map<number, number | null>();
  const commission = (serverId: number): number | null => {
    if (!commissions.has(serverId)) {
      const row = commissionOf.get(serverId);
      const value = row ? (JSON.parse(row.json) as { commission_percent?: unknown }) : null;
      commissions.set(
        serverId,
        typeof value?.commission_percent === 'number' ? value.commission_percent : null,
      );
    }
    return commissions.get(serverId)!;
  };
  const accountsOf = db.prepare<{ marketplace_type: number }>(
    'SELECT marketplace_type FROM products WHERE id = ?',
  );
  type Point = {
    id: number;
    server_id: number;
    product_id: number;
    at: number;
    purchased: number;
    price: number;
  };
  // A page at a time (the writes below cannot run while a read is open on the connection).
  const page = db.prepare<Point>(
    `SELECT id, server_id, product_id, at, purchased, price FROM sales_points
     WHERE (server_id, id) > (?, ?) ORDER BY server_id, id LIMIT 5000`,
  );
  let before: Point | null = null;
  for (;;) {
    const points = page.all(before?.server_id ?? -1, before?.id ?? -1);
    if (points.length === 0) break;
    for (const point of points) {
      if (before && before.server_id === point.server_id && point.purchased > before.purchased) {
        recordSale(ctx, {
          serverId: point.server_id,
          productId: point.product_id,
          accounts: accountsOf.get(point.product_id)?.marketplace_type === MarketplaceType.Account,
          at: point.at,
          units: point.purchased - before.purchased,
          price: before.price,
          commissionPercent: commission(point.server_id),
        });
      }
      before = point;
    }
  }
}

// ---- The seller's costs

/** Sets (or, with null, forgets) the cost per unit of these offers. */
export function setUnitCosts(
  ctx: StoreContext,
  localIds: readonly number[],
  unitCost: number | null,
): void {
  const set = prep(
    ctx,
    `INSERT INTO offer_costs (local_id, unit_cost, set_at) VALUES (?, ?, ?)
     ON CONFLICT (local_id) DO UPDATE SET unit_cost = excluded.unit_cost, set_at = excluded.set_at`,
  );
  const forget = prep(ctx, 'DELETE FROM offer_costs WHERE local_id = ?');
  ctx.db.transaction(() => {
    for (const id of localIds) {
      if (unitCost === null) forget.run(id);
      else set.run(id, unitCost, ctx.clock.now());
    }
  })();
}

export interface CostBatch {
  id: number;
  localId: number;
  accounts: number;
  unitCost: number;
  supplier: string;
  /** Accounts of it counted as sold, first in, first out. */
  sold: number;
  addedAt: number;
}

/** What each account of a batch cost the seller, and from whom. */
export interface PoolCost {
  unitCost: number;
  supplier: string;
}

/** A batch of accounts the seller paid `unitCost` each for; call inside the pool's transaction. */
export function addCostBatch(
  ctx: StoreContext,
  localId: number,
  batch: { accounts: number; unitCost: number; supplier: string },
): void {
  if (batch.accounts <= 0) return;
  prep(
    ctx,
    `INSERT INTO cost_batches (local_id, accounts, unit_cost, supplier, added_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(localId, batch.accounts, batch.unitCost, batch.supplier, ctx.clock.now());
}

export function listCostBatches(ctx: StoreContext, localId: number): CostBatch[] {
  return prep<{
    id: number;
    local_id: number;
    accounts: number;
    unit_cost: number;
    supplier: string;
    sold: number;
    added_at: number;
  }>(ctx, 'SELECT * FROM cost_batches WHERE local_id = ? ORDER BY id')
    .all(localId)
    .map((r) => ({
      id: r.id,
      localId: r.local_id,
      accounts: r.accounts,
      unitCost: r.unit_cost,
      supplier: r.supplier,
      sold: r.sold,
      addedAt: r.added_at,
    }));
}

/**
 * What the next unit sold costs the seller, per offer: for accounts the oldest batch not sold out,
 * else the offer's cost per unit. Offers without a cost are absent.
 */
export function nextUnitCosts(ctx: StoreContext, localIds: readonly number[]): Map<number, number> {
  const costs = new Map<number, number>();
  if (localIds.length === 0) return costs;
  const ids = JSON.stringify(localIds);
  for (const r of prep<{ local_id: number; unit_cost: number }>(
    ctx,
    'SELECT local_id, unit_cost FROM offer_costs WHERE local_id IN (SELECT value FROM json_each(?))',
  ).all(ids)) {
    costs.set(r.local_id, r.unit_cost);
  }
  for (const r of prep<{ local_id: number; unit_cost: number }>(
    ctx,
    `SELECT b.local_id, b.unit_cost FROM cost_batches b
     JOIN (SELECT min(id) AS id FROM cost_batches
           WHERE sold < accounts AND local_id IN (SELECT value FROM json_each(?))
           GROUP BY local_id) f ON f.id = b.id`,
  ).all(ids)) {
    costs.set(r.local_id, r.unit_cost);
  }
  return costs;
}

// ---- Reading sales back

export interface SalesQuery {
  since: number;
  until: number;
  productId?: number;
}

/** One offer's sales of one UTC day from one supplier (or none), added up. */
export interface SalesDayRow {
  serverId: number;
  productId: number;
  accounts: boolean;
  supplier: string;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  units: number;
  revenue: number;
  commission: number;
  /** The cost of the units whose cost is known. */
  cost: number;
  /** Units sold with no cost known (their net leaves the cost out). */
  unitsWithoutCost: number;
  /** The last sale of these (ms). */
  lastAt: number;
}

/** Sales in [since, until], added up per offer, supplier and day: the index on time walks it. */
export function salesByDay(ctx: StoreContext, query: SalesQuery): SalesDayRow[] {
  const where =
    query.productId === undefined
      ? 'at >= ? AND at <= ?'
      : 'product_id = ? AND at >= ? AND at <= ?';
  const params =
    query.productId === undefined
      ? [query.since, query.until]
      : [query.productId, query.since, query.until];
  return prep<{
    server_id: number;
    product_id: number;
    accounts: number;
    supplier: string;
    day: number;
    units: number;
    revenue: number;
    commission: number;
    cost: number;
    without_cost: number;
    last_at: number;
  }>(
    ctx,
    `SELECT server_id, max(product_id) AS product_id, max(accounts) AS accounts, supplier,
       at / 86400000 AS day, sum(units) AS units, sum(revenue) AS revenue,
       sum(commission) AS commission, total(cost) AS cost,
       total(CASE WHEN cost IS NULL THEN units END) AS without_cost, max(at) AS last_at
     FROM sales WHERE ${where} GROUP BY server_id, supplier, day`,
  )
    .all(...params)
    .map((r) => ({
      serverId: r.server_id,
      productId: r.product_id,
      accounts: r.accounts === 1,
      supplier: r.supplier,
      day: r.day,
      units: r.units,
      revenue: r.revenue,
      commission: r.commission,
      cost: r.cost,
      unitsWithoutCost: r.without_cost,
      lastAt: r.last_at,
    }));
}

export interface OfferLastSale {
  serverId: number;
  productId: number;
  lastAt: number;
  /** Units it ever sold. */
  units: number;
}

/** Offers whose last sale was before `before`: they sold nothing since. */
export function offersLastSoldBefore(
  ctx: StoreContext,
  before: number,
  productId?: number,
): OfferLastSale[] {
  return prep<{ server_id: number; product_id: number; last_at: number; units: number }>(
    ctx,
    `SELECT server_id, product_id, last_at, units FROM sales_by_offer
     WHERE last_at < ? AND (? IS NULL OR product_id = ?)`,
  )
    .all(before, productId ?? null, productId ?? null)
    .map((r) => ({
      serverId: r.server_id,
      productId: r.product_id,
      lastAt: r.last_at,
      units: r.units,
    }));
}

/** An offer that sold nothing since a time, with what a dead-stock list needs to price it. */
export interface IdleOffer {
  localId: number;
  serverId: number;
  productId: number;
  accounts: boolean;
  name: string;
  status: number | null;
  /** The offer's amount (gold: units in stock). */
  amount: number | null;
  /** Its last sale (ms), or null when it never sold. */
  lastAt: number | null;
  /** The seller's cost per unit, or null. */
  unitCost: number | null;
  /** Accounts of its cost batches not sold yet, and what they cost together. */
  batchAccounts: number;
  batchCost: number;
}

/** Offers on the marketplace whose last sale is before `before`, or that never sold. */
export function idleOffersSince(ctx: StoreContext, before: number): IdleOffer[] {
  return prep<{
    local_id: number;
    server_id: number;
    product_id: number;
    marketplace_type: number | null;
    name: string;
    status: number | null;
    amount: number | null;
    last_at: number | null;
    unit_cost: number | null;
    batch_accounts: number | null;
    batch_cost: number | null;
  }>(
    ctx,
    `SELECT o.local_id, o.server_id, o.product_id, p.marketplace_type,
       CASE WHEN o.internal_name <> '' THEN o.internal_name ELSE o.outer_name END AS name,
       o.status, o.amount, s.last_at, c.unit_cost, b.accounts AS batch_accounts,
       b.cost AS batch_cost
     FROM offers o
     LEFT JOIN products p ON p.id = o.product_id
     LEFT JOIN sales_by_offer s ON s.server_id = o.server_id
     LEFT JOIN offer_costs c ON c.local_id = o.local_id
     LEFT JOIN (SELECT local_id, sum(accounts - sold) AS accounts,
                  sum((accounts - sold) * unit_cost) AS cost
                FROM cost_batches WHERE sold < accounts GROUP BY local_id) b
       ON b.local_id = o.local_id
     WHERE o.server_id IS NOT NULL AND o.pending_delete = 0
       AND (s.last_at IS NULL OR s.last_at < ?)
     ORDER BY o.server_id`,
  )
    .all(before)
    .map((r) => ({
      localId: r.local_id,
      serverId: r.server_id,
      productId: r.product_id,
      accounts: r.marketplace_type === MarketplaceType.Account,
      name: r.name,
      status: r.status,
      amount: r.amount,
      lastAt: r.last_at,
      unitCost: r.unit_cost,
      batchAccounts: r.batch_accounts ?? 0,
      batchCost: r.batch_cost ?? 0,
    }));
}
