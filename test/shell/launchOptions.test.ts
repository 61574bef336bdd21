import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  coreTuning,
  launchArguments,
  LaunchOptionError,
  parseLaunchOptions,
  type LaunchOptions,
} from '../../electron/shell/launchOptions';
import { root } from './builtMain';

const FLOW: LaunchOptions = {
  dataDir: '/tmp/sd-flow',
  baseUrl: 'http://127.0.0.1:4010',
  sandboxUrl: 'http://127.0.0.1:4010',
  sandboxToken: 'tok',
  windowMs: 1000,
  syncDebounceMs: 150,
  syncHoldMs: 0,
  retryDelaysMs: [50, 100],
};

describe('the launch switches electron/main reads and the harness writes', () => {
  it('reads back what the harness writes, among Electron and Chromium switches', () => {
    const argv = ['/app', '--lang=ru-RU', ...launchArguments(FLOW), '--no-sandbox'];
    expect(parseLaunchOptions(argv)).toEqual(FLOW);
    expect(coreTuning(FLOW)).toEqual({
      baseUrl: FLOW.baseUrl,
      windowMs: 1000,
      syncDebounceMs: 150,
      syncHoldMs: 0,
      retryDelaysMs: [50, 100],
    });
  });

  it('lets an installed app take its data folder only', () => {
    expect(parseLaunchOptions(launchArguments(FLOW), { installed: true })).toEqual({
      dataDir: '/tmp/sd-flow',
    });
  });

  it('refuses a timing that is not a number', () => {
    expect(() => parseLaunchOptions(['--window-ms=soon'])).toThrow(LaunchOptionError);
    expect(() => parseLaunchOptions(['--retry-delays-ms=5,x'])).toThrow(
      '--retry-delays-ms takes MS,MS,…, not "5,x".',
    );
  });
});

describe('npm run preview -- --help', () => {
  it('prints its usage, the shared switches and how to reach npm run sim, and exits 0', () => {
    const run = spawnSync(process.execPath, [join(root, 'build/scripts/preview.mjs'), '--help'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/ERR_PARSE_ARGS|at .*\.ts:\d+/);
    expect(run.stdout).toMatch(/^Usage: npm run preview/);
    expect(run.stdout).toContain('--base-url=URL');
    expect(run.stdout).toContain('--data-dir=DIR');
    expect(run.stdout).toContain('npm run sim -- --port 4010');
  });

  it('refuses an unknown option with the usage, not a stack trace', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'electron/host/preview.ts'), '--bogus'],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Unknown option '--bogus'");
    expect(run.stderr).toContain('Usage: npm run preview');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
