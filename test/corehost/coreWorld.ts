// The core as the desktop app and the browser host now run it: in its own worker thread behind
// the port (electron/corehost), the parent serving the platform ports — the real encrypted token
// vault over a key file, the keychain's stand-in (safeStorage cannot run here) — against a
// sandbox on loopback. Tests keep each worker they spawn, to end it as a crash would.
import { join } from 'node:path';
import {
  createRemoteCore,
  type CorePorts,
  type RemoteCore,
  type RemoteCoreOptions,
} from '../../electron/corehost/remoteCore';
import { workerSpawner, type SpawnCore, type SpawnedCore } from '../../electron/corehost/spawnCore';
import { fileTokenVault } from '../app/coreHarness';
import { fakeKeychain } from '../secrets/fakeKeychain';

export interface CoreWorld {
  core: RemoteCore;
  /** Every worker (or process) spawned for this core, the running one last. */
  workers: SpawnedCore[];
  notifications: { title: string; body: string }[];
  /** Each `core.restarted` event the parent heard. */
  restarts: { gaveUp: boolean }[];
}

export async function openCoreWorld(
  dataDir: string,
  baseUrl: string,
  overrides: {
    ports?: Partial<CorePorts>;
    /** How the core starts; default a worker thread from source. */
    spawnWith?: SpawnCore;
  } & Partial<Omit<RemoteCoreOptions, 'ports' | 'spawn'>> = {},
): Promise<CoreWorld> {
  const workers: SpawnedCore[] = [];
  const { spawnWith, ...options } = overrides;
  const spawnWorker = spawnWith ?? workerSpawner();
  const notifications: { title: string; body: string }[] = [];
  const core = await createRemoteCore({
    spawn: () => {
      const worker = spawnWorker();
      workers.push(worker);
      return worker;
    },
    init: {
      dataDir,
      baseUrl,
      windowMs: 1000,
      syncIntervalMs: 3_600_000,
      syncDebounceMs: 3_600_000,
      syncHoldMs: 0,
    },
    ...options,
    ports: {
      tokenVault: fileTokenVault(join(dataDir, '..')),
      keychain: fakeKeychain(),
      dialogs: { pickFiles: async () => [], saveFile: async () => null },
      openExternal: async () => {},
      notify: (title, body) => void notifications.push({ title, body }),
      resolveFileRef: async (ref) => ref,
      releaseFileRef: async () => {},
      ...overrides.ports,
    },
  });
  const restarts: { gaveUp: boolean }[] = [];
  core.on('core.restarted', (payload) => void restarts.push(payload));
  return { core, workers, notifications, restarts };
}
