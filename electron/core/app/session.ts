// Which marketplace the app talks to, with which token: connecting checks the token against the
// marketplace before keeping it (core/usecases/session, the vault being the app's port); the
// sandbox needs no token from the seller; disconnecting forgets the token but keeps the store, so
// nothing unsynced is lost. A token opens its own seller's profile (core/usecases/profiles): a
// token of another seller, pasted on connect or "Replace token", opens (or creates) that seller's
// profile, and each profile is opened with the token it was chosen for, so one seller's queue is
// never sent under another seller's token.
import { AppFailure, type SessionStatus } from '../../contract/ipc';
import { DEFAULT_BASE_URL } from '../../contract/marketplace/assumptions';
import { connect, disconnect } from '../usecases/session';
import {
  firstProfileIsTheirs,
  identifyToken,
  listProfiles,
  profileForSeller,
  profileOfToken,
  sellerGuard,
} from '../usecases/profiles';
import { profileFile } from '../usecases/paths';
import type { AppCoreOptions } from './options';
import { openProfile, type Profile } from './profile';
import { settingsFile } from './settings';

export interface Session {
  status(): SessionStatus;
  profile(): Profile | null;
  /** Reopens what was open at the last run (after a restart). */
  resume(): Promise<void>;
  connect(token: string, acceptPlainText?: boolean): Promise<void>;
  useSandbox(): Promise<void>;
  disconnect(): Promise<void>;
  /** The marketplace refused the token during a sync. */
  markTokenInvalid(): void;
  close(): Promise<void>;
}

/** The sandbox keeps one profile whatever port it listens on. */
const SANDBOX_PROFILE_URL = 'http://sandbox.seller-desk.local';

export function createSession(options: AppCoreOptions): Session {
  const settings = settingsFile(options.dataDir);
  const realBaseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  let profile: Profile | null = null;
  let sandboxToken: string | null = null;
  let tokenValid: boolean | null = null;

  async function open(baseUrl: string, token: () => string, profileUrl?: string, file?: string) {
    await profile?.close();
    profile = null;
    profile = await openProfile({
      dataDir: options.dataDir,
      baseUrl,
      profileUrl,
      token,
      ...(file !== undefined && {
        file,
        guard: sellerGuard({ dataDir: options.dataDir, marketUrl: baseUrl, file }),
      }),
      keychain: options.keychain,
      commandLineAccess: () => settings.read().commandLineCredentials,
      clock: options.clock,
      windowMs: options.windowMs,
    });
  }

  /**
   * The profile of the token's seller: known from an earlier use of the token without a request,
   * else asked of the marketplace. Offline with a token never seen, the only profile is opened and
   * its guard decides at the first request.
   */
  async function openForToken(baseUrl: string, token: string) {
    const known = profileOfToken(options.dataDir, baseUrl, token);
    const identity = known
      ? null
      : await identifyToken({ baseUrl, token, dataDir: options.dataDir });
    const chosen =
      known ??
      (identity
        ? profileForSeller(
            options.dataDir,
            baseUrl,
            identity,
            await firstProfileIsTheirs({ dataDir: options.dataDir, baseUrl, token }),
          )
        : (listProfiles(options.dataDir, baseUrl)[0] ?? null));
    // The vault is read at every request, as before; a token that is no longer the one this
    // profile was opened for is never sent with its queue (read as "no token": nothing is sent).
    const ownToken = () => {
      const current = options.tokenVault.get();
      return current === token ? current : '';
    };
    await open(baseUrl, ownToken, undefined, chosen?.file ?? profileFile(options.dataDir, baseUrl));
  }

  return {
    status() {
      const current = settings.read();
      return {
        mode: profile ? current.mode : 'none',
        tokenSet: current.mode === 'sandbox' ? true : options.tokenVault.get() !== null,
        tokenValid,
        storageBackend: options.tokenVault.backend(),
        baseUrl: profile?.baseUrl ?? null,
      };
    },
    profile: () => profile,

    async resume() {
      const current = settings.read();
      const token = options.tokenVault.get();
      if (current.mode === 'marketplace' && token) {
        await openForToken(current.baseUrl ?? realBaseUrl, token);
      } else if (current.mode === 'sandbox' && options.sandbox) {
        await this.useSandbox();
      }
    },

    async connect(token, acceptPlainText = false) {
      const accepted = acceptPlainText || settings.read().plainTextAccepted;
      const kept = await connect(
        { baseUrl: realBaseUrl, token, plainTextAccepted: accepted },
        options.tokenVault,
      );
      tokenValid = true;
      settings.update({ mode: 'marketplace', baseUrl: realBaseUrl, plainTextAccepted: accepted });
      await options.sandbox?.stop();
      await openForToken(realBaseUrl, kept);
    },

    async useSandbox() {
      if (!options.sandbox) {
        throw new AppFailure(
          'not_found',
          'The sandbox marketplace is not available in this build.',
        );
      }
      const sandbox = await options.sandbox.start();
      sandboxToken = sandbox.token;
      tokenValid = true;
      settings.update({ mode: 'sandbox', baseUrl: sandbox.baseUrl });
      await open(sandbox.baseUrl, () => sandboxToken ?? '', SANDBOX_PROFILE_URL);
    },

    async disconnect() {
      const wasSandbox = settings.read().mode === 'sandbox';
      const closing = profile;
      profile = null;
      tokenValid = null;
      await disconnect(closing?.seller ?? null, wasSandbox ? null : options.tokenVault);
      if (wasSandbox) await options.sandbox?.stop();
      settings.update({ mode: 'none', baseUrl: null });
    },

    markTokenInvalid() {
      tokenValid = false;
    },

    async close() {
      await profile?.close();
      profile = null;
      await options.sandbox?.stop();
    },
  };
}
