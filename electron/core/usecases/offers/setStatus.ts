// Asking the marketplace for a status (Draft, Active, Not Active, On Review) on several offers:
// each allowed change is queued for the next sync; an offer whose status cannot go there is
// refused with the rule's words and keeps its status.
import { sellerStatuses } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { eachOffer, type BulkOutcome } from './bulk';
import { requireOffer } from './getOffer';
import { refuseIfDeleting } from './pendingDelete';
import { selectedOffers, type OfferSelection } from './selection';

export interface SetStatusInput {
  offers: OfferSelection;
  status: number;
}

export function setStatus(profile: SellerProfile, input: SetStatusInput): BulkOutcome {
  if (!(sellerStatuses as readonly number[]).includes(input.status)) {
    throw new UseCaseFailure(
      'bad_input',
      'A seller may set the status to 1 (Draft), 2 (Active), 3 (Not Active) or 5 (On Review).',
    );
  }
  const store = profile.store();
  return eachOffer(profile, selectedOffers(profile, input.offers), (localId) => {
    refuseIfDeleting(requireOffer(profile, localId));
    store.changeStatus(localId, input.status);
  });
}
