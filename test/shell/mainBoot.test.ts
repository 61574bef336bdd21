// Electron cannot run here, so the built main bundle is booted under Node with a stand-in
// `electron` (fixtures/bootMain.mjs) that plays Electron's part. This checks main as shipped:
// every contract channel handled, secure window preferences, the sender check in front of the
// real core, app:// with its CSP, navigation/window/webview/permission guards, and a clean quit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, FILE_GRANT_CHANNEL } from '../../electron/contract/ipc';
import { contentSecurityPolicy } from '../../electron/shell/contentSecurityPolicy';
import { ensureMainBuilt, mainBundle, root } from './builtMain';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON report, checked field by field
let report: any;
let userData: string;

beforeAll(() => {
  ensureMainBuilt();
  userData = mkdtempSync(join(tmpdir(), 'sd-boot-'));
  const run = spawnSync(
    process.execPath,
    [join(root, 'test/shell/fixtures/bootMain.mjs'), mainBundle, userData, root],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  const line = run.stdout.split('\n').find((l) => l.startsWith('REPORT '));
  expect(line, `${run.stdout}\n${run.stderr}`).toBeDefined();
  report = JSON.parse(line!.slice('REPORT '.length));
}, 90_000);

afterAll(() => rmSync(userData, { recursive: true, force: true }));

describe('the built main process', () => {
  it('handles exactly the contract channels, prefixed', () => {
    expect([...report.channels].sort()).toEqual(channelNames.map((c) => `seller-desk:${c}`).sort());
    // Plus the preload's private file grant, which the page cannot reach.
    expect(report.privateChannels).toEqual([FILE_GRANT_CHANNEL]);
  });

  it('opens its window isolated, sandboxed, without Node, on app://', () => {
    expect(report.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(report.webPreferences.preload).toBe(join(root, 'out/preload/index.cjs'));
    expect(report.loaded).toBe('app://seller-desk/index.html');
    expect(report.sandboxEnabled).toBe(true);
    expect(report.reloadedAfterCrash).toBe(true);
    expect(report.privileged[0]).toMatchObject({
      scheme: 'app',
      privileges: { standard: true, secure: true },
    });
  });

  it('answers our page through the real core, and refuses forged senders and bad payloads', () => {
    expect(report.statusTrusted).toMatchObject({
      ok: true,
      value: { mode: 'none', tokenSet: false, storageBackend: 'gnome_libsecret' },
    });
    expect(report.statusForged).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(report.statusSubframe).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(report.malformed).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    expect(report.externalRefused).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
  });

  it('serves the renderer on app:// with the strict CSP, and nothing outside it', () => {
    expect(report.index.status).toBe(200);
    expect(report.index.csp).toBe(contentSecurityPolicy({ connect: "'none'" }));
    expect(report.index.body).toContain('<div id="app">');
    expect(report.traversal.status).toBe(404);
    expect(report.otherHost.status).toBe(404);
  });

  it('blocks navigation, new windows, webviews and permission prompts', () => {
    expect(report.navigateAway).toBe(true);
    expect(report.redirectAway).toBe(true);
    expect(report.navigateOwn).toBe(false);
    expect(report.webview).toBe(true);
    expect(report.openEvil).toEqual({ action: 'deny' });
    expect(report.openMarketplace).toEqual({ action: 'deny' });
    // Only the allow-listed link went to the browser.
    expect(report.opened).toEqual(['https://marketplace.example/help']);
    expect(report.permission).toBe(false);
    expect(report.permissionCheck).toBe(false);
  });

  it('runs sandbox mode in process and imports credentials through the bundled worker', () => {
    expect(report.sandbox).toMatchObject({ ok: true, value: { mode: 'sandbox', tokenSet: true } });
    expect(report.previewUngranted).toMatchObject({
      ok: false,
      error: { kind: 'bad_input', message: expect.stringMatching(/not given it/) },
    });
    expect(report.grantForged).toBe(false);
    expect(report.grantTrusted).toBe(true);
    expect(report.preview).toMatchObject({
      ok: true,
      value: { format: 'lines', totals: { rows: 2, valid: 2 } },
    });
    // Masked logins only; the passwords never come back.
    expect(JSON.stringify(report.preview)).not.toMatch(/secret-one|secret-two|bravo/);
    expect(report.ownFileRefused).toMatchObject({
      ok: false,
      error: { kind: 'bad_input', message: expect.stringMatching(/own data files/) },
    });
    expect(report.eventsSent).toEqual(
      expect.arrayContaining(['seller-desk:session.changed', 'seller-desk:sync.status']),
    );
  });

  it('runs the core in a utility process of its own, from the bundle beside main', () => {
    expect(report.utilityForks).toEqual([
      { modulePath: join(root, 'out/main/core-process.cjs'), serviceName: 'Seller Desk core' },
    ]);
  });

  it('has the usual menu, remembers the window, and quits after closing the core', () => {
    expect(report.menuLabels).toEqual(
      expect.arrayContaining(['File', 'Edit', 'View', 'Window', 'Help']),
    );
    expect(report.windowStateSaved).toBe(true);
    expect(report.quits).toBe(2);
  });

  it('draws the tray core describes, with its icon, and leaves login items to an installed app', () => {
    expect(report.tray).toMatchObject({
      icon: join(root, 'build', 'icons', '32x32.png'),
      items: ['Open Seller Desk', 'Sync Now', 'Quit Seller Desk'],
      destroyed: false,
    });
    expect(report.tray.tooltip).toMatch(/^Seller Desk/);
    // A checkout's Electron binary is never registered to start at login.
    expect(report.loginItem).toBeNull();
  });
});
