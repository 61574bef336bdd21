// The desktop app's split as built: main's bundle starts the core's process from
// core-process.cjs beside it (a utilityProcess; here a Node child process), which runs the core's
// thread from core-worker.cjs; main loads no SQLite itself, and neither core bundle loads
// Electron. The built pair answers the contract when started as main starts it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childProcessSpawner,
  CORE_PROCESS_FILE,
  CORE_WORKER_FILE,
  resolveCoreProcess,
  resolveCoreWorker,
} from '../../electron/corehost/spawnCore';
import {
  resolveWalCheckpointer,
  WAL_CHECKPOINTER_FILE,
} from '../../electron/core/store/checkpointer';
import type { Sandbox } from '../../electron/sandbox';
import { startSandbox } from '../../electron/sandbox';
import { coreCalls } from '../app/coreHarness';
import { ensureMainBuilt, mainBundle, root } from '../shell/builtMain';
import { openCoreWorld } from './coreWorld';

const coreBundle = join(root, 'out/main', CORE_WORKER_FILE);
const processBundle = join(root, 'out/main', CORE_PROCESS_FILE);
let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  ensureMainBuilt();
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sd-built-core-'));
}, 120_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built core thread', { timeout: 60_000 }, () => {
  it('is emitted beside main, which starts it and leaves SQLite to it', () => {
    expect(existsSync(coreBundle)).toBe(true);
    expect(existsSync(processBundle)).toBe(true);
    expect(resolveCoreWorker(processBundle)).toEqual({ file: coreBundle });
    expect(resolveCoreProcess(mainBundle)).toEqual({ file: processBundle, typescript: false });
    const main = readFileSync(mainBundle, 'utf8');
    expect(main).toContain(CORE_PROCESS_FILE);
    expect(main).not.toContain('require("better-sqlite3")');
    const core = readFileSync(coreBundle, 'utf8');
    expect(core).toContain('require("better-sqlite3")');
    expect(core).not.toContain('require("electron")');
    // The profile's WAL checkpointer thread, which the store starts beside the core's bundle.
    expect(existsSync(join(root, 'out/main', WAL_CHECKPOINTER_FILE))).toBe(true);
    expect(resolveWalCheckpointer(coreBundle)).toEqual({
      file: join(root, 'out/main', WAL_CHECKPOINTER_FILE),
    });
    expect(core).toContain(WAL_CHECKPOINTER_FILE);
    const relay = readFileSync(processBundle, 'utf8');
    expect(relay).toContain(CORE_WORKER_FILE);
    expect(relay).not.toContain('require("electron")');
    expect(relay).not.toContain('require("better-sqlite3")');
  });

  it('answers the contract from the bundle, started as main starts it', async () => {
    const world = await openCoreWorld(join(dir, 'data'), sandbox.baseUrl, {
      spawnWith: childProcessSpawner(resolveCoreProcess(mainBundle)),
    });
    try {
      await world.core.start();
      const { call } = coreCalls(() => world.core);
      expect(await call('session.connect', { token: sandbox.sellers[0]!.token })).toMatchObject({
        mode: 'marketplace',
        tokenSet: true,
      });
      expect((await call('profiles.list')).profiles).toHaveLength(1);
    } finally {
      await world.core.close();
    }
  });
});
