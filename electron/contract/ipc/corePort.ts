// What the parent (Electron main, the browser host) and the core's own thread or process say to
// each other over a message port (electron/corehost). The window's side stays free while the core
// works: the parent forwards the renderer's calls as `call` messages and the core's events come
// back as `event` messages; the platform ports only the parent has (the keychain, dialogs,
// notifications, …) are asked for by the core as `port` messages. Names defined once, for both ends.
import type { EventName } from './channels';
import type { Result } from './result';

/** The core's options that are plain data (everything else is a port the parent serves). */
/** What a core is started with: plain data, so it crosses to the core's thread as it is. */
export interface CoreInit {
  dataDir: string;
  /** The real marketplace by default. */
  baseUrl?: string;
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
   * The OS's languages, most preferred first (main: Electron's
   * `app.getPreferredSystemLanguages`); absent, the renderer's `navigator.languages` from its
   * first call, else Node's Intl default.
   */
  systemLanguages?: readonly string[];
  /** The app's version as Settings shows it (main: Electron's); else the checkout's package.json. */
  appVersion?: string;
  /** Electron's build of better-sqlite3's native binding; absent under plain Node. */
  sqliteNativeBinding?: string;
  /** Which optional ports the parent serves (the core leaves the others out). */
  serves: {
    sandbox: boolean;
    releaseFileRef: boolean;
    stagedScreenshotUrl: boolean;
    openFolder: boolean;
  };
}

/** The timings and the marketplace a launch may tune (a development launch, tests). */
export type CoreTimings = Pick<
  CoreInit,
  | 'baseUrl'
  | 'windowMs'
  | 'syncIntervalMs'
  | 'syncDebounceMs'
  | 'syncHoldMs'
  | 'retryDelaysMs'
  | 'reachabilityProbeMs'
>;

/** The ports the parent serves and the core calls asynchronously. */
export const asyncPortMethods = [
  'dialogs.pickFiles',
  'dialogs.saveFile',
  'openExternal',
  'openFolder',
  'notify',
  'resolveFileRef',
  'releaseFileRef',
  'sandbox.start',
  'sandbox.stop',
  'log',
] as const;
export type AsyncPortMethod = (typeof asyncPortMethods)[number];

/**
 * The ports the core's code calls synchronously (the vault is read at every request; the keychain
 * inside opening a profile): the core's thread waits for the parent's answer.
 */
export const syncPortMethods = [
  'vault.get',
  'vault.set',
  'vault.clear',
  'vault.backend',
  'keychain.encrypt',
  'keychain.decrypt',
  'stagedScreenshotUrl',
] as const;
export type SyncPortMethod = (typeof syncPortMethods)[number];

/** A failure carried across: an AppFailure keeps its kind, anything else only its message. */
export interface PortError {
  kind?: string;
  message: string;
  fields?: { field: string; message: string }[];
}

export type ParentToCore =
  | { type: 'init'; init: CoreInit }
  | { type: 'call'; id: number; channel: string; input: unknown }
  | { type: 'start'; id: number }
  | { type: 'close'; id: number }
  | { type: 'portReply'; id: number; ok: true; value: unknown }
  | { type: 'portReply'; id: number; ok: false; error: PortError };

export type CoreToParent =
  /** `locale`: the core's language at start; `app.languageChanged` events and answers follow it. */
  | { type: 'ready'; locale: string }
  | { type: 'initFailed'; error: PortError }
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'done'; id: number; error?: PortError }
  | { type: 'event'; event: EventName; payload: unknown }
  | { type: 'port'; id: number; method: AsyncPortMethod; args: unknown[] };

/** A sync port call: posted on the sync channel, answered there before the core goes on. */
export interface SyncRequest {
  method: SyncPortMethod;
  args: unknown[];
}
export type SyncReply = { ok: true; value: unknown } | { ok: false; error: PortError };

/**
 * When the core's thread runs in a process of its own (Electron's utilityProcess), that process
 * relays the thread's synchronous port calls to the app as these two messages.
 */
export type RelayedSyncCall = {
  type: 'syncCall';
  id: number;
  method: SyncPortMethod;
  args: unknown[];
};
export type RelayedSyncReply = { type: 'syncReply'; id: number; reply: SyncReply };
