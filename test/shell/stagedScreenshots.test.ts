// Staged screenshot copies served to the page as queued thumbnails: the pure path checks (only
// `<uuid>.<jpg|png>` directly in the staged folder, nothing else), the same through Electron's
// app:// resolver, and the browser host over a real loopback socket without the bridge secret.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../electron/contract/ipc';
import { stageScreenshotFile } from '../../electron/core/screenshots';
import { createFileStaging } from '../../electron/host/fileStaging';
import {
  isStagedScreenshotName,
  resolveStagedScreenshot,
  stagedScreenshotPath,
} from '../../electron/shell/stagedScreenshotRoute';
import type { Host } from '../../electron/host/startHost';
import { startHost } from '../../electron/host/startHost';
import { resolveAppStagedScreenshot } from '../../electron/main/appProtocol';
import { jpegBytes, pngBytes } from '../screenshots/images';

const UUID = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';
const DIR = join(tmpdir(), 'sd-data', 'screenshots');

describe('staged screenshot path checks', () => {
  it('accepts only the names the stager makes', () => {
    expect(isStagedScreenshotName(`${UUID}.png`)).toBe(true);
    expect(isStagedScreenshotName(`${UUID}.jpg`)).toBe(true);
    for (const name of [
      `${UUID}.gif`,
      `${UUID}.png.partial`,
      `${UUID}.PNG`,
      `${UUID.toUpperCase()}.png`,
      `${UUID}png`,
      `x${UUID}.png`,
      'inventory.png',
      '.png',
      'credentials.key',
      `../${UUID}.png`,
    ]) {
      expect(isStagedScreenshotName(name), name).toBe(false);
    }
  });

  it('gives a route only to a file directly in the staged folder', () => {
    expect(stagedScreenshotPath(join(DIR, `${UUID}.png`), DIR)).toBe(
      `/staged-screenshots/${UUID}.png`,
    );
    expect(stagedScreenshotPath(join(DIR, 'sub', `${UUID}.png`), DIR)).toBeNull();
    expect(stagedScreenshotPath(join(DIR, '..', `${UUID}.png`), DIR)).toBeNull();
    expect(stagedScreenshotPath(join(tmpdir(), 'elsewhere', `${UUID}.png`), DIR)).toBeNull();
    expect(stagedScreenshotPath(join(DIR, 'lobby.png'), DIR)).toBeNull();
  });

  it('resolves a request path to the file and its image type, and refuses everything else', () => {
    expect(resolveStagedScreenshot(`/staged-screenshots/${UUID}.png`, DIR)).toEqual({
      file: join(DIR, `${UUID}.png`),
      contentType: 'image/png',
    });
    expect(resolveStagedScreenshot(`/staged-screenshots/${UUID}.jpg`, DIR)).toEqual({
      file: join(DIR, `${UUID}.jpg`),
      contentType: 'image/jpeg',
    });
    for (const path of [
      '/staged-screenshots/',
      '/staged-screenshots/../credentials.key',
      '/staged-screenshots/..%2Fcredentials.key',
      `/staged-screenshots/..%2F${UUID}.png`,
      `/staged-screenshots/%2e%2e/${UUID}.png`,
      `/staged-screenshots/sub/${UUID}.png`,
      `/staged-screenshots/${UUID}.png%00`,
      `/staged-screenshots/${UUID}%2Epng`,
      `/staged-screenshots/${UUID}.png.partial`,
      `/staged-screenshots/${UUID}.svg`,
      `/other/${UUID}.png`,
      `/${UUID}.png`,
    ]) {
      expect(resolveStagedScreenshot(path, DIR), path).toBeNull();
    }
  });

  it('goes through the same checks on the app:// scheme, on our host only', () => {
    expect(
      resolveAppStagedScreenshot(`app://seller-desk/staged-screenshots/${UUID}.png`, DIR),
    ).toMatchObject({ file: join(DIR, `${UUID}.png`), contentType: 'image/png' });
    for (const url of [
      `app://elsewhere/staged-screenshots/${UUID}.png`,
      `https://seller-desk/staged-screenshots/${UUID}.png`,
      `app://seller-desk/staged-screenshots/../token.sealed`,
      `app://seller-desk/staged-screenshots/..%2Ftoken.sealed`,
      `app://seller-desk/index.html`,
      'not a url',
    ]) {
      expect(resolveAppStagedScreenshot(url, DIR), url).toBeNull();
    }
  });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(host: Host, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method,
        headers: { host: `127.0.0.1:${host.port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the browser host serving staged copies', () => {
  let dir: string;
  let stagedDir: string;
  let host: Host;
  let pngRoute: string;
  let jpegRoute: string;
  const png = pngBytes('host-staged');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sd-staged-host-'));
    const dataDir = join(dir, 'data');
    stagedDir = join(dataDir, 'screenshots');
    const rendererDir = join(dir, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'original.png'), png);
    writeFileSync(join(dir, 'original.jpg'), jpegBytes());
    // Real staged copies, made the way the app makes them.
    pngRoute = stagedScreenshotPath(
      await stageScreenshotFile(join(dir, 'original.png'), dataDir),
      stagedDir,
    )!;
    jpegRoute = stagedScreenshotPath(
      await stageScreenshotFile(join(dir, 'original.jpg'), dataDir),
      stagedDir,
    )!;
    // Things that must never be served: a secret beside the folder, a non-image and a link
    // inside it named like a staged copy, a half-written copy.
    writeFileSync(join(dataDir, 'token.sealed'), 'sealed token');
    writeFileSync(join(stagedDir, `${UUID}.png.partial`), png);
    symlinkSync(join(dataDir, 'token.sealed'), join(stagedDir, `${UUID}.png`));
    host = await startHost({
      rendererDir,
      core: { handlers: {} as Handlers, stagedScreenshotsDirs: () => [stagedDir] },
      staging: createFileStaging(join(dir, 'staging')),
    });
  });

  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a staged copy as an image without the bridge secret, for our page only', async () => {
    expect(pngRoute).toMatch(/^\/staged-screenshots\/[0-9a-f-]{36}\.png$/);
    const reply = await get(host, pngRoute, { 'sec-fetch-site': 'same-origin' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(reply.body.equals(png)).toBe(true);
    const jpeg = await get(host, jpegRoute);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.body.equals(jpegBytes())).toBe(true);
    const head = await get(host, pngRoute, {}, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it('answers 404 for anything but a staged copy, and refuses other sites and hosts', async () => {
    for (const path of [
      `/staged-screenshots/${UUID}.png`, // a link to the sealed token
      `/staged-screenshots/${UUID}.png.partial`,
      '/staged-screenshots/..%2Ftoken.sealed',
      '/staged-screenshots/%2e%2e%2Ftoken.sealed',
      `/staged-screenshots/${UUID}.jpg`, // well-formed, but no such file
      `${pngRoute}/`,
      pngRoute.toUpperCase(),
    ]) {
      const reply = await get(host, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.toString()).not.toContain('sealed token');
    }
    expect((await get(host, pngRoute, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await get(host, pngRoute, { host: 'evil.example:80' })).status).toBe(421);
    expect((await get(host, pngRoute, {}, 'POST')).status).toBe(405);
  });
});
