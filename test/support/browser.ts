// The one place the tests, the screenshot suites and the benchmarks find a browser. A fresh
// machine has whatever `npm install` brought and maybe nothing else, so the order ends with a
// Chromium shipped inside an npm package; a browser of the machine's own is used when present
// because it starts without unpacking anything.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { findElectronBinary } from '../../build/scripts/electronBinary.mjs';

const root = resolve(import.meta.dirname, '../..');

/** A Chromium-family browser that Playwright's `chromium.launch` drives. */
export interface FoundBrowser {
  kind: 'browser';
  executablePath: string;
  /** Where it came from, for the line the harness prints. */
  source: string;
  /** Environment the browser needs beyond the test's own (fonts of a packaged Chromium). */
  env?: Record<string, string>;
}

/** The Electron binary of `node_modules/electron`: the flows drive the real app with it. */
export interface FoundElectron {
  kind: 'electron';
  executablePath: string;
  source: string;
}

export class NoBrowserError extends Error {
  constructor() {
    super(
      'No browser for the tests was found: run `npm install` (it brings a Chromium on Linux x64), ' +
        'install Chrome, Chromium or Edge, or set SELLER_DESK_BROWSER to a Chromium-family ' +
        'executable.',
    );
    this.name = 'NoBrowserError';
  }
}

/** What the search looks at; the tests of the order pass their own. */
export interface BrowserSearch {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  arch: string;
  exists(path: string): boolean;
  electronBinary(): string | null;
  /** The Chromium an npm package ships, unpacked; null where none fits this platform. */
  npmChromium(): Promise<FoundBrowser | null>;
}

/** Where each OS keeps Chrome, Chromium and Edge, most usual first. */
export function installedBrowserPaths(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): string[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', join(env.HOME ?? homedir(), 'Applications')];
    const bundles = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    return apps.flatMap((dir) => bundles.map((bundle) => join(dir, bundle)));
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
      (dir): dir is string => !!dir,
    );
    const exes = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Chromium\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
    ];
    return roots.flatMap((dir) => exes.map((exe) => `${dir}\\${exe}`));
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/usr/bin/microsoft-edge-stable',
    '/usr/bin/microsoft-edge',
    '/opt/google/chrome/chrome',
  ];
}

/**
 * A browser, or the Electron app where its binary is installed and `electron` is allowed: in
 * this order SELLER_DESK_BROWSER, Electron, an installed Chrome/Chromium/Edge, the npm Chromium.
 * Throws NoBrowserError (one sentence) when none is found.
 */
export async function findBrowser(
  options: { electron?: boolean } = {},
  search: BrowserSearch = machineSearch(),
): Promise<FoundBrowser | FoundElectron> {
  const chosen = search.env.SELLER_DESK_BROWSER;
  if (chosen) {
    if (!search.exists(chosen)) {
      throw new Error(`SELLER_DESK_BROWSER names ${chosen}, which does not exist.`);
    }
    return { kind: 'browser', executablePath: chosen, source: 'SELLER_DESK_BROWSER' };
  }
  if (options.electron) {
    const electron = search.electronBinary();
    if (electron)
      return { kind: 'electron', executablePath: electron, source: 'node_modules/electron' };
  }
  const installed = installedBrowserPaths(search.platform, search.env).find(search.exists);
  if (installed) return { kind: 'browser', executablePath: installed, source: 'installed' };
  const packaged = await search.npmChromium();
  if (packaged) return packaged;
  throw new NoBrowserError();
}

/** A plain browser (never Electron): for pages that are not the app (component harnesses). */
export async function findPlainBrowser(search?: BrowserSearch): Promise<FoundBrowser> {
  return (await findBrowser({ electron: false }, search)) as FoundBrowser;
}

export function machineSearch(): BrowserSearch {
  return {
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    exists: existsSync,
    electronBinary: () => findElectronBinary(root),
    npmChromium: () => unpackNpmChromium(),
  };
}

/**
 * `@sparticuz/chromium` ships a headless Chromium for Linux x64 as brotli files. It is unpacked
 * once into node_modules/.cache under a folder named by its version, through a temporary folder
 * renamed into place, so two test workers starting together never see half a binary.
 */
async function unpackNpmChromium(): Promise<FoundBrowser | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const require = createRequire(join(root, 'package.json'));
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    return null;
  }
  // build/cjs/index.cjs → the package's folder.
  const packageDir = resolve(dirname(entry), '../..');
  const { version } = require(join(packageDir, 'package.json')) as { version: string };
  const cache = join(root, 'node_modules/.cache/seller-desk-chromium');
  const target = join(cache, version);
  const found = (): FoundBrowser => ({
    kind: 'browser',
    executablePath: join(target, 'chromium'),
    source: `@sparticuz/chromium ${version}`,
    // Without a real locale in the environment this Chromium reports its language as
    // `en-US@posix`, which every Intl constructor refuses.
    env: { FONTCONFIG_FILE: join(target, 'fonts.conf'), LANG: 'en_US.UTF-8' },
  });
  if (existsSync(join(target, 'chromium'))) return found();

  mkdirSync(cache, { recursive: true });
  const staging = `${target}.unpacking-${process.pid}-${Date.now()}`;
  mkdirSync(staging);
  try {
    const bin = join(packageDir, 'bin');
    await pipeline(
      createReadStream(join(bin, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(join(staging, 'chromium'), { mode: 0o755 }),
    );
    await untarBrotli(join(bin, 'swiftshader.tar.br'), staging);
    await untarBrotli(join(bin, 'fonts.tar.br'), staging);
    // The package's own fonts.conf names AWS Lambda's folders; ours adds its fonts to the system's.
    await writeFile(
      join(staging, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <dir>/usr/share/fonts</dir>',
        '  <dir>/usr/local/share/fonts</dir>',
        '  <dir prefix="xdg">fonts</dir>',
        `  <dir>${join(target, 'fonts')}</dir>`,
        `  <cachedir>${join(target, 'fontconfig-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another worker unpacked it first: use theirs.
      if (!existsSync(join(target, 'chromium'))) throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return found();
}

async function untarBrotli(file: string, into: string): Promise<void> {
  const tar = spawn('tar', ['-x', '-C', into], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done, fail) =>
    tar.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`tar could not unpack ${file}: ${stderr.trim()}`)),
    ),
  );
  await pipeline(createReadStream(file), createBrotliDecompress(), tar.stdin);
  await exited;
}

/** The switches every headless launch of a browser gets on our machines (no network but loopback). */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches `found` (by default the plain browser the resolver finds) headless with Playwright. */
export async function launchBrowser(given?: FoundBrowser): Promise<Browser> {
  const found = given ?? (await findPlainBrowser());
  return chromium.launch({
    executablePath: found.executablePath,
    args: BROWSER_ARGS,
    ...(found.env && { env: { ...process.env, ...found.env } }),
  });
}
