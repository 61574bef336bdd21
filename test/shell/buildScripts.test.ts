// The build scripts as a seller or CI runs them, in real child processes: `npm start` without
// the Electron binary says what to do in one sentence; `npm run bench` runs every benchmark,
// summarises their final lines and fails when one crashed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../build/scripts/electronBinary.mjs';

const root = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('npm start', () => {
  it('says in one sentence what to do when the Electron binary is missing', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sd-noelectron-'));
    dirs.push(empty);
    // Point Electron at an empty folder, so this holds whether or not a binary is installed.
    const run = spawnSync(process.execPath, ['build/scripts/start.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty },
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Electron's binary is not installed .*npm run preview/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('finds the binary only where the electron package says it is', () => {
    const dist = mkdtempSync(join(tmpdir(), 'sd-electron-'));
    dirs.push(dist);
    writeFileSync(join(dist, 'electron'), '');
    const before = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    try {
      process.env.ELECTRON_OVERRIDE_DIST_PATH = dist;
      expect(findElectronBinary(root)).toBe(join(dist, 'electron'));
    } finally {
      if (before === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
      else process.env.ELECTRON_OVERRIDE_DIST_PATH = before;
    }
  });
});

describe('npm run bench', () => {
  it('runs each benchmark, summarises their last lines, and fails if one crashed', () => {
    const benches = mkdtempSync(join(tmpdir(), 'sd-bench-'));
    dirs.push(benches);
    writeFileSync(
      join(benches, 'a-fast.bench.ts'),
      "const n: number = 3;\nconsole.log('warming up');\nconsole.log(`fast: ${n} ms (goal < 5 ms)`);\n",
    );
    writeFileSync(join(benches, 'b-broken.bench.ts'), "throw new Error('boom');\n");
    writeFileSync(join(benches, 'notes.txt'), 'not a benchmark');
    const run = spawnSync(process.execPath, ['build/scripts/bench.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SELLER_DESK_BENCH_DIR: benches },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const summary = run.stdout.slice(run.stdout.indexOf('Summary'));
    expect(summary).toContain('  fast: 3 ms (goal < 5 ms)');
    expect(summary).toMatch(/b-broken\.bench\.ts: CRASHED \(exit 1\)/);
    expect(summary).not.toContain('notes.txt');
  });
});
