// electron-builder cannot run here (no Electron binary, no signing tools); this proves its
// configuration is complete, consistent, and accepted by electron-builder's own schema.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
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

  it('ships the built app and unpacks the native sqlite module from the asar', () => {
    expect(pkg.main).toBe('out/main/index.cjs');
    expect(config.files).toEqual(
      expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**']),
    );
    expect(config.files).toContain('out/native/better_sqlite3.node');
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['node_modules/better-sqlite3/**', 'out/native/**']),
    );
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
