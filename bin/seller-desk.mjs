#!/usr/bin/env node
// `seller-desk`: runs the TypeScript command line with no build step for the user to remember.
// The first run bundles electron/cli with esbuild (which tsx already brings) into
// node_modules/.cache; later runs start from that one file, about twice as fast as transpiling
// every module on the way in, and rebuild only when a source file the bundle holds has changed.
// Should the bundle be impossible (read-only install, esbuild missing), tsx runs the sources.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = 'electron/cli/main.ts';
const cacheDir = join(root, 'node_modules', '.cache', 'seller-desk');
const bundleFile = join(cacheDir, 'cli.mjs');
const manifestFile = join(cacheDir, 'inputs.json');

function bundleIsFresh() {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(manifestFile, 'utf8'));
    statSync(bundleFile);
    return inputs.every((file) => statSync(join(root, file)).mtimeMs < builtAt);
  } catch {
    return false;
  }
}

async function buildBundle() {
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  // Taken before reading any source: an edit made during the build makes the next run rebuild.
  const builtAt = Date.now();
  const suffix = `.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: bundleFile + suffix,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  writeFileSync(manifestFile + suffix, JSON.stringify({ builtAt, inputs }));
  // Renames are atomic: two first runs at once each install a whole bundle.
  renameSync(bundleFile + suffix, bundleFile);
  renameSync(manifestFile + suffix, manifestFile);
}

let bundled = bundleIsFresh();
if (!bundled) {
  try {
    await buildBundle();
    bundled = true;
  } catch {
    bundled = false;
  }
}
if (bundled) {
  await import(pathToFileURL(bundleFile).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, entry)).href);
}
