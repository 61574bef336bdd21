// The app core as the browser host runs it: in a worker thread of its own (electron/corehost),
// so the loopback bridge answers the page while the core works. The host serves the core the
// platform ports the way a browser can: no OS keychain, so the token and the profiles'
// credentials keys are protected by a key file (mode 0600) in the data folder; no native
// dialogs, so files come from the page (staged by the host) and exports land in the data
// folder's exports/; notifications are recorded (and logged) here, in the host.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../contract/ipc';
import type { CoreTimings } from '../contract/ipc/corePort';
import type { AppCore, SandboxPort } from '../core/app';
import { createEncryptedTokenVault, hostKeyFile } from '../core/app';
import { stagedScreenshotDirs } from '../core/usecases/paths';
import { createKeyFileProtector, openSecretBox } from '../core/secrets';
import { createRemoteCore, type RemoteCore } from '../corehost/remoteCore';
import { workerSpawner, type SpawnCore } from '../corehost/spawnCore';
import type { FileStaging } from './fileStaging';
import { followAttention } from '../shell/attentionBadge';
import { followTray, type TrayView } from '../core/app/tray';
import { stagedScreenshotPath } from '../shell/stagedScreenshotRoute';

export interface HostCoreOptions extends CoreTimings {
  dataDir: string;
  staging: FileStaging;
  sandbox?: SandboxPort;
  /** How the core's worker starts; default a worker thread of this process (tests wrap it). */
  spawn?: SpawnCore;
  log?(message: string): void;
}

/** The core, and the folder of staged screenshot copies the host serves as thumbnails. */
export type HostAppCore = AppCore & {
  /** Every profile's staged screenshots folder, as it is now (profiles come and go). */
  stagedScreenshotsDirs(): string[];
  /** The native notifications the desktop app would have shown, in order (the browser has none). */
  readonly notifications: { title: string; body: string }[];
  /** The attention badge the desktop app would show on its icon, each change in order. */
  readonly badgeCounts: number[];
  /** The tray (menu-bar) icon the desktop app would show, each change in order. */
  readonly trayViews: TrayView[];
  /** The worker's supervision (restarts after a crash). */
  readonly remote: RemoteCore;
};

export async function createHostCore(options: HostCoreOptions): Promise<HostAppCore> {
  const log = options.log ?? (() => {});
  // The data folder and the timings go to the core as they are; the rest is the host's.
  const { staging: _staging, sandbox: _sandbox, spawn: _spawn, log: _log, ...init } = options;
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
  const remote = await createRemoteCore({
    spawn: options.spawn ?? workerSpawner(),
    init,
    ports: {
      tokenVault,
      keychain,
      sandbox: options.sandbox,
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
      log: (message) => log(message),
    },
  });
  // What main shows on the app's icon (electron/main/badge.ts), recorded from the same events.
  const badgeCounts: number[] = [];
  followAttention(remote, { show: (count) => void badgeCounts.push(count) });
  // What main's tray shows (electron/main/tray.ts), from the same logic and events.
  const trayViews: TrayView[] = [];
  followTray(remote, { show: (view) => void trayViews.push(view) }, remote.locale());
  return Object.assign(remote, {
    stagedScreenshotsDirs: screenshotsDirs,
    notifications,
    badgeCounts,
    trayViews,
    remote,
  });
}
