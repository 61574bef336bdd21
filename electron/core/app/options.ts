import type { StringEncryption } from '../secrets';
import type { Clock } from '../util/clock';
import type { TokenVault } from './tokenVault';

export interface Dialogs {
  pickFiles(purpose: 'credentials' | 'screenshots' | 'offers'): Promise<string[]>;
  saveFile(defaultName: string): Promise<string | null>;
}

/** The in-process sandbox marketplace, started by main or the host on the seller's request. */
export interface SandboxPort {
  start(): Promise<{ baseUrl: string; token: string }>;
  stop(): Promise<void>;
}

export interface AppCoreOptions {
  dataDir: string;
  tokenVault: TokenVault;
  /**
   * The OS keychain (Electron's safeStorage in the app): protects each profile's credentials key.
   * The browser host, which has none, passes a key-file stand-in.
   */
  keychain: StringEncryption;
  /** The real marketplace by default. */
  baseUrl?: string;
  dialogs: Dialogs;
  openExternal(url: string): Promise<void>;
  notify?(title: string, body: string): void;
  /** A renderer file reference → a checked absolute path; throws AppFailure('bad_input'). */
  resolveFileRef(ref: string): Promise<string>;
  /**
   * The app is done with a file reference. The browser host deletes its staged copy (an account
   * file must not linger in clear); Electron reads the seller's own file in place and has nothing
   * to release.
   */
  releaseFileRef?(ref: string): Promise<void>;
  /**
   * The address the renderer loads a staged screenshot copy (`<dataDir>/screenshots/…`) from, so
   * a queued file shows as a thumbnail before the sync uploads it; null when the platform will not
   * serve that file. Absent: queued files show no preview.
   */
  stagedScreenshotUrl?(stagedPath: string): string | null;
  sandbox?: SandboxPort;
  clock?: Clock;
  /** A shorter rate-limit window (tests, benchmarks against a scaled sandbox). */
  windowMs?: number;
  /** How often the background sync runs; default 5 minutes. */
  syncIntervalMs?: number;
  /** The pause after a local change before syncing; default 2 s. */
  syncDebounceMs?: number;
  /**
   * The hold before the background sync sends a fresh change (undo time); default: the
   * seller's setting (10 s). Tests that do not exercise it pass 0.
   */
  syncHoldMs?: number;
  /**
   * The pauses between attempts while the marketplace cannot be reached (the last one repeats);
   * default 5 s, 15 s, 30 s, 60 s.
   */
  retryDelaysMs?: readonly number[];
  /** How often the marketplace's host is knocked on while it is unreachable; default 15 s. */
  reachabilityProbeMs?: number;
  /**
   * The OS's languages, most preferred first (main: `[app.getLocale()]`); absent, the renderer's
   * `navigator.languages` from its first call, else Node's Intl default.
   */
  systemLanguages?: readonly string[];
  /** The app's version as Settings shows it (main: Electron's); else the checkout's package.json. */
  appVersion?: string;
  /** Opens a folder in the OS's file manager (main: shell.openPath); absent, the path is logged. */
  openFolder?(path: string): Promise<void>;
  /** Where internal errors go (never shown to the renderer). */
  log?(message: string, error?: unknown): void;
}
