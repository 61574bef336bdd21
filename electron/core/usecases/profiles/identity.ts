// Who a token belongs to. The API has no "who am I" call, so the seller is known from what it
// gives: the `user_id` on the seller's own offers (my_offers, one offer is enough) when there are
// any, and until then only a fingerprint of the token: an HMAC with a key of this data folder,
// never the token itself, so the registry tells tokens apart without holding one
// (docs/ARCHITECTURE.md, assumptions: seller identity).
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MarketplaceClient } from '../../api';
import type { EarlierRequests } from '../activity/earlierRequests';
import { SELLER_IDENTITY } from '../../../contract/marketplace/assumptions';
import { identityKeyFile } from '../paths';

export interface SellerIdentity {
  /** The seller's user id; null while they have no offer on the marketplace. */
  userId: number | null;
  fingerprint: string;
  /**
   * What the seller sells, to name their profile by (the API gives no seller or shop name): the
   * product of their newest offer, as the marketplace titles it; null with no offer.
   */
  shop?: string | null;
}

function identityKey(dataDir: string): Buffer {
  const file = identityKeyFile(dataDir);
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file);
}

/** The token's fingerprint in this data folder (hex); the same token always gives the same one. */
export function tokenFingerprint(dataDir: string, token: string): string {
  return createHmac('sha256', identityKey(dataDir))
    .update(token.trim())
    .digest('hex')
    .slice(0, SELLER_IDENTITY.fingerprintHexLength);
}

/**
 * Asks the marketplace for one of the seller's own offers; its `user_id` names the seller, and its
 * product what they sell (one request more, only for a token not seen before; without an answer
 * the profile is named after the marketplace).
 */
export async function identifySeller(
  client: Pick<MarketplaceClient, 'myOffers'> & Partial<Pick<MarketplaceClient, 'getProduct'>>,
  dataDir: string,
  token: string,
  signal?: AbortSignal,
): Promise<SellerIdentity> {
  const page = await client.myOffers({ limit: SELLER_IDENTITY.offersAsked }, signal);
  const offer = page.data[0];
  let shop: string | null = null;
  if (offer && client.getProduct) {
    try {
      shop = (await client.getProduct(offer.product_id, signal)).title.trim() || null;
    } catch {
      // A name is a courtesy: the seller is known by the offer alone.
    }
  }
  return { userId: offer?.user_id ?? null, fingerprint: tokenFingerprint(dataDir, token), shop };
}

const IDENTIFY_TIMEOUT_MS = 15_000;

/**
 * Who a token belongs to, before any profile is open (the app connecting): one my_offers request
 * on a client of its own. Answers null when the marketplace cannot be asked now.
 */
export async function identifyToken(input: {
  baseUrl: string;
  token: string;
  dataDir: string;
  /** Notes the request for the profile the answer opens. */
  requests?: EarlierRequests;
}): Promise<SellerIdentity | null> {
  // Loaded on demand, as the profile loads it: the HTTP client is for commands that go online.
  const { createMarketplaceClient } = await import('../../api');
  const raw = createMarketplaceClient({
    baseUrl: input.baseUrl,
    token: input.token,
    timeoutMs: IDENTIFY_TIMEOUT_MS,
  });
  const client = input.requests ? input.requests.watch(raw, input.token) : raw;
  try {
    return await identifySeller(client, input.dataDir, input.token);
  } catch {
    return null;
  } finally {
    await raw.close();
  }
}
