// Accounts that may already be on sale: their add_batch may have arrived (the answer was lost)
// and a buyer bought from the offer since, so sending them again could sell one account twice.
// The sync holds them (core/sync/uncertainCredentials.ts); the seller chooses: send them again
// (the marketplace may skip them as duplicates) or drop them (never sent from here again).
import { UseCaseFailure, toFailure } from '../failure';
import { requireOffer } from '../offers/getOffer';
import type { SellerProfile } from '../profile';

export interface UncertainAccounts {
  localId: number;
  /** The marketplace id. */
  id: number | null;
  title: string;
  /** Accounts that may already be on sale. */
  accounts: number;
}

/** Every offer holding such accounts. */
export function uncertainAccounts(profile: SellerProfile): UncertainAccounts[] {
  const store = profile.store();
  return store
    .stock()
    .uncertain()
    .flatMap(({ localId, accounts }) => {
      const offer = store.getOffer(localId);
      if (!offer) return [];
      const name = offer.fields.outer_name || offer.fields.internal_name;
      const title =
        typeof name === 'string' && name
          ? name
          : `${store.getProduct(offer.productId)?.title ?? 'Offer'} #${offer.serverId ?? ''}`;
      return [{ localId, id: offer.serverId, title, accounts }];
    });
}

export function uncertainAccountsOf(profile: SellerProfile, localId: number): number {
  return profile
    .store()
    .stock()
    .uncertain(localId)
    .reduce((n, u) => n + u.accounts, 0);
}

function choose(profile: SellerProfile, localId: number, how: 'resend' | 'drop'): number {
  requireOffer(profile, localId);
  if (uncertainAccountsOf(profile, localId) === 0) {
    throw new UseCaseFailure('bad_input', 'No accounts of this offer wait for that choice.', [], {
      say: { key: 'refusals.stock.noUncertain' },
    });
  }
  try {
    const stock = profile.store().stock();
    return how === 'resend' ? stock.resendUncertain(localId) : stock.dropUncertain(localId);
  } catch (error) {
    throw toFailure(error);
  }
}

/** Sends them again at the next push, knowing one may be on sale already. */
export function sendUncertainAgain(profile: SellerProfile, localId: number): { accounts: number } {
  return { accounts: choose(profile, localId, 'resend') };
}

/** Drops them: Seller Desk forgets them and never sends them. */
export function dropUncertainAccounts(
  profile: SellerProfile,
  localId: number,
): { accounts: number } {
  return { accounts: choose(profile, localId, 'drop') };
}
