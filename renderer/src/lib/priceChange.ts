// The bulk price change as the seller describes it ("+10 %", "-0.5"), previewed on one offer
// before the core applies it to all of them, with the core's own rounding.
import {
  MarketplaceType,
  type MarketplaceTypeValue,
} from '../../../electron/contract/marketplace/wire';
import { changedPrice, type PriceChangeMode } from '../../../electron/contract/rules/prices';

export type { PriceChangeMode };

export function parsePriceChange(
  mode: PriceChangeMode,
  text: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const t = text.trim().replace(',', '.').replace(/^\+/, '');
  if (t === '') return { ok: false, message: 'Enter how much to change the price by.' };
  const value = Number(t);
  if (!Number.isFinite(value)) return { ok: false, message: 'Enter a number, like 10 or -5.' };
  if (value === 0) return { ok: false, message: 'A change of zero changes nothing.' };
  if (mode === 'percent' && value <= -100) {
    return { ok: false, message: 'A price cannot drop by 100 % or more.' };
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
