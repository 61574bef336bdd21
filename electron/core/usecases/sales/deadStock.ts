// "What is not selling, and how much money sits in it?": offers on the marketplace with no sale in
// the last N days (never sold too), with the stock they hold and what that stock cost the seller.
// Gold: the offer's amount × its cost per unit. Accounts: the credentials left on the marketplace
// by our count (core/usecases/stock) plus those waiting in the restock pool; their cost is what is
// left of the pooled batches (first in, first out), the rest at the offer's cost per unit. An
// offer whose cost the seller never gave says so (cost null), it is never counted as free.
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { poolReport, stockReport } from '../stock';
import { DAY_MS, type SaleKind } from './salesReport';

export const DEFAULT_DEAD_DAYS = 14;
export const MAX_DEAD_DAYS = 3650;

export interface DeadStockInput {
  /** No sale in this many days (default 14). */
  days?: number;
  now?: number;
}

export interface DeadOffer {
  /** The marketplace id. */
  id: number;
  localId: number;
  name: string;
  productId: number;
  kind: SaleKind;
  status: number | null;
  /** Gold: units; accounts: on the marketplace by our count plus the restock pool. */
  stock: number;
  /** Accounts: the marketplace holds credentials we cannot count (only the pool is in stock). */
  stockUnknown: boolean;
  /** What the stock cost the seller (two decimals); null when no cost was set for some of it. */
  cost: number | null;
  /** The last sale seen (ISO 8601), or null when it never sold. */
  lastSaleAt: string | null;
}

export interface DeadStock {
  days: number;
  /** No sale since this time (ISO 8601). */
  since: string;
  /** Most tied-up cost first, then most stock. */
  offers: DeadOffer[];
  totals: {
    offers: number;
    goldUnits: number;
    accounts: number;
    /** Cost of the stock whose cost is known. */
    cost: number;
    /** Offers with stock whose cost is not known. */
    withoutCost: number;
  };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function deadStock(profile: SellerProfile, input: DeadStockInput = {}): DeadStock {
  const days = input.days ?? DEFAULT_DEAD_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DEAD_DAYS) {
    throw new UseCaseFailure(
      'bad_input',
      `Choose a whole number of days from 1 to ${MAX_DEAD_DAYS}.`,
      [],
      { say: { key: 'refusals.sales.deadDays', values: { max: MAX_DEAD_DAYS } } },
    );
  }
  const now = input.now ?? Date.now();
  const since = now - days * DAY_MS;
  const idle = profile.store().profit().idleSince(since);
  const anyAccounts = idle.some((o) => o.accounts);
  const onMarketplace = new Map(
    anyAccounts ? stockReport(profile).map((s) => [s.localId, s.credentialsLeft]) : [],
  );
  const pools = new Map(anyAccounts ? poolReport(profile).map((p) => [p.localId, p.pool]) : []);
  const offers: DeadOffer[] = [];
  for (const o of idle) {
    let stock: number;
    let stockUnknown = false;
    let cost: number | null;
    if (o.accounts) {
      const left = onMarketplace.get(o.localId);
      stockUnknown = left === null;
      stock = (left ?? 0) + (pools.get(o.localId) ?? 0);
      // The batches not sold out cover the stock first; the rest is at the cost per unit.
      const covered = Math.min(stock, o.batchAccounts);
      const rest = stock - covered;
      const batchShare = o.batchAccounts > 0 ? (o.batchCost * covered) / o.batchAccounts : 0;
      cost = rest === 0 ? batchShare : o.unitCost === null ? null : batchShare + rest * o.unitCost;
    } else {
      stock = o.amount ?? 0;
      cost = o.unitCost === null ? null : stock * o.unitCost;
    }
    if (stock <= 0 && !stockUnknown) continue;
    offers.push({
      id: o.serverId,
      localId: o.localId,
      name: o.name,
      productId: o.productId,
      kind: o.accounts ? 'account' : 'gold',
      status: o.status,
      stock,
      stockUnknown,
      cost: cost === null ? null : round2(cost),
      lastSaleAt: o.lastAt === null ? null : new Date(o.lastAt).toISOString(),
    });
  }
  offers.sort((a, b) => (b.cost ?? -1) - (a.cost ?? -1) || b.stock - a.stock || a.id - b.id);
  return {
    days,
    since: new Date(since).toISOString(),
    offers,
    totals: {
      offers: offers.length,
      goldUnits: offers.filter((o) => o.kind === 'gold').reduce((n, o) => n + o.stock, 0),
      accounts: offers.filter((o) => o.kind === 'account').reduce((n, o) => n + o.stock, 0),
      cost: round2(offers.reduce((n, o) => n + (o.cost ?? 0), 0)),
      withoutCost: offers.filter((o) => o.cost === null && o.stock > 0).length,
    },
  };
}
