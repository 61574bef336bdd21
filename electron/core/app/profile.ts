// Everything that belongs to one seller on one marketplace, as the app holds it while connected:
// the seller's profile (core/usecases, the same one the command line opens), with its parts at
// hand for the handlers. Opened when the seller connects (their token picks the profile, one per
// seller), closed when they disconnect, replace the token or switch to the sandbox. The client is
// made on first use, behind the profile's guard: the token must be this profile's seller's.
import type { StringEncryption } from '../secrets';
import type { RateLimiter } from '../limits';
import { openSellerProfile } from '../usecases/openSellerProfile';
import type { SellerProfile } from '../usecases/profile';
import type { TokenGuard } from '../usecases/profiles';
import type { Clock } from '../util/clock';

export interface Profile {
  baseUrl: string;
  /** The profile as use cases take it. */
  seller: SellerProfile;
  limiter: RateLimiter;
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
  /** The profile's SQLite file, when not the marketplace's first profile. */
  file?: string;
  /** Checks that the token is this profile's seller's before anything is sent. */
  guard?: TokenGuard;
  /** The token this profile was opened with; a replaced token opens its seller's profile. */
  token: () => string;
  /** Protects the profile's credentials key (the OS keychain). */
  keychain: StringEncryption;
  /**
   * Whether the seller lets the command line send credentials (read when the key is opened);
   * by default the profile's own setting.
   */
  commandLineAccess?: () => boolean;
  clock?: Clock;
  /** A shorter rate-limit window, for tests and the sandbox at a scaled minute. */
  windowMs?: number;
}

export async function openProfile(options: OpenProfileOptions): Promise<Profile> {
  // The app answers the seller from the core's thread: WAL checkpoints run in a thread of their own.
  const seller = openSellerProfile({
    ...options,
    adoptKeyAtOpen: true,
    checkpointInBackground: true,
  });
  try {
    return {
      baseUrl: options.baseUrl,
      seller,
      limiter: seller.limiter(),
      close: () => seller.close(),
    };
  } catch (error) {
    await seller.close();
    throw error;
  }
}
