// Everything that belongs to one marketplace the seller works with, as the app holds it while
// connected: the seller's profile (core/usecases, the same one the command line opens) and the
// app's sync engine on it. Opened when the seller connects, closed when they disconnect or switch
// between the sandbox and the real marketplace.
import type { MarketplaceClient } from '../api';
import type { StringEncryption } from '../secrets';
import type { RateLimiter } from '../limits';
import type { Store } from '../store';
import { createSyncEngine, type SyncEngine, type SyncProgressEvent } from '../sync';
import { openSellerProfile } from '../usecases/openSellerProfile';
import type { SellerProfile } from '../usecases/profile';
import type { Clock } from '../util/clock';
import { createMarketplaceClient } from '../api';

export interface Profile {
  baseUrl: string;
  /** The profile as use cases take it. */
  seller: SellerProfile;
  store: Store;
  limiter: RateLimiter;
  client: MarketplaceClient;
  engine: SyncEngine;
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
  onProgress?: (event: SyncProgressEvent) => void;
}

export function openProfile(options: OpenProfileOptions): Profile {
  const seller = openSellerProfile({ ...options, adoptKeyAtOpen: true });
  const store = seller.store();
  const limiter = seller.limiter();
  const client = createMarketplaceClient({
    baseUrl: options.baseUrl,
    token: options.token,
    limiter,
    clock: options.clock,
  });
  const engine = createSyncEngine({
    store,
    client,
    clock: options.clock,
    secretBox: { seal: (p) => seller.keyring().seal(p), open: (s) => seller.keyring().open(s) },
    limiter,
    onProgress: options.onProgress,
  });
  return {
    baseUrl: options.baseUrl,
    seller,
    store,
    limiter,
    client,
    engine,
    async close() {
      await client.close();
      await seller.close();
    },
  };
}
