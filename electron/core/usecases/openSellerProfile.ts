// The one way a profile is opened, by the app and the command line alike. Each part opens on
// first use: reading offers never creates a credentials key, and an offline command never reads
// the token or loads the HTTP client.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MarketplaceClient, RetryOptions } from '../api';
import { legacyCredentialsKeyFile, profileFile, profileKeyFiles } from './paths';
import { createRateLimiter, type RateLimiter, type WaitEvent } from '../limits';
import { openProfileKeyring, type Keyring, type StringEncryption } from '../secrets';
import { openStore, type Store } from '../store';
import { systemClock, type Clock } from '../util/clock';
import type { SellerProfile, SyncBackoff } from './profile';
import { recordingClient } from './activity/recordActivity';
import type { TokenGuard } from './profiles/guard';
import { sellerCheckedClient } from './profiles/sendCheck';
import { cachedServerIds } from './profiles/cachedOffers';
import { toFailure, UseCaseFailure } from './failure';
import { profileSettings } from './settings';

/**
 * The marketplace could not be asked whose token this is: nothing was sent, and the failure
 * says so as a run's would (its queue kept), so both fronts tell it as they tell an outage.
 */
function withQueueKept(error: unknown, profile: SellerProfile): unknown {
  const failure = toFailure(error);
  if (failure.kind !== 'unreachable' || failure.detail.queue) return error;
  const kept = profile.store().countOffers().outbox;
  return new UseCaseFailure(failure.kind, failure.message, failure.problems, {
    ...failure.detail,
    queue: { sent: 0, kept },
  });
}

/** Which build of the SQLite binding profiles open with (Electron's own, set by main). */
export { useSqliteNativeBinding } from '../store';

export interface OpenSellerProfileOptions {
  dataDir: string;
  baseUrl: string;
  /**
   * Which profile file to use, when not the one of `baseUrl`: the sandbox listens on a new port
   * at every start but is one marketplace to the seller.
   */
  profileUrl?: string;
  /** The profile's SQLite file, when not the marketplace's first profile (usecases/profiles). */
  file?: string;
  /**
   * Checked before the client is handed out: the token must be this profile's seller's
   * (profiles/guard.ts), so a queue is never sent under another seller's token.
   */
  guard?: TokenGuard;
  /** Read when the client first needs it and at every request, so a replaced token takes effect. */
  token: () => string;
  /** The app: the OS keychain protects the credentials key. The CLI has none. */
  keychain?: StringEncryption;
  /**
   * The app: whether the seller lets the command line send credentials; by default the
   * profile's own setting (usecases/settings).
   */
  commandLineAccess?: () => boolean;
  clock?: Clock;
  /** A shorter rate-limit window, for tests and the sandbox at a scaled minute. */
  windowMs?: number;
  /** A shorter backoff after failed requests, for tests. */
  syncBackoff?: SyncBackoff;
  /** How long a write waits for another process holding the file. */
  busyTimeoutMs?: number;
  /** Retries of safe requests (the CLI keeps them short so an outage ends a run quickly). */
  retry?: RetryOptions;
  /** Told whenever a request waits for the rate limit. */
  onWait?: (event: WaitEvent) => void;
  /**
   * Opens the keyring with the store, so a key the command line created is adopted and old
   * blobs moved to the profile's key as soon as the app opens the profile.
   */
  adoptKeyAtOpen?: boolean;
  /**
   * The app: the WAL is checkpointed by a thread of its own, never inside a commit on the core's
   * thread (core/store/checkpointer.ts). The command line too for pull, push and sync.
   */
  checkpointInBackground?: boolean;
}

export function openSellerProfile(options: OpenSellerProfileOptions): SellerProfile {
  const file = options.file ?? profileFile(options.dataDir, options.profileUrl ?? options.baseUrl);
  const clock = options.clock ?? systemClock;
  let store: Store | null = null;
  let limiter: RateLimiter | null = null;
  let ring: Keyring | null = null;
  let client: MarketplaceClient | null = null;
  let mismatch: string | null = null;

  const profile: SellerProfile = {
    baseUrl: options.baseUrl,
    file,
    dataDir: options.dataDir,
    clock,
    ...(options.syncBackoff && { syncBackoff: options.syncBackoff }),
    keyring() {
      ring ??= openProfileKeyring({
        store: profile.store(),
        files: profileKeyFiles(file),
        keychain: options.keychain,
        // The app keeps a key file for the command line only where this profile's seller let it.
        commandLineAccess: options.commandLineAccess
          ? options.commandLineAccess()
          : options.keychain !== undefined && profileSettings(profile).commandLineCredentials,
        legacy: {
          keyFile: legacyCredentialsKeyFile(options.dataDir, 'file'),
          keychainFile: legacyCredentialsKeyFile(options.dataDir, 'keychain'),
        },
      });
      return ring;
    },
    store() {
      if (!store) {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        const lazyBox = {
          seal: (plain: Uint8Array) => profile.keyring().seal(plain),
          open: (sealed: Uint8Array) => profile.keyring().open(sealed),
        };
        store = openStore(file, {
          clock,
          secretBox: lazyBox,
          ...(options.busyTimeoutMs !== undefined && { busyTimeoutMs: options.busyTimeoutMs }),
          ...(options.checkpointInBackground && { checkpointInBackground: true }),
        });
        if (options.adoptKeyAtOpen && (store.credentialsKeyId() || store.hasQueuedCredentials())) {
          try {
            profile.keyring();
          } catch {
            ring = null; // told where it matters: when credentials are queued or sent
          }
        }
      }
      return store;
    },
    limiter() {
      if (!limiter) {
        limiter = createRateLimiter({
          db: profile.store().rateLedgerDatabase(),
          clock,
          ...(options.windowMs !== undefined && { windowMs: options.windowMs }),
        });
        if (options.onWait) limiter.onWait(options.onWait);
      }
      return limiter;
    },
    async client() {
      if (!client) {
        options.token(); // a missing token is reported before any request is attempted
        // Loaded on demand: offline commands (status, offers list, import) never load undici.
        const { createMarketplaceClient } = await import('../api');
        const raw = createMarketplaceClient({
          baseUrl: options.baseUrl,
          token: options.token,
          limiter: profile.limiter(),
          clock,
          ...(options.retry && { retry: options.retry }),
        });
        // Every request goes through the activity log, whichever use case sends it (the guard's
        // identity checks too).
        const record = (c: MarketplaceClient) =>
          recordingClient(c, () => profile.store().activityLog(), {
            token: options.token,
            now: () => clock.now(),
          });
        const recorded = record(raw);
        const guard = options.guard;
        try {
          await guard?.check(options.token(), recorded, () => cachedServerIds(profile.store()));
        } catch (error) {
          await raw.close();
          throw withQueueKept(error, profile);
        }
        client = guard
          ? record(
              sellerCheckedClient(raw, async () => {
                mismatch = await guard.recheck(options.token(), recorded);
                return mismatch;
              }),
            )
          : recorded;
      }
      return client;
    },
    sellerMismatch: () => mismatch,
    async close() {
      await client?.close();
      limiter?.close();
      store?.close();
      client = null;
      limiter = null;
      store = null;
      ring = null;
    },
  };
  return profile;
}
