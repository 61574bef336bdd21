// `seller-desk` as installed: the production dependencies hold no bundler and no TypeScript
// loader (so neither ships in the installer), and the command line `npm run build` bundles runs
// from a folder that has only those dependencies, with NODE_PATH leading nowhere and any import
// of esbuild or tsx refused (fixtures/noBundler.mjs). Without a bundle and without esbuild, the
// binary says what to do in one sentence.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  copyFileSync,
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BUNDLE, cliBundleIsFresh } from '../../build/scripts/cliBundle.mjs';
import { resolveCredentialImportWorker } from '../../electron/core/imports/credentials/importCredentialsInWorker';
import { resolveXlsxReadWorker } from '../../electron/core/imports/sheets/readXlsxInWorker';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const noBundler = join(root, 'test/shell/fixtures/noBundler.mjs');
const BUNDLERS = /^node_modules\/(tsx|esbuild|@esbuild\/[^/]+)$/;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sd-${name}-`));
  dirs.push(dir);
  return dir;
}

/** What `npm ci --omit=dev` installs, as package-lock.json resolves it. */
function productionPackages(): string[] {
  return Object.entries(lock.packages as Record<string, { dev?: boolean }>)
    .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
    .map(([path]) => path);
}

/** Hard links (a copy across devices) of a package, without its nested node_modules. */
function installPackage(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) installPackage(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

function runBin(dir: string, args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', noBundler, join(dir, 'bin/seller-desk.mjs'), ...args],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        NODE_PATH: join(dir, 'nowhere'),
        SELLER_DESK_DATA_DIR: join(dir, 'data'),
      },
    },
  );
}

describe('the production dependencies', () => {
  it('hold neither tsx nor esbuild, directly or through another package', () => {
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    expect(pkg.dependencies).not.toHaveProperty('esbuild');
    expect(pkg.devDependencies).toMatchObject({
      tsx: expect.any(String),
      esbuild: expect.any(String),
    });
    const production = productionPackages();
    expect(production).toContain('node_modules/better-sqlite3');
    expect(production.filter((path) => BUNDLERS.test(path))).toEqual([]);
  });
});

describe('the built command line', () => {
  let installed: string;

  beforeAll(() => {
    if (!cliBundleIsFresh(root)) {
      const built = spawnSync(process.execPath, ['build/scripts/build.mjs', '--only=electron'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(built.status, built.stderr).toBe(0);
    }
    // An installed app: the binary, the bundle and the production dependencies; no sources.
    installed = tempDir('installed');
    cpSync(join(root, 'bin'), join(installed, 'bin'), { recursive: true });
    cpSync(join(root, dirname(CLI_BUNDLE)), join(installed, dirname(CLI_BUNDLE)), {
      recursive: true,
    });
    copyFileSync(join(root, 'package.json'), join(installed, 'package.json'));
    for (const path of productionPackages()) {
      try {
        installPackage(join(root, path), join(installed, path));
      } catch (error) {
        // Optional packages for other platforms are not installed here either.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }, 120_000);

  it('carries the worker threads the core starts beside it (workbook reader, credential import)', () => {
    const bundle = join(installed, CLI_BUNDLE);
    for (const worker of [resolveXlsxReadWorker(bundle), resolveCredentialImportWorker(bundle)]) {
      expect(worker.typescriptEntry).toBeUndefined();
      expect(existsSync(worker.file), worker.file).toBe(true);
    }
  });

  it('has no bundler within reach', () => {
    const fromInstalled = createRequire(join(installed, 'bin/seller-desk.mjs'));
    for (const name of ['esbuild', 'tsx']) {
      expect(() => fromInstalled.resolve(name), name).toThrow(/Cannot find module/);
    }
  });

  it('runs help and --help with plain Node', () => {
    for (const args of [['help'], ['--help'], ['offers', 'import', '--help']]) {
      const run = runBin(installed, args);
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/seller-desk/);
      expect(run.stderr).not.toMatch(/refused to (import|require)/);
    }
    const json = runBin(installed, ['help', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, command: 'help', exitCode: 0 });
  });

  it('opens its SQLite data folder (the native module) with plain Node', () => {
    const run = runBin(installed, ['status', '--json', '--base-url', 'http://127.0.0.1:9']);
    expect(run.stderr).not.toMatch(/refused to (import|require)/);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, command: 'status' });
  });
});

describe('without a bundle and without esbuild', () => {
  it('says what to do in one sentence, from an installed folder and from a checkout', () => {
    const installed = tempDir('unbuilt');
    cpSync(join(root, 'bin'), join(installed, 'bin'), { recursive: true });
    const checkout = tempDir('checkout');
    cpSync(join(root, 'bin'), join(checkout, 'bin'), { recursive: true });
    cpSync(
      join(root, 'build/scripts/cliBundle.mjs'),
      join(checkout, 'build/scripts/cliBundle.mjs'),
    );
    mkdirSync(join(checkout, 'electron/cli'), { recursive: true });
    writeFileSync(join(checkout, 'electron/cli/main.ts'), 'console.log("never run");\n');
    for (const dir of [installed, checkout]) {
      const run = runBin(dir, ['help']);
      expect(run.status, dir).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trim().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^seller-desk is not built .*esbuild is not installed .*npm run build/,
      );
    }
  });
});

describe('in a development checkout', () => {
  it('bundles on demand, again after a source changes, and names a compile error', () => {
    const checkout = tempDir('dev');
    cpSync(join(root, 'bin'), join(checkout, 'bin'), { recursive: true });
    cpSync(
      join(root, 'build/scripts/cliBundle.mjs'),
      join(checkout, 'build/scripts/cliBundle.mjs'),
    );
    mkdirSync(join(checkout, 'node_modules'));
    symlinkSync(join(root, 'node_modules/esbuild'), join(checkout, 'node_modules/esbuild'));
    const main = join(checkout, 'electron/cli/main.ts');
    mkdirSync(dirname(main), { recursive: true });
    const write = (text: string, secondsAgo: number) => {
      writeFileSync(main, text);
      const at = new Date(Date.now() - secondsAgo * 1000);
      utimesSync(main, at, at);
    };
    const run = () =>
      spawnSync(process.execPath, [join(checkout, 'bin/seller-desk.mjs')], {
        cwd: checkout,
        encoding: 'utf8',
        timeout: 60_000,
      });

    write('const version: number = 1;\nconsole.log(`cli ${version}`);\n', 60);
    expect(run().stdout).toBe('cli 1\n');
    expect(JSON.parse(readFileSync(join(checkout, 'out/cli/inputs.json'), 'utf8')).inputs).toEqual([
      'electron/cli/main.ts',
    ]);
    write('const version: number = 2;\nconsole.log(`cli ${version}`);\n', 0);
    expect(run().stdout).toBe('cli 2\n');

    write('const broken: number = ;\n', 0);
    const failed = run();
    expect(failed.status).toBe(1);
    expect(failed.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^seller-desk: electron\/cli could not be bundled \(electron\/cli\/main\.ts:1: /,
      ),
    ]);
  });
});
