// A screenshot file dropped on an offer shows as a thumbnail at once, before the sync uploads it:
// the core gives the queued tile an address from the platform's port, and the browser host
// serves the staged copy there (without the bridge secret: an <img> cannot send it). Once sent,
// the tile is the marketplace's image. Real core, real SQLite file,
// the sandbox marketplace and the host on loopback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, type ChannelName, type ChannelOutput } from '../../electron/contract/ipc';
import { createAppCore, createEncryptedTokenVault, type AppCore } from '../../electron/core/app';
import { createKeyFileProtector, openSecretBox } from '../../electron/core/secrets';
import { fakeKeychain } from '../secrets/fakeKeychain';
import { createFileStaging } from '../../electron/host/fileStaging';
import { createHostCore, type HostAppCore } from '../../electron/host/hostCore';
import { startHost, type Host } from '../../electron/host/startHost';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jpegBytes, pngBytes } from '../screenshots/images';

let sandbox: Sandbox;
let dir: string;
let core: HostAppCore;
let host: Host;

async function call<C extends ChannelName>(
  on: AppCore,
  channel: C,
  input?: unknown,
): Promise<ChannelOutput<C>> {
  const result = await dispatch(on.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as ChannelOutput<C>;
}

async function syncNow(on: AppCore) {
  await call(on, 'sync.now');
  for (let i = 0; i < 400; i++) {
    if (!(await call(on, 'sync.status')).running) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('sync did not finish');
}

/** The seller's "Starter account" offer, connected and pulled. */
async function connectedOffer(on: AppCore): Promise<number> {
  await call(on, 'session.connect', { token: sandbox.sellers[0]!.token });
  await syncNow(on);
  const page = await call(on, 'offers.query', {
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 500,
  });
  const row = page.rows.find((r) => r.outerName === 'Starter account');
  if (!row) throw new Error('the sandbox seed has no "Starter account" offer');
  return row.localId;
}

async function fetchFromHost(path: string) {
  const res = await fetch(new URL(path, host.origin), {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sd-queued-thumbs-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  const staging = createFileStaging(join(dir, 'data', 'staged-files'));
  core = await createHostCore({
    dataDir: join(dir, 'data'),
    staging,
    baseUrl: sandbox.baseUrl,
    windowMs: 1000,
    // The seller's sync only when the test asks, so the queued state can be looked at.
    syncIntervalMs: 3_600_000,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  host = await startHost({ rendererDir, core, staging });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('thumbnails of queued screenshots', () => {
  it('shows a dropped file from its staged copy until the sync sends it', async () => {
    const localId = await connectedOffer(core);
    const png = pngBytes('queued-thumbnail');
    const jpeg = jpegBytes();
    const files = [
      await host.staging.stage('inventory.png', Readable.from([png])),
      await host.staging.stage('lobby.jpg', Readable.from([jpeg])),
    ];
    const added = await call(core, 'screenshots.add', { localId, files, urls: [] });
    expect(added.accepted).toBe(2);

    const queued = (await call(core, 'offers.get', { localId })).screenshots.filter(
      (s) => s.state === 'queued',
    );
    expect(queued).toHaveLength(2);
    const urls = queued.map((s) => s.thumbnailUrl);
    expect(urls[0]).toMatch(/^\/staged-screenshots\/[0-9a-f-]{36}\.png$/);
    expect(urls[1]).toMatch(/^\/staged-screenshots\/[0-9a-f-]{36}\.jpg$/);
    // The address names only the random copy, never the seller's file name or a local path.
    expect(JSON.stringify(queued)).not.toMatch(/inventory|lobby|staged-files|sd-queued/);

    const served = await Promise.all(urls.map((url) => fetchFromHost(url!)));
    expect(served.map((s) => [s.status, s.type])).toEqual([
      [200, 'image/png'],
      [200, 'image/jpeg'],
    ]);
    expect(served[0]!.body.equals(png)).toBe(true);
    expect(served[1]!.body.equals(jpeg)).toBe(true);

    await syncNow(core);
    const after = (await call(core, 'offers.get', { localId })).screenshots;
    expect(after.every((s) => s.state === 'attached')).toBe(true);
    const sent = after.slice(-2).map((s) => s.thumbnailUrl!);
    expect(sent.every((url) => url.startsWith(sandbox.baseUrl))).toBe(true);
    expect(after.map((s) => s.ref).join(' ')).not.toContain('queued-screenshot:');
    // Once the marketplace holds the images, their staged copies are gone.
    const gone = await Promise.all(urls.map((url) => fetchFromHost(url!)));
    expect(gone.map((s) => s.status)).toEqual([404, 404]);
  });

  it('leaves a queued tile without a preview on a platform that serves no staged copies', async () => {
    const dataDir = join(dir, 'bare');
    const box = openSecretBox(createKeyFileProtector(join(dir, 'bare-token.key')));
    const bare = await createAppCore({
      dataDir,
      baseUrl: sandbox.baseUrl,
      tokenVault: createEncryptedTokenVault(
        {
          encrypt: (text) => box.seal(Buffer.from(text)),
          decrypt: (sealed) => box.open(sealed).toString(),
          backend: () => 'file',
        },
        join(dir, 'bare-token.bin'),
      ),
      keychain: fakeKeychain(),
      dialogs: { pickFiles: async () => [], saveFile: async () => null },
      openExternal: async () => {},
      resolveFileRef: async (ref) => ref,
      windowMs: 1000,
      syncIntervalMs: 3_600_000,
      syncDebounceMs: 3_600_000,
    });
    try {
      await bare.start();
      const localId = await connectedOffer(bare);
      const file = join(dir, 'bare.png');
      writeFileSync(file, pngBytes('bare'));
      await call(bare, 'screenshots.add', { localId, files: [file], urls: [] });
      const queued = (await call(bare, 'offers.get', { localId })).screenshots.filter(
        (s) => s.state === 'queued',
      );
      expect(queued).toEqual([expect.objectContaining({ state: 'queued', thumbnailUrl: null })]);
    } finally {
      await bare.close();
    }
  });
});
