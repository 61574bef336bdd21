// What goes on the wire, seen by a bare loopback server: the document's headers on every
// request, JSON bodies typed as such, and the upload as multipart with the file's bytes.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceClient } from '../../electron/core/api';
import { placeholderPng } from '../../electron/sandbox/png';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let server: Server;
let baseUrl: string;
let dir: string;
const seen: Seen[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'api-wire-'));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url!.includes('upload_screenshot'))
        res.end('{"path":"storage/screenshots/a.png","url":"http://x/a.png"}');
      else if (req.url!.includes('edit_status')) res.end('{"message":"ok"}');
      else res.end('{"data":[],"total":0}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('on the wire', () => {
  it('sends Accept and the bearer token on every request, Content-Type on JSON bodies', async () => {
    let reads = 0;
    const client = createMarketplaceClient({ baseUrl, token: () => `tok-${++reads}` });
    await client.myOffers({
      status: 2,
      sort: 'updated_at',
      order: 'desc',
      limit: 100,
      offset: 200,
    });
    await client.editStatus(7, 3);
    await client.close();
    const [list, edit] = seen.slice(-2) as [Seen, Seen];
    expect(list.method).toBe('GET');
    expect(list.url).toBe(
      '/api/shop/marketplace/offers/my_offers?offset=200&limit=100&sort=updated_at&order=desc&status=2',
    );
    expect(list.headers).toMatchObject({
      accept: 'application/json',
      authorization: 'Bearer tok-1',
    });
    expect(list.headers['content-type']).toBeUndefined();
    expect(edit).toMatchObject({
      method: 'POST',
      url: '/api/shop/marketplace/offers/7/edit_status',
    });
    // A token function is read at every request (a replaced token takes effect at once).
    expect(edit.headers).toMatchObject({
      accept: 'application/json',
      authorization: 'Bearer tok-2',
      'content-type': 'application/json',
    });
    expect(JSON.parse(edit.body.toString())).toEqual({ status: 3 });
  });

  it('uploads a screenshot as multipart/form-data, field `screenshot`, with the bytes of the file', async () => {
    const file = join(dir, 'shot.png');
    const bytes = placeholderPng('wire');
    writeFileSync(file, bytes);
    const client = createMarketplaceClient({ baseUrl, token: 'tok-upload' });
    await client.uploadScreenshot(file);
    await client.close();
    const upload = seen.at(-1)!;
    expect(upload.url).toBe('/shop/marketplace/offers/upload_screenshot');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = upload.body.toString('latin1');
    expect(text).toContain('name="screenshot"; filename="shot.png"');
    expect(text).toContain('Content-Type: image/png');
    expect(upload.body.includes(bytes)).toBe(true);
  });
});
