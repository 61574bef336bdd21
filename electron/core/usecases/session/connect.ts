// Connecting keeps a token only once the marketplace took it, and only where it is safe at rest;
// disconnecting forgets the token but keeps the profile, so nothing unsynced is lost. Where the
// token is kept is the front's port (the app's OS keychain vault).
import type { EarlierRequests } from '../activity/earlierRequests';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { checkToken, wellFormedToken } from './checkToken';

/** Where a front keeps the token at rest. */
export interface TokenKeeper {
  set(token: string): void;
  clear(): void;
  /** Which backend protects it, e.g. `gnome_libsecret`, `basic_text`, `keychain`, `file`. */
  backend(): string | null;
}

/** Linux without a keyring: safeStorage "encrypts" with a hard-coded key. */
export const PLAIN_TEXT_BACKEND = 'basic_text';

export interface ConnectInput {
  baseUrl: string;
  token: string;
  /** The seller accepted plain-text storage (now or before). */
  plainTextAccepted: boolean;
  /** Notes the check's request for the profile the token opens. */
  requests?: EarlierRequests;
}

/** A token is kept in plain text only where the seller accepted it (now or before). */
export function refuseUnsafeKeeper(
  keeper: Pick<TokenKeeper, 'backend'>,
  plainTextAccepted: boolean,
): void {
  if (keeper.backend() === PLAIN_TEXT_BACKEND && !plainTextAccepted) {
    throw new UseCaseFailure(
      'insecure_storage',
      'This computer has no system keyring, so the token could only be stored with a fixed key that any program running as you could read. Install and unlock a keyring (GNOME Keyring or KWallet) and restart Seller Desk, or accept storing it this way.',
      [],
      { say: { key: 'refusals.session.insecure' } },
    );
  }
}

/** Checks the token with the marketplace and keeps it; answers the token as kept. */
export async function connect(input: ConnectInput, keeper: TokenKeeper): Promise<string> {
  const token = wellFormedToken(input.token);
  refuseUnsafeKeeper(keeper, input.plainTextAccepted);
  await checkToken({
    baseUrl: input.baseUrl,
    token,
    ...(input.requests && { requests: input.requests }),
  });
  keeper.set(token);
  return token;
}

/** Closes the profile (its file, with every queued change, stays) and forgets the token. */
export async function disconnect(
  profile: SellerProfile | null,
  keeper: Pick<TokenKeeper, 'clear'> | null,
): Promise<void> {
  await profile?.close();
  keeper?.clear();
}
