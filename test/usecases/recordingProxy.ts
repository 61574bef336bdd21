// A loopback hop in front of the sandbox that keeps every request's method, path and body: the
// sandbox stores no password, and a test must see the one a command really sent.
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

export interface RecordingProxy {
  baseUrl: string;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

async function bodyOf(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    void bodyOf(incoming).then((body) => {
      requests.push({
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        body: body.toString('utf8'),
      });
      // The sandbox answers only its own Host.
      const forwarded = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
