#!/usr/bin/env node
// better-sqlite3 for Electron's ABI, built beside (not over) the Node build that tests use:
// the module is copied to out/native/work, fetched or compiled there for Electron, and the
// resulting binding lands in out/native/better_sqlite3.node. Main hands that path to
// better-sqlite3 as `nativeBinding` (electron/main/nativeBinding.ts).
//   node build/scripts/electron-native.mjs [--arch=x64|arm64]
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const arch = process.argv.find((a) => a.startsWith('--arch='))?.slice(7) ?? process.arch;

const electronVersion = JSON.parse(
  readFileSync(require.resolve('electron/package.json'), 'utf8'),
).version;
const moduleDir = dirname(require.resolve('better-sqlite3/package.json'));
const outDir = join(root, 'out/native');
const workDir = join(outDir, 'work/better-sqlite3');
const target = join(outDir, 'better_sqlite3.node');

function run(command, args) {
  const bin = join(root, 'node_modules/.bin', command);
  const result = spawnSync(existsSync(bin) ? bin : command, args, {
    cwd: workDir,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return result.status === 0;
}

rmSync(join(outDir, 'work'), { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
// Only what a build needs: sources and deps, not the Node build output.
for (const entry of ['package.json', 'binding.gyp', 'src', 'deps', 'lib']) {
  cpSync(join(moduleDir, entry), join(workDir, entry), { recursive: true });
}

console.log(`better-sqlite3 for Electron ${electronVersion} (${arch})…`);
const fetched = run('prebuild-install', [
  '--runtime=electron',
  `--target=${electronVersion}`,
  `--arch=${arch}`,
]);
const built =
  fetched ||
  run('node-gyp', [
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    `--arch=${arch}`,
    '--dist-url=https://electronjs.org/headers',
  ]);
const binding = join(workDir, 'build/Release/better_sqlite3.node');
if (!built || !existsSync(binding)) {
  console.error(
    'Could not fetch or compile better-sqlite3 for Electron (network access to the prebuilt ' +
      'binaries or to the Electron headers is needed, plus python3, make and a C++ compiler).',
  );
  process.exit(1);
}
copyFileSync(binding, target);
rmSync(join(outDir, 'work'), { recursive: true, force: true });
console.log(`Wrote ${target}`);
