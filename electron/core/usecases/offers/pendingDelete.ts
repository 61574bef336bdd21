// An offer waiting to be deleted takes no other change: its deletion would throw the change away.
import { UseCaseFailure } from '../failure';
import type { OfferDetail } from '../../store';

export function refuseIfDeleting(offer: OfferDetail): void {
  if (offer.pending.some((op) => op.kind === 'delete')) {
    throw new UseCaseFailure('bad_input', 'This offer is waiting to be deleted.', [], {
      say: { key: 'refusals.offers.waitingDelete' },
    });
  }
}
