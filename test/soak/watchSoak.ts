// A soak run of `seller-desk watch` (not part of `npm test`): the real binary against the sandbox
// at a scaled minute for SOAK_MINUTES of wall time (default 30), with buyers every 20 s, a webhook
// channel, and faults: bursts of server errors, slow answers, dropped connections and a token
// regenerated (then given back in the token file). It reports requests per round, every 429 the
// sandbox answered (none are injected: any would be the watcher's own), the alerts received, and
// the watcher's resident memory at the start and the end.
//
//   npx tsx test/soak/watchSoak.ts            # SOAK_MINUTES=5 for a short run
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../electron/sandbox';
import { startWebhookReceiver } from '../cli/alertReceivers';
import { succeeds, tempDir, WINDOW_MS, type CliTarget } from '../cli/harness';
import { pooledOffer, startWatcher } from '../cli/watchHarness';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const endAt = Date.now() + minutes * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const sandbox = await startSandbox({ windowMs: WINDOW_MS });
const secret = 'soak-secret-0123456789abcdef';
const webhook = await startWebhookReceiver(secret);
const dir = tempDir('sd-soak-');
const tokenFile = join(dir.path, 'token');
const ownerOnly = (file: string, text: string) => {
  writeFileSync(file, text);
  chmodSync(file, 0o600);
  return file;
};
ownerOnly(tokenFile, sandbox.sellers[2]!.token);
const target: CliTarget = {
  baseUrl: sandbox.baseUrl,
  dataDir: join(dir.path, 'data'),
  token: sandbox.sellers[2]!.token,
};
const serverId = await pooledOffer(target, dir);
const lines = Array.from({ length: 400 }, (_, i) => `soak-${i}:pw-${i}`).join('\n');
await succeeds(
  ['credentials', 'pool', 'add', dir.file('more.txt', lines), '--offer', String(serverId)],
  target,
);
await succeeds(
  [
    'alerts',
    'add',
    'webhook',
    webhook.url,
    '--secret-file',
    ownerOnly(join(dir.path, 's'), secret),
  ],
  target,
);

const watcher = startWatcher(target, ['--token-file', tokenFile]);
await watcher.waitFor((l) => l.event === 'round', 120_000);
const pid = watcher.child.pid!;
await sleep(30_000);
const memory: { at: string; rssMb: number }[] = [];
const sample = () => memory.push({ at: new Date().toISOString(), rssMb: rssMb(pid) });
sample();
const requestsBefore = sandbox.requests.length;
const roundsBefore = watcher.lines.length;

let sold = 0;
let tick = 0;
const faultsTold: string[] = [];
while (Date.now() < endAt) {
  await sleep(20_000);
  tick++;
  sold += sandbox.control.simulateBuyers(serverId, 1);
  if (tick % 3 === 0) sample();
  // Every 5 minutes a fault of another kind, for 20 s.
  if (tick % 15 === 5) {
    faultsTold.push(`${new Date().toISOString()} server errors`);
    sandbox.setFaults({ errorRate: 1 });
  } else if (tick % 15 === 8) {
    faultsTold.push(`${new Date().toISOString()} slow answers (2 s)`);
    sandbox.setFaults({ latencyMs: 2000 });
  } else if (tick % 15 === 11) {
    faultsTold.push(`${new Date().toISOString()} dropped connections (30 %)`);
    sandbox.setFaults({ dropBeforeRate: 0.15, dropAfterRate: 0.15, seed: tick });
  } else if (tick === 14) {
    faultsTold.push(`${new Date().toISOString()} token regenerated, file replaced 40 s later`);
    const fresh = sandbox.control.regenerateToken(3);
    await sleep(40_000);
    ownerOnly(tokenFile, fresh);
  } else {
    sandbox.resetFaults();
  }
}
sandbox.resetFaults();
sample();
const end = await watcher.stop('SIGTERM');

const rounds = watcher.lines.slice(roundsBefore).filter((l) => l.event === 'round');
const perRound = rounds.map((r) => r.requests ?? 0);
const sorted = [...perRound].sort((a, b) => a - b);
const answered429 = sandbox.requests.slice(requestsBefore).filter((r) => r.status === 429).length;
const states: Record<string, number> = {};
for (const r of rounds) states[r.state!] = (states[r.state!] ?? 0) + 1;
const alerts: Record<string, number> = {};
for (const h of webhook.hits.filter((x) => x.status === 200))
  alerts[h.json.event] = (alerts[h.json.event] ?? 0) + 1;
const keys = webhook.hits.filter((h) => h.status === 200).map((h) => h.json.key);
const summary = {
  minutes,
  windowMs: WINDOW_MS,
  exit: end,
  rounds: rounds.length,
  roundStates: states,
  requestsPerRound: {
    mean: Math.round((perRound.reduce((a, b) => a + b, 0) / rounds.length) * 100) / 100,
    median: sorted[Math.floor(sorted.length / 2)],
    p99: sorted[Math.floor(sorted.length * 0.99)],
    max: sorted.at(-1),
  },
  sandboxRequests: sandbox.requests.length - requestsBefore,
  answered429,
  rateLimitedInLines: rounds.reduce((a, r) => a + (r.rateLimited ?? 0), 0),
  unitsSold: sold,
  onSaleAtEnd: sandbox.control.credentials(serverId).filter((c) => c.status === 1).length,
  alertsReceived: alerts,
  alertDuplicates: keys.length - new Set(keys).size,
  badSignatures: webhook.hits.filter((h) => !h.signatureOk).length,
  faults: faultsTold,
  memory: { start: memory[0], end: memory.at(-1), samples: memory.map((m) => Math.round(m.rssMb)) },
};
const out = join(process.env.SOAK_OUT ?? '/tmp', 'watch-soak.json');
writeFileSync(out, JSON.stringify(summary, null, 2));
console.log(JSON.stringify(summary, null, 2));
await webhook.close();
await sandbox.close();
dir.remove();
process.exit(0);
