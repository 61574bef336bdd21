// A profile's token replaced (the old one revoked or regenerated), for the command line's
// `profiles replace-token NAME` and the app's "Replace token" alike. The marketplace is asked once
// whose token it is (my_offers, on the profile's own ledger and activity log), and the guard's
// rules judge it: the profile's seller's is taken, another seller's is refused. A token whose
// seller has no offers, for a profile that caches none either, cannot be confirmed by anything:
// it is taken only when the seller confirms it, after being told what Seller Desk knows and does
// not, so a queue is never stranded behind a revoked token nor sent on a guess.
import { translate } from '../../../contract/i18n';
import type { Sentence } from '../failure';
import { openSellerProfile, type OpenSellerProfileOptions } from '../openSellerProfile';
import { refuseUnsafeKeeper, type TokenKeeper } from '../session/connect';
import { wellFormedToken } from '../session/checkToken';
import { cachedServerIds } from './cachedOffers';
import { sellerGuard, SellerMismatch } from './guard';
import { identifySeller } from './identity';
import { listProfiles, missingProfile, unsentWork, type ProfileSummary } from './sellerProfiles';

export interface ReplaceTokenInput {
  dataDir: string;
  /** The marketplace, as the profiles are listed under it. */
  baseUrl: string;
  /** The profile whose token is replaced. */
  name: string;
  token: string;
  /** The seller read the question and says the token is theirs (only asked when nothing can tell). */
  confirmed: boolean;
  /** Where the front keeps the profile's token (the app's sealed file); the CLI keeps none. */
  keeper?: TokenKeeper;
  /** The seller accepted a keeper that stores in plain text. */
  plainTextAccepted?: boolean;
  /** How the profile is opened for the question: the front's clock, rate window, retries. */
  open?: Pick<
    OpenSellerProfileOptions,
    'clock' | 'windowMs' | 'retry' | 'busyTimeoutMs' | 'onWait'
  >;
  signal?: AbortSignal;
}

export type ReplaceTokenOutcome =
  | {
      taken: true;
      profile: ProfileSummary;
      /** Who vouched for the token: the marketplace (the seller's offers), or the seller. */
      confirmedBy: 'marketplace' | 'seller';
    }
  | {
      taken: false;
      profile: ProfileSummary;
      /** What Seller Desk can and cannot know, for the seller to answer. */
      question: Sentence;
      /** The question in English (the command line's words). */
      message: string;
    };

export async function replaceProfileToken(input: ReplaceTokenInput): Promise<ReplaceTokenOutcome> {
  const token = wellFormedToken(input.token);
  if (input.keeper) refuseUnsafeKeeper(input.keeper, input.plainTextAccepted === true);
  const profiles = listProfiles(input.dataDir, input.baseUrl);
  const target = profiles.find((p) => p.name === input.name);
  if (!target) throw missingProfile(input.name, profiles);
  const guard = sellerGuard({
    dataDir: input.dataDir,
    marketUrl: input.baseUrl,
    file: target.file,
    ...(input.signal && { signal: input.signal }),
  });
  const profile = openSellerProfile({
    ...input.open,
    dataDir: input.dataDir,
    baseUrl: input.baseUrl,
    file: target.file,
    token: () => token,
  });
  let confirmedBy: 'marketplace' | 'seller' = 'marketplace';
  try {
    const client = await profile.client();
    // One request: a refused token ends here (the marketplace's 401), before anything is kept.
    const identity = await identifySeller(client, input.dataDir, token, input.signal);
    const cached = cachedServerIds(profile.store());
    try {
      await guard.check(token, client, () => cached, identity);
    } catch (error) {
      // Offers cached here and none of them shown to this token: they name another seller.
      if (!(error instanceof SellerMismatch) || error.unconfirmedFor === null || cached.length) {
        throw error;
      }
      if (!input.confirmed) {
        const question: Sentence = {
          key: 'profiles.replaceQuestion',
          values: { name: target.name, count: unsentWork(target.file).queuedOperations },
        };
        return {
          taken: false,
          profile: target,
          question,
          message: translate('en', question.key, question.values),
        };
      }
      guard.takeConfirmed(token);
      confirmedBy = 'seller';
    }
  } finally {
    await profile.close();
  }
  input.keeper?.set(token);
  const now = listProfiles(input.dataDir, input.baseUrl).find((p) => p.file === target.file);
  return { taken: true, profile: now ?? target, confirmedBy };
}
