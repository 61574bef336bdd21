// A bulk price change, by a percentage or an amount per step. Each new price is rounded to the
// precision the marketplace keeps for the offer's type (contract/rules/prices.ts) and checked
// like any edit: one that breaks a bound is refused, the others are queued.
import { changedPrice, priceChangeRefusal, type PriceChangeMode } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { cachedProduct } from '../catalogue/requireProduct';
import { eachOffer, type BulkOutcome } from './bulk';
import { requireOffer } from './getOffer';
import { refuseIfDeleting } from './pendingDelete';
import { selectedOffers, type OfferSelection } from './selection';

export interface ChangePriceInput {
  offers: OfferSelection;
  mode: PriceChangeMode;
  value: number;
}

export interface PriceChangeOutcome extends BulkOutcome {
  /** The new price of each changed offer, by local id. */
  prices: Map<number, number>;
}

export function changePrice(profile: SellerProfile, input: ChangePriceInput): PriceChangeOutcome {
  const refusal = priceChangeRefusal(input.mode, input.value);
  if (refusal) throw new UseCaseFailure('bad_input', refusal);
  const store = profile.store();
  const prices = new Map<number, number>();
  const outcome = eachOffer(profile, selectedOffers(profile, input.offers), (localId) => {
    const offer = requireOffer(profile, localId);
    refuseIfDeleting(offer);
    const current = offer.fields.price_per_step;
    if (current === undefined || current === null) {
      throw new UseCaseFailure('bad_input', 'This offer has no price yet.', [
        { field: 'price_per_step', message: 'This offer has no price yet.' },
      ]);
    }
    const { marketplace_type: type } = cachedProduct(profile, offer.productId);
    const next = changedPrice(current, input.mode, input.value, type);
    store.editOffer(localId, { price_per_step: next });
    prices.set(localId, next);
  });
  return { ...outcome, prices };
}
