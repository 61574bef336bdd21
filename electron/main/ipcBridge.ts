// Main's side of the IPC contract: one `ipcMain.handle` per contract channel (prefixed), the
// sender checked first, then the call answered once (`answerCall`: relayed raw to the core's
// process, which validates it). Events from the core go to our windows only. Written over
// minimal shapes of ipcMain/webContents for tests.
import type { Answering, ChannelName, EventName, Result } from '../contract/ipc';
import { answerCall, channelNames, eventNames, ipcChannel } from '../contract/ipc';
import type { IpcSenderLike } from './senderCheck';

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcSenderLike, input: unknown) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}

export interface IpcBridgeOptions {
  ipcMain: IpcMainLike;
  core: Answering;
  isTrustedSender(event: IpcSenderLike): { trusted: true } | { trusted: false; reason: string };
  /** Told about refused senders and handler crashes; never given the payload (it may hold a token). */
  log(message: string): void;
}

const refused: Result<never> = {
  ok: false,
  error: { kind: 'forbidden', message: 'This request did not come from a Seller Desk window.' },
};

/** Registers every channel; returns the function that removes them again. */
export function registerIpcHandlers(options: IpcBridgeOptions): () => void {
  const { ipcMain, core, isTrustedSender, log } = options;
  for (const name of channelNames) {
    ipcMain.handle(ipcChannel(name), async (event, input) => {
      const verdict = isTrustedSender(event);
      if (!verdict.trusted) {
        log(`Refused "${name}" from ${verdict.reason}.`);
        return refused;
      }
      return answerCall(core, name, input, (channel: string, error: unknown) =>
        log(`"${channel}" failed: ${describeError(error)}`),
      );
    });
  }
  return () => channelNames.forEach((name: ChannelName) => ipcMain.removeHandler(ipcChannel(name)));
}

/** The error's class and message only: a stack or a cause may carry request data. */
function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
}

export interface EventSource {
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}

export interface EventTarget {
  isDestroyed(): boolean;
  send(channel: string, payload: unknown): void;
}

/** Forwards every contract event to the windows we currently have; returns the unsubscribe. */
export function forwardEvents(
  source: EventSource,
  windows: () => Iterable<EventTarget>,
): () => void {
  const unsubscribes = eventNames.map((event) =>
    source.on(event, (payload) => {
      for (const target of windows()) {
        if (!target.isDestroyed()) target.send(ipcChannel(event), payload);
      }
    }),
  );
  return () => unsubscribes.forEach((off) => off());
}
