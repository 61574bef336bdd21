// One credential of an offer the marketplace already has, changed or deleted there directly:
// the API has no list of an offer's credentials to queue such an edit against, so it needs the
// marketplace now and is never queued.
import type { CredentialInput, CredentialRecord } from '../../../contract/marketplace/wire';
import { credentialProblems } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { requireMultipleSystem, requireSentOffer } from './requirements';

/** The fields to change, in the API's words; a field left out keeps its value. */
export type CredentialChanges = Partial<CredentialInput>;

export interface UpdateCredentialInput {
  localId: number;
  /** The marketplace's id of the credential. */
  credentialId: number;
  changes: CredentialChanges;
}

export interface CredentialRef {
  localId: number;
  credentialId: number;
}

export async function updateCredential(
  profile: SellerProfile,
  input: UpdateCredentialInput,
  options: { signal?: AbortSignal } = {},
): Promise<CredentialRecord> {
  const offerId = requireSentOffer(profile, input.localId);
  requireMultipleSystem(profile, input.localId, 'Changing a credential');
  const changes = Object.fromEntries(
    Object.entries(input.changes).filter(([, value]) => value !== undefined),
  ) as CredentialChanges;
  if (Object.keys(changes).length === 0) {
    throw new UseCaseFailure('bad_input', 'Nothing to change: name at least one field.', [], {
      say: { key: 'refusals.credentials.nothingToChange' },
    });
  }
  const problems = credentialProblems(changes, undefined, true);
  if (problems.length > 0) {
    throw new UseCaseFailure(
      'bad_input',
      'This credential cannot be saved as it is.',
      problems.map(({ field, message }) => ({ field, message })),
      { say: { key: 'refusals.credentials.cannotSave' } },
    );
  }
  const client = await profile.client();
  return client.updateCredential(offerId, input.credentialId, changes, options.signal);
}

export async function deleteCredential(
  profile: SellerProfile,
  input: CredentialRef,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const offerId = requireSentOffer(profile, input.localId);
  requireMultipleSystem(profile, input.localId, 'Deleting a credential');
  const client = await profile.client();
  await client.deleteCredential(offerId, input.credentialId, options.signal);
  // The stock and the restock pool stop counting it; the pool tops the offer up at the next push.
  profile.store().stock().credentialDeleted(input.localId, input.credentialId);
}
