// Numbers and times as the table and panels show them.

const priceFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function formatPrice(n: number | null): string {
  return n === null ? '—' : priceFormat.format(n);
}

const compactFormat = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 2,
});

/** Gold amounts reach 2,000,000,000: from a million on the table shows "2B" (full value on hover). */
export function formatCount(n: number | null): string {
  if (n === null) return '—';
  return Math.abs(n) >= 1_000_000 ? compactFormat.format(n) : countFormat.format(n);
}

/** "just now", "5 min ago", "3 h ago", or a date. */
export function formatAgo(iso: string | null, now: number): string {
  if (!iso) return 'never';
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return iso;
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return new Date(then).toLocaleString();
}

export function formatWait(ms: number): string {
  if (ms < 1000) return 'less than a second';
  const s = Math.ceil(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

export { plural } from '../../../electron/contract/words';
