// One HTTP exchange on undici's keep-alive pool, with the one fact the sync engine needs when it
// fails: could the server have processed it? A request the socket never fully took (refused,
// connect timeout, closed before the last byte was written) cannot have been processed; once
// the whole request was written, a timeout or reset leaves the outcome unknown.
import { Pool, type Dispatcher, type FormData } from 'undici';
import type { Clock } from '../util/clock';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer | FormData;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Whether the server may have seen the whole request. */
export type SentState = 'not_sent' | 'maybe_sent';

export class TransportFailure extends Error {
  constructor(
    readonly reason: 'network' | 'timeout' | 'cancelled' | 'too_large',
    readonly sent: SentState,
    readonly code: string | null,
  ) {
    super(
      `${reason}${code ? ` (${code})` : ''}, ${sent === 'not_sent' ? 'not sent' : 'maybe sent'}`,
    );
    this.name = 'TransportFailure';
  }
}

/**
 * Why an exchange's timeout timer is stopped: a plain value, because abort() without a reason
 * makes a DOMException, stack trace and all, for every request.
 */
const ANSWERED = 'answered';

/** Answers are small JSON documents; anything bigger is refused rather than buffered. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export function createPool(origin: string, timeoutMs: number): Pool {
  return new Pool(origin, {
    connections: 32,
    pipelining: 1,
    keepAliveTimeout: 4_000,
    connect: { timeout: Math.min(timeoutMs, 10_000) },
  });
}

interface LegacyHandler {
  onConnect(abort: (err?: Error) => void): void;
  onRequestSent(): void;
  onHeaders(status: number, raw: Buffer[], resume: () => void): boolean;
  onData(chunk: Buffer): boolean;
  onComplete(): void;
  onError(err: Error): void;
}

export function exchange(
  dispatcher: Dispatcher,
  req: HttpRequest,
  opts: { timeoutMs: number; clock: Clock; signal?: AbortSignal },
): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    let abortSocket: ((err?: Error) => void) | null = null;
    let written = false;
    let done = false;
    let status = 0;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = new AbortController();

    const finish = (outcome: { response: HttpResponse } | { failure: TransportFailure }) => {
      if (done) return;
      done = true;
      timer.abort(ANSWERED);
      opts.signal?.removeEventListener('abort', onCancel);
      if ('response' in outcome) resolve(outcome.response);
      else reject(outcome.failure);
    };
    const stop = (reason: 'timeout' | 'cancelled') => {
      const failure = new TransportFailure(reason, written ? 'maybe_sent' : 'not_sent', null);
      finish({ failure });
      abortSocket?.(new Error(reason));
    };
    const onCancel = () => stop('cancelled');

    if (opts.signal?.aborted) {
      finish({ failure: new TransportFailure('cancelled', 'not_sent', null) });
      return;
    }
    opts.signal?.addEventListener('abort', onCancel, { once: true });
    opts.clock.sleep(opts.timeoutMs, timer.signal).then(
      () => stop('timeout'),
      () => undefined,
    );

    const handler: LegacyHandler = {
      onConnect(abort) {
        abortSocket = abort;
        // Stopped while queued for a socket: never write it.
        if (done) abort(new Error('stopped before sending'));
      },
      onRequestSent() {
        written = true;
      },
      onHeaders(code, raw) {
        status = code;
        headers = headerMap(raw);
        return true;
      },
      onData(chunk) {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          finish({ failure: new TransportFailure('too_large', 'maybe_sent', null) });
          abortSocket?.(new Error('response too large'));
          return false;
        }
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        finish({ response: { status, headers, body: Buffer.concat(chunks) } });
      },
      onError(err) {
        const code = (err as { code?: unknown }).code;
        const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
        finish({
          failure: new TransportFailure(
            timedOut ? 'timeout' : 'network',
            written || status !== 0 ? 'maybe_sent' : 'not_sent',
            typeof code === 'string' ? code : null,
          ),
        });
      },
    };

    try {
      dispatcher.dispatch(
        {
          method: req.method,
          path: req.path,
          headers: req.headers,
          body: req.body ?? null,
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        },
        handler as unknown as Dispatcher.DispatchHandler,
      );
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      finish({
        failure: new TransportFailure(
          'network',
          'not_sent',
          typeof code === 'string' ? code : null,
        ),
      });
    }
  });
}

function headerMap(raw: Buffer[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    out[raw[i]!.toString('latin1').toLowerCase()] = raw[i + 1]!.toString('latin1');
  }
  return out;
}
