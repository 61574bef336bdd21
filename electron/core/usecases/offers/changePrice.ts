// A bulk price change, by a percentage or an amount per step. Each offer is planned as its
// preview showed it (usecases/offers/consequences.ts): the new price rounded to the precision the
// marketplace keeps for the offer's type, sold offers and prices that would fall to 0 left out
// with the reason; the rest are checked like any edit and queued, as one undoable step.
import { belowCostRefusal, type PriceChangeMode } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import type { JobControl } from '../../util/chunkedJob';
import { inUndoableChunks, sortWrites, type BulkOutcome, type ChunkOutcome } from './bulk';
import { afterPutOnSale, offerReader, planPrice } from './consequences';
import type { BulkEdit } from '../../store';
import { checkChange } from './previewChange';
import { selectedOffers, type OfferSelection } from './selection';

export interface ChangePriceInput {
  offers: OfferSelection;
  mode: PriceChangeMode;
  value: number;
  /**
   * Lets the Not Active gold offers the change edits go back on sale (the marketplace makes an
   * edited gold offer Active). Without it they are set Not Active again right after the edit.
   */
  putOnSale?: boolean;
  /**
   * The seller confirmed prices that, after commission, are below what the next unit costs
   * (rules/belowCost). Without it such a change is refused whole: nothing is queued.
   */
  allowBelowCost?: boolean;
  /** How the front lets the seller confirm it, for the refusal's English (the CLI's flag). */
  belowCostHow?: string;
}

/** The app's words for confirming a price below cost (the command line names its flag). */
const APP_BELOW_COST_HOW = 'Tick "Sell below cost anyway" to apply it.';

/**
 * Refuses a price change that would sell offers below cost, unless the seller confirmed it: every
 * offer is planned as the change will plan it, so the count is the preview's.
 */
export function refuseBelowCost(
  profile: SellerProfile,
  ids: readonly number[],
  input: Pick<ChangePriceInput, 'mode' | 'value' | 'allowBelowCost' | 'belowCostHow'>,
): void {
  if (input.allowBelowCost) return;
  const read = offerReader(profile);
  let count = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const page = ids.slice(i, i + 500);
    read.prefetch(page);
    for (const localId of page) {
      const plan = planPrice(read, localId, input.mode, input.value);
      if (plan.kind === 'change' && plan.belowCost) count++;
    }
  }
  if (count === 0) return;
  throw new UseCaseFailure(
    'bad_input',
    belowCostRefusal(count, input.belowCostHow ?? APP_BELOW_COST_HOW),
    [],
    { say: { key: 'offers.belowCostRefused', values: { count } } },
  );
}

export interface PriceChangeOutcome extends BulkOutcome {
  /** The new price of each changed offer, by local id. */
  prices: Map<number, number>;
  /** Not Active gold offers whose edit goes with a status change back to Not Active. */
  keptPaused: number;
}

/** A price change as the seller reads it: "+5 %", "−0.5". */
export function priceChangeWords(mode: PriceChangeMode, value: number): string {
  const sign = value > 0 ? '+' : '−';
  return mode === 'percent' ? `${sign}${Math.abs(value)} %` : `${sign}${Math.abs(value)}`;
}

export function offersCount(n: number): string {
  return `${n} offer${n === 1 ? '' : 's'}`;
}

export async function changePrice(
  profile: SellerProfile,
  input: ChangePriceInput,
  job: JobControl = {},
): Promise<PriceChangeOutcome> {
  checkChange({ kind: 'price', mode: input.mode, value: input.value });
  const store = profile.store();
  const ids = selectedOffers(profile, input.offers);
  refuseBelowCost(profile, ids, input);
  const read = offerReader(profile);
  const prices = new Map<number, number>();
  let keptPaused = 0;
  const outcome = await inUndoableChunks(
    profile,
    ids,
    // The English the CLI prints, and its catalogue message for the app's undo (store/undoSteps).
    (changed) => ({
      text: `Price ${priceChangeWords(input.mode, input.value)} on ${offersCount(changed)}`,
      say: {
        key: 'undo.step.price',
        values: {
          sign: input.value > 0 ? '+' : '−',
          value: Math.abs(input.value),
          percent: input.mode === 'percent' ? 'yes' : 'no',
          count: changed,
        },
      },
    }),
    (chunk) => {
      read.prefetch(chunk);
      const done: ChunkOutcome = { changedIds: [], refused: [] };
      const edits: BulkEdit[] = [];
      for (const localId of chunk) {
        const plan = planPrice(read, localId, input.mode, input.value);
        if (plan.kind === 'left_out') {
          done.refused.push({
            localId,
            // The app says the reason in its language (plan.say); the command line prints it.
            error: new UseCaseFailure(
              'bad_input',
              plan.reason,
              [
                {
                  field: 'price_per_step',
                  message: plan.reason,
                  ...(plan.say && { say: plan.say }),
                },
              ],
              plan.say ? { say: plan.say } : {},
            ),
          });
        } else {
          edits.push({
            localId,
            patch: { price_per_step: plan.price! },
            ...(plan.toSale && { thenStatus: afterPutOnSale(input.putOnSale) }),
          });
        }
      }
      const planned = new Map(edits.map((e) => [e.localId, e.patch.price_per_step]));
      const pausing = new Set(edits.filter((e) => e.thenStatus).map((e) => e.localId));
      return sortWrites(store.bulkChanges().editOffers(edits), done, (localId) => {
        prices.set(localId, planned.get(localId)!);
        if (pausing.has(localId)) keptPaused++;
      });
    },
    job,
  );
  return { ...outcome, prices, keptPaused };
}
