import type { CoreInit } from '../../contract/ipc/corePort';
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

/** The core's options: what it is started with (CoreInit's data) and the platform's ports. */
export interface AppCoreOptions extends Omit<CoreInit, 'serves' | 'sqliteNativeBinding'> {
  tokenVault: TokenVault;
  /**
   * The OS keychain (Electron's safeStorage in the app): protects each profile's credentials key.
   * The browser host, which has none, passes a key-file stand-in.
   */
  keychain: StringEncryption;
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
  /** Opens a folder in the OS's file manager (main: shell.openPath); absent, the path is logged. */
  openFolder?(path: string): Promise<void>;
  /** Where internal errors go (never shown to the renderer). */
  log?(message: string, error?: unknown): void;
}
