// Main's IPC registration, driven through a fake ipcMain: every contract channel is registered
// with its prefix; a forged sender is refused before validation; a malformed payload on any
// channel is answered `bad_input` without reaching the handler; failures come back typed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChannelName, Handlers, Result } from '../../electron/contract/ipc';
import {
  AppFailure,
  answerCall,
  channelNames,
  channels,
  eventNames,
  ipcChannel,
} from '../../electron/contract/ipc';
import type { IpcMainLike } from '../../electron/main/ipcBridge';
import { forwardEvents, registerIpcHandlers } from '../../electron/main/ipcBridge';
import type { IpcSenderLike } from '../../electron/main/senderCheck';
import { checkSender } from '../../electron/main/senderCheck';

type Listener = (event: IpcSenderLike, input: unknown) => Promise<unknown>;

function fakeIpcMain() {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle(channel, listener) {
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener);
    },
    removeHandler: (channel) => listeners.delete(channel),
  };
  return { ipcMain, listeners };
}

/** Handlers that record their calls; `session.status` fails as the core would. */
function recordingHandlers(calls: string[]): Handlers {
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const name of channelNames) {
    handlers[name] = async () => {
      calls.push(name);
      throw new AppFailure('not_found', `handled ${name}`);
    };
  }
  return handlers as unknown as Handlers;
}

const ours: IpcSenderLike = {
  senderFrame: { url: 'app://seller-desk/index.html', parent: null },
  sender: { id: 1 },
};
const trusted = { origin: 'app://seller-desk', isOurWindow: (id: number) => id === 1 };

function setUp(handlers?: Handlers) {
  const calls: string[] = [];
  const logs: string[] = [];
  const { ipcMain, listeners } = fakeIpcMain();
  const unregister = registerIpcHandlers({
    ipcMain,
    core: { handlers: handlers ?? recordingHandlers(calls) },
    isTrustedSender: (event) => checkSender(event, trusted),
    log: (m) => logs.push(m),
  });
  const call = (name: ChannelName, input: unknown, sender = ours) =>
    listeners.get(ipcChannel(name))!(sender, input) as Promise<Result<unknown>>;
  return { calls, logs, listeners, unregister, call };
}

const malformed: unknown[] = [
  42,
  'text',
  [1, 2],
  null,
  true,
  { localIds: 'all' },
  { a: { b: [] } },
];

describe('registerIpcHandlers', () => {
  it('registers exactly the contract channels, prefixed, and removes them again', () => {
    const { listeners, unregister } = setUp();
    expect([...listeners.keys()].sort()).toEqual(
      channelNames.map((n) => `seller-desk:${n}`).sort(),
    );
    unregister();
    expect(listeners.size).toBe(0);
  });

  it('refuses a forged sender before looking at the payload', async () => {
    const { calls, call, logs } = setUp();
    const subframe = {
      senderFrame: { url: 'app://seller-desk/index.html', parent: ours.senderFrame },
      sender: { id: 1 },
    };
    const stranger = {
      senderFrame: { url: 'https://evil.example/', parent: null },
      sender: { id: 1 },
    };
    for (const sender of [subframe, stranger]) {
      // The token in the payload must not reach the handler nor the log.
      const result = await call('session.connect', { token: 'tok-SECRET-123' }, sender);
      expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(calls).toEqual([]);
    expect(logs.join('\n')).not.toContain('tok-SECRET-123');
    expect(logs).toHaveLength(2);
  });

  it('answers bad_input for a malformed payload on every channel, without calling it', async () => {
    const { calls, call } = setUp();
    for (const name of channelNames) {
      for (const input of malformed) {
        if (channels[name].input.safeParse(input).success) continue;
        const result = await call(name, input);
        expect(result, `${name} ${JSON.stringify(input)}`).toMatchObject({
          ok: false,
          error: { kind: 'bad_input' },
        });
      }
      // Every channel refuses at least one of these shapes.
      expect(malformed.some((input) => !channels[name].input.safeParse(input).success)).toBe(true);
    }
    expect(calls).toEqual([]);
  });

  it('reaches the handler exactly when the payload is valid (any JSON the renderer could send)', async () => {
    const { calls, call } = setUp();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...channelNames),
        fc.oneof(fc.constant(undefined), fc.jsonValue()),
        async (name, input) => {
          calls.length = 0;
          const valid = channels[name].input.safeParse(input).success;
          const result = await call(name, input);
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.error.kind).toBe(valid ? 'not_found' : 'bad_input');
          expect(calls).toEqual(valid ? [name] : []);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('passes valid input through and types failures; a crash says nothing of its internals', async () => {
    const calls: string[] = [];
    const handlers = recordingHandlers(calls);
    handlers['session.status'] = async () => ({
      mode: 'none',
      tokenSet: false,
      tokenValid: null,
      storageBackend: null,
      baseUrl: null,
    });
    handlers['sync.status'] = async () => {
      throw new Error('database at /home/seller/secret.sqlite exploded');
    };
    const { call, logs } = setUp(handlers);
    await expect(call('session.status', undefined)).resolves.toEqual({
      ok: true,
      value: {
        mode: 'none',
        tokenSet: false,
        tokenValid: null,
        storageBackend: null,
        baseUrl: null,
      },
    });
    await expect(call('offers.get', { localId: 3 })).resolves.toEqual({
      ok: false,
      error: { kind: 'not_found', message: 'handled offers.get' },
    });
    const crashed = await call('sync.status', undefined);
    expect(crashed).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(crashed)).not.toContain('secret.sqlite');
    expect(logs.some((l) => l.includes('sync.status'))).toBe(true);
  });

  it('relays a call raw to a core that answers itself, so it is validated once, there', async () => {
    const relayed: [string, unknown][] = [];
    const handlers = recordingHandlers([]);
    const core = {
      handlers: new Proxy(handlers, {
        get() {
          throw new Error('main ran a handler of a core that answers itself');
        },
      }),
      answer: async (name: ChannelName, raw: unknown): Promise<Result<unknown>> => {
        relayed.push([name, raw]);
        return { ok: false, error: { kind: 'bad_input', message: `checked in the core: ${name}` } };
      },
    };
    const { ipcMain, listeners } = fakeIpcMain();
    registerIpcHandlers({
      ipcMain,
      core,
      isTrustedSender: (event) => checkSender(event, trusted),
      log: () => {},
    });
    const result = await listeners.get(ipcChannel('offers.get'))!(ours, { localId: 'x' });
    // Malformed here too, yet passed on untouched: the core's dispatch is the only one.
    expect(result).toEqual({
      ok: false,
      error: { kind: 'bad_input', message: 'checked in the core: offers.get' },
    });
    expect(relayed).toEqual([['offers.get', { localId: 'x' }]]);
    // A name outside the contract never reaches the core.
    expect(await answerCall(core, 'no.such', {})).toMatchObject({ error: { kind: 'bad_input' } });
    expect(relayed).toHaveLength(1);
  });
});

describe('forwardEvents', () => {
  it('sends every contract event to live windows only, and stops when unsubscribed', () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    const source = {
      on(event: string, listener: (payload: unknown) => void) {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
    };
    const sent: [string, unknown][] = [];
    const live = { isDestroyed: () => false, send: (c: string, p: unknown) => sent.push([c, p]) };
    const dead = { isDestroyed: () => true, send: () => sent.push(['dead', null]) };
    const off = forwardEvents(source, () => [live, dead]);
    expect([...listeners.keys()].sort()).toEqual([...eventNames].sort());
    listeners.get('network.online')!({ online: false });
    expect(sent).toEqual([['seller-desk:network.online', { online: false }]]);
    off();
    expect(listeners.size).toBe(0);
  });
});
