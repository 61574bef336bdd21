// The offers list (the merged view: the marketplace's copy with the seller's local changes),
// filtered, sorted and paged the same way for the app's table and `offers list`, and the counts
// beside it.
import { offerSortColumns, type OfferSortColumn } from '../../../contract/ipc/models';
import type { MarketplaceTypeValue, Product } from '../../../contract/marketplace/wire';
import type { OfferCounts, OfferListRow, SyncState } from '../../store';
import { UseCaseFailure } from '../failure';
import { offersLowOnStock } from '../stock';
import type { SellerProfile } from '../profile';

export interface OfferListQuery {
  status?: number;
  productId?: number;
  syncState?: SyncState;
  /** Matches names, description, product title, the marketplace id and the field values. */
  text?: string;
  /** Only account offers low on credentials or sold out (core/usecases/stock). */
  lowStock?: boolean;
  /** Newest-updated first when absent. */
  sort?: { column: string; dir: 'asc' | 'desc' };
  offset?: number;
  /** Every matching offer from `offset` on when absent. */
  limit?: number;
}

export interface ListedOffer extends OfferListRow {
  /** Null when the product is not in the local catalogue. */
  marketplaceType: MarketplaceTypeValue | null;
}

export interface OfferList {
  /** Every offer matching the filters, whatever the page. */
  total: number;
  offers: ListedOffer[];
}

/** The store answers at most this many rows at a time. */
const PAGE = 500;

function checkedSort(sort: OfferListQuery['sort']): {
  column: OfferSortColumn;
  dir: 'asc' | 'desc';
} {
  if (!sort) return { column: 'updated_at', dir: 'desc' };
  if (!(offerSortColumns as readonly string[]).includes(sort.column)) {
    throw new UseCaseFailure(
      'bad_input',
      `Offers cannot be sorted by "${sort.column}": choose one of ${offerSortColumns.join(', ')}.`,
      [],
      {
        say: {
          key: 'refusals.offers.sortColumn',
          values: { column: sort.column, columns: offerSortColumns.join(', ') },
        },
      },
    );
  }
  if (sort.dir !== 'asc' && sort.dir !== 'desc') {
    throw new UseCaseFailure('bad_input', 'The order is asc (smallest first) or desc.', [], {
      say: { key: 'refusals.offers.order' },
    });
  }
  return { column: sort.column as OfferSortColumn, dir: sort.dir };
}

export function listOffers(profile: SellerProfile, query: OfferListQuery = {}): OfferList {
  const offset = query.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new UseCaseFailure('bad_input', 'The offset is a whole number, 0 or more.', [], {
      say: { key: 'refusals.offers.offset' },
    });
  }
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) {
    throw new UseCaseFailure('bad_input', 'The limit is a whole number, at least 1.', [], {
      say: { key: 'refusals.offers.limit' },
    });
  }
  const store = profile.store();
  const filter = {
    ...(query.status !== undefined && { status: query.status }),
    ...(query.productId !== undefined && { productId: query.productId }),
    ...(query.syncState !== undefined && { syncState: query.syncState }),
    ...(query.text !== undefined && { text: query.text }),
    ...(query.lowStock && { localIds: offersLowOnStock(profile).map((o) => o.localId) }),
    sort: checkedSort(query.sort),
  };
  const rows: OfferListRow[] = [];
  let total: number;
  for (let at = offset; ; at += PAGE) {
    const want = query.limit === undefined ? PAGE : Math.min(PAGE, query.limit - rows.length);
    const page = store.queryOffers({ ...filter, offset: at, limit: want });
    total = page.total;
    rows.push(...page.rows);
    if (page.rows.length < want || rows.length === query.limit) break;
  }
  const products = new Map<number, Product | null>();
  const productOf = (id: number) => {
    if (!products.has(id)) products.set(id, store.getProduct(id));
    return products.get(id) ?? null;
  };
  return {
    total,
    offers: rows.map((row) => {
      const product = productOf(row.productId);
      return {
        ...row,
        productTitle: row.productTitle || product?.title || `Product ${row.productId}`,
        marketplaceType: product?.marketplace_type ?? null,
      };
    }),
  };
}

/**
 * The counts beside the list: by status under the list's other filters (product, sync state,
 * search), by sync state likewise; the total is the whole profile's.
 */
export function countOffers(
  profile: SellerProfile,
  filter: Pick<OfferListQuery, 'status' | 'productId' | 'syncState' | 'text'> = {},
): OfferCounts {
  return profile.store().countOffers({
    ...(filter.status !== undefined && { status: filter.status }),
    ...(filter.productId !== undefined && { productId: filter.productId }),
    ...(filter.syncState !== undefined && { syncState: filter.syncState }),
    ...(filter.text !== undefined && { text: filter.text }),
  });
}
