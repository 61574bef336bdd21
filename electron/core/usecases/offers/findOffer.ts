// Finding an offer the seller named: by the marketplace's id once it has one, else by the local
// number of an offer that exists only in the queue. The fronts parse how the seller wrote it.
import type { SellerProfile } from '../profile';

/** The local offer holding this marketplace id, if it is in the local data. */
export function offerOfMarketplaceId(profile: SellerProfile, serverId: number): number | undefined {
  return profile.store().localIdOfServerId(serverId);
}

/** Whether an offer with this local number exists (queued or synced). */
export function offerExists(profile: SellerProfile, localId: number): boolean {
  return profile.store().getOffer(localId) !== null;
}
