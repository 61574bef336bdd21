// Before a token claims a profile no seller has claimed yet (an older version's file, kept per
// marketplace whoever's token was used), the offers cached in it are asked about: if none of a few
// is the token's seller's, the file holds another seller's work and is not theirs to send.
import type { MarketplaceClient } from '../../api';
import { openStore, type Store } from '../../store';

/** How many cached offers are asked about (one request each, only when a profile is claimed). */
const ASKED = 3;

/** A few marketplace ids of the offers an open profile caches (none before its first pull). */
export function cachedServerIds(store: Pick<Store, 'queryOffers'>): number[] {
  return store
    .queryOffers({ limit: 200 })
    .rows.flatMap((row) => (row.serverId === null ? [] : [row.serverId]))
    .slice(0, ASKED);
}

/** A few marketplace ids of offers cached in a profile file (none for a file without offers). */
export function cachedOfferIds(file: string, existing: boolean): number[] {
  if (!existing) return [];
  const store = openStore(file);
  try {
    return cachedServerIds(store);
  } finally {
    store.close();
  }
}

/**
 * True when the profile's cached offers may be the token's seller's: it has none, or at least
 * one of them is among the seller's own (my_offers by id). An offer deleted on the marketplace
 * since is not found either; only when none of those asked is found is the file refused.
 */
export async function cachedOffersAreTheirs(
  client: Pick<MarketplaceClient, 'myOffers'>,
  ids: number[],
  signal?: AbortSignal,
): Promise<boolean> {
  if (ids.length === 0) return true;
  for (const id of ids) {
    const page = await client.myOffers({ id, limit: 1 }, signal);
    if (page.data.some((offer) => offer.id === id)) return true;
  }
  return false;
}
