// Numbers, money, dates and durations as a reader of the seller's language writes them
// ("1,000.5" / "1 000,5"; "Nov 23, 2026" / "23 нояб. 2026 г."). One Intl formatter per language
// and kind, made once.
import { intlTag, type Locale } from './locale';
import { translate } from './translate';

function perLocale<T>(make: (tag: string) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(intlTag[locale]);
      made.set(locale, value);
    }
    return value;
  };
}

const priceFormat = perLocale((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 4 }));
const countFormat = perLocale((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));
const compactFormat = perLocale(
  (tag) => new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 2 }),
);
const dateFormat = perLocale((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }));
const dateTimeFormat = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }),
);

export function formatNumber(locale: Locale, n: number, maximumFractionDigits = 2): string {
  return maximumFractionDigits === 2
    ? countFormat(locale).format(n)
    : new Intl.NumberFormat(intlTag[locale], { maximumFractionDigits }).format(n);
}

/** A price as the table shows it: up to four decimals (prices of a cent's fraction exist). */
export function formatPrice(locale: Locale, n: number | null): string {
  return n === null ? '—' : priceFormat(locale).format(n);
}

/** Gold amounts reach 2,000,000,000: from a million on the table shows "2B" (full value on hover). */
export function formatCount(locale: Locale, n: number | null): string {
  if (n === null) return '—';
  return Math.abs(n) >= 1_000_000 ? compactFormat(locale).format(n) : countFormat(locale).format(n);
}

/** An amount in a currency ("$1,000.50" / "1 000,50 $"). */
export function formatMoney(locale: Locale, amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat(intlTag[locale], {
    style: 'currency',
    currency,
    maximumFractionDigits: 4,
  }).format(amount);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isFinite(date.getTime()) ? date : null;
}

export function formatDate(locale: Locale, value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormat(locale).format(date) : String(value);
}

export function formatDateTime(locale: Locale, value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateTimeFormat(locale).format(date) : String(value);
}

const timeFormat = perLocale((tag) => new Intl.DateTimeFormat(tag, { timeStyle: 'short' }));

/** A moment of today as its time ("15:42"), of another day with its date. */
export function formatMoment(locale: Locale, iso: string, now: number): string {
  const date = toDate(iso);
  if (!date) return iso;
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return (sameDay ? timeFormat(locale) : dateTimeFormat(locale)).format(date);
}

/** "just now", "5 min ago", "3 h ago", or the date and time. */
export function formatAgo(locale: Locale, iso: string | null, now: number): string {
  if (!iso) return translate(locale, 'common.never');
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return iso;
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 45) return translate(locale, 'common.justNow');
  if (s < 3600) return translate(locale, 'common.minutesAgo', { minutes: Math.round(s / 60) });
  if (s < 86_400) return translate(locale, 'common.hoursAgo', { hours: Math.round(s / 3600) });
  return dateTimeFormat(locale).format(new Date(then));
}

/**
 * "just now", "5 min ago", "3 h ago", then a date short enough for a table's column: "Nov 27"
 * this year, "11/27/25" before (the time and full date go in its tooltip).
 */
export function formatAgoShort(locale: Locale, iso: string | null, now: number): string {
  const then = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(then) || now - then < 86_400_000) return formatAgo(locale, iso, now);
  const date = new Date(then);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(
    intlTag[locale],
    sameYear
      ? { month: 'short', day: 'numeric' }
      : { year: '2-digit', month: 'numeric', day: 'numeric' },
  ).format(date);
}

/** A wait: "less than a second", "12 s", "3 min". */
export function formatDuration(locale: Locale, ms: number): string {
  if (ms < 1000) return translate(locale, 'common.lessThanSecond');
  const s = Math.ceil(ms / 1000);
  return s < 90
    ? translate(locale, 'common.seconds', { seconds: s })
    : translate(locale, 'common.minutes', { minutes: Math.ceil(s / 60) });
}
