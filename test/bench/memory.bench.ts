// memory: the core's resident memory with 100k offers cached, and its peak while a 100k-line
// credential file is imported (goal ≤ 250 MB). The seller connects once (their profile is made and
// claimed), then 100k of their offers are written into the profile file directly; a child
// process running only the core (test/bench/memoryCore.ts: the core in its worker thread, as the
// browser host runs it) opens the profile, shows the first page and the counts, then previews and
// adds the credential file. Its RSS is read from /proc meanwhile; the peak is the kernel's
// high-water mark (VmHWM). The marketplace stays unreachable, so no sync competes.
import { fork } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { profileFile } from '../../electron/core/app';
import { openStore } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { createFileStaging } from '../../electron/host/fileStaging';
import { createHostCore } from '../../electron/host/hostCore';
import { startSandbox } from '../../electron/sandbox';
import { serverOffer } from '../store/fixtures';

const OFFERS = Number(process.env.MEMORY_OFFERS ?? 100_000);
const CREDENTIAL_LINES = Number(process.env.MEMORY_CREDENTIALS ?? 100_000);
const root = join(import.meta.dirname, '../..');

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const dir = mkdtempSync(join(tmpdir(), 'sd-bench-memory-'));
const dataDir = join(dir, 'data');
const sandbox = await startSandbox({ windowMs: 1000 });
try {
  const seller = sandbox.sellers[0]!;
  const account = sandbox.control.offers(seller.id).find((o) => o.marketplace_type === 2)!;
  {
    const core = await createHostCore({
      dataDir,
      staging: createFileStaging(join(dir, 'staged')),
      baseUrl: sandbox.baseUrl,
      windowMs: 1000,
    });
    await core.start();
    await core.handlers['session.connect']({ token: seller.token });
    for (;;) {
      const status = await core.handlers['sync.status'](undefined);
      if (!status.running && status.lastRunAt !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await core.close();
  }
  sandbox.setFaults({ dropBeforeRate: 1 });

  // 100k of the seller's offers, as pulls would have left them (ui.bench's way: the list's
  // indexes are built once after the rows are in).
  const seeding = performance.now();
  const store = openStore(profileFile(dataDir, sandbox.baseUrl));
  const products = sandbox.control.products().filter((p) => p.is_active);
  const db = testDatabase(store);
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'offers' AND sql IS NOT NULL",
    )
    .all() as { name: string; sql: string }[];
  db.transaction(() => {
    for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
    for (let i = 1; i <= OFFERS; i++) {
      const product = products[i % products.length]!;
      const isAccount = product.marketplace_type === 2;
      applyServerOffer(
        testContext(store),
        serverOffer({
          id: 500_000 + i,
          product_id: product.id,
          user_id: seller.id,
          price_per_step: 1 + (i % 997) / 10,
          amount: isAccount ? 1 : 1000 + i,
          min_purchase_amount: 1,
          status: ([1, 2, 3, 5] as const)[i % 4]!,
          marketplace_type: product.marketplace_type,
          outer_name: isAccount ? `account #${i} level ${i % 60}` : '',
          internal_name: `stock-${i}`,
          description: isAccount ? 'Fresh account, full access, email included.' : '',
          data: {},
          purchased_amount: i % 7,
          updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        }),
      );
    }
    for (const index of indexes) db.exec(index.sql);
  })();
  db.exec('ANALYZE');
  store.close();
  console.log(`seeded ${OFFERS} offers in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const file = join(dir, 'accounts.txt');
  const lines: string[] = [];
  for (let i = 0; i < CREDENTIAL_LINES; i++) {
    lines.push(
      `buyer.account${i}@mail.example:Pa55-word-${i}:buyer.account${i}@mail.example:m4il-${i}`,
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  lines.length = 0;

  // The core as the app ships it: bundled with its worker threads (build/scripts/build.mjs's
  // options), so the figure is the core's and not a TypeScript loader's.
  const bundleDir = join(dir, 'bundle');
  await build({
    absWorkingDir: root,
    entryPoints: {
      'memory-core': 'test/bench/memoryCore.ts',
      'core-worker': 'electron/corehost/coreWorker.ts',
      'credential-import-worker': 'electron/core/imports/credentials/credentialImportWorker.ts',
      'xlsx-read-worker': 'electron/core/imports/sheets/xlsxReadWorker.ts',
      'wal-checkpointer': 'electron/core/store/checkpointerWorker.mjs',
    },
    outdir: bundleDir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['electron', 'better-sqlite3'],
    // moduleFileOf reads import.meta.url when it has one, else __filename: both mean the bundle.
    logLevel: 'error',
    define: { 'import.meta.dirname': '__dirname', 'import.meta.url': 'import_meta_url' },
    banner: { js: 'const import_meta_url = require("url").pathToFileURL(__filename).href;' },
  });
  const child = fork(
    join(bundleDir, 'memory-core.cjs'),
    [dataDir, sandbox.baseUrl, file, String(account.id)],
    {
      execArgv: [],
      // The bundle lives in a temp folder: the native better-sqlite3 comes from the checkout.
      env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  let sampled = 0;
  const sampler = setInterval(() => {
    try {
      sampled = Math.max(sampled, memoryOf(child.pid!).rss);
    } catch {
      // The child has gone.
    }
  }, 20);
  let opened = 0;
  let peak = 0;
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { step: string }) => {
      const { rss, peak: hwm } = memoryOf(child.pid!);
      peak = Math.max(peak, hwm);
      if (m.step.startsWith('opened')) opened = rss;
      console.log(`${m.step}: RSS ${rss.toFixed(0)} MB (peak so far ${hwm.toFixed(0)} MB)`);
      if (m.step === 'closed') resolve();
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`core exit ${code}`))));
  });
  clearInterval(sampler);
  console.log(
    `core after opening the profile: ${opened.toFixed(0)} MB; peak ${peak.toFixed(0)} MB (sampled ${sampled.toFixed(0)} MB)`,
  );
  console.log(`memory: ${peak.toFixed(0)} MB (goal ≤ 250 MB)`);
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
