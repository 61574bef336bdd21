// Numbers and times as the table and panels show them, in the app's language (contract/i18n
// format helpers bound to the current locale; reactive where a template calls them).
import {
  formatAgo as formatAgoIn,
  formatAgoShort as formatAgoShortIn,
  formatDateTime as formatDateTimeIn,
  formatCount as formatCountIn,
  formatDuration,
  formatMoment as formatMomentIn,
  formatPrice as formatPriceIn,
} from '../../../electron/contract/i18n';
import { currentLocale } from './i18nText';

export function formatPrice(n: number | null): string {
  return formatPriceIn(currentLocale(), n);
}

/** Gold amounts reach 2,000,000,000: from a million on the table shows "2B" (full value on hover). */
export function formatCount(n: number | null): string {
  return formatCountIn(currentLocale(), n);
}

/** "just now", "5 min ago", "3 h ago", or a date. */
export function formatAgo(iso: string | null, now: number): string {
  return formatAgoIn(currentLocale(), iso, now);
}

/** "15:42" today, with the date on another day. */
export function formatMoment(iso: string, now: number): string {
  return formatMomentIn(currentLocale(), iso, now);
}

/** As formatAgo, dates short enough for a table column ("Nov 27"). */
export function formatAgoShort(iso: string | null, now: number): string {
  return formatAgoShortIn(currentLocale(), iso, now);
}

/** The full date and time, for a tooltip. */
export function formatDateTime(iso: string): string {
  return formatDateTimeIn(currentLocale(), iso);
}

/** "less than a second", "12 s", "3 min". */
export function formatWait(ms: number): string {
  return formatDuration(currentLocale(), ms);
}
