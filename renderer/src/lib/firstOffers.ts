// The offers view is what the seller sees first. Its first page is asked for as the app starts,
// alongside the session check, instead of after it: the rows arrive a round trip sooner. It is
// the page of the view as the seller left it (remembered filters and sort).
import type { SellerDeskApi } from '../../../electron/contract/ipc/api';
import type { OfferPage, OfferQuery } from '../../../electron/contract/ipc/models';
import { loadViewPreferences, queryOfPreferences } from './offersViewPreferences';

export const OFFERS_PAGE_SIZE = 100;
export const defaultOfferSort: OfferQuery['sort'] = { column: 'updated_at', dir: 'desc' };

/** Null when there is nothing to show yet (not connected) or the call failed. */
export function prefetchFirstOffers(api: SellerDeskApi): Promise<OfferPage | null> {
  return loadViewPreferences(api)
    .then((preferences) =>
      api.offers.query({ ...queryOfPreferences(preferences), offset: 0, limit: OFFERS_PAGE_SIZE }),
    )
    .then(
      (result) => (result.ok ? result.value : null),
      () => null,
    );
}
