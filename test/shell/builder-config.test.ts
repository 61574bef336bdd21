// electron-builder cannot run here (no Electron binary, no signing tools); this proves its
// configuration is complete, consistent, and accepted by electron-builder's own schema.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const config = pkg.build;
const require = createRequire(join(root, 'package.json'));

function targetsOf(platform: { target: (string | { target: string })[] }): string[] {
  return platform.target.map((t) => (typeof t === 'string' ? t : t.target));
}

/** Width, height and colour type from a PNG's IHDR; also inflates the pixels to prove it is whole. */
function readPng(path: string) {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const colourType = bytes[25];
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('ascii', at + 4, at + 8) === 'IDAT') {
      idat.push(bytes.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(idat));
  expect(pixels.length).toBe(height * (width * 4 + 1));
  return { width, height, colourType, pixels };
}

describe('electron-builder configuration', () => {
  it("is accepted by electron-builder's schema (and the check refuses a wrong key)", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config');
    const { DebugLogger } = require('builder-util');
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...config, nsisTarget: true }, new DebugLogger(false)),
    ).rejects.toThrow(/unknown property 'nsisTarget'/);
  });

  it('builds the installers of each OS', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
    // Windows notifications need main to use the installer's app id.
    expect(readFileSync(join(root, 'electron/main/index.ts'), 'utf8')).toContain(
      `const APP_ID = '${config.appId}';`,
    );
    expect(config.productName).toBe('Seller Desk');
    expect(targetsOf(config.win)).toEqual(['nsis']);
    expect(targetsOf(config.mac)).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(targetsOf(config.linux)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(pkg.scripts.dist).toMatch(/electron-native\.mjs && electron-builder$/);
  });

  it('signs macOS with the hardened runtime, existing entitlements and a notarize hook', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    for (const key of ['entitlements', 'entitlementsInherit'] as const) {
      const plist = readFileSync(join(root, config.mac[key]), 'utf8');
      expect(plist).toContain('com.apple.security.cs.allow-jit');
      expect(plist).not.toContain('com.apple.security.get-task-allow');
    }
    const hook = require(join(root, config.afterSign));
    expect(typeof hook.default).toBe('function');
  });

  it('ships the built app, with only the Electron build of the sqlite binding outside the asar', () => {
    expect(pkg.main).toBe('out/main/index.cjs');
    expect(config.files).toEqual(
      expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**']),
    );
    expect(config.files).toContain('out/native/better_sqlite3.node');
    // An object turns asar on (a boolean false would be needed to turn it off).
    expect(config.asar).toMatchObject({ smartUnpack: false });
    expect(config.asarUnpack).toEqual(['out/native/better_sqlite3.node']);
    // electron-builder's own rebuild would overwrite the Node build the tests use.
    expect(config.npmRebuild).toBe(false);
    for (const script of ['build', 'start', 'preview', 'bench', 'electron-native']) {
      expect(existsSync(join(root, `build/scripts/${script}.mjs`))).toBe(true);
    }
  });

  it('has real icons of the right sizes', () => {
    const main = readPng(join(root, config.mac.icon));
    expect([main.width, main.height, main.colourType]).toEqual([512, 512, 6]);
    expect(config.win.icon).toBe(config.mac.icon);
    for (const size of [512, 256]) {
      const icon = readPng(join(root, config.linux.icon, `${size}x${size}.png`));
      expect([icon.width, icon.height]).toEqual([size, size]);
      // Not a blank square: the drawing has transparent corners and more than one colour.
      const colours = new Set<string>();
      for (let i = 1; i < icon.pixels.length; i += 4 * 97) {
        colours.add(icon.pixels.subarray(i, i + 4).toString('hex'));
      }
      expect(colours.size).toBeGreaterThan(3);
      expect(icon.pixels[1 + 3]).toBe(0);
    }
  });
});

/** A file as electron-builder's matchers see it: node_modules files carry their module path. */
function fileStat(relative: string) {
  return {
    isFile: () => true,
    isDirectory: () => false,
    isSymbolicLink: () => false,
    moduleFullFilePath: relative.startsWith('node_modules/') ? relative : undefined,
  };
}

/** Every file under a folder, as paths relative to the repository. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

// Without fuses, anyone running as the seller can start the signed app as plain Node
// (ELECTRON_RUN_AS_NODE), hand it code (NODE_OPTIONS, --inspect), or swap its JavaScript, and ask
// safeStorage for the token without a prompt: the keychain trusts the signature, not the code.
describe('Electron fuses', () => {
  it('turns off Node mode, NODE_OPTIONS and --inspect, and checks the asar it loads', async () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      // The renderer is served from app://, never file://.
      grantFileProtocolExtraPrivileges: false,
    });
    // electron-builder turns each key into a bit of @electron/fuses' wire: none is skipped.
    const { PlatformPackager } = require('app-builder-lib');
    const { FuseV1Options, FuseVersion } = require('@electron/fuses');
    const wire = await PlatformPackager.prototype.generateFuseConfig.call({}, config.electronFuses);
    expect(wire).toEqual({
      version: FuseVersion.V1,
      resetAdHocDarwinSignature: undefined,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
    // A misspelt fuse is not silently ignored: the schema refuses it.
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config');
    const { DebugLogger } = require('builder-util');
    await expect(
      validateConfiguration(
        { ...config, electronFuses: { ...config.electronFuses, runAsNodes: false } },
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/configuration\.electronFuses/);
  });

  it('unpacks only the native binding: no JavaScript main loads sits outside the checked asar', () => {
    require('app-builder-lib');
    const { getFileMatchers } = require('app-builder-lib/out/fileMatcher');
    const [unpackMatcher] = getFileMatchers(config, 'asarUnpack', join(root, 'dist'), {
      macroExpander: (text: string) => text,
      customBuildOptions: {},
      globalOutDir: join(root, 'dist'),
      defaultSrc: root,
    });
    const unpacked = unpackMatcher.createFilter();
    const isUnpacked = (file: string) => unpacked(join(root, file), fileStat(file));
    expect(isUnpacked('out/native/better_sqlite3.node')).toBe(true);
    for (const file of [
      'out/main/index.cjs',
      'out/main/credential-import-worker.cjs',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'out/native/loader.js',
      'node_modules/better-sqlite3/lib/database.js',
      'node_modules/better-sqlite3/package.json',
    ]) {
      expect(isUnpacked(file), file).toBe(false);
    }
    // Smart unpacking would take out every module holding a binary, its JavaScript with it.
    expect(config.asar.smartUnpack).toBe(false);
    // Main asks for the binding where electron-builder puts it (electron/main/nativeBinding.ts).
    expect(readFileSync(join(root, 'electron/main/nativeBinding.ts'), 'utf8')).toContain(
      "join(base, 'out', 'native', 'better_sqlite3.node')",
    );
  });

  it("ships no native code inside the asar: better-sqlite3's Node build and sources stay out", () => {
    require('app-builder-lib');
    const { getNodeModuleFileMatcher } = require('app-builder-lib/out/fileMatcher');
    const shipped = getNodeModuleFileMatcher(
      root,
      join(root, 'dist'),
      (text: string) => text,
      {},
      { config, debugLogger: { isEnabled: false } },
    ).createFilter();
    const ships = (file: string) => shipped(join(root, file), fileStat(file));
    expect(ships('node_modules/better-sqlite3/lib/database.js')).toBe(true);
    expect(ships('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(false);
    expect(ships('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false);
    // The production dependencies as package-lock.json resolves them: with smart unpacking off,
    // a binary among them would be packed where it cannot load.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const production = Object.entries(lock.packages as Record<string, { dev?: boolean }>)
      .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
      .map(([path]) => path)
      .filter((path) => existsSync(join(root, path)));
    expect(production).toContain('node_modules/better-sqlite3');
    // The test electron-builder's smart unpacking applies: a library or executable by its name,
    // or binary content in a file without an extension.
    const { isLibOrExe } = require('app-builder-lib/out/asar/unpackDetector');
    const { isBinaryFileSync } = createRequire(require.resolve('app-builder-lib'))('isbinaryfile');
    const binaries = production
      .flatMap((dir) => filesUnder(dir))
      .filter((file) => ships(file))
      .filter((file) => isLibOrExe(file) || (!extname(file) && isBinaryFileSync(join(root, file))));
    expect(binaries).toEqual([]);
  });
});
