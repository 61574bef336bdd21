// The bulk price change as the seller describes it ("+10 %", "-0.5"), previewed on one offer
// before the core applies it to all of them, with the core's own rounding.
import {
  MarketplaceType,
  type MarketplaceTypeValue,
} from '../../../electron/contract/marketplace/wire';
import { changedPrice, type PriceChangeMode } from '../../../electron/contract/rules/prices';
import { parseDecimal } from '../../../electron/contract/i18n';
import { currentLocale, t } from './i18nText';

export type { PriceChangeMode };

export function parsePriceChange(
  mode: PriceChangeMode,
  text: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const typed = text.trim().replace(/^\+/, '');
  if (typed === '') return { ok: false, message: t('offers.priceChangeEmpty') };
  const parsed = parseDecimal(typed, currentLocale());
  if (!parsed.ok) {
    // "1,000" in English: the sentence saying how to write it says more than "a number".
    return {
      ok: false,
      message: /,/.test(typed) ? parsed.problem : t('offers.priceChangeNotANumber'),
    };
  }
  const value = parsed.value;
  if (value === 0) return { ok: false, message: t('offers.priceChangeZero') };
  if (mode === 'percent' && value <= -100) {
    return { ok: false, message: t('offers.priceChangeTooLow') };
  }
  return { ok: true, value };
}

export function applyPriceChange(
  price: number,
  mode: PriceChangeMode,
  value: number,
  marketplaceType: MarketplaceTypeValue = MarketplaceType.Gold,
): number {
  return changedPrice(price, mode, value, marketplaceType);
}
