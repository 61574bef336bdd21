// The Sales view's choices and its chart's data, kept out of the component so they are tested
// without a browser: the periods offered, the x/y arrays uPlot draws, and the money format.

export type SalesMetric = 'units' | 'revenue';

export interface SalesPeriod {
  id: string;
  label: string;
  days: number;
  bucket: 'day' | 'week';
}

export const salesPeriods: readonly SalesPeriod[] = [
  { id: '7d', label: 'Last 7 days', days: 7, bucket: 'day' },
  { id: '30d', label: 'Last 30 days', days: 30, bucket: 'day' },
  { id: '12w', label: 'Last 12 weeks', days: 84, bucket: 'week' },
  { id: '52w', label: 'Last 52 weeks', days: 364, bucket: 'week' },
];

export const DAY_MS = 86_400_000;

/** The report's `since` for a period ending now (ms). */
export function periodStart(period: SalesPeriod, now: number): number {
  return now - period.days * DAY_MS;
}

/** uPlot's columns: x in seconds (UTC midnight of each step), y the chosen figure. */
export function chartColumns(
  series: readonly { start: string; unitsSold: number; revenue: number }[],
  metric: SalesMetric,
): [number[], number[]] {
  return [
    series.map((s) => Date.parse(`${s.start}T00:00:00Z`) / 1000),
    series.map((s) => (metric === 'units' ? s.unitsSold : s.revenue)),
  ];
}

const moneyFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMoney(n: number): string {
  return moneyFormat.format(n);
}

/** A step's label on the axis and in the tooltip: "Nov 23", or "week of Nov 23". */
export function stepLabel(startSeconds: number, bucket: 'day' | 'week'): string {
  const day = new Date(startSeconds * 1000).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return bucket === 'week' ? `week of ${day}` : day;
}
