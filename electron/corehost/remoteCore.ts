// The parent's end of the port: an `AppCore` whose handlers travel to the core's thread and back,
// whose events come from there, and which serves the core the platform ports only the parent
// has (the token vault and keychain, dialogs, notifications, file references, the sandbox, the
// log). It watches the core: one that ends unexpectedly fails the calls it was answering with
// `unavailable` (never a hang), is started again and its session reopened, and the renderer is
// told (`core.restarted`); past a few restarts a minute it stays stopped and the seller is told.
import type {
  Answer,
  ChannelName,
  EventName,
  EventPayload,
  Handlers,
  Result,
} from '../contract/ipc';
import { AppFailure, channelNames } from '../contract/ipc';
import type {
  CoreInit,
  CoreToParent,
  ParentToCore,
  SyncPortMethod,
} from '../contract/ipc/corePort';
import { isLocale, translate, type Locale } from '../contract/i18n';
import type { AppCore, AppCoreOptions } from '../core/app';
import { portError, rebuildError } from './portErrors';
import type { SpawnCore, SpawnedCore } from './spawnCore';

/** What the parent serves the core: the platform half of the core's options. */
export type CorePorts = Pick<
  AppCoreOptions,
  | 'tokenVault'
  | 'keychain'
  | 'dialogs'
  | 'openExternal'
  | 'openFolder'
  | 'notify'
  | 'resolveFileRef'
  | 'releaseFileRef'
  | 'stagedScreenshotUrl'
  | 'sandbox'
  | 'log'
>;

export interface RemoteCoreOptions {
  spawn: SpawnCore;
  init: Omit<CoreInit, 'serves'>;
  ports: CorePorts;
  /** Restarts allowed within `restartWindowMs` before the core is left stopped; default 3. */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** How long close() waits for the core to stop its sync and close its files; default 15 s. */
  closeTimeoutMs?: number;
  now?: () => number;
}

export type RemoteCore = AppCore & {
  /** A call relayed with its raw input; the core validates it and answers its Result. */
  answer: Answer;
  /** Resolves once a restart (if one is under way) has finished; for tests and shutdown. */
  settled(): Promise<void>;
  /** Restarts so far (the cap counts those within the last window). */
  readonly restarts: number;
};

interface Running {
  core: SpawnedCore;
  calls: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  exited: boolean;
  /** Said `ready` once: only a core that ran is restarted when it ends (not one that cannot start). */
  ready: boolean;
}

export async function createRemoteCore(options: RemoteCoreOptions): Promise<RemoteCore> {
  const { ports } = options;
  const now = options.now ?? Date.now;
  const maxRestarts = options.maxRestarts ?? 3;
  const restartWindowMs = options.restartWindowMs ?? 60_000;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const init: CoreInit = {
    ...options.init,
    serves: {
      sandbox: ports.sandbox !== undefined,
      releaseFileRef: ports.releaseFileRef !== undefined,
      stagedScreenshotUrl: ports.stagedScreenshotUrl !== undefined,
      openFolder: ports.openFolder !== undefined,
    },
  };
  const log = (message: string) => ports.log?.(message);
  let nextId = 1;
  let running: Promise<Running> | null = null;
  let started = false;
  let closing = false;
  let gaveUp = false;
  let restarts = 0;
  const restartTimes: number[] = [];
  let restarting: Promise<void> = Promise.resolve();
  /** The core's language as last heard: `locale()` is synchronous for main's menus. */
  let locale: Locale = 'en';
  const heardLanguage = (value: unknown) => {
    const said = (value as { locale?: unknown } | null)?.locale;
    if (isLocale(said)) locale = said;
  };
  // In the seller's words, as the core would say it: the call failed, or the worker is gone.
  const unavailable = () => new AppFailure('unavailable', translate(locale, 'worker.unavailable'));
  const stopped = () => new AppFailure('unavailable', translate(locale, 'worker.stopped'));

  function emit(event: EventName, payload: unknown) {
    for (const listener of listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        log(`event listener failed: ${portError(error).message}`);
      }
    }
  }

  const vaultOf = (file: string | null) =>
    file === null ? ports.tokenVault : ports.tokenVault.forProfile(file);

  function serveSync(method: SyncPortMethod, args: unknown[]): unknown {
    switch (method) {
      case 'vault.get':
        return vaultOf(args[0] as string | null).get();
      case 'vault.set':
        return vaultOf(args[0] as string | null).set(args[1] as string);
      case 'vault.clear':
        return vaultOf(args[0] as string | null).clear();
      case 'vault.backend':
        return ports.tokenVault.backend();
      case 'keychain.encrypt':
        return new Uint8Array(ports.keychain.encrypt(args[0] as string));
      case 'keychain.decrypt':
        return ports.keychain.decrypt(Buffer.from(args[0] as Uint8Array));
      case 'stagedScreenshotUrl':
        return ports.stagedScreenshotUrl?.(args[0] as string) ?? null;
    }
  }

  async function serveAsync(method: string, args: unknown[]): Promise<unknown> {
    const [a, b] = args as [string, string];
    switch (method) {
      case 'dialogs.pickFiles':
        return ports.dialogs.pickFiles(a as 'credentials' | 'screenshots' | 'offers');
      case 'dialogs.saveFile':
        return ports.dialogs.saveFile(a);
      case 'openExternal':
        return ports.openExternal(a);
      case 'openFolder':
        return ports.openFolder?.(a);
      case 'notify':
        return ports.notify?.(a, b);
      case 'resolveFileRef':
        return ports.resolveFileRef(a);
      case 'releaseFileRef':
        return ports.releaseFileRef?.(a);
      case 'sandbox.start':
        return ports.sandbox?.start();
      case 'sandbox.stop':
        return ports.sandbox?.stop();
      case 'log':
        return log(a);
      default:
        throw new Error(`No port "${method}".`);
    }
  }

  function boot(): Promise<Running> {
    const core = options.spawn();
    const state: Running = { core, calls: new Map(), exited: false, ready: false };
    const send = (message: ParentToCore) => core.postMessage(message);
    core.serveSync(serveSync);
    return new Promise<Running>((resolve, reject) => {
      core.onMessage((raw) => {
        const message = raw as CoreToParent;
        switch (message.type) {
          case 'ready':
            state.ready = true;
            heardLanguage(message);
            resolve(state);
            return;
          case 'initFailed':
            reject(rebuildError(message.error));
            void core.kill();
            return;
          case 'result': {
            const call = state.calls.get(message.id);
            state.calls.delete(message.id);
            call?.resolve(message.result);
            return;
          }
          case 'done': {
            const call = state.calls.get(message.id);
            state.calls.delete(message.id);
            if (message.error) call?.reject(rebuildError(message.error));
            else call?.resolve(undefined);
            return;
          }
          case 'event':
            if (message.event === 'app.languageChanged') heardLanguage(message.payload);
            emit(message.event, message.payload);
            return;
          case 'port':
            serveAsync(message.method, message.args).then(
              (value) => send({ type: 'portReply', id: message.id, ok: true, value }),
              (error: unknown) =>
                send({ type: 'portReply', id: message.id, ok: false, error: portError(error) }),
            );
            return;
        }
      });
      core.onExit((code, why) => {
        state.exited = true;
        if (why) log(`The core's worker failed: ${why}`);
        // Only heard by a start still waiting for `ready`.
        reject(
          new Error(
            `The core's worker ended while starting (code ${code}${why ? `, ${why}` : ''}).`,
          ),
        );
        for (const call of state.calls.values()) call.reject(unavailable());
        state.calls.clear();
        if (!closing && state.ready) restarting = restartAfterCrash(code);
      });
      send({ type: 'init', init });
    });
  }

  async function restartAfterCrash(code: number) {
    log(`The core's worker ended (code ${code}).`);
    for (;;) {
      const at = now();
      while (restartTimes.length && at - restartTimes[0]! > restartWindowMs) restartTimes.shift();
      if (restartTimes.length >= maxRestarts) {
        gaveUp = true;
        running = null;
        log("The core's worker ended too often in a minute; it stays stopped.");
        emit('core.restarted', { gaveUp: true });
        return;
      }
      restartTimes.push(at);
      restarts += 1;
      running = boot();
      let state: Running;
      try {
        state = await running;
      } catch (error) {
        log(`Starting the core again failed: ${portError(error).message}`);
        if (closing) return;
        continue;
      }
      // Its session reopened as at launch; a worker that ends again is its own exit's to handle.
      if (started) await request(state, (id) => ({ type: 'start', id })).catch(() => {});
      emit('core.restarted', { gaveUp: false });
      return;
    }
  }

  function request(state: Running, message: (id: number) => ParentToCore): Promise<unknown> {
    if (state.exited) return Promise.reject(unavailable());
    const id = nextId++;
    return new Promise((resolve, reject) => {
      state.calls.set(id, { resolve, reject });
      state.core.postMessage(message(id));
    });
  }

  async function current(): Promise<Running> {
    if (gaveUp || !running) throw stopped();
    try {
      return await running;
    } catch {
      await restarting;
      if (gaveUp || !running) throw stopped();
      return running;
    }
  }

  /** The core's own Result for a call: its input validated and its handler run there, once. */
  async function answer(channel: ChannelName, input: unknown): Promise<Result<unknown>> {
    let result: Result<unknown>;
    try {
      const state = await current();
      result = (await request(state, (id) => ({
        type: 'call',
        id,
        channel,
        input,
      }))) as Result<unknown>;
    } catch (error) {
      if (!(error instanceof AppFailure)) throw error;
      return { ok: false, error: { kind: error.kind, message: error.message } };
    }
    // The language follows the renderer's first answer too (the browser host learns it there).
    if (result.ok && channel.startsWith('app.')) heardLanguage(result.value);
    return result;
  }

  async function call(channel: ChannelName, input: unknown): Promise<unknown> {
    const result = await answer(channel, input);
    if (result.ok) return result.value;
    throw rebuildError(result.error);
  }

  const handlers = Object.fromEntries(
    channelNames.map((channel) => [channel, (input: unknown) => call(channel, input)]),
  ) as unknown as Handlers;

  running = boot();
  await running;

  return {
    handlers,
    answer,
    locale: () => locale,
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    async start() {
      started = true;
      await request(await current(), (id) => ({ type: 'start', id }));
    },
    async close() {
      closing = true;
      await restarting;
      const state = running ? await running.catch(() => null) : null;
      running = null;
      if (!state || state.exited) return;
      const exited = new Promise<void>((resolve) => state.core.onExit(() => resolve()));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), options.closeTimeoutMs ?? 15_000);
      });
      const closed = request(state, (id) => ({ type: 'close', id })).then(
        () => 'closed' as const,
        (error: unknown) => {
          log(`The core did not close cleanly: ${portError(error).message}`);
          return 'closed' as const;
        },
      );
      if ((await Promise.race([closed, timeout])) === 'timeout') {
        log('The core took too long to close; stopping it.');
      }
      clearTimeout(timer);
      await state.core.kill();
      await exited;
    },
    settled: () => restarting,
    get restarts() {
      return restarts;
    },
  };
}
