#!/usr/bin/env node
// `npm run build`: the renderer with vite, then main and preload as CommonJS bundles with esbuild
// (a sandboxed preload cannot be an ES module; main stays CJS so `require` of the native
// better-sqlite3 binding works as-is under Electron), and the command line as one ES module
// (out/cli/seller-desk.mjs, which bin/seller-desk.mjs runs with plain Node).
//   node build/scripts/build.mjs [--only=renderer|electron]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildCliBundle } from './cliBundle.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? null;

async function buildRenderer() {
  if (!existsSync(join(root, 'renderer/index.html'))) {
    throw new Error('renderer/index.html is missing: there is no renderer to build yet.');
  }
  const { build } = await import('vite');
  await build({ configFile: join(root, 'renderer/vite.config.ts'), logLevel: 'warn' });
}

/** Shared esbuild options for the two Electron bundles. */
function electronBundle(entry, outfile, platform) {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform,
    target: platform === 'node' ? 'node22' : 'chrome120',
    // electron is provided by the runtime; better-sqlite3 is a native module loaded from disk.
    external: ['electron', 'better-sqlite3'],
    sourcemap: 'linked',
    logLevel: 'warning',
    // Core code is ESM and may use import.meta.url/dirname; give the CJS bundle real values.
    define: { 'import.meta.dirname': '__dirname', 'import.meta.url': 'import_meta_url' },
    banner: { js: 'const import_meta_url = require("url").pathToFileURL(__filename).href;' },
  };
}

async function buildElectron() {
  const esbuild = await import('esbuild');
  const jobs = [];
  if (existsSync(join(root, 'electron/main/index.ts'))) {
    const main = electronBundle('electron/main/index.ts', 'out/main/index.cjs', 'node');
    // The credential importer's and the workbook reader's worker threads are started from files
    // next to the main bundle (electron/core/imports/credentials/importCredentialsInWorker.ts,
    // electron/core/imports/sheets/readXlsxInWorker.ts).
    delete main.outfile;
    main.entryPoints = {
      index: 'electron/main/index.ts',
      // The core's own process (utilityProcess) and the thread it runs the core in
      // (electron/corehost: coreProcess.ts, coreWorker.ts), beside main's bundle.
      'core-process': 'electron/corehost/coreProcess.ts',
      'core-worker': 'electron/corehost/coreWorker.ts',
      'credential-import-worker': 'electron/core/imports/credentials/credentialImportWorker.ts',
      'xlsx-read-worker': 'electron/core/imports/sheets/xlsxReadWorker.ts',
      // The profile's WAL checkpointer thread, started by the store beside the core's bundle
      // (electron/core/store/checkpointer.ts).
      'wal-checkpointer': 'electron/core/store/checkpointerWorker.mjs',
    };
    main.outdir = 'out/main';
    main.outExtension = { '.js': '.cjs' };
    jobs.push(esbuild.build(main));
  }
  if (existsSync(join(root, 'electron/preload/index.ts'))) {
    const preload = electronBundle('electron/preload/index.ts', 'out/preload/index.cjs', 'browser');
    // The sandboxed preload only has `require('electron')`: no banner, no node globals.
    delete preload.banner;
    delete preload.define;
    jobs.push(esbuild.build(preload));
  }
  if (existsSync(join(root, 'electron/cli/main.ts'))) jobs.push(buildCliBundle(root, esbuild));
  await Promise.all(jobs);
}

const started = Date.now();
try {
  if (only !== 'electron') await buildRenderer();
  if (only !== 'renderer') await buildElectron();
  console.log(
    `Built ${only ?? 'renderer, main, preload and the CLI'} into out/ in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
