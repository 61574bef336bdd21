// "How am I selling?": units sold and estimated revenue from the sales history each pull keeps
// (core/store/sales.ts). A sale is seen as a rise of purchased_amount between two pulls; its
// revenue is estimated as units × the price per step known before the rise (the marketplace does
// not say what each buyer paid, nor exactly when between the two pulls they bought).
import type { SalesPoint } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export type SalesBucket = 'day' | 'week';

export interface SalesReportInput {
  /** Sales seen at or after this time (ms); default: the last 30 days. */
  since?: number;
  productId?: number;
  bucket?: SalesBucket;
  /** Offers that sold before `since` but not since count as "stopped selling". Default now. */
  now?: number;
}

export interface SalesTotals {
  unitsSold: number;
  revenue: number;
}

export interface OfferSales extends SalesTotals {
  /** The marketplace id. */
  id: number;
  name: string;
  productId: number;
  /** The last sale seen (ISO 8601), or null. */
  lastSaleAt: string | null;
}

export interface ProductSales extends SalesTotals {
  productId: number;
  title: string;
  offers: number;
}

export interface SalesStep extends SalesTotals {
  /** Start of the day or week (ISO 8601 date, UTC). */
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
  totals: SalesTotals;
  /** Every day or week of the period, empty ones too, oldest first. */
  series: SalesStep[];
  products: ProductSales[];
  /** Offers that sold in the period, most units first. */
  offers: OfferSales[];
  /** The best few of `offers` by revenue. */
  topSellers: OfferSales[];
  /** Offers that sold before the period and nothing in it, most recent last sale first. */
  stopped: StoppedOffer[];
  /** How many pulls' worth of history there is: false when nothing was ever recorded. */
  hasHistory: boolean;
}

export const DAY_MS = 86_400_000;
const DEFAULT_SPAN_MS = 30 * DAY_MS;
const TOP = 5;
const MAX_STEPS = 400;

interface Sale {
  at: number;
  units: number;
  revenue: number;
}

/** Rises of purchased_amount, per offer, priced at the price known before each rise. */
export function salesOf(points: readonly SalesPoint[]): Map<number, Sale[]> {
  const sales = new Map<number, Sale[]>();
  for (let i = 1; i < points.length; i++) {
    const before = points[i - 1]!;
    const after = points[i]!;
    if (before.serverId !== after.serverId) continue;
    const units = after.purchased - before.purchased;
    // A fall (a refund or a reset) is not a sale; the next rise counts from the new level.
    if (units <= 0) continue;
    const list = sales.get(after.serverId) ?? [];
    list.push({ at: after.at, units, revenue: units * before.price });
    sales.set(after.serverId, list);
  }
  return sales;
}

/** The start of the day (UTC) or of the ISO week (Monday, UTC) holding `at`. */
export function stepStart(at: number, bucket: SalesBucket): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  if (bucket === 'day') return day;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function salesReport(profile: SellerProfile, input: SalesReportInput = {}): SalesReport {
  const now = input.now ?? Date.now();
  const since = input.since ?? now - DEFAULT_SPAN_MS;
  const bucket = input.bucket ?? 'day';
  if (!Number.isFinite(since) || since > now) {
    throw new UseCaseFailure('bad_input', 'The start of the period must be in the past.', [], {
      say: { key: 'refusals.sales.startInPast' },
    });
  }
  if (bucket !== 'day' && bucket !== 'week') {
    throw new UseCaseFailure('bad_input', 'Show sales per day or per week.', [], {
      say: { key: 'refusals.sales.bucket' },
    });
  }
  const first = stepStart(since, bucket);
  if ((now - first) / (bucket === 'day' ? DAY_MS : 7 * DAY_MS) > MAX_STEPS) {
    throw new UseCaseFailure(
      'bad_input',
      `That period is too long to show per ${bucket}: choose a shorter one or per week.`,
      [],
      { say: { key: 'refusals.sales.tooLong', values: { bucket } } },
    );
  }
  const store = profile.store();
  const points = store.salesPoints({
    ...(input.productId !== undefined && { productId: input.productId }),
    until: now,
  });
  const latest = new Map<number, SalesPoint>();
  for (const p of points) latest.set(p.serverId, p);
  const sales = salesOf(points);

  const steps = new Map<number, SalesTotals>();
  for (let t = first; t <= now; t += bucket === 'day' ? DAY_MS : 7 * DAY_MS) {
    steps.set(t, { unitsSold: 0, revenue: 0 });
  }
  const totals: SalesTotals = { unitsSold: 0, revenue: 0 };
  const offers: OfferSales[] = [];
  const stopped: StoppedOffer[] = [];
  for (const [serverId, list] of sales) {
    const point = latest.get(serverId)!;
    const inPeriod = list.filter((s) => s.at >= since);
    const lastSale = list[list.length - 1]!;
    if (inPeriod.length === 0) {
      stopped.push({
        id: serverId,
        name: point.name,
        productId: point.productId,
        unitsBefore: list.reduce((n, s) => n + s.units, 0),
        lastSaleAt: new Date(lastSale.at).toISOString(),
      });
      continue;
    }
    const sold: OfferSales = {
      id: serverId,
      name: point.name,
      productId: point.productId,
      unitsSold: 0,
      revenue: 0,
      lastSaleAt: new Date(lastSale.at).toISOString(),
    };
    for (const sale of inPeriod) {
      sold.unitsSold += sale.units;
      sold.revenue += sale.revenue;
      const step = steps.get(stepStart(sale.at, bucket));
      if (step) {
        step.unitsSold += sale.units;
        step.revenue += sale.revenue;
      }
    }
    totals.unitsSold += sold.unitsSold;
    totals.revenue += sold.revenue;
    offers.push(sold);
  }

  const byProduct = new Map<number, ProductSales>();
  for (const o of offers) {
    const p = byProduct.get(o.productId) ?? {
      productId: o.productId,
      title: store.getProduct(o.productId)?.title ?? `Product ${o.productId}`,
      offers: 0,
      unitsSold: 0,
      revenue: 0,
    };
    p.offers++;
    p.unitsSold += o.unitsSold;
    p.revenue += o.revenue;
    byProduct.set(o.productId, p);
  }
  for (const o of offers) o.revenue = round2(o.revenue);
  const products = [...byProduct.values()]
    .map((p) => ({ ...p, revenue: round2(p.revenue) }))
    .sort((a, b) => b.revenue - a.revenue || a.productId - b.productId);
  offers.sort((a, b) => b.unitsSold - a.unitsSold || b.revenue - a.revenue || a.id - b.id);
  stopped.sort((a, b) => b.lastSaleAt.localeCompare(a.lastSaleAt) || a.id - b.id);

  return {
    since: new Date(since).toISOString(),
    until: new Date(now).toISOString(),
    bucket,
    totals: { unitsSold: totals.unitsSold, revenue: round2(totals.revenue) },
    series: [...steps].map(([start, s]) => ({
      start: new Date(start).toISOString().slice(0, 10),
      unitsSold: s.unitsSold,
      revenue: round2(s.revenue),
    })),
    products,
    offers,
    topSellers: [...offers].sort((a, b) => b.revenue - a.revenue || a.id - b.id).slice(0, TOP),
    stopped,
    hasHistory: points.length > 0,
  };
}

/** What "estimated" rests on, in the seller's words (the view and the CLI's help say it). */
export const ESTIMATE_NOTE =
  'Revenue is estimated: units sold (the rise of each offer’s sold count between two syncs) ' +
  '× the offer’s price per step before that sync. The marketplace does not report what each ' +
  'buyer paid, and a sale is dated by the sync that saw it.';
