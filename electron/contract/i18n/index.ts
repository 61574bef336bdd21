// Seller Desk in the seller's language (docs/ARCHITECTURE.md, "Languages"): ICU messages through
// formatjs's intl-messageformat, from typed catalogues, for the core and the renderer alike.
export { catalogues, type MessageKey } from './catalogues';
export type { Messages, MessageValues } from './messages';
export { translate } from './translate';
export {
  locales,
  languageChoices,
  intlTag,
  isLocale,
  pickLocale,
  resolveLocale,
  type Locale,
  type LanguageChoice,
} from './locale';
export {
  formatAgo,
  formatAgoShort,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoment,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPrice,
} from './format';
export { parseDecimal, type ParsedDecimal } from './parseDecimal';
