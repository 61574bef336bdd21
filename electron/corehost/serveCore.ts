// The core's end of the port: creates the app core from the parent's `init`, answers each call
// with `dispatch`'s Result (validation and typed failures happen here, beside the handlers),
// forwards every event, and stands in for the platform ports by asking the parent for them.
import { AppFailure, dispatch, eventNames } from '../contract/ipc';
import type {
  AsyncPortMethod,
  CoreInit,
  CoreToParent,
  ParentToCore,
  PortError,
} from '../contract/ipc/corePort';
import type { AppCore, AppCoreOptions, TokenVault } from '../core/app';
import { createAppCore } from '../core/app';
import { useSqliteNativeBinding } from '../core/usecases/openSellerProfile';
import type { CorePort } from './corePort';
import { portError, rebuildError } from './portErrors';
import type { SyncCall } from './syncCalls';

export function serveCore(port: CorePort, callSync: SyncCall): void {
  const send = (message: CoreToParent) => port.postMessage(message);
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let core: AppCore | null = null;

  function ask(method: AsyncPortMethod, ...args: unknown[]): Promise<unknown> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      send({ type: 'port', id, method, args });
    });
  }
  const tell = (method: AsyncPortMethod, ...args: unknown[]) =>
    void ask(method, ...args).catch(() => {});

  /** The vault stays the parent's; the token crosses only when the core reads it. */
  function remoteVault(file: string | null): TokenVault {
    return {
      get: () => callSync('vault.get', [file]) as string | null,
      set: (token) => void callSync('vault.set', [file, token]),
      clear: () => void callSync('vault.clear', [file]),
      backend: () => callSync('vault.backend', []) as string | null,
      forProfile: (profileFile) => remoteVault(profileFile),
    };
  }

  function optionsOf(init: CoreInit): AppCoreOptions {
    return {
      dataDir: init.dataDir,
      baseUrl: init.baseUrl,
      windowMs: init.windowMs,
      syncIntervalMs: init.syncIntervalMs,
      syncDebounceMs: init.syncDebounceMs,
      syncHoldMs: init.syncHoldMs,
      retryDelaysMs: init.retryDelaysMs,
      reachabilityProbeMs: init.reachabilityProbeMs,
      systemLanguages: init.systemLanguages,
      appVersion: init.appVersion,
      tokenVault: remoteVault(null),
      keychain: {
        encrypt: (text) => Buffer.from(callSync('keychain.encrypt', [text]) as Uint8Array),
        decrypt: (sealed) => callSync('keychain.decrypt', [new Uint8Array(sealed)]) as string,
      },
      dialogs: {
        pickFiles: (purpose) => ask('dialogs.pickFiles', purpose) as Promise<string[]>,
        saveFile: (name) => ask('dialogs.saveFile', name) as Promise<string | null>,
      },
      openExternal: (url) => ask('openExternal', url) as Promise<void>,
      notify: (title, body) => tell('notify', title, body),
      resolveFileRef: (ref) => ask('resolveFileRef', ref) as Promise<string>,
      ...(init.serves.releaseFileRef && {
        releaseFileRef: (ref: string) => ask('releaseFileRef', ref) as Promise<void>,
      }),
      ...(init.serves.stagedScreenshotUrl && {
        stagedScreenshotUrl: (path: string) =>
          callSync('stagedScreenshotUrl', [path]) as string | null,
      }),
      ...(init.serves.openFolder && {
        openFolder: (path: string) => ask('openFolder', path) as Promise<void>,
      }),
      ...(init.serves.sandbox && {
        sandbox: {
          start: () => ask('sandbox.start') as Promise<{ baseUrl: string; token: string }>,
          stop: () => ask('sandbox.stop') as Promise<void>,
        },
      }),
      // The error's class and message only: a stack or a cause may carry request data.
      log: (message, error) =>
        tell(
          'log',
          error instanceof Error ? `${message}: ${error.name}: ${error.message}` : message,
        ),
    };
  }

  async function init(options: CoreInit) {
    if (options.sqliteNativeBinding) useSqliteNativeBinding(options.sqliteNativeBinding);
    try {
      core = await createAppCore(optionsOf(options));
    } catch (error) {
      send({ type: 'initFailed', error: portError(error) });
      return;
    }
    for (const event of eventNames) {
      core.on(event, (payload) => send({ type: 'event', event, payload }));
    }
    send({ type: 'ready', locale: core.locale() });
  }

  async function lifecycle(id: number, step: (core: AppCore) => Promise<void>) {
    try {
      if (!core) throw new AppFailure('unavailable', 'Seller Desk is still starting.');
      await step(core);
      send({ type: 'done', id });
    } catch (error) {
      send({ type: 'done', id, error: portError(error) });
    }
  }

  port.onMessage((raw) => {
    const message = raw as ParentToCore;
    switch (message.type) {
      case 'init':
        void init(message.init);
        return;
      case 'call': {
        const { id, channel, input } = message;
        if (!core) {
          send({
            type: 'result',
            id,
            result: {
              ok: false,
              error: { kind: 'unavailable', message: 'Seller Desk is still starting.' },
            },
          });
          return;
        }
        void dispatch(core.handlers, channel, input, (name, error) =>
          tell(
            'log',
            `"${name}" failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'error'}`,
          ),
        ).then((result) => send({ type: 'result', id, result }));
        return;
      }
      case 'start':
        void lifecycle(message.id, (c) => c.start());
        return;
      case 'close':
        void lifecycle(message.id, (c) => c.close());
        return;
      case 'portReply': {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (!pending) return;
        if (message.ok) pending.resolve(message.value);
        else pending.reject(rebuildError(message.error as PortError));
        return;
      }
    }
  });
}
