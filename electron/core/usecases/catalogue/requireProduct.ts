// The product an offer, an import or an export is about: from the local catalogue, else read
// from the marketplace (one request) and kept, so an import works before a first pull. One rule
// and one message for every front.
import type { Product } from '../../../contract/marketplace/wire';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export interface RequireProductOptions {
  /** Read it from the marketplace even when cached (`products show --refresh`). */
  refresh?: boolean;
  /** Offline callers (the app's list views) take the cache or nothing. */
  cachedOnly?: boolean;
  signal?: AbortSignal;
}

export async function requireProduct(
  profile: SellerProfile,
  productId: number,
  options: RequireProductOptions = {},
): Promise<Product> {
  const store = profile.store();
  const cached = options.refresh ? null : store.getProduct(productId);
  if (cached) return cached;
  if (options.cachedOnly) throw notInCatalogue(productId);
  const client = await profile.client();
  try {
    const product = await client.getProduct(productId, options.signal);
    store.saveProducts([product]);
    return product;
  } catch (error) {
    if ((error as { kind?: unknown }).kind === 'not_found') throw notInCatalogue(productId);
    throw error;
  }
}

/** The cached product, for code that must not wait on the network. */
export function cachedProduct(profile: SellerProfile, productId: number): Product {
  const product = profile.store().getProduct(productId);
  if (!product) throw notInCatalogue(productId);
  return product;
}

function notInCatalogue(productId: number): UseCaseFailure {
  return new UseCaseFailure(
    'not_found',
    `Product ${productId} is not in the marketplace's catalogue. Refresh the catalogue and check the product's number.`,
    [],
    { say: { key: 'refusals.catalogue.noProduct', values: { product: productId } } },
  );
}
