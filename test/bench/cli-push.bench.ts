// `seller-desk push` of 1000 queued offers through the real binary against the sandbox, with the
// rate-limit minute scaled to 1 s. The theoretical minimum follows from the limits alone: 200
// offers go in the first window, then 200 per further window, so 1000 offers need 4 windows of
// waiting. Also: the binary's start-up time (median of `status` runs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { limits } from '../../electron/contract/marketplace/limits';
import { runCli } from '../../electron/cli/run';
import { startSandbox } from '../../electron/sandbox';

const OFFERS = 1000;
const WINDOW_MS = 1000;
const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'bin/seller-desk.mjs');

/** Reports the process's own CPU time on stderr as it exits (required before the CLI). */
const cpuReport = join(tmpdir(), `sd-bench-cpu-${process.pid}.cjs`);
writeFileSync(
  cpuReport,
  [
    "process.on('exit', () => {",
    '  const u = process.cpuUsage();',
    // The main thread alone (Linux): utime and stime of its task, in ticks of 10 ms.
    '  let main = -1;',
    "  try { const f = require('fs').readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' '); main = (Number(f[11]) + Number(f[12])) * 10; } catch {}",
    '  process.stderr.write(`\\ncpu-ms ${Math.round((u.user + u.system) / 1000)} main ${main}\\n`);',
    '});',
  ].join('\n'),
);

function runBinary(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{
  code: number | null;
  ms: number;
  stderr: string;
  cpuMs: number | null;
  mainCpuMs: number | null;
}> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--require', cpuReport, bin, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (code) => {
      const cpu = /cpu-ms (\d+) main (-?\d+)/.exec(stderr);
      done({
        code,
        ms: performance.now() - started,
        stderr,
        cpuMs: cpu ? Number(cpu[1]) : null,
        mainCpuMs: cpu ? Number(cpu[2]) : null,
      });
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'sd-bench-cli-'));
const sandbox = await startSandbox({ windowMs: WINDOW_MS });
try {
  const token = sandbox.sellers[2]!.token;
  const common = [
    '--base-url',
    sandbox.baseUrl,
    '--data-dir',
    join(dir, 'data'),
    '--window-ms',
    String(WINDOW_MS),
  ];
  const env = { ...process.env, SELLER_DESK_TOKEN: token };

  const rows = ['price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note'];
  for (let i = 0; i < OFFERS; i++)
    rows.push(`${(0.5 + i / 100_000).toFixed(5)},${1000 + i},1,Ashbringer,Horde,lot ${i}`);
  const csv = join(dir, 'offers.csv');
  writeFileSync(csv, rows.join('\n'));
  const sink = { write: () => true };
  const importStarted = performance.now();
  const imported = await runCli(
    ['offers', 'import', csv, '--product', '1', '--delivery-time', '3600000', ...common],
    {
      stdout: sink,
      stderr: sink,
      env,
    },
  );
  const importMs = performance.now() - importStarted;
  if (imported !== 0) throw new Error(`import failed with exit code ${imported}`);

  const startups: number[] = [];
  for (let i = 0; i < 5; i++)
    startups.push((await runBinary(['status', '--json', ...common], env)).ms);
  startups.sort((a, b) => a - b);

  const spawnedAt = Date.now();
  const push = await runBinary(['push', '--quiet', ...common], env);
  const exitedAt = Date.now();
  if (push.code !== 0) throw new Error(`push failed with exit code ${push.code}: ${push.stderr}`);
  const onServer = sandbox.control.offers(sandbox.sellers[2]!.id).length;
  if (onServer !== OFFERS) throw new Error(`the sandbox holds ${onServer} offers, not ${OFFERS}`);

  const pushRequests = sandbox.requests.filter((r) => r.at >= spawnedAt);
  console.log(
    `timeline (ms after spawn): ${pushRequests.map((r) => `${r.at - spawnedAt} ${r.method} ${r.path.split('/').pop()}${r.manageOffers ? `(${r.manageOffers})` : ''}`).join('; ')}; exit ${exitedAt - spawnedAt}`,
  );
  // Where the time went: each manage request, relative to the first.
  const manage = sandbox.requests.filter((r) => r.manageOffers > 0);
  const reads = sandbox.requests.filter((r) => r.method === 'GET' && r.at >= manage[0]!.at);
  console.log(
    `manage requests at (ms after the first): ${manage.map((r) => r.at - manage[0]!.at).join(', ')}`,
  );
  console.log(
    `read-back: ${reads.length} requests, ${reads.length ? reads.at(-1)!.at - manage.at(-1)!.at : 0} ms after the last manage`,
  );
  const windowsToWait = Math.ceil(OFFERS / limits.manageOffersPerWindow) - 1;
  const minimumMs = windowsToWait * WINDOW_MS;
  console.log(
    `CPU of the push process (start-up included): ${push.cpuMs} ms, its main thread ${push.mainCpuMs} ms`,
  );
  console.log(`import of ${OFFERS} offers (in-process): ${Math.round(importMs)} ms`);
  console.log(`binary start-up (status, median of 5): ${Math.round(startups[2]!)} ms`);
  console.log(
    `push of ${OFFERS} offers (binary, incl. start-up and read-back): ${(push.ms / 1000).toFixed(2)} s`,
  );
  console.log(
    `theoretical minimum: ${windowsToWait} windows of ${WINDOW_MS} ms = ${(minimumMs / 1000).toFixed(1)} s`,
  );
  // The same push seen from the marketplace: its first request to the process's exit.
  const firstAt = pushRequests[0]?.at ?? spawnedAt;
  console.log(
    `first request to exit: ${((exitedAt - firstAt) / 1000).toFixed(2)} s (${((exitedAt - firstAt) / minimumMs).toFixed(3)}× minimum)`,
  );
  // The figure: the push as the seller waits for it, less the process start-up (measured apart).
  const pushMs = push.ms - startups[2]!;
  console.log(
    `push less start-up: ${(pushMs / 1000).toFixed(2)} s (read-back pull included, process start-up not)`,
  );
  console.log(
    `cli-push-${OFFERS}: ${(pushMs / minimumMs).toFixed(3)}× minimum (${(pushMs / 1000).toFixed(2)} s against ${(minimumMs / 1000).toFixed(1)} s; goal ≤ 1.10× minimum)`,
  );
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(cpuReport, { force: true });
}
