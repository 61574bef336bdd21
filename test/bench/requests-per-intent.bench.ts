// Benchmark `requests-per-intent`: how many requests a seller's intent costs, against the fewest
// the API document allows, and how long it takes, against the least the rolling windows allow.
// The sync engine's push (the read-back pull after it is not part of the intent) through the
// real client, limiter (SQLite ledger) and store, against the sandbox in its own process, with
// the minute scaled to W.
//   (a) 100 new account offers, each with 3 credentials, 2 screenshot files and "set On Review";
//   (b) 1000 mixed edits of a seller's gold offers: prices (several per offer), statuses (one
//       offer asked twice, the last word counts; "set Active" after a price edit), deletes
//       (some of offers just edited).
// The minimum of each intent is worked out below from the document's limits
// (contract/marketplace/limits.ts) and our one assumption about uploads, not from what the push
// did; the requests the sandbox received are counted from its own record.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { filesPerUpload } from '../../electron/contract/marketplace/assumptions';
import { limits } from '../../electron/contract/marketplace/limits';
import { createMarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { createSecretBox } from '../../electron/core/secrets';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync';
import { placeholderPng } from '../../electron/sandbox/png';
import type { RecordedRequest, SandboxSeller } from '../../electron/sandbox';

const W = Number(process.env.REQUESTS_BENCH_WINDOW_MS ?? 5000);
const GOLD_PRODUCT = 1;
const ACCOUNT_PRODUCT = 10;
const DELIVERY_MS = 600_000;

const dir = mkdtempSync(join(tmpdir(), 'requests-bench-'));
const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(import.meta.dirname, '../limits/sandboxProcess.ts'), String(W)],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const serverLines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const nextLine = async () => String((await serverLines.next()).value);
const sb = JSON.parse(await nextLine()) as { baseUrl: string; sellers: SandboxSeller[] };
const secretBox = createSecretBox(randomBytes(32));

function openDesk(sellerId: number, name: string) {
  const seller = sb.sellers.find((s) => s.id === sellerId)!;
  // As the app opens a profile (core/app/profile.ts): WAL checkpoints on their own thread, not in
  // the commit of whichever answer crossed the threshold.
  const store = openStore(join(dir, `${name}.sqlite`), { secretBox, checkpointInBackground: true });
  const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: W });
  const client = createMarketplaceClient({ baseUrl: sb.baseUrl, token: seller.token, limiter });
  const engine = createSyncEngine({ store, client, limiter, secretBox, maxInlineWaitMs: 0 });
  return {
    seller,
    store,
    engine,
    /** Every window of this seller is empty again: the minimum assumes a fresh minute. */
    lastRequestAt: Date.now(),
    async close() {
      limiter.close();
      await client.close();
      store.close();
    },
  };
}
type Desk = ReturnType<typeof openDesk>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const freshWindows = (desk: Desk) => sleep(desk.lastRequestAt + W + 50 - Date.now());

/** CPU of this process during each measured push, in ms. */
const cpuMs: number[] = [];

interface Measured {
  startedAt: number;
  finishedAt: number;
  sellerId: number;
}

async function measuredPush(desk: Desk): Promise<Measured> {
  await freshWindows(desk);
  const startedAt = Date.now();
  const cpuBefore = process.cpuUsage();
  const summary = await desk.engine.push();
  const cpu = process.cpuUsage(cpuBefore);
  const finishedAt = Date.now();
  // Wall time under a loaded machine is noise; the client's CPU (this process: client, limiter,
  // store, engine; the sandbox runs in its own) is what the code changes move.
  cpuMs.push(Math.round((cpu.user + cpu.system) / 1000));
  desk.lastRequestAt = finishedAt;
  if (summary.failed > 0 || summary.pending > 0 || summary.error) {
    throw new Error(`the push did not finish cleanly: ${JSON.stringify(summary)}`);
  }
  return { startedAt, finishedAt, sellerId: desk.seller.id };
}

/** The least time n units take at `perWindow` per rolling window: the last burst's start. */
const windowsToWait = (n: number, perWindow: number) => Math.max(0, Math.ceil(n / perWindow) - 1);

interface Minimum {
  lines: string[];
  requests: number;
  elapsedMs: number;
}

function minimumOf(parts: { name: string; requests: number; why: string }[], offers: number) {
  const requests = parts.reduce((n, p) => n + p.requests, 0);
  const pools = [
    { name: 'requests', n: requests, limit: limits.requestsPerWindow },
    { name: 'manage offers', n: offers, limit: limits.manageOffersPerWindow },
  ];
  const elapsedMs = Math.max(...pools.map((p) => windowsToWait(p.n, p.limit))) * W;
  const lines = [
    ...parts.map((p) => `    ${p.name}: ${p.requests} (${p.why})`),
    `    = ${requests} requests`,
    ...pools.map(
      (p) =>
        `    ${p.name} pool: ${p.n} at ${p.limit}/window → (ceil(${p.n}/${p.limit}) - 1) × ${W} ms = ${windowsToWait(p.n, p.limit) * W} ms`,
    ),
  ];
  return { lines, requests, elapsedMs } satisfies Minimum;
}

/** Manage requests for offers grouped by product and delivery time (one of each per request). */
const manageRequests = (groups: number[]) =>
  groups.reduce((n, offers) => n + Math.ceil(offers / limits.offersPerManage), 0);

interface Figures {
  sent: number;
  minimum: number;
  ratio: number;
  tooMany: number;
}

function report(name: string, m: Measured, minimum: Minimum, record: RecordedRequest[]): Figures {
  const mine = record.filter(
    (r) => r.sellerId === m.sellerId && r.at >= m.startedAt && r.at <= m.finishedAt,
  );
  const tooMany = mine.filter((r) => r.status === 429).length;
  const sent = mine.length - tooMany;
  const byKind = new Map<string, number>();
  for (const r of mine) {
    const kind = `${r.method} ${r.path.split('/').pop()}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const firstArrival = Math.min(...mine.map((r) => r.at));
  const elapsed = m.finishedAt - firstArrival;
  const ratio = minimum.elapsedMs > 0 ? elapsed / minimum.elapsedMs : 1;
  console.log(`${name}`);
  console.log('  minimum the document allows:');
  for (const line of minimum.lines) console.log(line);
  console.log(
    `  the sandbox received: ${sent} requests (${[...byKind].map(([k, n]) => `${n} × ${k}`).join(', ')}), ${tooMany} × 429`,
  );
  const arrivals = mine.map((r) => r.at - firstArrival).sort((x, y) => x - y);
  const afterEdge = arrivals.filter((t) => t >= minimum.elapsedMs);
  console.log(
    `  arrivals: first burst ${arrivals.filter((t) => t < W).length} requests over ${Math.max(...arrivals.filter((t) => t < W))} ms; last window: ${afterEdge.length} requests from +${afterEdge[0] ?? '-'} to +${afterEdge.at(-1) ?? '-'} ms; the push ended at +${elapsed} ms`,
  );
  console.log(
    `  elapsed: ${elapsed} ms from the first request's arrival to the end of the push (minimum ${minimum.elapsedMs} ms: ${ratio.toFixed(3)}×)`,
  );
  return { sent, minimum: minimum.requests, ratio, tooMany };
}

try {
  // ── (b)'s seller first: its offers must be on the marketplace before its edits are measured.
  const gold = openDesk(2, 'gold');
  await gold.engine.pull({ catalogue: true });
  const GOLD_OFFERS = 400;
  const goldIds: number[] = [];
  for (let i = 0; i < GOLD_OFFERS; i++) {
    goldIds.push(
      gold.store.createOffer({
        productId: GOLD_PRODUCT,
        guaranteeDeliveryTime: DELIVERY_MS,
        fields: {
          price_per_step: 1 + i / 100,
          amount: 1000,
          min_purchase_amount: 1,
          data: { '101': 'Ashbringer', '102': 'Horde', '103': `bench ${i}` },
        },
      }),
    );
  }
  await gold.engine.push();
  gold.lastRequestAt = Date.now();

  // ── (a) 100 new account offers × 3 credentials × 2 screenshot files, and "set On Review".
  const OFFERS_A = 100;
  const CREDENTIALS_EACH = 3;
  const FILES_EACH = 2;
  const account = openDesk(3, 'account');
  await account.engine.pull({ catalogue: true });
  account.lastRequestAt = Date.now();
  for (let i = 0; i < OFFERS_A; i++) {
    const id = account.store.createOffer({
      productId: ACCOUNT_PRODUCT,
      guaranteeDeliveryTime: DELIVERY_MS,
      fields: {
        price_per_step: 25 + i,
        amount: 1,
        min_purchase_amount: 1,
        outer_name: `Bench account ${i}`,
        data: { '1001': 'Iron', '1002': 'EU', '1003': 'PC', '1005': 30, '1006': `bench ${i}` },
      },
    });
    const files = Array.from({ length: FILES_EACH }, (_, f) => {
      const file = join(dir, `shot-${i}-${f}.png`);
      writeFileSync(file, placeholderPng(`bench-${i}-${f}`));
      return file;
    });
    account.store.queueScreenshotFiles(id, files);
    account.store.queueCredentials(
      id,
      Array.from({ length: CREDENTIALS_EACH }, (_, k) => ({
        login: `bench-${i}-${k}`,
        game_password: `pw-${i}-${k}`,
      })),
      'add',
    );
    account.store.changeStatus(id, 5);
  }
  const measuredA = await measuredPush(account);
  const minimumA = minimumOf(
    [
      {
        name: 'uploads',
        requests: OFFERS_A * Math.ceil(FILES_EACH / filesPerUpload),
        why: `${OFFERS_A} offers × ceil(${FILES_EACH} files / ${filesPerUpload} per upload)`,
      },
      {
        name: 'manage',
        requests: manageRequests([OFFERS_A]),
        why: `ceil(${OFFERS_A} offers / ${limits.offersPerManage}); each carries its ${CREDENTIALS_EACH} credentials (≤ ${limits.credentialsPerRequest}) and ${FILES_EACH} uploaded screenshots (≤ ${limits.screenshotsMaxCount})`,
      },
      {
        name: 'add_batch',
        requests:
          OFFERS_A *
          Math.ceil(
            Math.max(0, CREDENTIALS_EACH - limits.credentialsPerRequest) /
              limits.credentialsPerRequest,
          ),
        why: 'credentials beyond what a create carries',
      },
      {
        name: 'edit_status',
        requests: 0,
        why: 'a create carrying an active credential lands On Review: "set On Review" is decided',
      },
    ],
    OFFERS_A,
  );

  // ── (b) 1000 mixed edits of (b)'s seller's offers.
  const PRICED = goldIds.slice(0, 200); // three price edits each
  const ACTIVE_AFTER_EDIT = goldIds.slice(0, 100); // then "set Active" (what a gold manage gives)
  const STATUS = goldIds.slice(200, 350); // "set Not Active"; the first 50 asked "Draft" before
  const ASKED_TWICE = STATUS.slice(0, 50);
  const DELETED = [...goldIds.slice(350, 400), ...goldIds.slice(150, 200)]; // 50 of them edited
  let edits = 0;
  for (let round = 1; round <= 3; round++) {
    for (const [k, id] of PRICED.entries()) {
      gold.store.editOffer(id, { price_per_step: 2 + round + k / 100 });
      edits++;
    }
  }
  for (const id of ACTIVE_AFTER_EDIT) {
    gold.store.changeStatus(id, 2);
    edits++;
  }
  for (const id of ASKED_TWICE) {
    gold.store.changeStatus(id, 1);
    edits++;
  }
  for (const id of STATUS) {
    gold.store.changeStatus(id, 3);
    edits++;
  }
  for (const id of DELETED) {
    gold.store.deleteOffer(id);
    edits++;
  }
  if (edits !== 1000) throw new Error(`the workload has ${edits} edits, not 1000`);
  const measuredB = await measuredPush(gold);
  const deleted = new Set(DELETED);
  const editedLeft = PRICED.filter((id) => !deleted.has(id)).length;
  const statusLeft = new Set(STATUS.filter((id) => !deleted.has(id))).size;
  const minimumB = minimumOf(
    [
      {
        name: 'manage',
        requests: manageRequests([editedLeft]),
        why: `${PRICED.length} offers edited 3 times each, ${PRICED.length - editedLeft} then deleted: ceil(${editedLeft} offer objects / ${limits.offersPerManage})`,
      },
      {
        name: 'edit_status',
        requests: statusLeft,
        why: `one per offer whose status changes (${ASKED_TWICE.length} asked twice: the last word); "set Active" after a gold edit is decided by the manage`,
      },
      { name: 'delete', requests: deleted.size, why: 'one per deleted offer' },
    ],
    editedLeft,
  );

  server.stdin.write('report\n');
  const record = JSON.parse(await nextLine()) as RecordedRequest[];
  await account.close();
  await gold.close();
  const a = report(
    `(a) ${OFFERS_A} new account offers × ${CREDENTIALS_EACH} credentials × ${FILES_EACH} screenshot files (window ${W} ms)`,
    measuredA,
    minimumA,
    record,
  );
  const b = report(`(b) ${edits} mixed edits (window ${W} ms)`, measuredB, minimumB, record);
  console.log(`client CPU during the push: (a) ${cpuMs[0]} ms, (b) ${cpuMs[1]} ms`);
  const sent = a.sent + b.sent;
  const minimum = a.minimum + b.minimum;
  const ratio = Math.max(a.ratio, b.ratio);
  console.log(
    `requests-per-intent: ${sent}/${minimum} requests, ${ratio.toFixed(3)}× minimum time, ${a.tooMany + b.tooMany}×429 (goal requests = minimum, elapsed ≤ 1.05× minimum, 0×429)`,
  );
} finally {
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
