#!/usr/bin/env node
// `npm run preview [-- --base-url=https://… --data-dir=… --port=…]` (`-- --help`): builds the renderer and
// serves it with the browser host; without --base-url an in-process sandbox marketplace is used.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
// Usage is printed by the host (electron/host/preview.ts) without building anything first.
if (!args.some((arg) => arg === '--help' || arg === '-h')) {
  const build = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('./build.mjs', import.meta.url)), '--only=renderer'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const host = spawn(process.execPath, ['--import', 'tsx', 'electron/host/preview.ts', ...args], {
  cwd: root,
  stdio: 'inherit',
});
host.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
