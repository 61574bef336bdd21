// A failure crossing the port keeps what the far side needs to act on it: an AppFailure its kind,
// message and fields; anything else its class and message only (a stack or a cause may carry
// request data, and a token must never travel in an error).
import { AppFailure, type ErrorKind } from '../contract/ipc';
import type { PortError } from '../contract/ipc/corePort';

export function portError(error: unknown): PortError {
  if (error instanceof AppFailure) {
    return error.fields
      ? { kind: error.kind, message: error.message, fields: error.fields }
      : { kind: error.kind, message: error.message };
  }
  return { message: error instanceof Error ? `${error.name}: ${error.message}` : 'error' };
}

export function rebuildError(error: PortError): Error {
  return error.kind
    ? new AppFailure(error.kind as ErrorKind, error.message, error.fields)
    : new Error(error.message);
}
