// Updates Seller Desk can vouch for: a feed is read only over https and only when it is signed
// with Seller Desk's key, and a downloaded file is installed only when the signed feed names its
// sha512. Everything runs against a loopback server publishing what a release publishes; the
// installer port downloads from it for real, and the release's signing script is run too.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signReleaseFeeds } from '../../build/scripts/sign-updates';
import { translate } from '../../electron/contract/i18n';
import {
  checkForUpdate,
  parseUpdateSource,
  type UpdateSource,
} from '../../electron/main/updates/updateFeed';
import { UPDATE_PUBLIC_KEY } from '../../electron/main/updates/updatePublicKey';
import { createUpdateService } from '../../electron/main/updates/updateService';
import {
  downloadingInstaller,
  newKeyPair,
  startUpdateServer,
  UPDATE_HOST,
  type UpdateServer,
} from './updateServer';

const root = resolve(import.meta.dirname, '../..');
const releaseKey = newKeyPair();
const foreignKey = newKeyPair();
const installer = Buffer.from('Seller Desk 1.4.0, as built by the release');
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

let server: UpdateServer;
let downloads: string;
const source = parseUpdateSource(`provider: generic\nurl: ${UPDATE_HOST}/feed\n`);

function feed(version: string, file = `seller-desk-${version}-linux-x86_64.AppImage`): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512(installer)}`,
    `    size: ${installer.length}`,
    `path: ${file}`,
    `sha512: ${sha512(installer)}`,
    "releaseDate: '2026-11-28T10:00:00.000Z'",
    '',
  ].join('\n');
}

const linux = () => ({
  platform: 'linux' as const,
  arch: 'x64',
  bucket: 0,
  publicKey: releaseKey.publicKey,
  dispatcher: server.dispatcher,
});

/** The update flow of a copy running 1.3.0, with its steps and what the seller is told. */
function flow(options: { source?: UpdateSource; publicKey?: string } = {}) {
  const events: string[] = [];
  const service = createUpdateService({
    ...linux(),
    ...options,
    currentVersion: '1.3.0',
    readSource: () => options.source ?? source,
    installer: async () => downloadingInstaller(server, downloads, events),
    prompts: {
      askToRestart: async (version) => (events.push(`ask ${version}`), true),
      tell: async (message) => void events.push(`tell ${message}`),
    },
    log: (message) => events.push(`log ${message}`),
    locale: () => 'en',
  });
  return { check: () => service.check(true), events };
}

const untrusted = `tell ${translate('en', 'updates.untrusted')}`;
const insecure = `tell ${translate('en', 'updates.insecureSource')}`;

beforeAll(async () => {
  server = await startUpdateServer();
  downloads = mkdtempSync(join(tmpdir(), 'sd-signed-updates-'));
});

afterAll(async () => {
  await server.close();
  rmSync(downloads, { recursive: true, force: true });
});

beforeEach(() => {
  server.files.clear();
  server.asked.length = 0;
  server.files.set('/feed/seller-desk-1.4.0-linux-x86_64.AppImage', installer);
});

describe('an update signed with the release key', () => {
  it('is downloaded, checked, armed for install and installed when the seller says so', async () => {
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), releaseKey);
    const { check, events } = flow();
    expect(await check()).toMatchObject({ kind: 'available', version: '1.4.0' });
    expect(events).toEqual(['download', 'arm', 'ask 1.4.0', 'install']);
    expect(readFileSync(join(downloads, 'seller-desk-1.4.0-linux-x86_64.AppImage'))).toEqual(
      installer,
    );
  });

  it('is checked with the key built into the app unless told otherwise', async () => {
    // The test's release key is not the app's: a copy as shipped refuses what it signed.
    expect(UPDATE_PUBLIC_KEY).toMatch(/^-----BEGIN PUBLIC KEY-----\n.+\n-----END PUBLIC KEY-----$/);
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), releaseKey);
    const { check, events } = flow({ publicKey: undefined });
    expect(await check()).toBeNull();
    expect(events).toEqual([
      "log Update check: The update feed's signature is not Seller Desk's; nothing from it is installed.",
      untrusted,
    ]);
  });
});

describe('refused, with nothing installed', () => {
  it('a file that is not the one the signed feed names: deleted after download', async () => {
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), releaseKey);
    server.files.set(
      '/feed/seller-desk-1.4.0-linux-x86_64.AppImage',
      Buffer.from('Seller Desk 1.4.0, with something added on the way'),
    );
    const { check, events } = flow();
    await check();
    expect(events).toEqual([
      'download',
      'log Update check: The downloaded update is not a file the signed feed of Seller Desk 1.4.0 names; nothing from it is installed.',
      untrusted,
    ]);
    expect(existsSync(join(downloads, 'seller-desk-1.4.0-linux-x86_64.AppImage'))).toBe(false);
  });

  it('a feed changed after it was signed: never downloaded', async () => {
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), releaseKey);
    const swapped = feed('1.4.0').replaceAll(sha512(installer), sha512(Buffer.from('other')));
    server.files.set('/feed/latest-linux.yml', swapped);
    const { check, events } = flow();
    expect(await check()).toBeNull();
    expect(events).toEqual([
      "log Update check: The update feed's signature is not Seller Desk's; nothing from it is installed.",
      untrusted,
    ]);
    expect(server.asked).not.toContain('/feed/seller-desk-1.4.0-linux-x86_64.AppImage');
  });

  it('a feed signed with a foreign key', async () => {
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), foreignKey);
    const { check, events } = flow();
    expect(await check()).toBeNull();
    expect(events.at(-1)).toBe(untrusted);
    expect(events).not.toContain('download');
  });

  it('a feed with no signature, or one that is not a signature', async () => {
    server.files.set('/feed/latest-linux.yml', feed('1.4.0'));
    const unsigned = flow();
    expect(await unsigned.check()).toBeNull();
    expect(unsigned.events).toEqual([
      'log Update check: The update feed is not signed; nothing from it is installed.',
      untrusted,
    ]);
    server.files.set('/feed/latest-linux.yml.sig', 'not a signature\n');
    const garbled = flow();
    expect(await garbled.check()).toBeNull();
    expect(garbled.events.at(-1)).toBe(untrusted);
  });

  it("another platform's signed feed served as this one's", async () => {
    server.publishFeed('/feed', 'latest.yml', feed('1.4.0'), releaseKey);
    server.files.set('/feed/latest-linux.yml', server.files.get('/feed/latest.yml')!);
    server.files.set('/feed/latest-linux.yml.sig', server.files.get('/feed/latest.yml.sig')!);
    const { check, events } = flow();
    expect(await check()).toBeNull();
    expect(events.at(-1)).toBe(untrusted);
  });

  it('a downgrade, even signed: an older or the same version is never downloaded', async () => {
    for (const version of ['1.2.9', '1.3.0']) {
      server.files.set(`/feed/seller-desk-${version}-linux-x86_64.AppImage`, installer);
      server.publishFeed('/feed', 'latest-linux.yml', feed(version), releaseKey);
      const { check, events } = flow();
      expect(await check()).toEqual({ kind: 'up_to_date', version: '1.3.0' });
      expect(events).toEqual(['tell Seller Desk 1.3.0 is the latest version.']);
    }
    expect(server.asked.filter((path) => path.endsWith('.AppImage'))).toEqual([]);
  });

  it('an http: feed, asked nothing of', async () => {
    expect(() => parseUpdateSource('provider: generic\nurl: http://updates.test/feed\n')).toThrow(
      'The update feed named in the update settings is not an https address; Seller Desk does not update from it.',
    );
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), releaseKey);
    const plain = flow({ source: { provider: 'generic', url: 'http://updates.test/feed' } });
    expect(await plain.check()).toBeNull();
    expect(plain.events).toEqual([
      'log Update check: The update feed is not an https address; Seller Desk does not update from it.',
      insecure,
    ]);
    expect(server.asked).toEqual([]);
  });

  it('a redirect to http:, and a signed feed naming an http: file', async () => {
    server.publishFeed('/feed', 'latest-linux.yml', feed('1.4.0'), releaseKey);
    const redirected = { provider: 'generic' as const, url: `${UPDATE_HOST}/to-http` };
    await expect(
      checkForUpdate({ ...linux(), source: redirected, currentVersion: '1.3.0' }),
    ).rejects.toMatchObject({ problem: { key: 'updates.insecureSource' } });
    expect(server.asked).toEqual(['/to-http/latest-linux.yml']);
    const elsewhere = feed('1.4.0', 'http://updates.test/feed/seller-desk-1.4.0.AppImage');
    server.publishFeed('/feed', 'latest-linux.yml', elsewhere, releaseKey);
    const { check, events } = flow();
    expect(await check()).toBeNull();
    expect(events).toEqual([
      'log Update check: The update file http://updates.test/feed/seller-desk-1.4.0.AppImage is not an https address; Seller Desk does not update from it.',
      insecure,
    ]);
    expect(translate('ru', 'updates.insecureSource')).not.toBe(
      translate('en', 'updates.insecureSource'),
    );
  });
});

describe("the release's signing script (build/scripts/sign-updates.ts)", () => {
  let dist: string;
  const appImage = 'seller-desk-1.4.0-linux-x86_64.AppImage';

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'sd-dist-'));
    writeFileSync(join(dist, appImage), installer);
    writeFileSync(join(dist, 'latest-linux.yml'), feed('1.4.0'));
    writeFileSync(join(dist, 'builder-debug.yml'), 'not a feed: true\n');
  });

  const sign = (privateKeyPem: string | undefined, trustedPublicKey = releaseKey.publicKey) =>
    signReleaseFeeds({ dir: dist, privateKeyPem, trustedPublicKey });

  it('signs each feed so that the app accepts the release as published', async () => {
    expect(await sign(releaseKey.privateKey)).toEqual(['latest-linux.yml.sig']);
    for (const name of ['latest-linux.yml', 'latest-linux.yml.sig', appImage]) {
      server.files.set(`/feed/${name}`, readFileSync(join(dist, name)));
    }
    const { check, events } = flow();
    await check();
    expect(events).toEqual(['download', 'arm', 'ask 1.4.0', 'install']);
    rmSync(dist, { recursive: true, force: true });
  });

  it('refuses without the key, with a key the app does not trust, or with a file not as named', async () => {
    await expect(sign(undefined)).rejects.toThrow(
      'UPDATE_SIGNING_KEY is not set: a release is never published with unsigned updates.',
    );
    await expect(sign(foreignKey.privateKey)).rejects.toThrow(
      /UPDATE_SIGNING_KEY is not the key built into the app .*: installed copies would refuse this release\./,
    );
    writeFileSync(join(dist, appImage), 'changed after the feed was written');
    await expect(sign(releaseKey.privateKey)).rejects.toThrow(
      `${appImage} is not the file latest-linux.yml describes (its sha512 differs).`,
    );
    rmSync(join(dist, appImage));
    await expect(sign(releaseKey.privateKey)).rejects.toThrow(
      `latest-linux.yml names ${appImage}, which is not beside it in ${dist}.`,
    );
    expect(existsSync(join(dist, 'latest-linux.yml.sig'))).toBe(false);
    rmSync(dist, { recursive: true, force: true });
  });

  it('as the release runs it, fails without UPDATE_SIGNING_KEY', () => {
    const run = spawnSync('npx', ['tsx', 'build/scripts/sign-updates.ts', dist], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, UPDATE_SIGNING_KEY: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'UPDATE_SIGNING_KEY is not set: a release is never published with unsigned updates.',
    );
    expect(existsSync(join(dist, 'latest-linux.yml.sig'))).toBe(false);
    rmSync(dist, { recursive: true, force: true });
  });
});
