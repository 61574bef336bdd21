// An update server as a release publishes one: feeds, their signatures and installers, served
// over a real loopback socket. The app takes only https addresses; requests to
// https://updates.test are routed to this server, which answers them over plain HTTP, so the
// tests need no certificate while the app's code keeps its https rule.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, fetch, type Dispatcher } from 'undici';
import { signFeed, signatureFileName } from '../../electron/main/updates/updateSignature';
import type { Installer } from '../../electron/main/updates/updateService';

export const UPDATE_HOST = 'https://updates.test';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

export function newKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export interface UpdateServer {
  /** Path → body; a missing path answers 404. */
  files: Map<string, string | Buffer>;
  /** Every path asked for, in order. */
  asked: string[];
  /** Routes https://updates.test to this server. */
  dispatcher: Dispatcher;
  /** Publishes a feed and its signature (made with `key`) under `dir`. */
  publishFeed(dir: string, name: string, text: string, key: KeyPair): void;
  close(): Promise<void>;
}

export async function startUpdateServer(): Promise<UpdateServer> {
  const files = new Map<string, string | Buffer>();
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    asked.push(path);
    if (path.startsWith('/moved/')) {
      res.writeHead(302, { location: path.replace('/moved/', '/feed/') }).end();
      return;
    }
    if (path.startsWith('/to-http/')) {
      res.writeHead(302, { location: `http://updates.test${path.replace('/to-http/', '/feed/')}` });
      res.end();
      return;
    }
    const body = files.get(path);
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dispatcher = new Agent().compose(
    (dispatch) => (options, handler) =>
      dispatch(
        {
          ...options,
          origin: new URL(String(options.origin)).origin === UPDATE_HOST ? local : options.origin,
        },
        handler,
      ),
  );
  return {
    files,
    asked,
    dispatcher,
    publishFeed(dir, name, text, key) {
      files.set(`${dir}/${name}`, text);
      files.set(
        `${dir}/${signatureFileName(name)}`,
        signFeed(key.privateKey, name, Buffer.from(text)),
      );
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * electron-updater's part as the flow sees it: downloads the signed update's first file from the
 * server into `dir` and records each step in `events` ("download", "arm" for install at quit,
 * "install"). A failing download throws as electron-updater's does.
 */
export function downloadingInstaller(
  server: UpdateServer,
  dir: string,
  events: string[],
  failWith?: string,
): Installer {
  return {
    async download(update) {
      events.push('download');
      if (failWith) throw new Error(failWith);
      const file = update.files[0]!;
      const answer = await fetch(file.url, { dispatcher: server.dispatcher });
      if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
      const path = join(dir, file.info.url);
      await writeFile(path, Buffer.from(await answer.arrayBuffer()));
      return path;
    },
    async installOnQuit() {
      events.push('arm');
    },
    quitAndInstall: () => events.push('install'),
  };
}
