// How a use case names an offer to the seller: by the marketplace's id once it has one, else by
// its name, else as the new offer of its product. Never by the local row number, which the
// seller never sees.
import type { Store } from '../../store';
import { quoteForMessage } from '../../util/echo';

interface Nameable {
  serverId: number | null;
  productId: number;
  fields: { outer_name?: string | null; internal_name?: string | null };
}

export function offerName(offer: Nameable, productTitle?: string | null): string {
  if (offer.serverId !== null) return `Offer ${offer.serverId}`;
  const name = offer.fields.outer_name || offer.fields.internal_name;
  if (name) return `New offer ${quoteForMessage(name)}`;
  return `New offer of ${productTitle ? quoteForMessage(productTitle) : `product ${offer.productId}`}`;
}

/**
 * A stored offer as a bulk change's outcome names it: as its preview did (`namedOffer`), so the
 * seller finds in the outcome the offer the list shows by its name; one that is gone is said to be
 * gone.
 */
export function storedOfferName(store: Store, localId: number): string {
  const offer = store.getOffer(localId);
  if (!offer) return 'An offer that no longer exists';
  return namedOffer(offer, store.getProduct(offer.productId)?.title);
}

/**
 * The offer by its marketplace id and what the seller calls it (`Offer 1005 "Gold account"`, a
 * gold offer by its product: `Offer 1002 of "WoW Retail Gold"`), for a message about one offer.
 */
export function namedOffer(offer: Nameable, productTitle?: string | null): string {
  const short = offerName(offer, productTitle);
  if (offer.serverId === null) return short;
  const name = offer.fields.outer_name || offer.fields.internal_name;
  if (name) return `${short} ${quoteForMessage(name)}`;
  return productTitle ? `${short} of ${quoteForMessage(productTitle)}` : short;
}
