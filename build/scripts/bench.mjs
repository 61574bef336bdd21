#!/usr/bin/env node
// `npm run bench`: every test/bench/*.bench.ts in turn with tsx; each ends with one line
// `name: figure unit (goal …)`, collected into a summary. Exits non-zero if one crashed.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// SELLER_DESK_BENCH_DIR: another folder of benchmarks (the script's own test uses it).
const benchDir = process.env.SELLER_DESK_BENCH_DIR ?? join(root, 'test/bench');
const filter = process.argv[2] ?? '';
const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

function run(file) {
  return new Promise((resolve) => {
    let lastLine = '';
    let pending = '';
    const child = spawn(process.execPath, ['--import', 'tsx', join(benchDir, file)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) lastLine = line.trim();
    });
    child.on('close', (code, signal) => {
      if (pending.trim()) lastLine = pending.trim();
      resolve({ file, ok: code === 0 && !signal, lastLine, code, signal });
    });
  });
}

const results = [];
for (const file of files) {
  console.log(`\n── ${file}`);
  results.push(await run(file));
}

console.log('\nSummary');
if (results.length === 0) console.log('  (no benchmarks found in test/bench)');
for (const r of results) {
  console.log(r.ok ? `  ${r.lastLine}` : `  ${r.file}: CRASHED (${r.signal ?? `exit ${r.code}`})`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
