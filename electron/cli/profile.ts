// The data folder's profile for one marketplace, as a command uses it: the store (the same
// SQLite file the desktop app opens), the rate limiter on that same file (so the CLI, a second
// CLI and the app share one ledger and never exceed the limits together), the secret box for
// queued credentials, and the marketplace client. Each part opens on first use, so `status` never
// reads the token and `help` never opens SQLite.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { legacyCredentialsKeyFile, profileFile, profileKeyFiles } from '../core/app/paths';
import type { MarketplaceClient } from '../core/api';
import { createRateLimiter, type RateLimiter, type WaitEvent } from '../core/limits';
import { openProfileKeyring, type Keyring } from '../core/secrets';
import { openStore, type Store } from '../core/store';
import type { Clock } from '../core/util/clock';
import { readToken } from './token';

export interface ProfileOptions {
  dataDir: string;
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  tokenFile?: string;
  /** Testing only: the scaled rate-limit window (the sandbox's `windowMs`). */
  windowMs?: number;
  clock: Clock;
  /** Told whenever a request waits for the rate limit (the progress line shows it). */
  onWait?: (e: WaitEvent) => void;
}

/** Retries of safe requests: short, so that an unreachable marketplace ends the run quickly. */
const RETRY = { attempts: 3, baseDelayMs: 400, maxDelayMs: 4000 };

export interface Profile {
  readonly file: string;
  store(): Store;
  limiter(): RateLimiter;
  /** The profile's credentials key; `locked` says why it cannot be used here. */
  secretBox(): Keyring;
  /** The marketplace client on this profile's limiter; reads the token on first use. */
  client(): Promise<MarketplaceClient>;
  /** The token, read on first use; commands that stay offline never ask for it. */
  token(): string;
  /** The token if some command read it (to scrub it from any message), else null. */
  tokenIfRead(): string | null;
  close(): Promise<void>;
}

export function openProfile(opts: ProfileOptions): Profile {
  const file = profileFile(opts.dataDir, opts.baseUrl);
  let store: Store | null = null;
  let limiter: RateLimiter | null = null;
  let box: Keyring | null = null;
  let token: string | null = null;
  let client: MarketplaceClient | null = null;

  const profile: Profile = {
    file,
    secretBox() {
      box ??= openProfileKeyring({
        ctx: profile.store(),
        files: profileKeyFiles(file),
        legacy: {
          keyFile: legacyCredentialsKeyFile(opts.dataDir, 'file'),
          keychainFile: legacyCredentialsKeyFile(opts.dataDir, 'keychain'),
        },
      });
      return box;
    },
    store() {
      if (!store) {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        // The box is opened lazily through a proxy so that reading offers never creates a key.
        const lazyBox = {
          seal: (plain: Uint8Array) => profile.secretBox().seal(plain),
          open: (sealed: Uint8Array) => profile.secretBox().open(sealed),
        };
        store = openStore(file, { clock: opts.clock, secretBox: lazyBox, busyTimeoutMs: 15_000 });
      }
      return store;
    },
    limiter() {
      if (!limiter) {
        limiter = createRateLimiter({
          db: profile.store().db,
          clock: opts.clock,
          ...(opts.windowMs !== undefined && { windowMs: opts.windowMs }),
        });
        if (opts.onWait) limiter.onWait(opts.onWait);
      }
      return limiter;
    },
    async client() {
      if (!client) {
        profile.token(); // a missing token is reported before any request is attempted
        // Loaded on demand: offline commands (status, offers list, import) never load undici.
        const { createMarketplaceClient } = await import('../core/api');
        client = createMarketplaceClient({
          baseUrl: opts.baseUrl,
          token: () => profile.token(),
          limiter: profile.limiter(),
          clock: opts.clock,
          retry: RETRY,
        });
      }
      return client;
    },
    token() {
      token ??= readToken({ env: opts.env, tokenFile: opts.tokenFile });
      return token;
    },
    tokenIfRead: () => token,
    async close() {
      await client?.close();
      limiter?.close();
      store?.close();
    },
  };
  return profile;
}
