// What a credentials intent needs before it starts: an offer the marketplace already has (for a
// single credential), and a key this process may seal with: one rule and one message for the
// app and the command line.
import { UseCaseFailure } from '../failure';
import { requireOffer } from '../offers/getOffer';
import type { SellerProfile } from '../profile';

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
