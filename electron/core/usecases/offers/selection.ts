// Which offers a bulk change is about: those the seller picked, or every offer matching a filter
// (the command line's `--product`, `--status`). A filter never picks an offer already waiting to
// be deleted: there is nothing left to change on it.
import { OfferStatus } from '../../../contract/marketplace/wire';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export interface OfferFilter {
  /** The marketplace's status of the offer. */
  status?: number;
  productId?: number;
}

export type OfferSelection = { localIds: readonly number[] } | { filter: OfferFilter };

/** More than this in one change is a mistake (the app's own limit). */
export const MAX_SELECTED = 100_000;

const knownStatuses: readonly number[] = Object.values(OfferStatus);

export function selectedOffers(profile: SellerProfile, selection: OfferSelection): number[] {
  if ('localIds' in selection) {
    if (selection.localIds.length === 0) {
      throw new UseCaseFailure('bad_input', 'Choose at least one offer.', [], {
        say: { key: 'refusals.offers.chooseOne' },
      });
    }
    if (selection.localIds.length > MAX_SELECTED) {
      throw new UseCaseFailure(
        'bad_input',
        `At most ${MAX_SELECTED} offers can change at once.`,
        [],
        {
          say: { key: 'refusals.offers.atMost', values: { max: MAX_SELECTED } },
        },
      );
    }
    return [...new Set(selection.localIds)];
  }
  const { status, productId } = selection.filter;
  if (status === undefined && productId === undefined) {
    throw new UseCaseFailure(
      'bad_input',
      'Choose the offers: by id, by product or by status.',
      [],
      {
        say: { key: 'refusals.offers.chooseHow' },
      },
    );
  }
  if (status !== undefined && !knownStatuses.includes(status)) {
    throw new UseCaseFailure(
      'bad_input',
      `There is no status ${status}: statuses are ${knownStatuses.join(', ')}.`,
      [],
      {
        say: {
          key: 'refusals.offers.noStatus',
          values: { status, statuses: knownStatuses.join(', ') },
        },
      },
    );
  }
  const ids = profile.store().offerIdsWhere({
    ...(status !== undefined && { status }),
    ...(productId !== undefined && { productId }),
  });
  if (ids.length === 0) {
    const what = [
      productId !== undefined && `of product ${productId}`,
      status !== undefined && `with status ${status}`,
    ]
      .filter(Boolean)
      .join(' ');
    throw new UseCaseFailure('not_found', `No offers ${what} in the local data.`, [], {
      say:
        productId !== undefined && status !== undefined
          ? {
              key: 'refusals.offers.noneOfProductWithStatus',
              values: { product: productId, status },
            }
          : productId !== undefined
            ? { key: 'refusals.offers.noneOfProduct', values: { product: productId } }
            : { key: 'refusals.offers.noneWithStatus', values: { status: status ?? '' } },
    });
  }
  return ids;
}
