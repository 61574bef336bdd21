#!/usr/bin/env node
// `npm start`: build, then launch Electron on the built main. Where the Electron binary is
// missing, one sentence says what to do (no stack trace).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from './electronBinary.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

const binary = findElectronBinary(root);
if (!binary) {
  console.error(MISSING_ELECTRON_MESSAGE);
  process.exit(1);
}

const build = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('./build.mjs', import.meta.url))],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// The Node build of better-sqlite3 (used by tests) has the wrong ABI for Electron.
if (!existsSync(join(root, 'out/native/better_sqlite3.node'))) {
  const native = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('./electron-native.mjs', import.meta.url))],
    { cwd: root, stdio: 'inherit' },
  );
  if (native.status !== 0) process.exit(native.status ?? 1);
}

const env = { ...process.env };
// A leftover ELECTRON_RUN_AS_NODE (set by some editors) would start Node instead of the app.
delete env.ELECTRON_RUN_AS_NODE;
const app = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
app.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
