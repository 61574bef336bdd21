// The built main bundle the shell tests boot: rebuilt first when a source file is newer.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

export const root = resolve(import.meta.dirname, '../..');
export const mainBundle = join(root, 'out/main/index.cjs');

function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    return Math.max(newest, time);
  }, 0);
}

function bundleIsStale(): boolean {
  try {
    return statSync(mainBundle).mtimeMs < newestSource(join(root, 'electron'));
  } catch {
    return true;
  }
}

export function ensureMainBuilt(): void {
  if (!bundleIsStale()) return;
  const built = spawnSync(process.execPath, ['build/scripts/build.mjs', '--only=electron'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
}
