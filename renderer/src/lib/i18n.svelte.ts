// The renderer in the seller's language: `t('area.key', values)` in templates re-renders when the
// language changes, since it reads the `$state` locale. The language starts from the browser's
// list and follows the app's choice once the core answers (`loadLanguage`).
import {
  formatAgo as formatAgoIn,
  formatCount as formatCountIn,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatDuration as formatDurationIn,
  formatMoney as formatMoneyIn,
  formatNumber as formatNumberIn,
  formatPrice as formatPriceIn,
  parseDecimal as parseDecimalIn,
  pickLocale,
  type LanguageChoice,
  type Locale,
  type MessageKey,
  type MessageValues,
  type ParsedDecimal,
} from '../../../electron/contract/i18n';
import type { SellerDeskApi } from '../../../electron/contract/ipc/api';
import { followLocale, t } from './i18nText';

export type { Locale, LanguageChoice, MessageKey, MessageValues };

const state = $state<{ locale: Locale; choice: LanguageChoice }>({
  locale: pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages),
  choice: 'system',
});

export const i18n = {
  get locale(): Locale {
    return state.locale;
  },
  get choice(): LanguageChoice {
    return state.choice;
  },
};

followLocale(() => state.locale);

/** A message in the current language; in a template it re-renders when the language changes. */
export { t };

export function setLocale(locale: Locale): void {
  state.locale = locale;
  document.documentElement.lang = locale;
}

/** The app's language choice from the core (Settings), with the browser's languages for "system". */
export async function loadLanguage(api: SellerDeskApi): Promise<void> {
  const result = await api.app.language({ preferred: [...navigator.languages] });
  // Without an answer the browser's languages stand.
  if (result.ok) state.choice = result.value.choice;
  setLocale(result.ok ? result.value.locale : state.locale);
}

/** The seller picks a language in Settings: the core keeps it, the screen follows at once. */
export async function chooseLanguage(api: SellerDeskApi, choice: LanguageChoice) {
  const result = await api.app.setLanguage({ choice, preferred: [...navigator.languages] });
  if (result.ok) {
    state.choice = result.value.choice;
    setLocale(result.value.locale);
  }
  return result;
}

export const formatPrice = (n: number | null) => formatPriceIn(state.locale, n);
export const formatCount = (n: number | null) => formatCountIn(state.locale, n);
export const formatNumber = (n: number, maximumFractionDigits?: number) =>
  formatNumberIn(state.locale, n, maximumFractionDigits);
export const formatMoney = (amount: number, currency?: string) =>
  formatMoneyIn(state.locale, amount, currency);
export const formatDate = (value: Date | string | number) => formatDateIn(state.locale, value);
export const formatDateTime = (value: Date | string | number) =>
  formatDateTimeIn(state.locale, value);
export const formatAgo = (iso: string | null, now: number) => formatAgoIn(state.locale, iso, now);
export const formatDuration = (ms: number) => formatDurationIn(state.locale, ms);
export const parseDecimal = (text: string): ParsedDecimal => parseDecimalIn(text, state.locale);
