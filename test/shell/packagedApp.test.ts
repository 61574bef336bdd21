// The fuses (package.json → build.electronFuses) make an installed Seller Desk load its code from
// app.asar only, and check that archive's integrity. Code read from anywhere else would escape
// the check, so this boots the built main bundle from the layout electron-builder installs
// (resources/app.asar, and app.asar.unpacked for what asarUnpack names) with app.isPackaged true,
// and records every module, native addon and worker the process loads. Electron reads an asar
// like a folder; here the folder is a real one, so any path outside it shows as such.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMainBuilt, root } from './builtMain';

let dir: string;
let asar: string;
let unpackedBinding: string;
let loads: { kind: string; path: string }[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON report, checked field by field
let report: any;

beforeAll(() => {
  ensureMainBuilt();
  dir = mkdtempSync(join(tmpdir(), 'sd-packaged-'));
  const resources = join(dir, 'resources');
  asar = join(resources, 'app.asar');
  // What electron-builder packs (package.json → build.files, and the one production module main
  // leaves external), minus better-sqlite3's own build, which the files list excludes.
  for (const folder of ['out/main', 'out/preload', 'out/renderer']) {
    cpSync(join(root, folder), join(asar, folder), { recursive: true });
  }
  copyFileSync(join(root, 'package.json'), join(asar, 'package.json'));
  for (const part of ['package.json', 'lib']) {
    cpSync(
      join(root, 'node_modules/better-sqlite3', part),
      join(asar, 'node_modules/better-sqlite3', part),
      { recursive: true },
    );
  }
  // asarUnpack: the binding alone (here the Node build, as this runs under Node).
  unpackedBinding = join(resources, 'app.asar.unpacked/out/native/better_sqlite3.node');
  mkdirSync(dirname(unpackedBinding), { recursive: true });
  copyFileSync(
    join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
    unpackedBinding,
  );

  const userData = join(dir, 'user-data');
  mkdirSync(userData);
  const log = join(dir, 'loads.log');
  const run = spawnSync(
    process.execPath,
    [
      '--require',
      join(root, 'test/shell/fixtures/recordLoads.cjs'),
      join(root, 'test/shell/fixtures/bootMain.mjs'),
      join(asar, 'out/main/index.cjs'),
      userData,
      asar,
      'packaged',
    ],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, SELLER_DESK_LOAD_LOG: log, NODE_PATH: '' },
    },
  );
  const line = run.stdout.split('\n').find((l) => l.startsWith('REPORT '));
  expect(line, `${run.stdout}\n${run.stderr}`).toBeDefined();
  report = JSON.parse(line!.slice('REPORT '.length));
  loads = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((entry) => {
      const at = entry.indexOf(' ');
      return { kind: entry.slice(0, at), path: entry.slice(at + 1) };
    });
}, 90_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an installed Seller Desk', () => {
  it('runs from app.asar: the window, the sandbox and a credential import in the worker', () => {
    expect(report.webPreferences.preload).toBe(join(asar, 'out/preload/index.cjs'));
    expect(report.index.status).toBe(200);
    expect(report.sandbox).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
    expect(report.preview).toMatchObject({ ok: true, value: { totals: { valid: 2 } } });
    // The installed app applies Settings' start-at-login (off until the seller turns it on).
    expect(report.loginItem).toEqual({ openAtLogin: false });
    expect(report.tray.items).toEqual(['Open Seller Desk', 'Sync Now', 'Quit Seller Desk']);
  });

  it('loads no code from outside app.asar but the native sqlite binding', () => {
    const fixtures = join(root, 'test/shell/fixtures') + sep;
    const appCode = loads.filter((load) => !load.path.startsWith(fixtures));
    expect(appCode.map((load) => load.kind)).toEqual(
      expect.arrayContaining(['module', 'native', 'worker']),
    );
    expect(appCode).toContainEqual({
      kind: 'worker',
      path: join(asar, 'out/main/credential-import-worker.cjs'),
    });
    // Each thread with a store connection (the core's, a WAL checkpointer's) loads the binding.
    const outside = [
      ...new Map(
        appCode
          .filter((load) => !load.path.startsWith(asar + sep))
          .map((load) => [`${load.kind} ${load.path}`, load]),
      ).values(),
    ];
    expect(outside).toEqual([
      { kind: 'module', path: unpackedBinding },
      { kind: 'native', path: unpackedBinding },
    ]);
  });
});
