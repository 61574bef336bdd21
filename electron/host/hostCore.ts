// The app core as the browser host runs it: no OS keychain, so the token and the profiles'
// credentials keys are protected by a key file (mode 0600) in the data folder; no native
// dialogs, so files come from the page (staged by the host) and exports land in the data
// folder's exports/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../contract/ipc';
import type { AppCore, SandboxPort } from '../core/app';
import { createAppCore, createEncryptedTokenVault, hostKeyFile } from '../core/app';
import { stagedScreenshotDirs } from '../core/usecases/paths';
import { createKeyFileProtector, openSecretBox } from '../core/secrets';
import type { Clock } from '../core/util/clock';
import type { FileStaging } from './fileStaging';
import { stagedScreenshotPath } from '../shell/stagedScreenshotRoute';

export interface HostCoreOptions {
  dataDir: string;
  staging: FileStaging;
  /** The marketplace to connect to with a token; the real one by default. */
  baseUrl?: string;
  sandbox?: SandboxPort;
  windowMs?: number;
  syncIntervalMs?: number;
  syncDebounceMs?: number;
  syncHoldMs?: number;
  clock?: Clock;
  log?(message: string): void;
}

/** The core, and the folder of staged screenshot copies the host serves as thumbnails. */
export type HostAppCore = AppCore & {
  /** Every profile's staged screenshots folder, as it is now (profiles come and go). */
  stagedScreenshotsDirs(): string[];
  /** The native notifications the desktop app would have shown, in order (the browser has none). */
  readonly notifications: { title: string; body: string }[];
};

export async function createHostCore(options: HostCoreOptions): Promise<HostAppCore> {
  const log = options.log ?? (() => {});
  const box = openSecretBox(createKeyFileProtector(hostKeyFile(options.dataDir)));
  // The keychain's stand-in: what the desktop app asks of safeStorage, done with the host's key.
  const keychain = {
    encrypt: (text: string) => box.seal(Buffer.from(text, 'utf8')),
    decrypt: (sealed: Buffer) => box.open(sealed).toString('utf8'),
  };
  const tokenVault = createEncryptedTokenVault(
    { ...keychain, backend: () => 'file' },
    join(options.dataDir, 'token.sealed'),
  );
  let exportCount = 0;
  const notifications: { title: string; body: string }[] = [];
  const screenshotsDirs = () => stagedScreenshotDirs(options.dataDir);
  const core = await createAppCore({
    dataDir: options.dataDir,
    tokenVault,
    keychain,
    baseUrl: options.baseUrl,
    sandbox: options.sandbox,
    windowMs: options.windowMs,
    syncIntervalMs: options.syncIntervalMs,
    syncDebounceMs: options.syncDebounceMs,
    syncHoldMs: options.syncHoldMs,
    clock: options.clock,
    dialogs: {
      async pickFiles() {
        // The page falls back to its own file input on anything but `cancelled`.
        throw new AppFailure(
          'not_found',
          'There is no file dialog in the browser; choose the file on the page.',
        );
      },
      async saveFile(defaultName) {
        const dir = join(options.dataDir, 'exports');
        mkdirSync(dir, { recursive: true });
        exportCount += 1;
        return join(dir, `${exportCount}-${defaultName.replace(/[/\\]/g, '_')}`);
      },
    },
    async openExternal(url) {
      log(`Open in your browser: ${url}`);
    },
    notify(title, body) {
      notifications.push({ title, body });
      log(`${title}: ${body}`);
    },
    resolveFileRef: (ref) => options.staging.resolveFileRef(ref),
    releaseFileRef: (ref) => options.staging.release(ref),
    // Relative to the page's own origin: the host serves these (startHost).
    stagedScreenshotUrl: (path) => stagedScreenshotPath(path, screenshotsDirs()),
    log: (message, error) =>
      log(error instanceof Error ? `${message}: ${error.name}: ${error.message}` : message),
  });
  return Object.assign(core, { stagedScreenshotsDirs: screenshotsDirs, notifications });
}
