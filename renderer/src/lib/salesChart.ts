// The Sales view's choices and its chart's data, kept out of the component so they are tested
// without a browser: the periods offered, the x/y arrays uPlot draws, and the money format.
import { intlTag, translate, type Locale } from '../../../electron/contract/i18n';
import { currentLocale } from './i18nText';

/** Gold units and accounts are different things: each is a figure of its own, never added up. */
export type SalesMetric = 'net' | 'revenue' | 'gold' | 'accounts';

/** Counts (units, accounts), as opposed to amounts of money. */
export const isCount = (metric: SalesMetric): boolean => metric === 'gold' || metric === 'accounts';

export interface SalesPeriod {
  id: '7d' | '30d' | '12w' | '52w';
  days: number;
  bucket: 'day' | 'week';
}

export const salesPeriods: readonly SalesPeriod[] = [
  { id: '7d', days: 7, bucket: 'day' },
  { id: '30d', days: 30, bucket: 'day' },
  { id: '12w', days: 84, bucket: 'week' },
  { id: '52w', days: 364, bucket: 'week' },
];

/** "Last 30 days". */
export function periodLabel(period: SalesPeriod, locale: Locale = currentLocale()): string {
  return translate(locale, `sales.period.${period.id}`);
}

export const DAY_MS = 86_400_000;

/** The report's `since` for a period ending now (ms). */
export function periodStart(period: SalesPeriod, now: number): number {
  return now - period.days * DAY_MS;
}

interface ChartStep {
  start: string;
  revenue: number;
  net: number;
  gold: { units: number };
  accounts: { units: number };
}

/** uPlot's columns: x in seconds (UTC midnight of each step), y the chosen figure. */
export function chartColumns(
  series: readonly ChartStep[],
  metric: SalesMetric,
): [number[], number[]] {
  return [
    series.map((s) => Date.parse(`${s.start}T00:00:00Z`) / 1000),
    series.map((s) =>
      isCount(metric) ? s[metric as 'gold' | 'accounts'].units : s[metric as 'net' | 'revenue'],
    ),
  ];
}

/** Whole steps only: a count's axis never reads 0.25 of a unit. */
const COUNT_INCRS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
  500_000, 1e6, 2e6, 5e6, 1e7, 2e7, 5e7, 1e8, 2e8, 5e8, 1e9, 2e9,
];

/** The y axis's tick steps: whole numbers for counts, uPlot's own for money (undefined). */
export function yIncrs(metric: SalesMetric): number[] | undefined {
  return isCount(metric) ? COUNT_INCRS : undefined;
}

/** The y scale: from 0 (or the lowest loss) to a little above the top; a whole number for counts. */
export function yRange(metric: SalesMetric, min: number, max: number): [number, number] {
  const top = Math.max(1, max) * 1.1;
  const bottom = Math.min(0, min) * 1.1;
  return isCount(metric) ? [0, Math.ceil(top)] : [bottom, top];
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/** An estimated amount, two decimals, without a currency sign (the API names none). */
export function formatMoney(n: number, locale: Locale = currentLocale()): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlTag[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(locale, format);
  }
  return format.format(n);
}

/** A step's label on the axis and in the tooltip: "Nov 23", "week of Nov 23", or "Nov 2026". */
export function stepLabel(
  startSeconds: number,
  bucket: 'day' | 'week' | 'month',
  locale: Locale = currentLocale(),
): string {
  if (bucket === 'month') {
    return new Date(startSeconds * 1000).toLocaleDateString(intlTag[locale], {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  }
  const day = new Date(startSeconds * 1000).toLocaleDateString(intlTag[locale], {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return bucket === 'week' ? translate(locale, 'sales.weekOf', { day }) : day;
}
