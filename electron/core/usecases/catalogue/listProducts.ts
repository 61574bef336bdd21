// The catalogue as the seller browses it: from the local cache (so it works offline), read from
// the marketplace when asked or when nothing is cached yet, filtered the same way in every front.
import { pageSizes } from '../../../contract/marketplace/assumptions';
import type { Product } from '../../../contract/marketplace/wire';
import type { SellerProfile } from '../profile';

export interface ProductQuery {
  /** Part of the title (any case), or the product's number. */
  search?: string;
  marketplaceType?: number;
  activeOnly?: boolean;
}

export interface ListProductsOptions {
  /** `always`: read the catalogue first; `if-empty`: only when nothing is cached. Else cache only. */
  refresh?: 'always' | 'if-empty';
  signal?: AbortSignal;
}

export interface CatalogueEntry {
  product: Product;
  /** The seller's offers of it here, local ones included. */
  offers: number;
}

/** Reads the whole catalogue into the cache, page by page; answers how many products came. */
export async function refreshCatalogue(
  profile: SellerProfile,
  signal?: AbortSignal,
): Promise<number> {
  const client = await profile.client();
  const store = profile.store();
  let offset = 0;
  for (;;) {
    const page = await client.listProducts({ offset, limit: pageSizes.productList }, signal);
    store.saveProducts(page.result);
    offset += page.result.length;
    if (page.result.length === 0 || offset >= page.total) return offset;
  }
}

export function matchesProductQuery(
  product: { id: number; title: string; marketplace_type: number; is_active: boolean },
  query: ProductQuery,
): boolean {
  const needle = query.search?.trim().toLowerCase() ?? '';
  return (
    (!needle || product.title.toLowerCase().includes(needle) || String(product.id) === needle) &&
    (query.marketplaceType === undefined || product.marketplace_type === query.marketplaceType) &&
    (!query.activeOnly || product.is_active)
  );
}

/** The products matching the query, by title. */
export async function listProducts(
  profile: SellerProfile,
  query: ProductQuery = {},
  options: ListProductsOptions = {},
): Promise<CatalogueEntry[]> {
  const store = profile.store();
  if (
    options.refresh === 'always' ||
    (options.refresh === 'if-empty' && store.listProducts().length === 0)
  ) {
    await refreshCatalogue(profile, options.signal);
  }
  return store
    .listProducts()
    .filter((summary) => matchesProductQuery(summary, query))
    .flatMap((summary) => {
      const product = store.getProduct(summary.id);
      if (!product) return [];
      return [{ product, offers: store.queryOffers({ productId: summary.id, limit: 1 }).total }];
    });
}
