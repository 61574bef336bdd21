// The browser host: the built renderer and a loopback bridge to the core, so that Seller Desk
// runs in any browser (development, machines without Electron) and end-to-end tests drive the
// real UI in Chromium. It gives the page exactly what the preload gives it, nothing more: the
// contract's channels answered as Electron main answers them (`answerCall`), the contract's
// events, and staged files.
// The address it prints opens one tab: the page trades the launch secret in it for a session
// secret (electron/contract/ipc/protocol.ts), and the printed one stops working.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Answering, BridgeSession, EventName, Handlers } from '../contract/ipc';
import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_FILE_NAME_HEADER,
  BRIDGE_FILES_PATH,
  BRIDGE_FRAGMENT_PARAM,
  BRIDGE_INVOKE_PATH,
  BRIDGE_PREFIX,
  BRIDGE_SECRET_HEADER,
  BRIDGE_SESSION_PATH,
  answerCall,
  eventNames,
} from '../contract/ipc';
import { checkHost } from '../contract/loopback';
import { contentSecurityPolicy } from '../shell/contentSecurityPolicy';
import type { FileStaging } from './fileStaging';
import { createFileStaging, StagingTooLarge } from './fileStaging';
import { allowedHosts, checkBridgeRequest } from './requestGuards';
import {
  readStagedScreenshot,
  resolveStagedScreenshot,
  STAGED_SCREENSHOTS_ROUTE,
  stagedScreenshotHeaders,
} from '../shell/stagedScreenshotRoute';
import { contentTypeOf, resolveStaticPath } from '../shell/staticFiles';

const MAX_INVOKE_BYTES = 8 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

/** What the host needs of the core: its handlers, and its events when it has them. */
export interface HostedCore extends Answering {
  on?(event: EventName, listener: (payload: unknown) => void): () => void;
  /** Where the core stages screenshot copies (each profile's folder); served as queued thumbnails. */
  stagedScreenshotsDirs?: () => string[];
}

export interface HostOptions {
  /** 0 or absent: a free port. */
  port?: number;
  rendererDir: string;
  core: HostedCore | Handlers;
  /** The secret in the printed address's fragment, good for one session. Default: 32 random bytes. */
  launchSecret?: string;
  /** Where dropped files are staged; default a folder under the OS temp dir. */
  staging?: FileStaging;
  log?(message: string): void;
}

export interface Host {
  /** The address to open, launch secret included (in the fragment); it opens one session. */
  url: string;
  origin: string;
  port: number;
  /** The secret in `url`: traded once for a session secret, refused after that. */
  launchSecret: string;
  staging: FileStaging;
  close(): Promise<void>;
}

const PAGE_CSP = contentSecurityPolicy({ connect: "'self'" });

function isHostedCore(core: HostedCore | Handlers): core is HostedCore {
  return typeof (core as HostedCore).handlers === 'object';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { ok: false, error: { kind: 'forbidden', message } });
}

function decodeOrEmpty(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const newSecret = () => randomBytes(32).toString('base64url');

export async function startHost(options: HostOptions): Promise<Host> {
  const launchSecret = options.launchSecret ?? newSecret();
  // Until the page trades it, the launch secret opens a session and nothing else; after, only
  // the session secret opens anything.
  let unusedLaunchSecret: string | null = launchSecret;
  let sessionSecret: string | null = null;
  const core = isHostedCore(options.core) ? options.core : { handlers: options.core };
  const ownStaging = !options.staging;
  const staging =
    options.staging ??
    createFileStaging(join(tmpdir(), `seller-desk-staging-${randomBytes(8).toString('hex')}`));
  const log = options.log ?? (() => {});
  const streams = new Set<ServerResponse>();
  let port = options.port ?? 0;

  async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = resolveStaticPath(pathname, options.rendererDir);
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!file || !body) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': contentTypeOf(file),
      'content-security-policy': PAGE_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': file.endsWith('.html') ? 'no-store' : 'public, max-age=3600',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  // Staged copies are served without the bridge secret: an <img> cannot send a header, and the
  // names are random UUIDs handed only to our page. The Host check (above) still stops a
  // rebinding page, a cross-site fetch is refused, and CORP keeps other origins from embedding.
  async function serveStagedScreenshot(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin') {
      return refuse(res, 403, 'This image is only for the Seller Desk page.');
    }
    const dirs = core.stagedScreenshotsDirs?.();
    const staged = dirs ? resolveStagedScreenshot(path, dirs) : null;
    const body = staged ? await readStagedScreenshot(staged.file) : null;
    if (!staged || !body) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, stagedScreenshotHeaders(staged.contentType));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function invoke(req: IncomingMessage, res: ServerResponse, channel: string) {
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
    // JSON only: a cross-site form (text/plain, urlencoded) never gets this far.
    if (!req.headers['content-type']?.startsWith('application/json')) {
      return refuse(res, 415, 'The bridge takes JSON.');
    }
    const body = await readBody(req, MAX_INVOKE_BYTES);
    if (!body) {
      return sendJson(res, 413, {
        ok: false,
        error: { kind: 'bad_input', message: 'The request is too large.' },
      });
    }
    let input: unknown;
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { input?: unknown } | null;
      input = parsed && typeof parsed === 'object' ? parsed.input : Symbol('malformed');
    } catch {
      input = Symbol('malformed');
    }
    if (typeof input === 'symbol') {
      return sendJson(res, 400, {
        ok: false,
        error: { kind: 'bad_input', message: 'The request was not valid JSON.' },
      });
    }
    const result = await answerCall(core, channel, input, (name, error) =>
      log(
        `"${name}" failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'error'}`,
      ),
    );
    sendJson(res, 200, result);
  }

  function events(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET') return refuse(res, 405, 'Use GET.');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const offs = core.on
      ? eventNames.map((event) =>
          core.on!(event, (payload) => {
            res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
          }),
        )
      : [];
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      offs.forEach((off) => off());
      streams.delete(res);
    });
  }

  async function stageFile(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
    // A browser always sends the length of a File: refuse before reading a byte of it.
    if (Number(req.headers['content-length'] ?? 0) > staging.maxBytes) {
      res.setHeader('connection', 'close');
      return sendJson(res, 413, {
        ok: false,
        error: { kind: 'bad_input', message: new StagingTooLarge(staging.maxBytes).message },
      });
    }
    const name = decodeOrEmpty(String(req.headers[BRIDGE_FILE_NAME_HEADER] ?? '')) || 'file';
    try {
      const ref = await staging.stage(name, req);
      sendJson(res, 200, { ok: true, value: ref });
    } catch (error) {
      const tooLarge = error instanceof StagingTooLarge;
      sendJson(res, tooLarge ? 413 : 400, {
        ok: false,
        error: {
          kind: 'bad_input',
          message: tooLarge ? error.message : 'The file could not be received.',
        },
      });
    }
  }

  /** The launch secret, traded once: from now on only the session secret opens the bridge. */
  function openSession(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
    sessionSecret = newSecret();
    unusedLaunchSecret = null;
    log('The page opened its session; the printed address no longer opens Seller Desk.');
    const session: BridgeSession = { secret: sessionSecret };
    sendJson(res, 200, { ok: true, value: session });
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const hostCheck = checkHost(req.headers.host, allowedHosts(port));
    if (!hostCheck.allowed) {
      log(`Refused a request: ${hostCheck.reason}.`);
      return refuse(res, hostCheck.status, 'Wrong host.');
    }
    if (url.pathname.startsWith(STAGED_SCREENSHOTS_ROUTE)) {
      return serveStagedScreenshot(req, res, url.pathname);
    }
    if (!url.pathname.startsWith(BRIDGE_PREFIX)) return serveStatic(req, res, url.pathname);

    const opening = url.pathname === BRIDGE_SESSION_PATH;
    const accepted = opening ? unusedLaunchSecret : sessionSecret;
    const verdict = checkBridgeRequest(
      {
        host: req.headers.host,
        origin: req.headers.origin,
        secFetchSite: req.headers['sec-fetch-site'] as string | undefined,
        secret: req.headers[BRIDGE_SECRET_HEADER] as string | undefined,
      },
      port,
      accepted ? [accepted] : [],
    );
    if (!verdict.allowed) {
      log(`Refused a bridge request: ${verdict.reason}.`);
      return refuse(res, verdict.status, 'This request is not from the Seller Desk page.');
    }
    if (opening) return openSession(req, res);
    if (url.pathname.startsWith(BRIDGE_INVOKE_PATH)) {
      const channel = decodeOrEmpty(url.pathname.slice(BRIDGE_INVOKE_PATH.length));
      return invoke(req, res, channel);
    }
    if (url.pathname === BRIDGE_EVENTS_PATH) return events(req, res);
    if (url.pathname === BRIDGE_FILES_PATH) return stageFile(req, res);
    return refuse(res, 404, 'No such bridge route.');
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`Host error: ${error instanceof Error ? error.message : 'unknown'}`);
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { kind: 'internal', message: 'Host error.' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#${BRIDGE_FRAGMENT_PARAM}=${launchSecret}`,
    origin,
    port,
    launchSecret,
    staging,
    async close() {
      for (const stream of streams) stream.end();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (ownStaging) await staging.clear();
    },
  };
}
