// Builds the harness page with Vite's API into test-output/ and serves it on loopback, so the
// components run in Chromium exactly as bundled for the app (Svelte compiled, app.css loaded).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

const root = resolve(import.meta.dirname);
export const harnessOutDir = resolve(root, '../../../test-output/screenshots-harness');

export async function buildHarness(outDir = harnessOutDir): Promise<string> {
  await build({
    root,
    base: './',
    configFile: false,
    logLevel: 'silent',
    plugins: [svelte()],
    build: { outDir, emptyOutDir: true, target: 'chrome120', minify: false },
  });
  return outDir;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function serveDirectory(
  dir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = normalize(join(dir, path === '/' ? 'index.html' : path));
      if (!file.startsWith(dir) || !(await stat(file).catch(() => null))?.isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
      });
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
