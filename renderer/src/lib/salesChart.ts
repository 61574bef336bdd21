// The Sales view's choices and its chart's data, kept out of the component so they are tested
// without a browser: the periods offered, the x/y arrays uPlot draws, and the money format.
import { intlTag, translate, type Locale } from '../../../electron/contract/i18n';
import { currentLocale } from './i18nText';

export type SalesMetric = 'net' | 'revenue' | 'units';

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

/** uPlot's columns: x in seconds (UTC midnight of each step), y the chosen figure. */
export function chartColumns(
  series: readonly { start: string; units: number; revenue: number; net: number }[],
  metric: SalesMetric,
): [number[], number[]] {
  return [
    series.map((s) => Date.parse(`${s.start}T00:00:00Z`) / 1000),
    series.map((s) => s[metric]),
  ];
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
