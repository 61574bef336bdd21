// The app core as the tests drive it: a real core on a temp data folder against a sandbox on
// loopback, its token kept by the real encrypted vault over a key file (safeStorage cannot run
// here), every call through the contract's `dispatch` as the IPC bridge makes it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  dispatch,
  type AppError,
  type ChannelName,
  type ChannelOutput,
} from '../../electron/contract/ipc';
import {
  createAppCore,
  createEncryptedTokenVault,
  type AppCore,
  type AppCoreOptions,
  type TokenVault,
} from '../../electron/core/app';
import { createKeyFileProtector, openSecretBox } from '../../electron/core/secrets';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { fakeKeychain } from '../secrets/fakeKeychain';

/** The real encrypted token vault, its key in a file of the data folder. */
export function fileTokenVault(dir: string): TokenVault {
  const box = openSecretBox(createKeyFileProtector(join(dir, 'token.key')));
  return createEncryptedTokenVault(
    {
      encrypt: (text) => box.seal(Buffer.from(text)),
      decrypt: (sealed) => box.open(sealed).toString(),
      backend: () => 'file',
    },
    join(dir, 'token.bin'),
  );
}

/** A core on `dataDir` talking to `baseUrl`, with the platform ports a test needs. */
export function createTestCore(
  dataDir: string,
  baseUrl: string,
  overrides: Partial<AppCoreOptions> = {},
): Promise<AppCore> {
  return createAppCore({
    dataDir,
    baseUrl,
    tokenVault: fileTokenVault(dataDir),
    keychain: fakeKeychain(),
    dialogs: { pickFiles: async () => [], saveFile: async () => null },
    openExternal: async () => {},
    resolveFileRef: async (ref) => ref,
    releaseFileRef: async () => {},
    windowMs: 1000,
    syncIntervalMs: 3_600_000,
    ...overrides,
  });
}

export interface CoreCalls {
  /** A channel's answer, or the failure thrown as an error carrying its kind. */
  call<C extends ChannelName>(channel: C, input?: unknown): Promise<ChannelOutput<C>>;
  /** The failure a channel answers with (the call must fail). */
  failureOf(channel: ChannelName, input?: unknown): Promise<AppError>;
  /** Starts a sync and waits for it to end; its final status. */
  syncNow(): Promise<ChannelOutput<'sync.status'>>;
  /** The local id of the offer the marketplace knows as `serverId` (it must be in the cache). */
  localIdOf(serverId: number): Promise<number>;
  /** The first `n` rows of the offers list, the latest changed first. */
  firstOffers(n: number): Promise<ChannelOutput<'offers.query'>['rows']>;
}

/** Calls into whichever core `current()` gives (tests replace theirs between cases). */
export function coreCalls(current: () => AppCore): CoreCalls {
  async function call<C extends ChannelName>(
    channel: C,
    input?: unknown,
  ): Promise<ChannelOutput<C>> {
    const result = await dispatch(current().handlers, channel, input, (_c, e) => {
      throw e;
    });
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
    return result.value as ChannelOutput<C>;
  }
  return {
    call,
    async failureOf(channel, input) {
      const result = await dispatch(current().handlers, channel, input);
      if (result.ok) throw new Error(`${channel} succeeded`);
      return result.error;
    },
    async syncNow() {
      await call('sync.now');
      for (let i = 0; i < 600; i++) {
        const status = await call('sync.status');
        if (!status.running) return status;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('sync did not finish');
    },
    async localIdOf(serverId) {
      const page = await call('offers.query', {
        text: String(serverId),
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: 10,
      });
      const row = page.rows.find((r) => r.serverId === serverId);
      if (!row) throw new Error(`offer ${serverId} is not in the cache`);
      return row.localId;
    },
    async firstOffers(n) {
      const page = await call('offers.query', {
        sort: { column: 'updated_at', dir: 'desc' },
        offset: 0,
        limit: n,
      });
      return page.rows;
    },
  };
}

export interface ConnectedCore {
  sandbox: Sandbox;
  core: AppCore;
  /** The test's temp folder (files to import go here); the core's data is `dataDir` inside it. */
  dir: string;
  dataDir: string;
  /** Closes the core and the sandbox (a test that replaced it sets the new one), removes the folder. */
  close(): Promise<void>;
}

/**
 * A sandbox on loopback and a core on a new temp folder, started and connected as the sandbox's
 * first seller. `listen` runs before the start, so a test hears every event the core sends.
 */
export async function startConnectedCore(
  name: string,
  overrides: Partial<AppCoreOptions> = {},
  listen?: (core: AppCore) => void,
): Promise<ConnectedCore> {
  const sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  const dir = mkdtempSync(join(tmpdir(), `seller-desk-${name}-`));
  const dataDir = join(dir, 'app');
  const core = await createTestCore(dataDir, sandbox.baseUrl, overrides);
  listen?.(core);
  await core.start();
  await coreCalls(() => core).call('session.connect', { token: sandbox.sellers[0]!.token });
  const world: ConnectedCore = {
    sandbox,
    core,
    dir,
    dataDir,
    async close() {
      await this.core.close();
      await this.sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

export interface TestsCore extends CoreCalls {
  readonly sandbox: Sandbox;
  readonly core: AppCore;
  /** The tests' temp folder; the core's data is `dataDir` inside it. */
  readonly dir: string;
  readonly dataDir: string;
  /** The native notifications the core sent, in order. */
  readonly notes: { title: string; body: string }[];
  /** Writes a file into the tests' folder; its path. */
  file(name: string, content: string): string;
}

/** One connected core for a file's tests: started before the first, closed after the last. */
export function connectedCoreForTests(
  name: string,
  overrides: Partial<AppCoreOptions> = {},
): TestsCore {
  let world: ConnectedCore | undefined;
  const notes: { title: string; body: string }[] = [];
  beforeAll(async () => {
    world = await startConnectedCore(name, {
      notify: (title, body) => void notes.push({ title, body }),
      ...overrides,
    });
  });
  afterAll(() => world?.close());
  const live = () => {
    if (!world) throw new Error('the core is started in beforeAll');
    return world;
  };
  return {
    ...coreCalls(() => live().core),
    get sandbox() {
      return live().sandbox;
    },
    get core() {
      return live().core;
    },
    get dir() {
      return live().dir;
    },
    get dataDir() {
      return live().dataDir;
    },
    notes,
    file(name, content) {
      const path = join(live().dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}
