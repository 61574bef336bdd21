// Stand-ins on loopback for where alerts go: a webhook receiver that checks every signature (and
// can answer 500 to the first tries of an event), and a Telegram Bot API (`/bot<token>/sendMessage`).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

async function bodyOf(message: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeOf = (server: Server) => () =>
  new Promise<void>((closed) => {
    server.closeAllConnections();
    server.close(() => closed());
  });

export interface WebhookHit {
  body: string;
  json: { event: string; key: string; language: string; title: string; text: string } & Record<
    string,
    unknown
  >;
  signatureOk: boolean;
  status: number;
}

export async function startWebhookReceiver(secret: string) {
  const hits: WebhookHit[] = [];
  /** Events (by kind) whose first POST is answered 500. */
  const failFirst = new Set<string>();
  const failed = new Set<string>();
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const given = String(req.headers['x-seller-desk-signature'] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      const signatureOk =
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      const json = JSON.parse(body) as WebhookHit['json'];
      let status = signatureOk ? 200 : 401;
      if (signatureOk && failFirst.has(json.event) && !failed.has(json.key)) {
        failed.add(json.key);
        status = 500;
      }
      hits.push({ body, json, signatureOk, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const url = await listen(server);
  return { url: `${url}/hooks/seller-desk`, hits, failFirst, close: closeOf(server) };
}

export interface TelegramHit {
  token: string;
  chatId: string;
  text: string;
}

export async function startBotApi() {
  const hits: TelegramHit[] = [];
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end('{"ok":false}');
        return;
      }
      const sent = JSON.parse(body) as { chat_id: string; text: string };
      hits.push({ token: decodeURIComponent(match[1]!), chatId: sent.chat_id, text: sent.text });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: true, result: { message_id: hits.length } }));
    });
  });
  const apiBase = await listen(server);
  return { apiBase, hits, close: closeOf(server) };
}
