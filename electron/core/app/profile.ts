// Everything that belongs to one marketplace the seller works with: the SQLite file, the rate
// ledger inside it, the client and the sync engine. Opened when the seller connects, closed
// when they disconnect or switch between the sandbox and the real marketplace.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createMarketplaceClient, type MarketplaceClient } from '../api';
import { createRateLimiter, type RateLimiter } from '../limits';
import { openProfileKeyring, type Keyring, type StringEncryption } from '../secrets';
import { openStore, type Store } from '../store';
import { credentialsKeyId, hasQueuedCredentials } from '../store/credentialsKey';
import { createSyncEngine, type SyncEngine, type SyncProgressEvent } from '../sync';
import type { Clock } from '../util/clock';
import { legacyCredentialsKeyFile, profileFile, profileKeyFiles } from './paths';

export interface Profile {
  baseUrl: string;
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
  const file = profileFile(options.dataDir, options.profileUrl ?? options.baseUrl);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let ring: Keyring | null = null;
  const keyring = (): Keyring =>
    (ring ??= openProfileKeyring({
      ctx: store,
      files: profileKeyFiles(file),
      keychain: options.keychain,
      commandLineAccess: options.commandLineAccess(),
      legacy: {
        keyFile: legacyCredentialsKeyFile(options.dataDir, 'file'),
        keychainFile: legacyCredentialsKeyFile(options.dataDir, 'keychain'),
      },
    }));
  // Opened on first use, so that a profile never given credentials never gets a key.
  const secretBox = {
    seal: (plain: Uint8Array) => keyring().seal(plain),
    open: (sealed: Uint8Array) => keyring().open(sealed),
  };
  const store = openStore(file, { clock: options.clock, secretBox });
  // A key the command line created is adopted, and credentials of before moved onto the
  // profile's key, as soon as the app opens the profile (not at the first push).
  if (credentialsKeyId(store) || hasQueuedCredentials(store)) {
    try {
      keyring();
    } catch {
      // Told where it matters: when credentials are queued or sent.
      ring = null;
    }
  }
  const limiter = createRateLimiter({
    db: store.db,
    clock: options.clock,
    windowMs: options.windowMs,
  });
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
    secretBox,
    limiter,
    onProgress: options.onProgress,
  });
  return {
    baseUrl: options.baseUrl,
    store,
    limiter,
    client,
    engine,
    async close() {
      limiter.close();
      await client.close();
      store.close();
    },
  };
}
