// The update feed and the update flow, under Node against a local server serving what a
// release publishes beside the installers: the feeds, their signatures and the installers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkForUpdate,
  decideUpdate,
  feedFileName,
  parseUpdateFeed,
  parseUpdateSource,
  rolloutBucket,
  type UpdateSource,
} from '../../electron/main/updates/updateFeed';
import { translate } from '../../electron/contract/i18n';
import { createUpdateService } from '../../electron/main/updates/updateService';
import {
  downloadingInstaller,
  newKeyPair,
  startUpdateServer,
  UPDATE_HOST,
  type UpdateServer,
} from './updateServer';

const key = newKeyPair();
const installerBytes = Buffer.from('an AppImage');
const installerSha = createHash('sha512').update(installerBytes).digest('base64');
let server: UpdateServer;
let source: UpdateSource;
let downloads: string;

function feed(version: string, extra = ''): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: Seller-Desk-${version}.AppImage`,
    `    sha512: ${installerSha}`,
    '    size: 104857600',
    `path: Seller-Desk-${version}.AppImage`,
    `sha512: ${installerSha}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    extra,
  ].join('\n');
}

/** A release of `text` as the Linux feed, signed with the release key. */
function publish(text: string, dir = '/feed') {
  server.publishFeed(dir, 'latest-linux.yml', text, key);
}

function unpublish() {
  server.files.delete('/feed/latest-linux.yml');
  server.files.delete('/feed/latest-linux.yml.sig');
}

beforeAll(async () => {
  server = await startUpdateServer();
  source = parseUpdateSource(`provider: generic\nurl: ${UPDATE_HOST}/feed/\n`);
  downloads = mkdtempSync(join(tmpdir(), 'sd-updates-'));
});

afterAll(async () => {
  await server.close();
  rmSync(downloads, { recursive: true, force: true });
});

const linux = {
  platform: 'linux' as const,
  arch: 'x64',
  bucket: 10,
  get publicKey() {
    return key.publicKey;
  },
  get dispatcher() {
    return server.dispatcher;
  },
};

describe('the update feed', () => {
  it("asks for each platform's file by electron-builder's names", () => {
    expect(feedFileName('win32', 'x64')).toBe('latest.yml');
    expect(feedFileName('darwin', 'arm64')).toBe('latest-mac.yml');
    expect(feedFileName('linux', 'x64')).toBe('latest-linux.yml');
    expect(feedFileName('linux', 'arm64')).toBe('latest-linux-arm64.yml');
    expect(feedFileName('linux', 'x64', 'beta')).toBe('beta-linux.yml');
  });

  it('offers a newer version, and reads the feed of this platform from the server', async () => {
    publish(feed('1.4.0'));
    server.asked.length = 0;
    const decision = await checkForUpdate({ ...linux, source, currentVersion: '1.3.2' });
    expect(decision).toMatchObject({
      kind: 'available',
      version: '1.4.0',
      releaseDate: '2026-11-20T10:00:00.000Z',
    });
    // The installer's https address, beside the feed, is what electron-updater is handed.
    expect(decision.kind === 'available' && decision.update.files.map((f) => f.url.href)).toEqual([
      `${UPDATE_HOST}/feed/Seller-Desk-1.4.0.AppImage`,
    ]);
    expect(server.asked).toEqual(['/feed/latest-linux.yml', '/feed/latest-linux.yml.sig']);
  });

  it('follows a redirect, as GitHub answers "latest/download"', async () => {
    publish(feed('2.0.0'));
    const moved = { provider: 'generic' as const, url: `${UPDATE_HOST}/moved` };
    const decision = await checkForUpdate({ ...linux, source: moved, currentVersion: '1.0.0' });
    expect(decision.kind).toBe('available');
  });

  it('never downgrades and offers no pre-release unasked', async () => {
    publish(feed('1.2.0'));
    expect(await checkForUpdate({ ...linux, source, currentVersion: '1.3.0' })).toEqual({
      kind: 'up_to_date',
      version: '1.3.0',
    });
    publish(feed('1.4.0-beta.2'));
    expect((await checkForUpdate({ ...linux, source, currentVersion: '1.3.0' })).kind).toBe(
      'up_to_date',
    );
    expect(
      (await checkForUpdate({ ...linux, source, currentVersion: '1.3.0', allowPrerelease: true }))
        .kind,
    ).toBe('available');
  });

  it("respects a staged rollout: an install outside the share so far is told it's coming", () => {
    const staged = parseUpdateFeed(feed('1.5.0', 'stagingPercentage: 30'));
    expect(decideUpdate({ currentVersion: '1.4.0', feed: staged, bucket: 29 }).kind).toBe(
      'available',
    );
    expect(decideUpdate({ currentVersion: '1.4.0', feed: staged, bucket: 30 })).toEqual({
      kind: 'not_yet',
      version: '1.5.0',
    });
    // An install keeps its place, so a rollout never flips back and forth for it.
    expect(rolloutBucket('install-a')).toBe(rolloutBucket('install-a'));
    const buckets = new Set(Array.from({ length: 200 }, (_, i) => rolloutBucket(`install-${i}`)));
    expect(buckets.size).toBeGreaterThan(50);
    expect([...buckets].every((b) => b >= 0 && b < 100)).toBe(true);
  });

  it('says clearly when the feed is malformed, missing or unreachable', async () => {
    publish('version: [unclosed');
    await expect(checkForUpdate({ ...linux, source, currentVersion: '1.0.0' })).rejects.toThrow(
      'The update feed is not valid YAML.',
    );
    publish('version: next\nfiles: []\n');
    await expect(checkForUpdate({ ...linux, source, currentVersion: '1.0.0' })).rejects.toThrow(
      /not one we can read \(version: is not a version number\)/,
    );
    unpublish();
    await expect(checkForUpdate({ ...linux, source, currentVersion: '1.0.0' })).rejects.toThrow(
      'No release has been published for this system yet.',
    );
    const nowhere = { provider: 'generic' as const, url: 'https://127.0.0.1:1/feed' };
    await expect(
      checkForUpdate({ ...linux, source: nowhere, currentVersion: '1.0.0' }),
    ).rejects.toThrow('The update server could not be reached; try again later.');
  });

  it("reads the installed copy's settings for both providers", () => {
    expect(
      parseUpdateSource('provider: github\nowner: seller-desk\nrepo: seller-desk\n'),
    ).toMatchObject({ provider: 'github', owner: 'seller-desk' });
    expect(() => parseUpdateSource('provider: s3\nbucket: x\n')).toThrow(
      'The update settings name no feed we can read.',
    );
  });
});

describe('the update flow', () => {
  function service(opts: {
    restart: boolean;
    downloadFails?: boolean;
    source?: UpdateSource | null;
    locale?: 'en' | 'ru';
  }) {
    const events: string[] = [];
    const svc = createUpdateService({
      ...linux,
      currentVersion: '1.3.0',
      readSource: () => (opts.source === undefined ? source : opts.source),
      installer: async () =>
        downloadingInstaller(
          server,
          downloads,
          events,
          opts.downloadFails ? 'disk full' : undefined,
        ),
      prompts: {
        async askToRestart(version) {
          events.push(`ask ${version}`);
          return opts.restart;
        },
        async tell(message) {
          events.push(`tell ${message}`);
        },
      },
      log: (message) => events.push(`log ${message}`),
      locale: () => opts.locale ?? 'en',
    });
    return { svc, events };
  }

  it('downloads, then asks the seller, and restarts only when they say so', async () => {
    publish(feed('1.4.0'));
    server.files.set('/feed/Seller-Desk-1.4.0.AppImage', installerBytes);
    const later = service({ restart: false });
    await later.svc.check(false);
    // Armed for install at quit only once the downloaded file matched the signed feed.
    expect(later.events).toEqual(['download', 'arm', 'ask 1.4.0']);
    // A second check does not download the same version again.
    await later.svc.check(false);
    expect(later.events).toEqual(['download', 'arm', 'ask 1.4.0', 'ask 1.4.0']);
    const now = service({ restart: true });
    await now.svc.check(false);
    expect(now.events).toEqual(['download', 'arm', 'ask 1.4.0', 'install']);
  });

  it('tells the seller every outcome of a check they asked for, and nothing of a timed one', async () => {
    publish(feed('1.3.0'));
    const asked = service({ restart: false });
    await asked.svc.check(true);
    expect(asked.events).toEqual([`tell Seller Desk 1.3.0 is the latest version.`]);
    const timed = service({ restart: false });
    await timed.svc.check(false);
    expect(timed.events).toEqual([]);
    const dev = service({ restart: false, source: null });
    await dev.svc.check(true);
    expect(dev.events).toEqual([`tell ${translate('en', 'updates.notInstalled')}`]);
  });

  it('a failed download changes nothing and is told', async () => {
    publish(feed('1.4.0'));
    const broken = service({ restart: true, downloadFails: true });
    await broken.svc.check(true);
    expect(broken.events).toEqual([
      'download',
      'log Update download: disk full',
      'tell The update could not be downloaded; try again later.',
    ]);
  });

  it("answers in the seller's language, a feed problem included", async () => {
    publish(feed('1.3.0'));
    const russian = service({ restart: false, locale: 'ru' });
    await russian.svc.check(true);
    expect(russian.events).toEqual(['tell Seller Desk 1.3.0 — последняя версия.']);
    unpublish();
    const missing = service({ restart: false, locale: 'ru' });
    await missing.svc.check(true);
    expect(missing.events).toEqual([
      'log Update check: No release has been published for this system yet.',
      'tell Для этой системы ещё не опубликовано ни одного выпуска.',
    ]);
  });
});
