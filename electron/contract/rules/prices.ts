// A price as the marketplace keeps it: gold prices to 0.0001, account prices to 0.01. One place
// for the precision and for what a bulk change does to a price, so the renderer's preview, the
// app and the command line land on the same number.
import { MarketplaceType, type MarketplaceTypeValue } from '../marketplace/wire';
import type { ProblemSay } from './problems';

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

/** Why a change cannot be applied to any price (null when it can), in English. */
export function priceChangeRefusal(mode: PriceChangeMode, value: number): string | null {
  return priceChangeProblem(mode, value)?.message ?? null;
}

/** The same, with its catalogue message for a front that speaks the seller's language. */
export function priceChangeProblem(
  mode: PriceChangeMode,
  value: number,
): { message: string; say: ProblemSay } | null {
  if (!Number.isFinite(value))
    return {
      message: 'The change must be a number, like 10 or -5.',
      say: { key: 'refusals.offers.priceNotNumber' },
    };
  if (value === 0)
    return {
      message: 'A change of zero changes nothing.',
      say: { key: 'refusals.offers.priceZero' },
    };
  if (mode === 'percent' && value <= -100)
    return {
      message: 'A price cannot drop by 100 % or more.',
      say: { key: 'refusals.offers.priceDrop100' },
    };
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
