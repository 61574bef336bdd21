// Which marketplace the app talks to, with which token: connecting checks the token against the
// marketplace before keeping it; the sandbox needs no token from the seller; disconnecting forgets
// the token but keeps the store, so nothing unsynced is lost.
import { AppFailure, type SessionStatus } from '../../contract/ipc';
import { DEFAULT_BASE_URL } from '../../contract/marketplace/assumptions';
import { createMarketplaceClient, isMarketplaceError, tokenProblem } from '../api';
import type { SyncProgressEvent } from '../sync';
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

/** Linux without a keyring: safeStorage "encrypts" with a hard-coded key. */
const PLAIN_TEXT_BACKEND = 'basic_text';

/** The sandbox keeps one profile whatever port it listens on. */
const SANDBOX_PROFILE_URL = 'http://sandbox.seller-desk.local';

export function createSession(
  options: AppCoreOptions,
  onProgress: (event: SyncProgressEvent) => void,
): Session {
  const settings = settingsFile(options.dataDir);
  const realBaseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  let profile: Profile | null = null;
  let sandboxToken: string | null = null;
  let tokenValid: boolean | null = null;

  async function open(baseUrl: string, token: () => string, profileUrl?: string) {
    await profile?.close();
    profile = openProfile({
      dataDir: options.dataDir,
      baseUrl,
      profileUrl,
      token,
      keychain: options.keychain,
      commandLineAccess: () => settings.read().commandLineCredentials,
      clock: options.clock,
      windowMs: options.windowMs,
      onProgress,
    });
  }

  const vaultToken = () => options.tokenVault.get() ?? '';

  async function checkToken(baseUrl: string, token: string): Promise<void> {
    const client = createMarketplaceClient({ baseUrl, token, timeoutMs: 15_000 });
    try {
      await client.listProducts({ limit: 1 });
    } catch (error) {
      if (isMarketplaceError(error) && error.kind === 'unauthorized') {
        throw new AppFailure(
          'unauthorized',
          'The marketplace did not accept this token. Check that you copied all of it, or generate a new one in your dashboard.',
        );
      }
      if (isMarketplaceError(error) && error.kind === 'forbidden') {
        throw new AppFailure('forbidden', 'This token is not allowed to use the Seller API.');
      }
      throw new AppFailure(
        'offline',
        'The marketplace could not be reached to check the token. Try again when you are online.',
      );
    } finally {
      await client.close();
    }
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
      if (current.mode === 'marketplace' && options.tokenVault.get()) {
        await open(current.baseUrl ?? realBaseUrl, vaultToken);
      } else if (current.mode === 'sandbox' && options.sandbox) {
        await this.useSandbox();
      }
    },

    async connect(token, acceptPlainText = false) {
      const trimmed = token.trim();
      // Said before any request: a token that cannot be sent would read as "offline".
      const problem = tokenProblem(trimmed);
      if (problem) {
        throw new AppFailure(
          'bad_input',
          `The API token is malformed: ${problem}. Copy it again from your seller dashboard.`,
        );
      }
      const backend = options.tokenVault.backend();
      const accepted = acceptPlainText || settings.read().plainTextAccepted;
      if (backend === PLAIN_TEXT_BACKEND && !accepted) {
        throw new AppFailure(
          'insecure_storage',
          'This computer has no system keyring, so the token could only be stored with a fixed key that any program running as you could read. Install and unlock a keyring (GNOME Keyring or KWallet) and restart Seller Desk, or accept storing it this way.',
        );
      }
      await checkToken(realBaseUrl, trimmed);
      options.tokenVault.set(trimmed);
      tokenValid = true;
      settings.update({ mode: 'marketplace', baseUrl: realBaseUrl, plainTextAccepted: accepted });
      await options.sandbox?.stop();
      await open(realBaseUrl, vaultToken);
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
      await profile?.close();
      profile = null;
      tokenValid = null;
      if (wasSandbox) await options.sandbox?.stop();
      else options.tokenVault.clear();
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
