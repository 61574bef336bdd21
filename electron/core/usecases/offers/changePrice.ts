// A bulk price change, by a percentage or an amount per step. Each offer is planned as its
// preview showed it (usecases/offers/consequences.ts): the new price rounded to the precision the
// marketplace keeps for the offer's type, sold offers and prices that would fall to 0 left out
// with the reason; the rest are checked like any edit and queued, as one undoable step.
import { type PriceChangeMode } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { eachOffer, type BulkOutcome } from './bulk';
import { offerReader, planPrice } from './consequences';
import { checkChange } from './previewChange';
import { selectedOffers, type OfferSelection } from './selection';

export interface ChangePriceInput {
  offers: OfferSelection;
  mode: PriceChangeMode;
  value: number;
}

export interface PriceChangeOutcome extends BulkOutcome {
  /** The new price of each changed offer, by local id. */
  prices: Map<number, number>;
}

function changeWords(mode: PriceChangeMode, value: number): string {
  const sign = value > 0 ? '+' : '−';
  return mode === 'percent' ? `${sign}${Math.abs(value)} %` : `${sign}${Math.abs(value)}`;
}

export function offersCount(n: number): string {
  return `${n} offer${n === 1 ? '' : 's'}`;
}

export function changePrice(profile: SellerProfile, input: ChangePriceInput): PriceChangeOutcome {
  checkChange({ kind: 'price', mode: input.mode, value: input.value });
  const store = profile.store();
  const ids = selectedOffers(profile, input.offers);
  const read = offerReader(profile);
  const prices = new Map<number, number>();
  const outcome = store.undoSteps().record(
    (changed) => `Price ${changeWords(input.mode, input.value)} on ${offersCount(changed)}`,
    ids,
    () =>
      eachOffer(profile, ids, (localId) => {
        const plan = planPrice(read, localId, input.mode, input.value);
        if (plan.kind === 'left_out') {
          throw new UseCaseFailure('bad_input', plan.reason, [
            { field: 'price_per_step', message: plan.reason },
          ]);
        }
        store.editOffer(localId, { price_per_step: plan.price! });
        prices.set(localId, plan.price!);
      }),
    (result) => result.changedIds,
  );
  return { ...outcome, prices };
}
