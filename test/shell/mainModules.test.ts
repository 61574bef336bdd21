// The small pure parts of main: window state, the app:// file mapping, the external link
// allow-list, file reference checks, and where the Electron sqlite binding is looked for.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../electron/contract/ipc';
import { contentTypeOf, resolveAppAsset } from '../../electron/main/appProtocol';
import { isAllowedExternalUrl, marketplaceSiteOf } from '../../electron/main/externalLinks';
import { createFileGrants, createFileRefResolver } from '../../electron/main/fileRefs';
import { menuTemplate } from '../../electron/main/menu';
import { electronSqliteBinding } from '../../electron/main/nativeBinding';
import {
  DEFAULT_WINDOW_STATE,
  loadWindowState,
  saveWindowState,
} from '../../electron/main/windowState';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-main-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('round-trips and keeps a position that is on a display', () => {
    const file = join(dir, 'state', 'window-state.json');
    saveWindowState(file, { x: 100, y: 50, width: 1000, height: 700, maximized: true });
    expect(loadWindowState(file, [display])).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('drops a position on a monitor that is gone, and clamps a tiny size', () => {
    const file = join(dir, 'window-state.json');
    saveWindowState(file, { x: 5000, y: 50, width: 10, height: 10, maximized: false });
    expect(loadWindowState(file, [display])).toEqual({ width: 800, height: 560, maximized: false });
  });

  it('falls back to the default for a missing or damaged file', () => {
    expect(loadWindowState(join(dir, 'none.json'), [display])).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(join(dir, 'bad.json'), '{"width": "wide"');
    expect(loadWindowState(join(dir, 'bad.json'), [display])).toEqual(DEFAULT_WINDOW_STATE);
  });
});

describe('app:// assets', () => {
  const root = '/opt/seller-desk/out/renderer';
  it('maps our URLs into the renderer folder', () => {
    expect(resolveAppAsset('app://seller-desk/index.html', root)).toBe(`${root}/index.html`);
    expect(resolveAppAsset('app://seller-desk/', root)).toBe(`${root}/index.html`);
    expect(resolveAppAsset('app://seller-desk/assets/a%20b.js?x=1#y', root)).toBe(
      `${root}/assets/a b.js`,
    );
    expect(contentTypeOf('x/index.js')).toMatch(/^text\/javascript/);
  });

  it.each([
    'app://seller-desk/../../etc/passwd',
    'app://seller-desk/assets/%2e%2e/%2e%2e/%2e%2e/secret',
    'app://seller-desk/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret',
    'app://seller-desk/a%5c..%5c..%5csecret',
    'app://seller-desk/..%2f..%2f..%2f..%2fetc%2fpasswd',
  ])('never leaves the renderer folder for %s', (url) => {
    const file = resolveAppAsset(url, root);
    if (file !== null) expect(file.startsWith(`${root}/`)).toBe(true);
  });

  it.each([
    'app://seller-desk/a%5c..%5c..%5csecret',
    'app://seller-desk/a%00.js',
    'app://other-host/index.html',
    'file:///etc/passwd',
    'app://seller-desk/%E0%A4%A',
  ])('refuses %s', (url) => {
    expect(resolveAppAsset(url, root)).toBeNull();
  });
});

describe('external links', () => {
  it('derives the marketplace site from the API host', () => {
    expect(marketplaceSiteOf('https://api.marketplace.example')).toBe('marketplace.example');
  });

  it('opens only https links to allowed hosts', () => {
    const hosts = ['marketplace.example'];
    expect(isAllowedExternalUrl('https://marketplace.example/dashboard', hosts)).toBe(true);
    expect(isAllowedExternalUrl('https://help.marketplace.example/x', hosts)).toBe(true);
    for (const url of [
      'http://marketplace.example/',
      'https://marketplace.example.evil.com/',
      'https://evilmarketplace.example/',
      'https://user:pw@marketplace.example/',
      'https://marketplace.example:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(url, hosts), url).toBe(false);
    }
  });
});

describe('file references from the renderer', () => {
  /** Grants everything it is given, like a seller who picks each of these files. */
  function grantedAll(refs: string[]) {
    const grants = createFileGrants();
    refs.forEach((ref) => grants.grant(ref));
    return grants;
  }

  it('accepts a granted regular file by absolute path, and returns its real path', async () => {
    writeFileSync(join(dir, 'offers.csv'), 'a,b\n');
    symlinkSync(join(dir, 'offers.csv'), join(dir, 'link.csv'));
    const grants = grantedAll([join(dir, 'offers.csv'), join(dir, 'link.csv')]);
    const resolve = createFileRefResolver([join(dir, 'userData')], grants);
    await expect(resolve(join(dir, 'offers.csv'))).resolves.toBe(join(dir, 'offers.csv'));
    await expect(resolve(join(dir, 'link.csv'))).resolves.toBe(join(dir, 'offers.csv'));
  });

  it('refuses a path the seller never picked or dropped, even a real file', async () => {
    writeFileSync(join(dir, 'id_rsa'), 'PRIVATE KEY');
    const resolve = createFileRefResolver([join(dir, 'userData')], createFileGrants());
    await expect(resolve(join(dir, 'id_rsa'))).rejects.toThrow(/was not given it/);
  });

  it('refuses relative paths, folders, missing files and our own data files', async () => {
    const userData = join(dir, 'userData');
    mkdirSync(userData);
    writeFileSync(join(userData, 'token.enc'), 'sealed');
    symlinkSync(join(userData, 'token.enc'), join(dir, 'innocent.txt'));
    const refs = [
      'offers.csv',
      dir,
      join(dir, 'missing.csv'),
      join(userData, 'token.enc'),
      join(dir, 'innocent.txt'),
      `${dir}/a\0b`,
    ];
    const resolve = createFileRefResolver([userData], grantedAll(refs));
    for (const ref of refs) {
      await expect(resolve(ref), ref).rejects.toSatisfy(
        (e) => e instanceof AppFailure && e.kind === 'bad_input',
      );
    }
  });
});

describe('Electron sqlite binding', () => {
  it('looks in out/native, unpacked from the asar when packaged', () => {
    const seen: string[] = [];
    const exists = (p: string) => (seen.push(p), true);
    expect(electronSqliteBinding({ appPath: '/src/app', isPackaged: false, exists })).toBe(
      '/src/app/out/native/better_sqlite3.node',
    );
    expect(
      electronSqliteBinding({ appPath: '/opt/SD/resources/app.asar', isPackaged: true, exists }),
    ).toBe('/opt/SD/resources/app.asar.unpacked/out/native/better_sqlite3.node');
    expect(
      electronSqliteBinding({ appPath: '/src/app', isPackaged: false, exists: () => false }),
    ).toBeUndefined();
  });
});

describe('menu', () => {
  it('has the usual roles, and dev tools only in development', () => {
    const roles = (t: ReturnType<typeof menuTemplate>) =>
      JSON.stringify(t, (k, v) => (k === 'click' ? undefined : v));
    const dev = roles(
      menuTemplate({
        platform: 'linux',
        appName: 'Seller Desk',
        withDevTools: true,
        openHelp: () => {},
      }),
    );
    const prod = roles(
      menuTemplate({
        platform: 'darwin',
        appName: 'Seller Desk',
        withDevTools: false,
        openHelp: () => {},
      }),
    );
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn']) {
      expect(dev).toContain(`"${role}"`);
    }
    expect(dev).toContain('toggleDevTools');
    expect(prod).not.toContain('toggleDevTools');
    expect(prod).toContain('"hideOthers"');
  });
});
