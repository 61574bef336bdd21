// The request pipeline: Host/Origin → route → faults → Accept → token → global rate limit →
// body → handler → latency → answer (or a dropped connection). Every request is recorded; no
// handler error can take the server down.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../contract/clock';
import { readBody, JSON_BODY_CAP, MULTIPART_BODY_CAP } from './body';
import type { RequestContext, SandboxSettings } from './context';
import type { FaultInjector } from './faults';
import { retryAfterSeconds, type RateLimits } from './rateLimits';
import type { RecordedRequest } from './record';
import { refuseForeignRequest } from './requestGuard';
import { message, ReplyError, type Reply } from './reply';
import type { Route, Router } from './router';
import type { MarketState, SellerRecord } from './state';

export interface ServerDeps {
  state: () => MarketState;
  router: Router;
  limits: RateLimits;
  faults: FaultInjector;
  clock: Clock;
  settings: SandboxSettings;
  requests: RecordedRequest[];
}

export function requestListener(deps: ServerDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(deps, req, res).catch(() => {
      // Last resort: the pipeline itself failed; answer rather than hang the client.
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal sandbox error.' }));
    });
  };
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  let path = '/';
  let query = new URLSearchParams();
  try {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    path = url.pathname;
    query = url.searchParams;
  } catch {
    // An unparsable target falls through to "not found".
  }
  const record: RecordedRequest = {
    method,
    path,
    query: query.toString(),
    at: deps.clock.now(),
    status: 0,
    sellerId: null,
    manageOffers: 0,
    attach: false,
    processed: false,
  };
  deps.requests.push(record);

  const foreign = refuseForeignRequest(req, deps.settings.baseUrl);
  if (foreign) return answer(req, res, record, foreign);

  const match = deps.router.match(method, path);
  if (match.kind === 'notFound')
    return answer(req, res, record, message(404, `No route for ${method} ${path}.`));
  if (match.kind === 'wrongMethod') {
    return answer(
      req,
      res,
      record,
      message(405, `Method ${method} is not allowed here.`, { Allow: match.allowed.join(', ') }),
    );
  }
  const route = match.route;
  record.attach = route.attach === true;
  const routed: Routed = { req, record, route, params: match.params, query, path };

  if (route.auth) {
    const fault = deps.faults.decide(path);
    if (fault.kind === 'dropBefore') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'error') {
      return answer(
        req,
        res,
        record,
        message(fault.status, 'Injected fault: the service is unavailable.'),
      );
    }
    if (fault.kind === 'tooManyRequests') {
      const headers = fault.retryAfter ? { 'Retry-After': fault.retryAfter } : undefined;
      return answer(req, res, record, message(429, 'Injected fault: Too Many Attempts.', headers));
    }
    if (fault.kind === 'malformed') return answer(req, res, record, malformedPage);
    const reply = await authorizedReply(deps, routed);
    await latency(deps);
    if (fault.kind === 'dropAfter') {
      record.status = reply.status;
      req.socket.destroy();
      return;
    }
    return answer(req, res, record, reply);
  }
  const reply = await runHandler(deps, routed, null);
  return answer(req, res, record, reply);
}

/** A routed request on its way to its handler. */
interface Routed {
  req: IncomingMessage;
  record: RecordedRequest;
  route: Route;
  params: Record<string, number>;
  query: URLSearchParams;
  path: string;
}

async function authorizedReply(deps: ServerDeps, routed: Routed): Promise<Reply> {
  const { req, record, route } = routed;
  if (!acceptsJson(req.headers.accept)) {
    return message(406, 'The Accept header must be application/json.');
  }
  const auth = req.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
  const seller = token ? deps.state().sellerByToken(token) : undefined;
  if (!seller) return message(401, 'Unauthenticated.');
  record.sellerId = seller.id;

  const now = deps.clock.now();
  const windows = deps.limits.of(seller.id);
  if (!windows.requests.tryTake(now, 1)) {
    return message(429, 'Too Many Attempts.', {
      'Retry-After': retryAfterSeconds(windows.requests.waitMs(now, 1)),
    });
  }
  if (route.attach && !windows.attach.tryTake(now, 1)) {
    return message(429, 'Too many attach-from-links requests.', {
      'Retry-After': retryAfterSeconds(windows.attach.waitMs(now, 1)),
    });
  }
  return runHandler(deps, routed, seller);
}

async function runHandler(
  deps: ServerDeps,
  { req, record, route, params, query, path }: Routed,
  seller: SellerRecord | null,
): Promise<Reply> {
  const cap = route.body === 'multipart' ? MULTIPART_BODY_CAP : JSON_BODY_CAP;
  const read = await readBody(req, cap);
  if (read.kind === 'tooLarge')
    return message(413, `The request body is larger than ${cap} bytes.`);
  if (read.kind === 'aborted') return message(400, 'The request body was cut off.');
  const contentType = String(req.headers['content-type'] ?? '');
  let body: unknown = undefined;
  if (route.body === 'json' && read.bytes.length > 0) {
    try {
      body = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      return message(400, 'The request body is not valid JSON.');
    }
  }
  const ctx: RequestContext = {
    state: deps.state(),
    seller,
    params,
    query,
    body,
    rawBody: read.bytes,
    contentType,
    now: deps.clock.now(),
    limits: deps.limits,
    record,
    settings: deps.settings,
    path,
  };
  try {
    return await route.handler(ctx);
  } catch (error) {
    if (error instanceof ReplyError) return error.reply;
    return message(500, 'Internal sandbox error.');
  }
}

/** An answer no client can read as the API's: what a captive portal or a broken proxy sends. */
const malformedPage: Reply = {
  status: 200,
  body: null,
  raw: {
    contentType: 'text/html; charset=utf-8',
    bytes: Buffer.from('<html><body><h1>Service temporarily moved</h1></body></html>'),
  },
};

function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept
    .split(',')
    .some((part) => part.split(';')[0]?.trim().toLowerCase() === 'application/json');
}

async function latency(deps: ServerDeps): Promise<void> {
  if (deps.faults.latencyMs > 0) await deps.clock.sleep(deps.faults.latencyMs);
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  record: RecordedRequest,
  reply: Reply,
): Promise<void> {
  record.status = reply.status;
  // Drain anything the handler did not read so keep-alive connections stay usable.
  if (!req.complete) req.resume();
  if (reply.raw) {
    res.writeHead(reply.status, {
      'Content-Type': reply.raw.contentType,
      'Content-Length': reply.raw.bytes.length,
      ...reply.headers,
    });
    res.end(reply.raw.bytes);
    return;
  }
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}
