// The offer a credentials or screenshots intent is about, and the key credentials are sealed
// with: one rule and one message for the app and the command line.
import type { OfferDetail } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export function requireOffer(profile: SellerProfile, localId: number): OfferDetail {
  const offer = profile.store().getOffer(localId);
  if (!offer) throw new UseCaseFailure('not_found', 'This offer no longer exists.');
  return offer;
}

/** The marketplace's id of an offer it already has: single credentials are edited there. */
export function requireSentOffer(profile: SellerProfile, localId: number): number {
  const offer = requireOffer(profile, localId);
  if (offer.serverId === null) {
    throw new UseCaseFailure(
      'not_found',
      'This offer has not reached the marketplace yet; sync first, then edit its credentials.',
    );
  }
  return offer.serverId;
}

/**
 * Never a key this process may not use: a profile whose key only the app's keychain holds is
 * refused before anything is read or sealed.
 */
export function requireCredentialsKey(profile: SellerProfile): void {
  const locked = profile.keyring().locked;
  if (locked) {
    throw new UseCaseFailure(
      locked.reason === 'locked' ? 'credentials_locked' : 'data_folder',
      locked.message,
    );
  }
}
