// What a change does on the marketplace beyond the field it writes, in the seller's words: shared
// by the preview use cases, the app's preview dialog and the command line's --dry-run, so every
// front states the same consequences. API: "States and transitions" — a manage edit of an account
// offer that passes validation sends it to On Review ("offer goes to moderation").
import {
  MarketplaceType,
  OfferStatus,
  offerStatusNames,
  type MarketplaceTypeValue,
} from '../marketplace/wire';

/** The rounding rule of contract/rules/prices.ts, as the seller reads it. */
export const PRICE_ROUNDING_RULE = 'Account prices are rounded to 0.01, gold prices to 0.0001.';

/**
 * Statuses an account offer leaves when an edit sends it back to review: Active is on sale now,
 * Review Passed is about to be. Others (Draft, Not Active, …) are not on sale, so nothing is lost.
 */
const LIVE_STATUSES: readonly number[] = [OfferStatus.Active, OfferStatus.ReviewPassed];

/** True when an edit (manage) of this offer takes it off sale until the marketplace reviews it. */
export function editSendsToReview(
  marketplaceType: MarketplaceTypeValue,
  status: number | null | undefined,
): boolean {
  return (
    marketplaceType === MarketplaceType.Account &&
    status !== null &&
    status !== undefined &&
    LIVE_STATUSES.includes(status)
  );
}

export function reviewWarning(count: number): string {
  return count === 1
    ? '1 live account offer goes back to review: it is off sale until the marketplace reviews it.'
    : `${count} live account offers go back to review: they are off sale until the marketplace reviews them.`;
}

/** Why a sold offer is not edited: the marketplace would take it off its sold state. */
export const SOLD_LEFT_OUT = 'Sold: a sold offer is left as it is.';

export function statusName(status: number | null | undefined): string {
  if (status === null || status === undefined) return 'Not sent yet';
  return offerStatusNames[status as keyof typeof offerStatusNames] ?? `Status ${status}`;
}

/** A number as the seller reads a price: no float noise, at most the marketplace's places. */
export function formatPrice(value: number, marketplaceType: MarketplaceTypeValue): string {
  const places = marketplaceType === MarketplaceType.Gold ? 4 : 2;
  return String(Number(value.toFixed(places)));
}
