// Deleting offers: one the marketplace never saw is simply dropped with its queue; the others
// get a deletion queued for the next sync (which drops whatever else was waiting for them). One
// undoable step: undo brings back the offers and everything that was queued for them.
import type { SellerProfile } from '../profile';
import type { JobControl } from '../../util/chunkedJob';
import { inUndoableChunks, sortWrites, type BulkOutcome } from './bulk';
import { offersCount } from './changePrice';
import { selectedOffers, type OfferSelection } from './selection';

export interface DeleteOutcome extends BulkOutcome {
  /** Offers never sent: gone at once, nothing to send. The rest of `changedIds` are queued. */
  cancelledIds: number[];
}

export async function deleteOffers(
  profile: SellerProfile,
  input: { offers: OfferSelection },
  job: JobControl = {},
): Promise<DeleteOutcome> {
  const store = profile.store();
  const ids = selectedOffers(profile, input.offers);
  const cancelledIds: number[] = [];
  const outcome = await inUndoableChunks(
    profile,
    ids,
    (changed) => ({
      text: `Delete ${offersCount(changed)}`,
      say: { key: 'undo.step.delete', values: { count: changed } },
    }),
    (chunk) =>
      sortWrites(
        store.bulkChanges().deleteOffers(chunk),
        { changedIds: [], refused: [] },
        (localId, how) => {
          if (how === 'cancelled') cancelledIds.push(localId);
        },
      ),
    job,
  );
  return { ...outcome, cancelledIds };
}
