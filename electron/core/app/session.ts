// Which marketplace the app talks to, with which token: connecting checks the token against the
// marketplace before keeping it (core/usecases/session, the vault being the app's port); the
// sandbox needs no token from the seller; disconnecting forgets the token but keeps the store, so
// nothing unsynced is lost. A token opens its own seller's profile (core/usecases/profiles): a
// token of another seller, pasted on connect or "Replace token", opens (or creates) that seller's
// profile, and each profile is opened with the token it was chosen for, so one seller's queue is
// never sent under another seller's token. Each profile keeps its token in its own sealed file
// (the vault's `forProfile`), so several sellers stay connected at once: the session shows one
// (the active profile) and the app core syncs the others in the background (backgroundSync.ts).
import type { SessionStatus } from '../../contract/ipc';
import { DEFAULT_BASE_URL } from '../../contract/marketplace/assumptions';
import { earlierRequests, type EarlierRequests } from '../usecases/activity';
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
import { refusal } from './failures';

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
  /** The SQLite file of the profile shown, if one is open. */
  activeFile(): string | null;
  /** The marketplace the seller's profiles are listed under (null: not on a real marketplace). */
  marketUrl(): string | null;
  /** The token kept for a profile, if any (never for the renderer). */
  tokenOf(file: string): string | null;
  /** The seller's profiles with a token kept, on the marketplace the app is connected to. */
  connectedFiles(): string[];
  /** Shows another connected profile (its own token). */
  switchTo(file: string): Promise<void>;
  /** Closes the profile shown without forgetting its token (it is being removed). */
  closeActive(): Promise<void>;
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
  let activeFile: string | null = null;
  const vaultOf = (file: string) => options.tokenVault.forProfile(file);
  const readToken = (file: string): string | null => {
    try {
      return vaultOf(file).get();
    } catch {
      return null;
    }
  };

  async function open(baseUrl: string, token: () => string, profileUrl?: string, file?: string) {
    await profile?.close();
    profile = null;
    activeFile = null;
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
      clock: options.clock,
      windowMs: options.windowMs,
    });
    activeFile = file ?? null;
    if (file !== undefined) settings.update({ activeProfile: file });
  }

  /**
   * A profile that has its own token: opened with it. A token that came into the vault's own slot
   * since (a connect not finished, a token put there by hand) and is not this profile's holds its
   * sends back: read as "no token", nothing goes out until the seller's choice is settled.
   */
  async function openSaved(baseUrl: string, file: string) {
    const ownToken = () => {
      const own = readToken(file) ?? '';
      const arriving = options.tokenVault.get();
      return arriving === null || arriving === own ? own : '';
    };
    await open(baseUrl, ownToken, undefined, file);
  }

  /**
   * The profile of the token's seller: known from an earlier use of the token without a request,
   * else asked of the marketplace. Offline with a token never seen, the only profile is opened and
   * its guard decides at the first request.
   */
  async function openForToken(baseUrl: string, token: string, requests = earlierRequests()) {
    const known = profileOfToken(options.dataDir, baseUrl, token);
    const identity = known
      ? null
      : await identifyToken({ baseUrl, token, dataDir: options.dataDir, requests });
    const chosen =
      known ??
      (identity
        ? profileForSeller(
            options.dataDir,
            baseUrl,
            identity,
            await firstProfileIsTheirs({ dataDir: options.dataDir, baseUrl, token, requests }),
          )
        : (listProfiles(options.dataDir, baseUrl)[0] ?? null));
    // The token moves to its profile's own sealed file (the vault's slot was only its way in),
    // where the profile reads it at every request; another seller's token never reaches it.
    const file = chosen?.file ?? profileFile(options.dataDir, baseUrl);
    vaultOf(file).set(token);
    options.tokenVault.clear();
    await openSaved(baseUrl, file);
    if (profile) requests.keepIn(profile.seller);
  }

  const marketUrl = () => {
    const current = settings.read();
    return current.mode === 'marketplace' ? (current.baseUrl ?? realBaseUrl) : null;
  };

  function connectedFiles(): string[] {
    const market = marketUrl();
    if (!market) return [];
    return listProfiles(options.dataDir, market)
      .map((p) => p.file)
      .filter((file) => readToken(file) !== null);
  }

  return {
    status() {
      const current = settings.read();
      return {
        mode: profile ? current.mode : 'none',
        tokenSet:
          current.mode === 'sandbox'
            ? true
            : activeFile
              ? readToken(activeFile) !== null
              : options.tokenVault.get() !== null,
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
        // A token kept by an earlier version (or a connect cut short): it moves to its profile.
        await openForToken(current.baseUrl ?? realBaseUrl, token);
      } else if (current.mode === 'marketplace') {
        const connected = connectedFiles();
        const last = current.activeProfile;
        const file = last && connected.includes(last) ? last : connected[0];
        if (file) await openSaved(current.baseUrl ?? realBaseUrl, file);
      } else if (current.mode === 'sandbox' && options.sandbox) {
        await this.useSandbox();
      }
    },

    async connect(token, acceptPlainText = false) {
      const accepted = acceptPlainText || settings.read().plainTextAccepted;
      const requests: EarlierRequests = earlierRequests();
      const kept = await connect(
        { baseUrl: realBaseUrl, token, plainTextAccepted: accepted, requests },
        options.tokenVault,
      );
      tokenValid = true;
      settings.update({ mode: 'marketplace', baseUrl: realBaseUrl, plainTextAccepted: accepted });
      await options.sandbox?.stop();
      await openForToken(realBaseUrl, kept, requests);
    },

    async useSandbox() {
      if (!options.sandbox) {
        throw refusal('not_found', 'refusals.app.noSandbox');
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
      const closingFile = activeFile;
      activeFile = null;
      const keeper = {
        clear() {
          if (closingFile) vaultOf(closingFile).clear();
          options.tokenVault.clear();
        },
      };
      await disconnect(closing?.seller ?? null, wasSandbox ? null : keeper);
      if (wasSandbox) {
        await options.sandbox?.stop();
        // Leaving the sandbox goes back to the seller's own profiles, if a token is kept for any.
        settings.update({ mode: 'marketplace', baseUrl: realBaseUrl });
      }
      // Another seller still connected stays connected (the core shows them next).
      if (connectedFiles().length === 0) {
        settings.update({ mode: 'none', baseUrl: null });
      }
    },

    activeFile: () => activeFile,
    marketUrl,
    tokenOf: readToken,
    connectedFiles,

    async switchTo(file) {
      const market = marketUrl();
      if (!market || readToken(file) === null) {
        throw refusal('unauthorized', 'refusals.app.noTokenKept');
      }
      tokenValid = true;
      await openSaved(market, file);
    },

    async closeActive() {
      const closing = profile;
      profile = null;
      activeFile = null;
      tokenValid = null;
      await closing?.close();
    },

    markTokenInvalid() {
      tokenValid = false;
    },

    async close() {
      await profile?.close();
      profile = null;
      activeFile = null;
      await options.sandbox?.stop();
    },
  };
}
