// Throwing away the seller's pending work on offers: local edits, queued operations, conflicts
// and refusals go; the marketplace's copy stays. An offer never sent disappears. An offer whose
// send is under way is refused: its outcome is not known yet. Undo (usecases/offers/undo.ts)
// brings it all back.
import type { SellerProfile } from '../profile';
import type { JobControl } from '../../util/chunkedJob';
import { inUndoableChunks, sortWrites, type BulkOutcome } from './bulk';
import { offersCount } from './changePrice';
import { selectedOffers } from './selection';

export function discardLocalChanges(
  profile: SellerProfile,
  input: { localIds: readonly number[] },
  job: JobControl = {},
): Promise<BulkOutcome> {
  const store = profile.store();
  const ids = selectedOffers(profile, { localIds: input.localIds });
  // One undoable step: a discard made by mistake brings the seller's work back.
  return inUndoableChunks(
    profile,
    ids,
    (changed) => ({
      text: `Discard of local changes on ${offersCount(changed)}`,
      say: { key: 'undo.step.discard', values: { count: changed } },
    }),
    (chunk) =>
      sortWrites(store.bulkChanges().discardLocalChanges(chunk), { changedIds: [], refused: [] }),
    job,
  );
}
