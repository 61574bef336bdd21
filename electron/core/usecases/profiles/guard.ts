// A profile's queue goes out only under its own seller's token. The guard runs before a profile
// hands out its client: a token already used with the profile passes without a request; any
// other token is identified (one my_offers request, identity.ts) and passes only when its
// `user_id` is the profile's seller. A profile no token has used yet (the first profile of an
// older version, or one just added) is claimed by the first token, unless that token's seller
// already has a profile of their own. `profileForSeller` is the app's side: the token picks the
// profile.
import { existsSync } from 'node:fs';
import type { MarketplaceClient } from '../../api';
import type { EarlierRequests } from '../activity/earlierRequests';
import { marketSlug, profileFile } from '../paths';
import { translate } from '../../../contract/i18n';
import { UseCaseFailure, type Sentence } from '../failure';
import { identifySeller, tokenFingerprint, type SellerIdentity } from './identity';
import {
  entryFile,
  readRegistry,
  registryPath,
  rememberFingerprint,
  updateRegistry,
  type ProfileEntry,
  type Registry,
} from './registry';
import { defaultProfileName, newProfileEntry, type ProfileSummary } from './sellerProfiles';
import { cachedOfferIds, cachedOffersAreTheirs } from './cachedOffers';

/** The token belongs to another seller than the profile's: nothing was sent. */
export class SellerMismatch extends UseCaseFailure {
  constructor(
    sentence: Sentence,
    /** The profile the token's seller already has, if any. */
    readonly tokenProfile: string | null,
    /**
     * The profile that may take the token once its seller confirms it (replaceToken.ts): nothing
     * on the marketplace names the token's seller, and nothing speaks against them either.
     */
    readonly unconfirmedFor: string | null = null,
  ) {
    super('unauthorized', translate('en', sentence.key, sentence.values), [], { say: sentence });
  }
}

/** A seller as the sentences name them: their user id, or `none` while no offer names them. */
const sellerValue = (userId: number | null) => (userId === null ? 'none' : String(userId));

function mismatch(
  profileName: string,
  profileUserId: number | null,
  identity: SellerIdentity,
  owner: ProfileEntry | undefined,
): SellerMismatch {
  const profile = { name: profileName, seller: sellerValue(profileUserId) };
  if (identity.userId === null && !owner) {
    return new SellerMismatch(
      { key: 'refusals.profiles.unconfirmed', values: profile },
      null,
      profileName,
    );
  }
  return new SellerMismatch(
    {
      key: 'refusals.profiles.otherSeller',
      values: {
        ...profile,
        tokenSeller: sellerValue(identity.userId ?? owner?.userId ?? null),
        hasOwner: owner ? 'yes' : 'no',
        owner: owner?.name ?? '',
      },
    },
    owner?.name ?? null,
  );
}

/** The profile's cached offers are none of the token's seller's. */
function notTheirs(profileName: string, identity: SellerIdentity): SellerMismatch {
  return new SellerMismatch(
    {
      key: 'refusals.profiles.notTheirs',
      values: { name: profileName, seller: sellerValue(identity.userId) },
    },
    null,
  );
}

function ownerOf(
  registry: Registry,
  market: string,
  identity: SellerIdentity,
  except?: ProfileEntry,
): ProfileEntry | undefined {
  const here = registry.profiles.filter((e) => e.market === market && e !== except);
  return (
    (identity.userId !== null ? here.find((e) => e.userId === identity.userId) : undefined) ??
    here.find((e) => e.fingerprints.includes(identity.fingerprint))
  );
}

function confirmSeller(registry: Registry, entry: ProfileEntry, userId: number): void {
  // Two profiles of one seller would both send their queues under that seller's token: the user
  // id goes to the first that proves it, the other stays unconfirmed.
  if (!registry.profiles.some((e) => e.market === entry.market && e.userId === userId)) {
    entry.userId = userId;
  }
}

export interface TokenGuard {
  /**
   * Before the profile's client is handed out: throws unless the token is the seller's. `asked`:
   * the token's seller as the caller already asked the marketplace (no second request).
   */
  check(
    token: string,
    client: MarketplaceClient,
    cachedIds?: () => number[],
    asked?: SellerIdentity,
  ): Promise<void>;
  /**
   * After a 403 on an own offer (sendCheck.ts): why the token is not the profile's seller's after
   * all (it is struck from the profile), or null when it is.
   */
  recheck(token: string, client: MarketplaceClient): Promise<string | null>;
}

export interface GuardOptions {
  dataDir: string;
  /** The marketplace as profiles are keyed (the sandbox's fixed address, else the base URL). */
  marketUrl: string;
  /** The profile's SQLite file. */
  file: string;
  signal?: AbortSignal;
}

export function sellerGuard(
  options: GuardOptions,
): TokenGuard & { takeConfirmed(token: string): void } {
  const { dataDir, file } = options;
  const market = marketSlug(options.marketUrl);
  const find = (registry: Registry) =>
    registry.profiles.find((e) => e.market === market && entryFile(dataDir, e) === file);
  const isFirst = file === profileFile(dataDir, options.marketUrl);

  const check = async (
    token: string,
    client: MarketplaceClient,
    cachedIds: () => number[] = () => [],
    asked?: SellerIdentity,
  ): Promise<void> => {
    const fingerprint = tokenFingerprint(dataDir, token);
    const known = find(readRegistry(dataDir));
    if (known?.fingerprints.includes(fingerprint)) {
      // The token this profile was used with: its queue was made under it.
      if (known.userId === null) await confirmLater(client, token, asked);
      return;
    }
    const identity = asked ?? (await identifySeller(client, dataDir, token, options.signal));
    const unclaimed = !known || (known.userId === null && known.fingerprints.length === 0);
    if (unclaimed && !(await cachedOffersAreTheirs(client, cachedIds(), options.signal))) {
      throw notTheirs(known?.name ?? new URL(options.marketUrl).hostname, identity);
    }
    updateRegistry(dataDir, (registry) => {
      const entry = find(registry);
      const bound = entry && (entry.userId !== null || entry.fingerprints.length > 0);
      if (entry && bound) {
        if (entry.fingerprints.includes(fingerprint)) {
          // Another run with this token claimed the profile meanwhile.
          if (entry.userId === null && identity.userId !== null) {
            confirmSeller(registry, entry, identity.userId);
          }
          return;
        }
        if (identity.userId !== null && entry.userId === identity.userId) {
          rememberFingerprint(entry, fingerprint); // a new token of the same seller
          return;
        }
        throw mismatch(
          entry.name,
          entry.userId,
          identity,
          ownerOf(registry, market, identity, entry),
        );
      }
      const owner = ownerOf(registry, market, identity, entry);
      const name = entry?.name ?? new URL(options.marketUrl).hostname;
      if (owner) throw mismatch(name, null, identity, owner);
      if (entry) {
        entry.userId = identity.userId;
        rememberFingerprint(entry, fingerprint);
      } else if (isFirst) {
        // The migration: the first profile becomes this seller's, where it is.
        registry.profiles.push({
          name: defaultProfileName(registry, options.marketUrl, identity.shop),
          market,
          file: registryPath(dataDir, file),
          userId: identity.userId,
          fingerprints: [fingerprint],
        });
      } else {
        throw new UseCaseFailure('not_found', 'This profile was removed.', [], {
          say: { key: 'refusals.profiles.removed' },
        });
      }
    });
  };

  const recheck = async (token: string, client: MarketplaceClient): Promise<string | null> => {
    const entry = find(readRegistry(dataDir));
    if (!entry || entry.userId === null) return null; // nothing to compare with
    const identity = await identifySeller(client, dataDir, token, options.signal);
    if (identity.userId === entry.userId) return null;
    updateRegistry(dataDir, (registry) => {
      const current = find(registry);
      if (current) {
        current.fingerprints = current.fingerprints.filter((f) => f !== identity.fingerprint);
      }
    });
    return mismatch(entry.name, entry.userId, identity, undefined).message;
  };

  /**
   * The seller confirmed that a token nothing names is this profile's (replaceToken.ts): kept
   * with it, unless another profile took that token meanwhile.
   */
  const takeConfirmed = (token: string): void => {
    const fingerprint = tokenFingerprint(dataDir, token);
    updateRegistry(dataDir, (registry) => {
      const entry = find(registry);
      if (!entry) {
        throw new UseCaseFailure('not_found', 'This profile was removed.', [], {
          say: { key: 'refusals.profiles.removed' },
        });
      }
      const owner = ownerOf(registry, market, { userId: null, fingerprint }, entry);
      if (owner) {
        throw mismatch(entry.name, entry.userId, { userId: null, fingerprint }, owner);
      }
      rememberFingerprint(entry, fingerprint);
    });
  };

  return { check, recheck, takeConfirmed };

  async function confirmLater(
    client: MarketplaceClient,
    token: string,
    asked?: SellerIdentity,
  ): Promise<void> {
    let identity: SellerIdentity;
    try {
      identity = asked ?? (await identifySeller(client, dataDir, token, options.signal));
    } catch {
      return; // the token is the profile's own; its seller is named at a later run
    }
    const userId = identity.userId;
    if (userId === null) return;
    updateRegistry(dataDir, (registry) => {
      const entry = find(registry);
      if (entry && entry.userId === null) confirmSeller(registry, entry, userId);
    });
  }
}

/**
 * The profile of the seller a token belongs to (the app connecting): theirs if they have one,
 * else the first profile if nobody claimed it yet, else a new one.
 */
export function profileForSeller(
  dataDir: string,
  marketUrl: string,
  identity: SellerIdentity,
  /** False when the first profile's cached offers are another seller's (firstProfileIsTheirs). */
  firstIsTheirs = true,
): ProfileSummary {
  const market = marketSlug(marketUrl);
  const entry = updateRegistry(dataDir, (registry) => {
    const owner = ownerOf(registry, market, identity);
    if (owner) {
      if (identity.userId !== null && owner.userId === null) {
        confirmSeller(registry, owner, identity.userId);
      }
      rememberFingerprint(owner, identity.fingerprint);
      return owner;
    }
    const first = profileFile(dataDir, marketUrl);
    const firstTaken = registry.profiles.some(
      (e) => e.market === market && entryFile(dataDir, e) === first,
    );
    const noneYet = !registry.profiles.some((e) => e.market === market);
    const claimsFirst = !firstTaken && firstIsTheirs && (existsSync(first) || noneYet);
    // A further profile beside a first one nobody claimed: that one goes by the host's name.
    const firstUnclaimed = !claimsFirst && !firstTaken && existsSync(first);
    const name = defaultProfileName(
      registry,
      marketUrl,
      identity.shop,
      firstUnclaimed ? [new URL(marketUrl).hostname] : [],
    );
    const created = claimsFirst
      ? {
          name,
          market,
          file: registryPath(dataDir, first),
          userId: identity.userId,
          fingerprints: [identity.fingerprint],
        }
      : newProfileEntry(dataDir, marketUrl, name, identity.userId, [identity.fingerprint]);
    registry.profiles.push(created);
    return created;
  });
  return {
    name: entry.name,
    file: entryFile(dataDir, entry),
    userId: entry.userId,
    bound: true,
  };
}

/** The profile a token was already used with, found without asking the marketplace. */
export function profileOfToken(
  dataDir: string,
  marketUrl: string,
  token: string,
): ProfileSummary | null {
  const market = marketSlug(marketUrl);
  const fingerprint = tokenFingerprint(dataDir, token);
  const entry = readRegistry(dataDir).profiles.find(
    (e) => e.market === market && e.fingerprints.includes(fingerprint),
  );
  return entry
    ? { name: entry.name, file: entryFile(dataDir, entry), userId: entry.userId, bound: true }
    : null;
}

/**
 * Whether the marketplace's first profile, unclaimed, may become this token's seller's: its
 * cached offers are theirs, or it has none. Asked with a client of its own (the app connecting).
 */
export async function firstProfileIsTheirs(input: {
  dataDir: string;
  baseUrl: string;
  token: string;
  /** Notes the requests for the profile the answer opens. */
  requests?: EarlierRequests;
}): Promise<boolean> {
  const first = profileFile(input.dataDir, input.baseUrl);
  const ids = cachedOfferIds(first, existsSync(first));
  if (ids.length === 0) return true;
  const { createMarketplaceClient } = await import('../../api');
  const raw = createMarketplaceClient({ baseUrl: input.baseUrl, token: input.token });
  const client = input.requests ? input.requests.watch(raw, input.token) : raw;
  try {
    return await cachedOffersAreTheirs(client, ids);
  } catch {
    return false; // not known now: a profile of their own is the safe side
  } finally {
    await raw.close();
  }
}
