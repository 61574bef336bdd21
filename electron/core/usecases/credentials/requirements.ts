// What a credentials intent needs before it starts: an offer the marketplace already has (for a
// single credential), and a key this process may seal with: one rule and one message for the
// app and the command line.
import { CredentialSystem } from '../../../contract/marketplace/wire';
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
      [],
      { say: { key: 'refusals.credentials.notSent' } },
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

/**
 * Replace all, update and delete are "only for offers with credential_system_type_id = 3" (the
 * deprecated 2 is written as 3): an offer without a credential system is refused here, before
 * anything is queued or sent, rather than by a 403 at push.
 */
const actionWord = {
  'Replace all': 'replace',
  'Changing a credential': 'change',
  'Deleting a credential': 'delete',
} as const;

export function requireMultipleSystem(
  profile: SellerProfile,
  localId: number,
  action: 'Replace all' | 'Changing a credential' | 'Deleting a credential',
): void {
  const system = requireOffer(profile, localId).fields.credential_system_type_id;
  if (system === CredentialSystem.None) {
    throw new UseCaseFailure(
      'bad_input',
      `${action} works only for offers with several credentials (credential system Multiple); this offer has no credential system (delivery by chat).`,
      [],
      { say: { key: 'refusals.credentials.multipleOnly', values: { action: actionWord[action] } } },
    );
  }
}
