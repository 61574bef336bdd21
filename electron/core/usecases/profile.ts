// The seller's profile as every use case sees it: one marketplace's SQLite file with its rate
// ledger, the sealed-credentials key, and the client. The app and the command line open it the
// same way (`openSellerProfile`); each part opens on first use, so a command that stays offline
// never reads the token and `help` never opens SQLite.
import type { MarketplaceClient } from '../api';
import type { RateLimiter } from '../limits';
import type { Keyring } from '../secrets';
import type { Store } from '../store';
import type { Clock } from '../util/clock';

export interface SyncBackoff {
  baseMs: number;
  maxMs: number;
  /** Within one push, a backoff this short is waited out. */
  maxInlineWaitMs: number;
}

export interface SellerProfile {
  /** The marketplace this profile talks to. */
  readonly baseUrl: string;
  /** The profile's SQLite file. */
  readonly file: string;
  readonly dataDir: string;
  readonly clock: Clock;
  /** A failed request's backoff in the sync, shorter in tests (default: the engine's). */
  readonly syncBackoff?: SyncBackoff;
  store(): Store;
  limiter(): RateLimiter;
  /** The profile's credentials key; a locked keyring says why it cannot be used here. */
  keyring(): Keyring;
  /** The marketplace client on this profile's limiter; reads the token on first use. */
  client(): Promise<MarketplaceClient>;
  /**
   * Why this profile's client stopped sending at send time (the token turned out to be another
   * seller's: profiles/sendCheck.ts), or null; a front says it instead of "token refused".
   */
  sellerMismatch?(): string | null;
  close(): Promise<void>;
}
