// Every error class the client reports, produced by a real socket: the sandbox's answers and
// faults, a stopped server, and a tiny server that answers malformed bodies.
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceClient, MarketplaceError } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { clientFor, goldOffer, sandbox, useApiWorld } from './harness';

const w = useApiWorld('api-errors-');

const seen: unknown[] = [];

async function failure(p: Promise<unknown>): Promise<MarketplaceError> {
  const error = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  seen.push(error);
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

afterEach(() => w.sb.resetFaults());

describe('answers the marketplace refuses', () => {
  it('unauthorized: a wrong token, not retried', async () => {
    const stranger = createMarketplaceClient({
      baseUrl: w.sb.baseUrl,
      token: 'not-a-real-token-123',
    });
    const before = w.sb.requests.length;
    const e = await failure(stranger.myOffers());
    expect(e).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      attempts: 1,
      path: '/api/shop/marketplace/offers/my_offers',
    });
    expect(w.sb.requests.length).toBe(before + 1);
    await stranger.close();
  });

  it('unauthorized: a token with a line break is never sent', async () => {
    const broken = createMarketplaceClient({
      baseUrl: w.sb.baseUrl,
      token: () => 'abc\r\nX-Evil: 1',
    });
    const before = w.sb.requests.length;
    const e = await failure(broken.myOffers());
    expect(e.kind).toBe('unauthorized');
    expect(e.status).toBeNull();
    expect(w.sb.requests.length).toBe(before);
    await broken.close();
  });

  it("forbidden: another seller's offer", async () => {
    const e = await failure(w.client.deleteOffer(1011));
    expect(e).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(w.sb.control.offers(2).map((o) => o.id)).toContain(1011);
  });

  it('forbidden: credentials of a transferred offer, without echoing the credentials', async () => {
    w.sb.control.setTransferred(1008, true);
    const e = await failure(
      w.client.addCredentials(1008, [
        { login: 'secret-login-77', game_password: 'secret-pass-77' },
      ]),
    );
    w.sb.control.setTransferred(1008, false);
    expect(e).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(e.message).toMatch(/transferred/);
  });

  it('not found: an unknown offer and an unknown product', async () => {
    expect(await failure(w.client.deleteOffer(987_654))).toMatchObject({
      kind: 'not_found',
      status: 404,
    });
    expect(await failure(w.client.getProduct(9_999))).toMatchObject({
      kind: 'not_found',
      status: 404,
    });
  });

  it("validation: manage's 400 maps data fields to their allowed values", async () => {
    const bad = { ...goldOffer(), data: { '101': 'No Such Realm', '102': 'Horde' } };
    const e = await failure(
      w.client.manageOffers(1, { offers: [goldOffer(), bad], guarantee_delivery_time: 60_000 }),
    );
    expect(e).toMatchObject({ kind: 'validation', status: 400 });
    const field = e.fieldErrors?.['offers.1.data.101'];
    expect(field?.[0]).toMatchObject({ allowed_values: expect.arrayContaining(['Ashbringer']) });
  });

  it("validation: detach's 422 field map and edit_status's refusal", async () => {
    const detach = await failure(
      w.client.detachScreenshot(1004, 'storage/screenshots/never-there.png'),
    );
    expect(detach).toMatchObject({ kind: 'validation', status: 422 });
    expect(detach.fieldErrors?.screenshot_url?.[0]).toEqual(expect.any(String));
    const sold = await failure(w.client.editStatus(1006, 2));
    expect(sold).toMatchObject({ kind: 'validation', status: 422 });
    expect(Object.keys(sold.fieldErrors ?? {})).toEqual(['status']);
  });

  it('validation before sending: bad input costs no request', async () => {
    const before = w.sb.requests.length;
    const text = w.dir.file('notes.txt');
    writeFileSync(text, 'not an image');
    const errors = [
      await failure(w.client.manageOffers(1, { offers: [], guarantee_delivery_time: 1 })),
      await failure(
        w.client.manageOffers(1, { offers: [goldOffer()], guarantee_delivery_time: 0 }),
      ),
      await failure(w.client.editStatus(1001, 6 as 1)),
      await failure(w.client.myOffers({ limit: 101 })),
      await failure(w.client.attachScreenshotsFromLinks(1008, [])),
      await failure(w.client.addCredentials(1008, [{ login: 'x' } as never])),
      await failure(w.client.uploadScreenshot(text)),
      await failure(w.client.uploadScreenshot(w.dir.file('missing.png'))),
      await failure(w.client.deleteOffer(-3)),
    ];
    expect(errors.map((e) => e.kind)).toEqual(Array(errors.length).fill('validation'));
    expect(errors[6]!.fieldErrors).toEqual({
      screenshot: ['the file is neither a JPEG nor a PNG image'],
    });
    expect(w.sb.requests.length).toBe(before);
  });
});

describe('failures of the service and the network', () => {
  it('server: a read is retried, then reported with its attempts', async () => {
    w.sb.setFaults({ errorRate: 1, seed: 7 });
    const before = w.sb.requests.length;
    const e = await failure(w.client.getProduct(1));
    expect(e.kind).toBe('server');
    expect([500, 502, 503]).toContain(e.status);
    expect(e.attempts).toBe(3);
    expect(w.sb.requests.length - before).toBe(3);
  });

  it('server: a POST is not retried and its outcome is flagged unknown', async () => {
    w.sb.setFaults({ errorRate: 1, seed: 7 });
    const before = w.sb.requests.length;
    const e = await failure(w.client.editStatus(1001, 2));
    expect(e).toMatchObject({ kind: 'server', attempts: 1, outcomeUnknown: true });
    expect(w.sb.requests.length - before).toBe(1);
  });

  it('maybe sent: manage whose connection drops after processing is never re-sent', async () => {
    w.sb.setFaults({ dropAfterRate: 1, seed: 3 });
    const before = w.sb.requests.length;
    const offersBefore = w.sb.control.offers(1).length;
    const e = await failure(
      w.client.manageOffers(1, { offers: [goldOffer(0.77)], guarantee_delivery_time: 60_000 }),
    );
    expect(e).toMatchObject({ kind: 'network_maybe_sent', outcomeUnknown: true, attempts: 1 });
    const sent = w.sb.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', processed: true });
    // It did happen: the sync engine finds it by reading back.
    expect(w.sb.control.offers(1).length).toBe(offersBefore + 1);
  });

  it('maybe sent: a read whose connection drops is retried', async () => {
    w.sb.setFaults({ dropAfterRate: 1, seed: 3 });
    const before = w.sb.requests.length;
    const e = await failure(w.client.myOffers({ limit: 1 }));
    expect(e).toMatchObject({ kind: 'network_maybe_sent', attempts: 3 });
    expect(w.sb.requests.length - before).toBe(3);
  });

  it('maybe sent: a POST that times out after it was written', async () => {
    w.sb.setFaults({ latencyMs: 400 });
    const slow = clientFor(w.sb, 1, { timeoutMs: 150 });
    const e = await failure(slow.editStatus(1002, 2));
    expect(e).toMatchObject({ kind: 'network_maybe_sent', outcomeUnknown: true, attempts: 1 });
    expect(w.sb.control.offers(1).find((o) => o.id === 1002)!.status).toBe(2);
    await slow.close();
  });

  it('not sent: a stopped server refuses the connection; safe to retry', async () => {
    const gone = await sandbox();
    const url = gone.baseUrl;
    await gone.close();
    const offline = createMarketplaceClient({
      baseUrl: url,
      token: gone.sellers[0]!.token,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const e = await failure(
      offline.manageOffers(1, { offers: [goldOffer()], guarantee_delivery_time: 60_000 }),
    );
    expect(e).toMatchObject({
      kind: 'network_not_sent',
      outcomeUnknown: false,
      attempts: 2,
      networkCode: 'ECONNREFUSED',
    });
    await offline.close();
  });

  it('cancelled: while the answer is awaited, and while waiting for the rate windows', async () => {
    w.sb.setFaults({ latencyMs: 300 });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const e = await failure(w.client.editStatus(1001, 3, ctl.signal));
    expect(e).toMatchObject({ kind: 'cancelled', outcomeUnknown: true });
    w.sb.resetFaults();

    const limiter = createRateLimiter({ windowMs: 60_000, limits: { requestsPerWindow: 1 } });
    const limited = clientFor(w.sb, 1, { limiter });
    await limited.myOffers({ limit: 1 });
    const before = w.sb.requests.length;
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 30);
    const e2 = await failure(limited.myOffers({ limit: 1 }, waiting.signal));
    expect(e2).toMatchObject({ kind: 'cancelled', outcomeUnknown: false });
    expect(w.sb.requests.length).toBe(before);
    limiter.close();
    await limited.close();
  });
});

describe('answers that do not match the document', () => {
  let odd: Server;
  let oddUrl: string;
  beforeAll(async () => {
    odd = createServer((req, res) => {
      if (req.url?.includes('add_batch')) {
        // A server that echoes what it was sent in its refusal.
        let sent = '';
        req.on('data', (c: Buffer) => (sent += c.toString()));
        req.on('end', () => {
          const login = (JSON.parse(sent) as { credentials: { login: string }[] }).credentials[0]!
            .login;
          res.writeHead(422, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              message: `Login ${login} is taken`,
              errors: { 'credentials.0.login': [`${login} is taken`] },
            }),
          );
        });
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url?.includes('my_offers')) res.end('{"data": [], "total": 0, "next": "kept"}');
      else if (req.url?.includes('products/list')) res.end('<html>oops</html>');
      else res.end(JSON.stringify({ result: { message: 'ok', successfully: 1, results: [] } }));
    });
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    const addr = odd.address();
    oddUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => odd.close(() => r())));

  it('names the missing field, rejects a body that is not JSON, and keeps unknown fields', async () => {
    const c = createMarketplaceClient({ baseUrl: oddUrl, token: 'tok-for-odd-server' });
    const e = await failure(
      c.manageOffers(1, { offers: [goldOffer()], guarantee_delivery_time: 1 }),
    );
    expect(e.kind).toBe('bad_response');
    expect(e.message).toContain('result.received');
    expect(e.outcomeUnknown).toBe(true);
    expect((await failure(c.listProducts())).kind).toBe('bad_response');
    const echoed = await failure(
      c.addCredentials(5, [{ login: 'secret-login-77', game_password: 'secret-pass-77' }]),
    );
    expect(echoed.message).toContain('Login [redacted] is taken');
    expect(echoed.fieldErrors).toEqual({ 'credentials.0.login': ['[redacted] is taken'] });
    const loose = await c.myOffers();
    expect(loose).toEqual({ data: [], total: 0, next: 'kept' });
    await c.close();
  });
});

describe('secrets', () => {
  it('no error, however printed, carries the token or a credential', () => {
    expect(seen.length).toBeGreaterThan(15);
    const secrets = [
      ...w.sb.sellers.map((seller) => seller.token),
      'not-a-real-token-123',
      'tok-for-odd-server',
      'secret-login-77',
      'secret-pass-77',
    ];
    for (const error of seen) {
      const e = error as Error;
      const renderings = [
        JSON.stringify(e),
        e.message,
        e.stack ?? '',
        inspect(e, { depth: 5, showHidden: true }),
        String(e),
      ];
      for (const text of renderings) for (const s of secrets) expect(text).not.toContain(s);
    }
  });

  it('the client object shows no token', () => {
    const text = inspect(w.client, { depth: 5, showHidden: true }) + JSON.stringify(w.client);
    expect(text).not.toContain(w.sb.sellers[0]!.token);
  });
});
