// Deleting offers: one the marketplace never saw is simply dropped with its queue; the others
// get a deletion queued for the next sync (which drops whatever else was waiting for them).
import type { SellerProfile } from '../profile';
import { eachOffer, type BulkOutcome } from './bulk';
import { selectedOffers, type OfferSelection } from './selection';

export interface DeleteOutcome extends BulkOutcome {
  /** Offers never sent: gone at once, nothing to send. The rest of `changedIds` are queued. */
  cancelledIds: number[];
}

export function deleteOffers(
  profile: SellerProfile,
  input: { offers: OfferSelection },
): DeleteOutcome {
  const store = profile.store();
  const cancelledIds: number[] = [];
  const outcome = eachOffer(profile, selectedOffers(profile, input.offers), (localId) => {
    if (store.deleteOffer(localId) === 'cancelled') cancelledIds.push(localId);
  });
  return { ...outcome, cancelledIds };
}
