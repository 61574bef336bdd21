// A port is anything that carries structured-clone messages both ways: a worker_threads Worker
// or MessagePort, Electron's MessagePortMain, a utilityProcess's parentPort. One tiny adapter per
// kind, and the two ends (serveCore, remoteCore) are written once over this shape.
import type { ChildProcess } from 'node:child_process';
import type { MessagePort, Worker } from 'node:worker_threads';

export interface CorePort {
  postMessage(message: unknown): void;
  /** Returns the function that stops listening. */
  onMessage(listener: (message: unknown) => void): () => void;
}

/** worker_threads: the Worker seen from the parent, or `parentPort` / a MessagePort. */
export function nodePort(port: Worker | MessagePort): CorePort {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage(listener) {
      port.on('message', listener);
      return () => port.off('message', listener);
    },
  };
}

/** Electron's MessagePortMain and a utilityProcess's parentPort: the message is in `data`. */
export interface ElectronPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  start?(): void;
}

export function electronPort(port: ElectronPortLike): CorePort {
  port.start?.();
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage(listener) {
      const unwrap = (event: { data: unknown }) => listener(event.data);
      port.on('message', unwrap);
      return () => port.off('message', unwrap);
    },
  };
}

/** A Node child process seen from its parent (`fork` with `serialization: 'advanced'`). */
export function childProcessPort(child: ChildProcess): CorePort {
  return {
    postMessage: (message) => void child.send(message as object),
    onMessage(listener) {
      child.on('message', listener);
      return () => child.off('message', listener);
    },
  };
}

/**
 * Inside the core's process: its way to the app — Electron's `process.parentPort` in a
 * utilityProcess, else the Node IPC channel of a forked child.
 */
export function processParentPort(): CorePort {
  const electron = (process as { parentPort?: ElectronPortLike }).parentPort;
  if (electron) return electronPort(electron);
  return {
    postMessage: (message) => void process.send?.(message as object),
    onMessage(listener) {
      process.on('message', listener);
      return () => process.off('message', listener);
    },
  };
}
