// "How am I selling, and what do I keep?": units sold, revenue, the marketplace's commission, the
// cost of goods and the net, from the sales each pull records (core/store/profit.ts). A sale is
// seen as a rise of purchased_amount between two pulls; its revenue is estimated as units × the
// price per step known before the rise (the marketplace does not say what each buyer paid, nor
// exactly when between the two pulls they bought), its commission as that revenue × the offer's
// commission percent, and its cost from the seller's own figures (accounts first in, first out).
// Gold units and accounts are different things: each has its own totals.
import type { SalesDayRow } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export type SalesBucket = 'day' | 'week' | 'month';

export interface SalesReportInput {
  /** Sales seen at or after this time (ms); default: the last 30 days. */
  since?: number;
  productId?: number;
  bucket?: SalesBucket;
  /** Offers that sold before `since` but not since count as "stopped selling". Default now. */
  now?: number;
}

export interface SalesTotals {
  units: number;
  revenue: number;
  commission: number;
  /** The cost of the units whose cost the seller gave. */
  cost: number;
  /** revenue − commission − cost. */
  net: number;
  /** net ÷ revenue, in percent (one decimal); null with no revenue. */
  margin: number | null;
  /** Units sold with no cost known: their net leaves the cost out. */
  unitsWithoutCost: number;
}

/** The totals, with gold units and accounts apart (units of the two are not added up). */
export interface SalesTotalsByKind extends SalesTotals {
  gold: SalesTotals;
  accounts: SalesTotals;
}

export type SaleKind = 'gold' | 'account';

export interface OfferSales extends SalesTotals {
  /** The marketplace id. */
  id: number;
  name: string;
  productId: number;
  kind: SaleKind;
  /** The last sale seen (ISO 8601), or null. */
  lastSaleAt: string | null;
}

export interface ProductSales extends SalesTotals {
  productId: number;
  title: string;
  kind: SaleKind;
  offers: number;
}

export interface SupplierSales extends SalesTotals {
  /** '' for sales no batch of a named supplier covered. */
  supplier: string;
}

export interface SalesStep extends SalesTotalsByKind {
  /** Start of the day, week or month (ISO 8601 date, UTC). */
  start: string;
}

export interface StoppedOffer {
  id: number;
  name: string;
  productId: number;
  /** Units it sold before the period. */
  unitsBefore: number;
  lastSaleAt: string;
}

export interface SalesReport {
  since: string;
  until: string;
  bucket: SalesBucket;
  totals: SalesTotalsByKind;
  /** Every day, week or month of the period, empty ones too, oldest first. */
  series: SalesStep[];
  products: ProductSales[];
  /** Sales of accounts per supplier of their batches. */
  suppliers: SupplierSales[];
  /** Offers that sold in the period, most units first. */
  offers: OfferSales[];
  /** The best few of `offers` by revenue. */
  topSellers: OfferSales[];
  /** The best few of `offers` by net. */
  topByNet: OfferSales[];
  /** Offers that sold before the period and nothing in it, most recent last sale first. */
  stopped: StoppedOffer[];
  /** How many pulls' worth of history there is: false when nothing was ever recorded. */
  hasHistory: boolean;
}

export const DAY_MS = 86_400_000;
const DEFAULT_SPAN_MS = 30 * DAY_MS;
const TOP = 5;
const MAX_STEPS = 400;

/** The start of the day (UTC), of the ISO week (Monday, UTC) or of the month holding `at`. */
export function stepStart(at: number, bucket: SalesBucket): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  if (bucket === 'day') return day;
  const date = new Date(day);
  if (bucket === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const weekday = (date.getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

function nextStep(start: number, bucket: SalesBucket): number {
  if (bucket === 'day') return start + DAY_MS;
  if (bucket === 'week') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Sums as they add up, rounded to the cent once at the end. */
interface Sums {
  units: number;
  revenue: number;
  commission: number;
  cost: number;
  unitsWithoutCost: number;
}

const noSums = (): Sums => ({ units: 0, revenue: 0, commission: 0, cost: 0, unitsWithoutCost: 0 });

function add(into: Sums, row: Sums): void {
  into.units += row.units;
  into.revenue += row.revenue;
  into.commission += row.commission;
  into.cost += row.cost;
  into.unitsWithoutCost += row.unitsWithoutCost;
}

/** The figures the seller sees, from sums: each rounded to the cent, the net from those. */
export function totalsOf(s: Sums): SalesTotals {
  const revenue = round2(s.revenue);
  const commission = round2(s.commission);
  const cost = round2(s.cost);
  const net = round2(revenue - commission - cost);
  return {
    units: s.units,
    revenue,
    commission,
    cost,
    net,
    margin: revenue > 0 ? Math.round((net / revenue) * 1000) / 10 : null,
    unitsWithoutCost: s.unitsWithoutCost,
  };
}

interface KindSums {
  gold: Sums;
  accounts: Sums;
}

const noKindSums = (): KindSums => ({ gold: noSums(), accounts: noSums() });

function byKindOf(s: KindSums): SalesTotalsByKind {
  // Money adds up across kinds; units do too, for the seller who asks "how many sales".
  const all = noSums();
  add(all, s.gold);
  add(all, s.accounts);
  return { ...totalsOf(all), gold: totalsOf(s.gold), accounts: totalsOf(s.accounts) };
}

function checkInput(since: number, now: number, bucket: SalesBucket): number {
  if (!Number.isFinite(since) || since > now) {
    throw new UseCaseFailure('bad_input', 'The start of the period must be in the past.', [], {
      say: { key: 'refusals.sales.startInPast' },
    });
  }
  if (bucket !== 'day' && bucket !== 'week' && bucket !== 'month') {
    throw new UseCaseFailure('bad_input', 'Show sales per day, per week or per month.', [], {
      say: { key: 'refusals.sales.bucket' },
    });
  }
  const first = stepStart(since, bucket);
  const stepDays = bucket === 'day' ? 1 : bucket === 'week' ? 7 : 28;
  if ((now - first) / (stepDays * DAY_MS) > MAX_STEPS) {
    throw new UseCaseFailure(
      'bad_input',
      `That period is too long to show per ${bucket}: choose a shorter one or a longer step.`,
      [],
      { say: { key: 'refusals.sales.tooLong', values: { bucket } } },
    );
  }
  return first;
}

interface OfferSums extends Sums {
  productId: number;
  accounts: boolean;
  lastAt: number;
}

export function salesReport(profile: SellerProfile, input: SalesReportInput = {}): SalesReport {
  const now = input.now ?? Date.now();
  const since = input.since ?? now - DEFAULT_SPAN_MS;
  const bucket = input.bucket ?? 'day';
  const first = checkInput(since, now, bucket);
  const store = profile.store();
  const profit = store.profit();
  const rows: SalesDayRow[] = profit.salesByDay({
    since,
    until: now,
    ...(input.productId !== undefined && { productId: input.productId }),
  });

  const steps = new Map<number, KindSums>();
  for (let t = first; t <= now; t = nextStep(t, bucket)) steps.set(t, noKindSums());
  const totals = noKindSums();
  const perOffer = new Map<number, OfferSums>();
  const perSupplier = new Map<string, Sums>();
  const stepOfDay = new Map<number, KindSums | undefined>();
  for (const row of rows) {
    const kind = row.accounts ? 'accounts' : 'gold';
    add(totals[kind], row);
    let step = stepOfDay.get(row.day);
    if (!stepOfDay.has(row.day)) {
      step = steps.get(stepStart(row.day * DAY_MS, bucket));
      stepOfDay.set(row.day, step);
    }
    if (step) add(step[kind], row);
    const offer = perOffer.get(row.serverId) ?? {
      ...noSums(),
      productId: row.productId,
      accounts: row.accounts,
      lastAt: row.lastAt,
    };
    add(offer, row);
    offer.lastAt = Math.max(offer.lastAt, row.lastAt);
    perOffer.set(row.serverId, offer);
    if (row.accounts) {
      const supplier = perSupplier.get(row.supplier) ?? noSums();
      add(supplier, row);
      perSupplier.set(row.supplier, supplier);
    }
  }

  // Sold before the period and not since: their last sale is before it.
  const before = profit.lastSoldBefore(since, input.productId);
  const names = profit.names([...perOffer.keys(), ...before.map((o) => o.serverId)]);

  const offers: OfferSales[] = [...perOffer].map(([id, s]) => ({
    id,
    name: names.get(id) ?? '',
    productId: s.productId,
    kind: s.accounts ? 'account' : 'gold',
    ...totalsOf(s),
    lastSaleAt: new Date(s.lastAt).toISOString(),
  }));
  const byProduct = new Map<number, Sums & { offers: number; accounts: boolean }>();
  for (const [, s] of perOffer) {
    const p = byProduct.get(s.productId) ?? { ...noSums(), offers: 0, accounts: s.accounts };
    p.offers++;
    add(p, s);
    byProduct.set(s.productId, p);
  }
  const products: ProductSales[] = [...byProduct]
    .map(([productId, p]) => ({
      productId,
      title: store.getProduct(productId)?.title ?? `Product ${productId}`,
      kind: (p.accounts ? 'account' : 'gold') as SaleKind,
      offers: p.offers,
      ...totalsOf(p),
    }))
    .sort((a, b) => b.revenue - a.revenue || a.productId - b.productId);
  offers.sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.id - b.id);
  const stopped: StoppedOffer[] = before
    .map((o) => ({
      id: o.serverId,
      name: names.get(o.serverId) ?? '',
      productId: o.productId,
      unitsBefore: o.units,
      lastSaleAt: new Date(o.lastAt).toISOString(),
    }))
    .sort((a, b) => b.lastSaleAt.localeCompare(a.lastSaleAt) || a.id - b.id);

  return {
    since: new Date(since).toISOString(),
    until: new Date(now).toISOString(),
    bucket,
    totals: byKindOf(totals),
    series: [...steps].map(([start, s]) => ({
      start: new Date(start).toISOString().slice(0, 10),
      ...byKindOf(s),
    })),
    products,
    suppliers: [...perSupplier]
      .map(([supplier, s]) => ({ supplier, ...totalsOf(s) }))
      .sort((a, b) => b.net - a.net || a.supplier.localeCompare(b.supplier)),
    offers,
    topSellers: [...offers].sort((a, b) => b.revenue - a.revenue || a.id - b.id).slice(0, TOP),
    topByNet: [...offers].sort((a, b) => b.net - a.net || a.id - b.id).slice(0, TOP),
    stopped,
    hasHistory: store.lastSalesPointId() > 0,
  };
}

/** What "estimated" rests on, in the seller's words (the view and the CLI's help say it). */
export const ESTIMATE_NOTE =
  'Revenue is estimated: units sold (the rise of each offer’s sold count between two syncs) ' +
  '× the offer’s price per step before that sync. The marketplace does not report what each ' +
  'buyer paid, and a sale is dated by the sync that saw it. Commission is that revenue × the ' +
  'offer’s commission percent; cost is your own figure when the sale was seen (accounts: the ' +
  'oldest batch first); net is revenue − commission − cost, and leaves out the cost of units ' +
  'you gave no cost for.';
