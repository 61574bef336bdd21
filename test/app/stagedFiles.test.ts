// Staged screenshot copies are each profile's: a file dropped on an offer is copied into its
// seller's profile folder (served from there as the queued thumbnail), copies an earlier version
// kept in the data folder's shared folder move into the profile whose queue points at them at
// the first start (and still go out), and removing a profile removes its staged files. Real host
// core and host on loopback, real SQLite files, the sandbox marketplace with several sellers.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AppCore } from '../../electron/core/app';
import { openStore } from '../../electron/core/store';
import {
  legacyStagedScreenshotsDir,
  profileFilesDir,
  profileStagedScreenshotsDir,
} from '../../electron/core/usecases/paths';
import { listProfiles } from '../../electron/core/usecases/profiles';
import { createFileStaging } from '../../electron/host/fileStaging';
import { createHostCore, type HostAppCore } from '../../electron/host/hostCore';
import { startHost, type Host } from '../../electron/host/startHost';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { pngBytes } from '../screenshots/images';
import { coreCalls } from './coreHarness';

let sandbox: Sandbox;
let dir: string;
let dataDir: string;
let core: HostAppCore;
let host: Host;

const { call, syncNow } = coreCalls(() => core as AppCore);

async function open() {
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  const staging = createFileStaging(join(dir, 'uploads'));
  core = await createHostCore({
    dataDir,
    staging,
    baseUrl: sandbox.baseUrl,
    windowMs: 1000,
    syncIntervalMs: 3_600_000,
    syncDebounceMs: 3_600_000,
  });
  await core.start();
  host = await startHost({ rendererDir, core, staging });
}

async function close() {
  await host.close();
  await core.close();
}

const served = async (path: string) =>
  (await fetch(new URL(path, host.origin), { headers: { 'sec-fetch-site': 'same-origin' } }))
    .status;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sd-staged-per-profile-'));
  dataDir = join(dir, 'data');
  await open();
});

afterEach(async () => {
  await close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The shown seller's "Starter account" offer. */
async function starterOffer(): Promise<number> {
  const page = await call('offers.query', {
    sort: { column: 'updated_at', dir: 'desc' },
    offset: 0,
    limit: 500,
  });
  return page.rows.find((r) => r.outerName === 'Starter account')!.localId;
}

function queuedFiles(file: string) {
  const store = openStore(file);
  try {
    return store.allQueuedScreenshotFiles();
  } finally {
    store.close();
  }
}

describe('staged screenshots per profile', { timeout: 60_000 }, () => {
  it("stages into the seller's own folder, moves earlier shared copies there, and goes with the profile", async () => {
    const [s1, s2] = [sandbox.sellers[0]!, sandbox.sellers[1]!];
    await call('session.connect', { token: s1.token });
    await syncNow();
    const name1 = (await call('profiles.list')).profiles.find((p) => p.active)!.name;
    const file1 = listProfiles(dataDir, sandbox.baseUrl).find((p) => p.name === name1)!.file;
    const localId = await starterOffer();
    const upload = await host.staging.stage('inventory.png', Readable.from([pngBytes('mine')]));
    expect((await call('screenshots.add', { localId, files: [upload], urls: [] })).accepted).toBe(
      1,
    );

    // In seller 1's own folder, served from there as the queued thumbnail.
    const [row] = queuedFiles(file1);
    expect(dirname(row!.filePath)).toBe(profileStagedScreenshotsDir(file1));
    expect(existsSync(row!.filePath)).toBe(true);
    expect(existsSync(legacyStagedScreenshotsDir(dataDir))).toBe(false);
    const thumb = () =>
      call('offers.get', { localId }).then(
        (o) => o.screenshots.find((s) => s.state === 'queued')?.thumbnailUrl ?? null,
      );
    expect(await served((await thumb())!)).toBe(200);

    // Seller 2's profile has its own folder and nothing of seller 1's.
    await call('profiles.add', { token: s2.token });
    const file2 = listProfiles(dataDir, sandbox.baseUrl).find((p) => p.name !== name1)!.file;
    expect(queuedFiles(file2)).toEqual([]);
    expect(existsSync(profileStagedScreenshotsDir(file2))).toBe(false);

    // What an earlier version left: the copy in the data folder's shared folder, the queue
    // pointing there. The next start gives it to seller 1's profile.
    await close();
    const shared = join(legacyStagedScreenshotsDir(dataDir), basename(row!.filePath));
    mkdirSync(dirname(shared), { recursive: true });
    renameSync(row!.filePath, shared);
    const store = openStore(file1);
    store.moveQueuedScreenshotFile(row!.id, shared);
    store.close();
    await open();
    expect(queuedFiles(file1)).toEqual([{ id: row!.id, filePath: row!.filePath }]);
    expect(existsSync(row!.filePath)).toBe(true);
    expect(readdirSync(legacyStagedScreenshotsDir(dataDir))).toEqual([]);

    // It still goes out, from there, under seller 1's token.
    await call('profiles.switch', { name: name1 });
    expect(await served((await thumb())!)).toBe(200);
    await syncNow();
    const after = (await call('offers.get', { localId })).screenshots;
    expect(after.every((s) => s.state === 'attached')).toBe(true);
    expect(queuedFiles(file1)).toEqual([]);

    // Queued again, then the profile removed: its staged files go with it.
    const again = await host.staging.stage('lobby.png', Readable.from([pngBytes('again')]));
    await call('screenshots.add', { localId, files: [again], urls: [] });
    expect(readdirSync(profileStagedScreenshotsDir(file1))).toHaveLength(1);
    const removed = await call('profiles.remove', { name: name1, confirmed: true });
    expect(removed.removed).toBe(true);
    expect(existsSync(profileFilesDir(file1))).toBe(false);
    expect(existsSync(file2)).toBe(true);
  });
});
