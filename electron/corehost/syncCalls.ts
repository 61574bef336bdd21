// The few ports the core's code calls synchronously (the token vault at every request, the
// keychain while a profile opens) are answered by the parent while the core's thread waits:
// the request goes on a channel of its own, the parent answers there and wakes the thread
// through a shared flag. Only a thread can wait like this (shared memory); see docs/ARCHITECTURE.md,
// "Processes", for why the core is a thread in Electron too.
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { PortError, SyncPortMethod, SyncReply, SyncRequest } from '../contract/ipc/corePort';
import { portError, rebuildError } from './portErrors';

/** Longer than any keychain prompt the OS may show; a dead parent must not hang the core forever. */
const SYNC_CALL_TIMEOUT_MS = 120_000;

export type SyncCall = (method: SyncPortMethod, args: unknown[]) => unknown;

/** The core's side: post, wait on the flag, take the answer. */
export function syncCaller(port: MessagePort, flag: Int32Array): SyncCall {
  return (method, args) => {
    Atomics.store(flag, 0, 0);
    const request: SyncRequest = { method, args };
    port.postMessage(request);
    const waited = Atomics.wait(flag, 0, 0, SYNC_CALL_TIMEOUT_MS);
    const received = receiveMessageOnPort(port);
    if (!received) {
      throw new Error(
        waited === 'timed-out'
          ? `The app did not answer "${method}".`
          : `No answer to "${method}".`,
      );
    }
    const reply = received.message as SyncReply;
    if (!reply.ok) throw rebuildError(reply.error as PortError);
    return reply.value;
  };
}

/**
 * The parent's side: answer each request on the channel, then wake the waiting thread. The answer
 * may take a while (a relay asks the app's process for it): the thread waits, this side does not.
 */
export function answerSyncCalls(
  port: MessagePort,
  flag: Int32Array,
  serve: (method: SyncPortMethod, args: unknown[]) => unknown,
): void {
  port.on('message', (request: SyncRequest) => {
    void (async () => {
      let reply: SyncReply;
      try {
        reply = { ok: true, value: await serve(request.method, request.args) };
      } catch (error) {
        reply = { ok: false, error: portError(error) };
      }
      port.postMessage(reply);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    })();
  });
  port.unref();
}
