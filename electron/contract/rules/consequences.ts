// What a change does on the marketplace beyond the field it writes, in the seller's words: shared
// by the preview use cases, the app's preview dialog and the command line's --dry-run, so every
// front states the same consequences. API: "States and transitions" — a manage edit of an account
// offer that passes validation sends it to On Review ("offer goes to moderation"); one of a gold
// offer makes it Active, so a paused gold offer goes back on sale unless it is paused again.
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

/**
 * True when an edit (manage) of this offer puts it back on sale: the document's rule makes a gold
 * offer whose write validates Active, whatever it was, so a paused (Not Active) one goes live.
 */
export function editPutsOnSale(
  marketplaceType: MarketplaceTypeValue,
  status: number | null | undefined,
): boolean {
  return marketplaceType === MarketplaceType.Gold && status === OfferStatus.NotActive;
}

/** The status that keeps such an offer paused: sent right after its edit, in the same sync. */
export const KEEP_PAUSED_STATUS = OfferStatus.NotActive;

/**
 * What happens to the Not Active gold offers an edit touches: kept Not Active (a status change
 * sent right after the edit), or back on sale. The catalogue's `offers.onSaleKept/onSaleGoes`.
 */
export function onSaleWarning(count: number, keptPaused: boolean): string {
  if (keptPaused) {
    return count === 1
      ? '1 Not Active gold offer stays Not Active: an edit puts a gold offer back on sale, so Seller Desk sets it Not Active again right after the edit.'
      : `${count} Not Active gold offers stay Not Active: an edit puts a gold offer back on sale, so Seller Desk sets them Not Active again right after the edit.`;
  }
  return count === 1
    ? '1 Not Active gold offer goes back on sale: an edit of a gold offer makes it Active.'
    : `${count} Not Active gold offers go back on sale: an edit of a gold offer makes it Active.`;
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
