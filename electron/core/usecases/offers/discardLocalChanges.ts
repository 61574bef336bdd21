// Throwing away the seller's pending work on offers: local edits, queued operations, conflicts
// and refusals go; the marketplace's copy stays. An offer never sent disappears. An offer whose
// send is under way is refused: its outcome is not known yet.
import type { SellerProfile } from '../profile';
import { eachOffer, type BulkOutcome } from './bulk';
import { selectedOffers } from './selection';

export function discardLocalChanges(
  profile: SellerProfile,
  input: { localIds: readonly number[] },
): BulkOutcome {
  const store = profile.store();
  return eachOffer(profile, selectedOffers(profile, { localIds: input.localIds }), (localId) =>
    store.discardLocalChanges(localId),
  );
}
