// The browser host over a real loopback socket: the renderer files with the CSP, and a bridge
// that answers only our page (Host, Origin, a session opened once with the printed secret),
// validates like main, streams events and stages dropped files that only it can turn back into
// paths.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, Handlers } from '../../electron/contract/ipc';
import {
  AppFailure,
  BRIDGE_FILE_NAME_HEADER as FILE_NAME_HEADER,
  BRIDGE_SECRET_HEADER as SECRET_HEADER,
  BRIDGE_SESSION_PATH,
  channelNames,
} from '../../electron/contract/ipc';
import { createEventBus } from '../../electron/core/app/events';
import {
  contentSecurityPolicy,
  metaContentSecurityPolicy,
} from '../../electron/shell/contentSecurityPolicy';
import { createFileStaging } from '../../electron/host/fileStaging';
import type { Host } from '../../electron/host/startHost';
import { startHost } from '../../electron/host/startHost';

const root = resolve(import.meta.dirname, '../..');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  host: Host,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Reply> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: init.method ?? 'GET',
        headers: { host: `127.0.0.1:${host.port}`, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Trades the launch secret for a session secret, as the page does. */
async function openSession(on: Host, headers: Record<string, string> = {}): Promise<Reply> {
  return send(on, BRIDGE_SESSION_PATH, {
    method: 'POST',
    headers: { [SECRET_HEADER]: on.launchSecret, origin: on.origin, ...headers },
  });
}

let dir: string;
let rendererDir: string;
let host: Host;
let sessionSecret: string;
const calls: unknown[] = [];
const bus = createEventBus();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sd-host-'));
  rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'outside.txt'), 'private');
  const handlers = Object.fromEntries(
    channelNames.map((name) => [
      name,
      async (input: unknown) => {
        calls.push([name, input]);
        throw new AppFailure('not_found', `no ${name}`);
      },
    ]),
  ) as unknown as Handlers;
  handlers['offers.get'] = async (input) => {
    calls.push(['offers.get', input]);
    throw new AppFailure('validation', 'price too low', [{ field: 'price', message: 'low' }]);
  };
  host = await startHost({
    rendererDir,
    core: { handlers, on: (e: EventName, l: (p: unknown) => void) => bus.on(e, l) },
    staging: createFileStaging(join(dir, 'staging'), { maxBytes: 1024 }),
  });
  sessionSecret = JSON.parse((await openSession(host)).body).value.secret;
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const bridgeHeaders = () => ({
  [SECRET_HEADER]: sessionSecret,
  'content-type': 'application/json',
  origin: host.origin,
});

describe('serving the renderer', () => {
  it('serves index.html with the CSP that allows talking to itself only', async () => {
    const reply = await send(host, '/');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>t</title>');
    expect(reply.headers['content-security-policy']).toBe(
      contentSecurityPolicy({ connect: "'self'" }),
    );
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect((await send(host, '/assets/app.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('serves nothing outside the renderer folder', async () => {
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
    ]) {
      const reply = await send(host, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain('private');
    }
  });

  it('refuses a DNS-rebinding Host even for static files', async () => {
    const reply = await send(host, '/', { headers: { host: `evil.example:${host.port}` } });
    expect(reply.status).toBe(421);
  });

  it('carries the same policy in renderer/index.html as a meta tag', () => {
    const html = readFileSync(join(root, 'renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(metaContentSecurityPolicy());
  });
});

describe('the printed address', () => {
  it('opens one session: the launch secret works once, then is refused; the session works', async () => {
    const own = await startHost({ rendererDir, core: { handlers: {} as Handlers } });
    try {
      expect(own.url).toBe(`${own.origin}/#bridge=${own.launchSecret}`);
      // Before the trade the launch secret opens nothing but a session.
      const early = await send(own, '/bridge/invoke/session.status', {
        method: 'POST',
        headers: { [SECRET_HEADER]: own.launchSecret, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(early.status).toBe(401);

      const first = await openSession(own);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const session = JSON.parse(first.body) as { ok: true; value: { secret: string } };
      expect(session.value.secret).toMatch(/^[\w-]{43}$/);
      expect(session.value.secret).not.toBe(own.launchSecret);

      const again = await openSession(own);
      expect(again.status).toBe(401);
      expect(again.body).not.toContain(session.value.secret);
      // Nor does the session secret open another session.
      const bySession = await send(own, BRIDGE_SESSION_PATH, {
        method: 'POST',
        headers: { [SECRET_HEADER]: session.value.secret },
      });
      expect(bySession.status).toBe(401);

      const invoke = (secret: string) =>
        send(own, '/bridge/invoke/session.status', {
          method: 'POST',
          headers: { [SECRET_HEADER]: secret, 'content-type': 'application/json' },
          body: '{}',
        });
      expect((await invoke(own.launchSecret)).status).toBe(401);
      expect((await invoke(session.value.secret)).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('is not used up by a request the guards refuse', async () => {
    const own = await startHost({ rendererDir, core: { handlers: {} as Handlers } });
    try {
      expect((await openSession(own, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await openSession(own, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await openSession(own, { host: `evil.example:${own.port}` })).status).toBe(421);
      expect((await openSession(own, { [SECRET_HEADER]: 'guess' })).status).toBe(401);
      expect(
        (await send(own, BRIDGE_SESSION_PATH, { headers: { [SECRET_HEADER]: own.launchSecret } }))
          .status,
      ).toBe(405);
      expect((await openSession(own)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('the bridge', () => {
  it('dispatches a valid call and returns the typed failure', async () => {
    const reply = await send(host, '/bridge/invoke/offers.get', {
      method: 'POST',
      headers: bridgeHeaders(),
      body: JSON.stringify({ input: { localId: 4 } }),
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        message: 'price too low',
        fields: [{ field: 'price', message: 'low' }],
      },
    });
    expect(calls).toContainEqual(['offers.get', { localId: 4 }]);
    // The page's transport (a DOM module, read as text here) takes the protocol's names from
    // the contract, as the host does, rather than spelling them again.
    const page = readFileSync(join(root, 'renderer/src/lib/hostTransport.ts'), 'utf8');
    expect(page).toContain("from '../../../electron/contract/ipc/protocol'");
    expect(page).not.toContain(SECRET_HEADER);
    expect(page).not.toContain(FILE_NAME_HEADER);
    expect(page).not.toMatch(/['`]\.?\/bridge\//);
  });

  it('validates like main: a malformed payload or an unknown channel never reaches a handler', async () => {
    const before = calls.length;
    for (const [path, body] of [
      ['/bridge/invoke/offers.get', JSON.stringify({ input: { localId: 'four' } })],
      ['/bridge/invoke/sync.now', JSON.stringify({ input: { force: true } })],
      ['/bridge/invoke/tokens.read', JSON.stringify({})],
      ['/bridge/invoke/__proto__', JSON.stringify({})],
    ] as const) {
      const reply = await send(host, path, { method: 'POST', headers: bridgeHeaders(), body });
      expect(JSON.parse(reply.body), path).toMatchObject({
        ok: false,
        error: { kind: 'bad_input' },
      });
    }
    const broken = await send(host, '/bridge/invoke/sync.now', {
      method: 'POST',
      headers: bridgeHeaders(),
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect(calls.length).toBe(before);
  });

  it('refuses requests without the secret, from other origins, other hosts, or as forms', async () => {
    const body = JSON.stringify({});
    const cases: [Record<string, string>, number][] = [
      [{ ...bridgeHeaders(), [SECRET_HEADER]: '' }, 401],
      [{ ...bridgeHeaders(), [SECRET_HEADER]: `${sessionSecret.slice(0, -1)}x` }, 401],
      // The printed secret opens a session and nothing else.
      [{ ...bridgeHeaders(), [SECRET_HEADER]: host.launchSecret }, 401],
      [{ ...bridgeHeaders(), origin: 'https://evil.example' }, 403],
      [{ ...bridgeHeaders(), origin: 'null' }, 403],
      [{ ...bridgeHeaders(), 'sec-fetch-site': 'cross-site' }, 403],
      [{ ...bridgeHeaders(), host: `attacker.example:${host.port}` }, 421],
      [{ ...bridgeHeaders(), 'content-type': 'text/plain' }, 415],
    ];
    const before = calls.length;
    for (const [headers, status] of cases) {
      const reply = await send(host, '/bridge/invoke/sync.now', { method: 'POST', headers, body });
      expect(reply.status, JSON.stringify(headers)).toBe(status);
    }
    expect(calls.length).toBe(before);
  });

  it('streams the core events as Server-Sent Events', async () => {
    const received = await new Promise<string>((resolvePromise, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/bridge/events',
          headers: { host: `127.0.0.1:${host.port}`, [SECRET_HEADER]: sessionSecret },
        },
        (res) => {
          expect(res.headers['content-type']).toMatch(/text\/event-stream/);
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (text.includes(': connected')) bus.emit('network.online', { online: false });
            if (text.includes('event: network.online')) {
              req.destroy();
              resolvePromise(text);
            }
          });
        },
      );
      req.on('error', (e) => (e.message.includes('aborted') ? undefined : reject(e)));
      req.end();
    });
    expect(received).toContain('event: network.online\ndata: {"online":false}\n\n');
  });

  it('stages a dropped file under an unguessable reference only it resolves', async () => {
    const reply = await send(host, '/bridge/files', {
      method: 'POST',
      headers: {
        ...bridgeHeaders(),
        'content-type': 'application/octet-stream',
        [FILE_NAME_HEADER]: encodeURIComponent('../../logins é.csv'),
      },
      body: Buffer.from('login;password\n'),
    });
    const result = JSON.parse(reply.body) as { ok: true; value: string };
    expect(result.ok).toBe(true);
    expect(result.value).toMatch(/^staged:[0-9a-f]{32}$/);
    const path = await host.staging.resolveFileRef(result.value);
    expect(path.startsWith(join(dir, 'staging'))).toBe(true);
    expect(path.endsWith('logins é.csv')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('login;password\n');
    for (const ref of [
      'staged:' + '0'.repeat(32),
      join(dir, 'outside.txt'),
      'staged:../outside',
      result.value + '/..',
    ]) {
      await expect(host.staging.resolveFileRef(ref), ref).rejects.toBeInstanceOf(AppFailure);
    }
  });

  it('refuses a file over the size limit and keeps nothing of it', async () => {
    const reply = await send(host, '/bridge/files', {
      method: 'POST',
      headers: { ...bridgeHeaders(), 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(4096, 1),
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    const staged = readdirSync(join(dir, 'staging'));
    expect(staged).toHaveLength(1); // only the file of the previous test

    // Without a length (chunked), the stream is cut off past the limit and nothing is kept.
    const staging = createFileStaging(join(dir, 'chunked'), { maxBytes: 10 });
    await expect(
      staging.stage('big.bin', Readable.from([Buffer.alloc(8), Buffer.alloc(8)])),
    ).rejects.toThrow(/larger than/);
    expect(readdirSync(join(dir, 'chunked'))).toEqual([]);
  });

  it('deletes a staged file when the app releases it, and nothing else', async () => {
    const staging = createFileStaging(join(dir, 'release'));
    const ref = await staging.stage('accounts.txt', Readable.from([Buffer.from('a:b\n')]));
    const outside = join(dir, 'outside-release.txt');
    writeFileSync(outside, 'keep');
    await staging.resolveFileRef(ref);
    await staging.release(ref);
    await staging.release(outside);
    await expect(staging.resolveFileRef(ref)).rejects.toBeInstanceOf(AppFailure);
    expect(readdirSync(join(dir, 'release'))).toEqual([]);
    expect(readFileSync(outside, 'utf8')).toBe('keep');
  });
});
