// Bad requests get clear 4xx answers and never crash the sandbox: malformed JSON, wrong types,
// huge bodies, unknown routes, wrong methods, garbage on the socket.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { messageBodySchema } from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { useSandboxApi } from './helpers';

const api = useSandboxApi();

const stillWorks = async () => {
  const r = await api.call('GET', paths.productList);
  expect(r.status).toBe(200);
};

describe('robustness', () => {
  it('malformed JSON is 400 {message}', async () => {
    const r = await api.call('POST', paths.manage(1), {
      raw: '{"offers": [',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(messageBodySchema.parse(r.body).message).toMatch(/JSON/);
    await stillWorks();
  });

  it('a body that is not an object is 400; wrong field types are 400/422 with the field named', async () => {
    expect((await api.call('POST', paths.manage(1), { body: [1, 2] })).status).toBe(400);
    const r = await api.call('POST', paths.editStatus(1001), { body: { status: 'active' } });
    expect(r.status).toBe(422);
    expect(r.body.errors.status[0]).toMatch(/integer/);
    const c = await api.call('POST', paths.addCredentials(1004), { body: { credentials: 'lots' } });
    expect(c.status).toBe(422);
    expect(c.body.errors.credentials).toHaveLength(1);
  });

  it('a JSON body over 10 MB is 413', async () => {
    const r = await api.call('POST', paths.manage(1), {
      raw: `{"pad":"${'x'.repeat(10 * 1024 * 1024 + 10)}"}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(413);
    await stillWorks();
  });

  it('unknown routes are 404 {message}; wrong methods 405 with Allow', async () => {
    for (const path of [
      '/',
      '/api/shop/marketplace/offers/abc/delete',
      '/api/shop/marketplace/offers/1/nope',
    ]) {
      const r = await api.call('GET', path);
      expect(r.status).toBe(404);
      messageBodySchema.parse(r.body);
    }
    const wrong = await api.call('GET', paths.deleteOffer(1001));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('DELETE');
    messageBodySchema.parse(wrong.body);
  });

  it('garbage on the socket does not take the server down', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(api.sandbox.baseUrl).port), '127.0.0.1', () => {
        socket.write('\x00\x01\x02 NOT HTTP AT ALL \r\n\r\n\xff\xfe');
      });
      socket.on('data', () => socket.destroy());
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(api.sandbox.baseUrl).port), '127.0.0.1', () => {
        socket.write(
          `POST /api/shop/marketplace/products/1/offers/manage HTTP/1.1\r\nHost: ${new URL(api.sandbox.baseUrl).host}\r\nContent-Length: 100\r\n\r\n{"off`,
        );
        socket.destroy();
        resolve();
      });
    });
    await stillWorks();
  });

  it('a handler never sees a half-sent body as a whole one', async () => {
    const before = api.sandbox.control.offers(1).length;
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(api.sandbox.baseUrl).port), '127.0.0.1', () => {
        const body = JSON.stringify({ guarantee_delivery_time: 1, offers: [] });
        socket.write(
          `POST ${paths.manage(1)} HTTP/1.1\r\nHost: ${new URL(api.sandbox.baseUrl).host}\r\nAccept: application/json\r\nAuthorization: Bearer ${api.token(1)}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 50}\r\n\r\n${body}`,
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
    });
    expect(api.sandbox.control.offers(1).length).toBe(before);
    await stillWorks();
  });
});
