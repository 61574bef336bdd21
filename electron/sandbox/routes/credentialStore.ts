// Adding credentials with the marketplace's duplicate rule: a credential whose login hash, or
// email hash, is already on the offer (or earlier in the same batch) is skipped and counted.
import type { CredentialInput } from '../../contract/marketplace/wire';
import { CredentialStatus } from '../../contract/marketplace/assumptions';
import { marketplaceHashes } from '../credentialHash';
import type { MarketState, StoredCredential, StoredOffer } from '../state';

export interface AddOutcome {
  added: number;
  skipped: number;
}

export function addCredentials(
  state: MarketState,
  offer: StoredOffer,
  inputs: CredentialInput[],
): AddOutcome {
  const existing = state
    .credentialsOf(offer.id)
    .filter((c) => !state.soldAreNotDuplicates || c.status !== CredentialStatus.Sold);
  const logins = new Set(existing.map((c) => c.login_hash));
  const emails = new Set(existing.flatMap((c) => (c.email_hash ? [c.email_hash] : [])));
  let added = 0;
  let skipped = 0;
  const stamp = state.nextTimestamp(offer.user_id);
  for (const input of inputs) {
    const hashes = marketplaceHashes(input);
    if (
      logins.has(hashes.loginHash) ||
      (hashes.emailHash !== null && emails.has(hashes.emailHash))
    ) {
      skipped++;
      continue;
    }
    logins.add(hashes.loginHash);
    if (hashes.emailHash) emails.add(hashes.emailHash);
    const credential: StoredCredential = {
      id: state.nextCredentialId++,
      offerId: offer.id,
      login: input.login,
      email: input.email?.trim() ? input.email : null,
      is_2fa_active: input.is_2fa_active ?? null,
      comment: input.comment ?? null,
      status: CredentialStatus.Active,
      login_hash: hashes.loginHash,
      email_hash: hashes.emailHash,
      updated_at: stamp,
    };
    state.credentials.set(credential.id, credential);
    added++;
  }
  if (added > 0) {
    offer.credentials_recorded = true;
    offer.updated_at = stamp;
  }
  return { added, skipped };
}
