// Pull: the catalogue (paged by 25) and the seller's own offers. The incremental pull reads
// my_offers newest-updated first and stops at the first offer it already knows (the high-water
// mark), so a refresh with no change costs one request. The full reconcile reads every page and
// notices offers deleted on the marketplace.
import { pageSizes } from '../../contract/marketplace/assumptions';
import type { MarketplaceClient } from '../api';
import type { Offer } from '../../contract/marketplace/wire';
import type { SyncStore } from '../store';
import { runInChunks } from '../util/chunkedJob';

export const HIGH_WATER_KEY = 'offers_high_water';

export type ProgressFn = (phase: string, done: number, total: number) => void;

export async function pullCatalogue(
  store: SyncStore,
  client: MarketplaceClient,
  progress: ProgressFn,
  signal?: AbortSignal,
): Promise<number> {
  let offset = 0;
  let total = Infinity;
  while (offset < total) {
    const page = await client.listProducts({ offset, limit: pageSizes.productList }, signal);
    total = page.total;
    // A list entry without its fields cannot validate an offer: ask for the product's details.
    const products = [];
    for (const product of page.result) {
      products.push(
        product.product_fields.length > 0 ? product : await client.getProduct(product.id, signal),
      );
    }
    store.saveProducts(products);
    offset += page.result.length;
    progress('catalogue', Math.min(offset, total), total);
    if (page.result.length === 0) break;
  }
  return offset;
}

export interface OfferPullResult {
  requests: number;
  applied: number;
  conflicts: number;
  deleted: number;
}

/**
 * Takes a page in chunks of about 8 ms each, returning to the event loop between them: a page of
 * new offers costs SQLite tens of milliseconds (every list index), and the seller's queries must
 * not wait that long. Each chunk commits its offers with their sales history
 * (core/store/sales.ts), or neither; the high-water mark moves only after the last page, so a
 * pull stopped between chunks takes the rest next time.
 */
async function applyPage(
  store: SyncStore,
  offers: Offer[],
  result: OfferPullResult,
  signal?: AbortSignal,
): Promise<void> {
  const run = await runInChunks(
    offers,
    (chunk) => {
      const applied = store.transaction(() => {
        const page = store.applyServerOffers(chunk);
        store.recordSalesPoints(chunk);
        return page;
      });
      result.applied += applied.applied;
      result.conflicts += applied.conflicts;
    },
    { signal, firstChunk: 25 },
  );
  if (run.cancelled) throw signal?.reason ?? new Error('aborted');
}

/** Pages of a read-back asked for at once, at most (a push's offers of a few windows). */
const PAGES_AT_ONCE = 10;

/**
 * `changed`: offers this process knows to have changed since the last pull (a push's accepted
 * writes). Their pages, and the one offer past them that shows where the known ones begin, are
 * asked for at once rather than one after the other: after a push the seller waits for this
 * read, and each page in turn is a round trip more. Sized to what is expected, so a push of 50
 * offers reads one page of 51; anything else that changed meanwhile is read on, page by page.
 */
export async function pullOffersIncremental(
  store: SyncStore,
  client: MarketplaceClient,
  progress: ProgressFn,
  signal?: AbortSignal,
  changed = 0,
  maxPages = Infinity,
): Promise<OfferPullResult> {
  const known = store.getMeta(HIGH_WATER_KEY);
  const result: OfferPullResult = { requests: 0, applied: 0, conflicts: 0, deleted: 0 };
  let newest = known;
  let offset = 0;
  const ask = (at: number, limit: number) => ({
    limit,
    page: client.myOffers({ sort: 'updated_at', order: 'desc', offset: at, limit }, signal),
  });
  const ahead: ReturnType<typeof ask>[] = [];
  if (known !== null && changed > 0) {
    const wanted = changed + 1;
    for (let at = 0; at < wanted && ahead.length < PAGES_AT_ONCE; at += pageSizes.myOffers) {
      ahead.push(ask(at, Math.min(pageSizes.myOffers, wanted - at)));
    }
  }
  // A page asked ahead and no longer needed must not fail unseen.
  for (const asked of ahead) asked.page.catch(() => undefined);
  for (;;) {
    const asked = ahead.shift() ?? ask(offset, pageSizes.myOffers);
    const page = await asked.page;
    result.requests++;
    const fresh: Offer[] = [];
    let reachedKnown = false;
    for (const offer of page.data) {
      if (known !== null && offer.updated_at <= known) {
        reachedKnown = true;
        break;
      }
      fresh.push(offer);
      if (newest === null || offer.updated_at > newest) newest = offer.updated_at;
    }
    await applyPage(store, fresh, result, signal);
    offset += page.data.length;
    progress('offers', offset, page.total);
    if (reachedKnown || page.data.length < asked.limit || offset >= page.total) break;
    // Stopped short: the mark stays, so the next pull reads the older part.
    if (result.requests >= maxPages) return result;
  }
  // Only now: had the pull stopped halfway, the older part would be skipped next time.
  if (newest !== null && newest !== known) store.setMeta(HIGH_WATER_KEY, newest);
  return result;
}

/**
 * Reads these offers as they are now (a push's restock needs their sales and status, and no pull
 * came before it): one `my_offers` by id for a single offer; for more, the incremental pull, which
 * reads what changed newest first (one request while fewer than a page changed) and is stopped
 * after as many pages as there are offers, leaving its mark where it was.
 */
export async function pullOffersFor(
  store: SyncStore,
  client: MarketplaceClient,
  serverIds: readonly number[],
  signal?: AbortSignal,
): Promise<OfferPullResult> {
  if (serverIds.length !== 1) {
    return pullOffersIncremental(store, client, () => undefined, signal, 0, serverIds.length);
  }
  const result: OfferPullResult = { requests: 0, applied: 0, conflicts: 0, deleted: 0 };
  const page = await client.myOffers({ id: serverIds[0]! }, signal);
  result.requests++;
  // Only the offer asked for: the high-water mark stays, the next pull reads the rest.
  await applyPage(
    store,
    page.data.filter((o) => o.id === serverIds[0]),
    result,
    signal,
  );
  return result;
}

export async function pullOffersFull(
  store: SyncStore,
  client: MarketplaceClient,
  progress: ProgressFn,
  signal?: AbortSignal,
): Promise<OfferPullResult> {
  const result: OfferPullResult = { requests: 0, applied: 0, conflicts: 0, deleted: 0 };
  const seen = new Set<number>();
  let newest = store.getMeta(HIGH_WATER_KEY);
  let offset = 0;
  let firstTotal: number | null = null;
  let lastTotal: number;
  // Oldest-created first: edits made while paging do not move offers between pages.
  for (;;) {
    const page = await client.myOffers(
      { sort: 'created_at', order: 'asc', offset, limit: pageSizes.myOffers },
      signal,
    );
    result.requests++;
    firstTotal ??= page.total;
    lastTotal = page.total;
    for (const offer of page.data) {
      seen.add(offer.id);
      if (newest === null || offer.updated_at > newest) newest = offer.updated_at;
    }
    await applyPage(store, page.data, result, signal);
    offset += page.data.length;
    progress('offers', offset, page.total);
    if (page.data.length < pageSizes.myOffers || offset >= page.total) break;
  }
  // A deletion on the server while we paged shifts the pages; then "not seen" proves nothing.
  if (firstTotal === lastTotal && seen.size === lastTotal) {
    result.deleted += store.applyServerDeletions(seen);
  }
  if (newest !== null) store.setMeta(HIGH_WATER_KEY, newest);
  return result;
}
