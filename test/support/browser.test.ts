import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findBrowser,
  installedBrowserPaths,
  NoBrowserError,
  type BrowserSearch,
  type FoundBrowser,
} from './browser';

/** Where Linux distributions put Chromium, as the resolver's own list names it. */
const SYSTEM_CHROMIUM = installedBrowserPaths('linux', {}).find((p) => p.endsWith('/chromium'))!;

const NPM: FoundBrowser = {
  kind: 'browser',
  executablePath: '/cache/chromium',
  source: '@sparticuz/chromium',
};

/** A machine that has exactly the files named, an Electron binary or not, an npm Chromium or not. */
function machine(
  files: string[],
  over: Partial<BrowserSearch> & { npm?: FoundBrowser | null } = {},
): BrowserSearch & { npmAsked: () => number } {
  let asked = 0;
  return {
    env: {},
    platform: 'linux',
    arch: 'x64',
    exists: (path) => files.includes(path),
    electronBinary: () => null,
    async npmChromium() {
      asked++;
      return over.npm === undefined ? NPM : over.npm;
    },
    npmAsked: () => asked,
    ...over,
  };
}

describe('the browser resolver', () => {
  it('takes SELLER_DESK_BROWSER before anything else', async () => {
    const search = machine(['/opt/mine/chrome', SYSTEM_CHROMIUM], {
      env: { SELLER_DESK_BROWSER: '/opt/mine/chrome' },
      electronBinary: () => '/electron',
    });
    const found = await findBrowser({ electron: true }, search);
    expect(found).toMatchObject({ kind: 'browser', executablePath: '/opt/mine/chrome' });
    expect(search.npmAsked()).toBe(0);
  });

  it('refuses a SELLER_DESK_BROWSER that does not exist instead of looking elsewhere', async () => {
    const search = machine([SYSTEM_CHROMIUM], { env: { SELLER_DESK_BROWSER: '/nope' } });
    await expect(findBrowser({}, search)).rejects.toThrow(
      'SELLER_DESK_BROWSER names /nope, which does not exist.',
    );
  });

  it('takes the Electron binary next, when the caller can drive the app', async () => {
    const search = machine([SYSTEM_CHROMIUM], { electronBinary: () => '/electron' });
    expect(await findBrowser({ electron: true }, search)).toMatchObject({
      kind: 'electron',
      executablePath: '/electron',
    });
    // A page that is not the app (a component harness) wants a plain browser.
    expect(await findBrowser({ electron: false }, search)).toMatchObject({
      kind: 'browser',
      executablePath: SYSTEM_CHROMIUM,
    });
  });

  it('takes an installed browser before unpacking the npm one', async () => {
    const search = machine(['/usr/bin/google-chrome']);
    expect(await findBrowser({ electron: true }, search)).toMatchObject({
      executablePath: '/usr/bin/google-chrome',
      source: 'installed',
    });
    expect(search.npmAsked()).toBe(0);
  });

  it('falls back to the Chromium an npm package ships', async () => {
    const search = machine([]);
    expect(await findBrowser({ electron: true }, search)).toBe(NPM);
  });

  it('fails with one sentence that says how to get a browser', async () => {
    const search = machine([], { npm: null });
    const failure = await findBrowser({ electron: true }, search).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoBrowserError);
    const message = (failure as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^No browser for the tests was found: .*npm install.*\.$/);
    expect(message).toContain('SELLER_DESK_BROWSER');
  });

  it('looks where each OS keeps Chrome, Chromium and Edge', () => {
    expect(installedBrowserPaths('linux', {})).toContain(SYSTEM_CHROMIUM);
    expect(installedBrowserPaths('darwin', { HOME: '/Users/s' })).toContain(
      '/Users/s/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    const windows = installedBrowserPaths('win32', {
      PROGRAMFILES: 'C:\\Program Files',
      'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
    });
    expect(windows).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(windows).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
  });

  it('finds a browser on this machine, whatever it has installed', async () => {
    const found = await findBrowser({ electron: false });
    expect(found.kind).toBe('browser');
    expect(existsSync(found.executablePath)).toBe(true);
  });
});
