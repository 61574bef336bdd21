// One offer as the editor and `offers show` see it: the merged fields, the marketplace's copy,
// local changes, conflicts, refusals and queued operations, with its product from the catalogue.
import type { Product } from '../../../contract/marketplace/wire';
import type { OfferDetail } from '../../store';
import { cachedProduct } from '../catalogue/requireProduct';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export interface OfferView {
  offer: OfferDetail;
  product: Product;
}

export function requireOffer(profile: SellerProfile, localId: number): OfferDetail {
  const offer = profile.store().getOffer(localId);
  if (!offer)
    throw new UseCaseFailure('not_found', 'This offer no longer exists.', [], {
      say: { key: 'refusals.offers.gone' },
    });
  return offer;
}

export function getOffer(profile: SellerProfile, localId: number): OfferView {
  const offer = requireOffer(profile, localId);
  return { offer, product: cachedProduct(profile, offer.productId) };
}
