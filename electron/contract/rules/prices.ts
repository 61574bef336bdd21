// A price as the marketplace keeps it: gold prices to 0.0001, account prices to 0.01. One place
// for the precision and for what a bulk change does to a price, so the renderer's preview, the
// app and the command line land on the same number.
import { MarketplaceType, type MarketplaceTypeValue } from '../marketplace/wire';

/** Decimal places of a price, per marketplace type. */
export const priceDecimals: Record<MarketplaceTypeValue, number> = {
  [MarketplaceType.Gold]: 4,
  [MarketplaceType.Account]: 2,
};

export function roundPrice(value: number, marketplaceType: MarketplaceTypeValue): number {
  const scale = 10 ** priceDecimals[marketplaceType];
  return Math.round(value * scale) / scale;
}

export type PriceChangeMode = 'percent' | 'amount';

/** Why a change cannot be applied to any price (null when it can). */
export function priceChangeRefusal(mode: PriceChangeMode, value: number): string | null {
  if (!Number.isFinite(value)) return 'The change must be a number, like 10 or -5.';
  if (value === 0) return 'A change of zero changes nothing.';
  if (mode === 'percent' && value <= -100) return 'A price cannot drop by 100 % or more.';
  return null;
}

export function changedPrice(
  price: number,
  mode: PriceChangeMode,
  value: number,
  marketplaceType: MarketplaceTypeValue,
): number {
  const next = mode === 'percent' ? price * (1 + value / 100) : price + value;
  return roundPrice(next, marketplaceType);
}
