// Everything that belongs to one marketplace the seller works with, as the app holds it while
// connected: the seller's profile (core/usecases, the same one the command line opens), with its
// parts at hand for the handlers. Opened when the seller connects, closed when they disconnect or
// switch between the sandbox and the real marketplace.
import type { MarketplaceClient } from '../api';
import type { StringEncryption } from '../secrets';
import type { RateLimiter } from '../limits';
import { openSellerProfile } from '../usecases/openSellerProfile';
import type { SellerProfile } from '../usecases/profile';
import type { Clock } from '../util/clock';

export interface Profile {
  baseUrl: string;
  /** The profile as use cases take it. */
  seller: SellerProfile;
  limiter: RateLimiter;
  /** The seller profile's own client (one per profile, on its limiter). */
  client: MarketplaceClient;
  close(): Promise<void>;
}

export interface OpenProfileOptions {
  dataDir: string;
  baseUrl: string;
  /**
   * Which profile file to use, when not the one of `baseUrl`: the sandbox listens on a new port
   * at every start but is one marketplace to the seller.
   */
  profileUrl?: string;
  /** Read at every request, so a replaced token takes effect at once. */
  token: () => string;
  /** Protects the profile's credentials key (the OS keychain). */
  keychain: StringEncryption;
  /** Whether the seller lets the command line send credentials (read when the key is opened). */
  commandLineAccess: () => boolean;
  clock?: Clock;
  /** A shorter rate-limit window, for tests and the sandbox at a scaled minute. */
  windowMs?: number;
}

export async function openProfile(options: OpenProfileOptions): Promise<Profile> {
  const seller = openSellerProfile({ ...options, adoptKeyAtOpen: true });
  try {
    return {
      baseUrl: options.baseUrl,
      seller,
      limiter: seller.limiter(),
      client: await seller.client(),
      close: () => seller.close(),
    };
  } catch (error) {
    await seller.close();
    throw error;
  }
}
