// Asking the marketplace for a status (Draft, Active, Not Active, On Review) on several offers:
// each change is queued for the next sync, as one undoable step; an offer already in that status
// is left out. Where we only expect the marketplace to refuse (a sold offer, one that needs
// details, an account offer without a screenshot going to review: the API document does not
// say), the change is queued and the expectation is returned for the front to tell.
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
  /**
   * Queued offers we expect the marketplace to refuse (an assumption where the API document is
   * silent): sent anyway, the marketplace decides; the reason is said to the seller.
   */
  expected: { localId: number; offer: string; reason: string }[];
}

export function setStatus(profile: SellerProfile, input: SetStatusInput): StatusOutcome {
  checkChange({ kind: 'status', status: input.status });
  const store = profile.store();
  const ids = selectedOffers(profile, input.offers);
  const read = offerReader(profile);
  const unchanged: StatusOutcome['unchanged'] = [];
  const expected: StatusOutcome['expected'] = [];
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
        if (plan.expected) expected.push({ localId, offer: plan.offer, reason: plan.expected });
      });
      const same = new Set(unchanged.map((u) => u.localId));
      const changedIds = done.changedIds.filter((id) => !same.has(id));
      return { ...done, changed: changedIds.length, changedIds };
    },
    (result) => result.changedIds,
  );
  const queued = new Set(outcome.changedIds);
  return { ...outcome, unchanged, expected: expected.filter((e) => queued.has(e.localId)) };
}
