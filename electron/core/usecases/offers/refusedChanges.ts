// What the seller does with a refusal the marketplace gave: send the refused changes again as
// they are (retry), or let them go (dismiss). Either way the offer leaves "Needs attention"; a
// refused edit is fixed in the editor or discarded, never dropped by a dismiss.
import type { SellerProfile } from '../profile';
import { eachOfferNow, type BulkOutcome } from './bulk';
import { selectedOffers } from './selection';

export function retryRefused(
  profile: SellerProfile,
  input: { localIds: readonly number[] },
): BulkOutcome {
  const store = profile.store();
  return eachOfferNow(profile, selectedOffers(profile, { localIds: input.localIds }), (localId) =>
    store.retryRefused(localId),
  );
}

export function dismissRefusal(
  profile: SellerProfile,
  input: { localIds: readonly number[] },
): BulkOutcome {
  const store = profile.store();
  return eachOfferNow(profile, selectedOffers(profile, { localIds: input.localIds }), (localId) =>
    store.dismissRefusal(localId),
  );
}
