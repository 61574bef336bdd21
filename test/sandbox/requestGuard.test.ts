// The sandbox answers only requests that name it: a web page the seller has open (or a
// DNS-rebinding one) reaches 127.0.0.1 too, so a foreign Host or Origin is refused before
// anything is read or counted, over a real socket. And its demo tokens are new at every start,
// unless a snapshot or the `tokens` option fixes them.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { sandboxHosts } from '../../electron/sandbox/requestGuard';

interface Reply {
  status: number;
  body: string;
}

/** A raw request, so that the Host header is what the test says (fetch would set its own). */
function send(
  sandbox: Sandbox,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  const url = new URL(sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: Number(url.port), method, path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let sandbox: Sandbox;
let ownHost: string;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  ownHost = new URL(sandbox.baseUrl).host;
  token = sandbox.sellers[0]!.token;
});
afterAll(() => sandbox.close());

const apiHeaders = (extra: Record<string, string> = {}) => ({
  host: ownHost,
  accept: 'application/json',
  authorization: `Bearer ${token}`,
  ...extra,
});

describe('the Host and Origin a request carries', () => {
  it('serves its own names: the address it listens on and loopback', async () => {
    const port = new URL(sandbox.baseUrl).port;
    for (const host of [ownHost, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const reply = await send(sandbox, 'GET', paths.productList, apiHeaders({ host }));
      expect(reply.status, host).toBe(200);
    }
    const sameOrigin = await send(
      sandbox,
      'GET',
      paths.productList,
      apiHeaders({ origin: sandbox.baseUrl }),
    );
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses a foreign Host or Origin with 403, even with a valid token', async () => {
    const port = new URL(sandbox.baseUrl).port;
    const cases: Record<string, string>[] = [
      { host: 'evil.test' },
      { host: `evil.test:${port}` },
      { host: `rebound.evil.test:${port}` },
      { host: `127.0.0.1:${Number(port) + 1}` },
      { origin: 'https://evil.test' },
      { origin: `http://evil.test:${port}` },
      { origin: 'null' },
    ];
    for (const headers of cases) {
      const reply = await send(sandbox, 'GET', paths.productList, apiHeaders(headers));
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(reply.body)).toEqual({ message: expect.stringMatching(/refuses/) });
    }
  });

  it('refuses before reading the body: nothing is created and no budget is used', async () => {
    const offersBefore = sandbox.control.offers(1).length;
    const requestsBefore = sandbox.requests.length;
    const body = JSON.stringify({
      guarantee_delivery_time: 60_000,
      offers: [{ price_per_step: 1, amount: 1, min_purchase_amount: 1, marketplace_type: 1 }],
    });
    const reply = await send(
      sandbox,
      'POST',
      paths.manage(1),
      apiHeaders({ host: 'evil.test', 'content-type': 'application/json' }),
      body,
    );
    expect(reply.status).toBe(403);
    expect(sandbox.control.offers(1).length).toBe(offersBefore);
    const recorded = sandbox.requests.slice(requestsBefore);
    expect(recorded).toEqual([
      expect.objectContaining({ status: 403, sellerId: null, processed: false }),
    ]);
  });

  it('guards the token-free screenshot storage too', async () => {
    const reply = await send(sandbox, 'GET', '/storage/screenshots/1/1.png', { host: 'evil.test' });
    expect(reply.status).toBe(403);
  });

  it('names a sandbox by its own address and loopback, with its port', () => {
    expect(sandboxHosts('http://127.0.0.1:4010')).toEqual([
      '127.0.0.1:4010',
      'localhost:4010',
      '[::1]:4010',
    ]);
    expect(sandboxHosts('http://[::1]:4010')).toEqual([
      '[::1]:4010',
      '127.0.0.1:4010',
      'localhost:4010',
    ]);
    expect(sandboxHosts('http://10.0.0.5:80')).toEqual(
      expect.arrayContaining(['10.0.0.5:80', '10.0.0.5', '127.0.0.1', 'localhost:80']),
    );
  });
});

describe('demo tokens', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sd-tokens-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are new at every start, and the old ones open nothing', async () => {
    const other = await startSandbox({ port: 0 });
    try {
      const first = sandbox.sellers.map((s) => s.token);
      const second = other.sellers.map((s) => s.token);
      expect(new Set([...first, ...second]).size).toBe(6);
      for (const t of second) expect(t).toMatch(/^sandbox-[123]-[\w-]{24}$/);
      const url = new URL(other.baseUrl);
      const stale = await send(other, 'GET', paths.productList, {
        host: url.host,
        accept: 'application/json',
        authorization: `Bearer ${first[0]}`,
      });
      expect(stale.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('are fixed by the tokens option, and kept by a snapshot', async () => {
    const tokens = ['fixed-1', 'fixed-2', 'fixed-3'];
    const snapshotFile = join(dir, 'snapshot.json');
    const fixed = await startSandbox({ port: 0, tokens, snapshotFile });
    expect(fixed.sellers.map((s) => s.token)).toEqual(tokens);
    await fixed.saveSnapshot();
    await fixed.close();
    const restored = await startSandbox({ port: 0, snapshotFile });
    expect(restored.sellers.map((s) => s.token)).toEqual(tokens);
    await restored.close();
    await expect(startSandbox({ port: 0, tokens: ['same', 'same', 'other'] })).rejects.toThrow(
      /3 different tokens/,
    );
  });
});
