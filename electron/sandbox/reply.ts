// What a handler answers: status, JSON (or raw bytes) and extra headers. Handlers return a
// Reply instead of writing to the socket, so the server can still drop the connection after
// processing (a fault) or add latency in one place.

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Raw bytes instead of JSON (stored screenshots). */
  raw?: { bytes: Buffer; contentType: string };
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

export const message = (status: number, text: string, headers?: Record<string, string>): Reply =>
  json(status, { message: text }, headers);

/** Laravel-style 422 `{ message, errors: { field: [..] } }`. */
export function validationFailed(errors: Record<string, string[]>): Reply {
  const messages = Object.values(errors).flat();
  return json(422, { message: withMoreCount(messages), errors });
}

/** "First message (and N more errors)", the way the service words a multi-error message. */
export function withMoreCount(messages: string[]): string {
  const first = messages[0] ?? 'The given data was invalid.';
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more error${more === 1 ? '' : 's'})`;
}

/** Thrown by handlers to answer at once; the server turns it into its Reply. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(
      typeof reply.body === 'object' && reply.body && 'message' in reply.body
        ? String((reply.body as { message: unknown }).message)
        : `HTTP ${reply.status}`,
    );
  }
}
