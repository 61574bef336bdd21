#!/usr/bin/env node
// `seller-desk`: starts the command line that `npm run build` bundled into out/cli, with plain
// Node. In a development checkout (the sources are here) the bundle is first remade with esbuild
// when a source file it holds has changed, so there is no build step to remember.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundleFile = join(root, 'out', 'cli', 'seller-desk.mjs');
const bundler = join(root, 'build', 'scripts', 'cliBundle.mjs');

/** The bundler, or null where devDependencies are not installed (an installed app). */
async function importEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    return null;
  }
}

if (existsSync(join(root, 'electron', 'cli', 'main.ts')) && existsSync(bundler)) {
  const { buildCliBundle, cliBundleIsFresh } = await import(pathToFileURL(bundler).href);
  const esbuild = cliBundleIsFresh(root) ? null : await importEsbuild();
  if (esbuild) {
    try {
      await buildCliBundle(root, esbuild);
    } catch (error) {
      const first = error?.errors?.[0];
      const where = first?.location ? `${first.location.file}:${first.location.line}: ` : '';
      const reason = first ? where + first.text : (error?.message ?? String(error));
      console.error(`seller-desk: electron/cli could not be bundled (${reason}).`);
      process.exit(1);
    }
  }
}

if (!existsSync(bundleFile)) {
  console.error(
    'seller-desk is not built (out/cli/seller-desk.mjs is missing) and esbuild is not ' +
      'installed to build it: run `npm install` and `npm run build` first.',
  );
  process.exit(1);
}
await import(pathToFileURL(bundleFile).href);
