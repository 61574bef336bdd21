// A change applied to each of several offers: one refused offer does not stop the rest, and each
// refusal says which offer and why.
import type { SellerProfile } from '../profile';
import { storedOfferName } from './offerName';
import { refusalProblems, type RefusedOffer } from './refusals';

export interface BulkOutcome {
  changed: number;
  /** The offers changed, in the order asked. */
  changedIds: number[];
  refused: RefusedOffer[];
}

export function eachOffer(
  profile: SellerProfile,
  localIds: readonly number[],
  change: (localId: number) => void,
): BulkOutcome {
  const store = profile.store();
  const changedIds: number[] = [];
  const refused: RefusedOffer[] = [];
  for (const localId of localIds) {
    try {
      change(localId);
      changedIds.push(localId);
    } catch (error) {
      const problems = refusalProblems(error);
      if (!problems) throw error;
      refused.push({ localId, offer: storedOfferName(store, localId), problems });
    }
  }
  return { changed: changedIds.length, changedIds, refused };
}
