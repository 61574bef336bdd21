// Asking the marketplace for a status (Draft, Active, Not Active, On Review) on several offers:
// each allowed change is queued for the next sync, as one undoable step; an offer the change does
// not apply to (sold, already in that status, a rule refuses it) is left out with the reason.
import { statusName } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { eachOffer, type BulkOutcome } from './bulk';
import { offersCount } from './changePrice';
import { offerReader, planStatus } from './consequences';
import { checkChange } from './previewChange';
import { selectedOffers, type OfferSelection } from './selection';

export interface SetStatusInput {
  offers: OfferSelection;
  status: number;
}

export interface StatusOutcome extends BulkOutcome {
  /** Offers that already have the status: nothing queued, and nothing wrong either. */
  unchanged: { localId: number; offer: string }[];
}

export function setStatus(profile: SellerProfile, input: SetStatusInput): StatusOutcome {
  checkChange({ kind: 'status', status: input.status });
  const store = profile.store();
  const ids = selectedOffers(profile, input.offers);
  const read = offerReader(profile);
  const unchanged: StatusOutcome['unchanged'] = [];
  const outcome = store.undoSteps().record(
    (changed) => `Status ${statusName(input.status)} on ${offersCount(changed)}`,
    ids,
    () => {
      const done = eachOffer(profile, ids, (localId) => {
        const plan = planStatus(read, localId, input.status);
        if (plan.kind === 'left_out' && plan.already) {
          unchanged.push({ localId, offer: plan.offer });
          return;
        }
        if (plan.kind === 'left_out') {
          throw new UseCaseFailure('bad_input', plan.reason, [
            { field: 'status', message: plan.reason },
          ]);
        }
        store.changeStatus(localId, input.status);
      });
      const same = new Set(unchanged.map((u) => u.localId));
      const changedIds = done.changedIds.filter((id) => !same.has(id));
      return { ...done, changed: changedIds.length, changedIds };
    },
    (result) => result.changedIds,
  );
  return { ...outcome, unchanged };
}
