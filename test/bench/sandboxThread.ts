// The sandbox marketplace in a thread of its own, for benchmarks that time the core: the real
// marketplace is another machine, so its work must not stop the clock of the process measured.
// Started through core/imports/workerBootstrap.mjs (tsx inside the thread); see startSandboxThread.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

export interface SandboxThreadOptions {
  windowMs: number;
  /** Offers made for the first demo seller through the API before the sandbox is handed over. */
  offers: number;
}

export interface SandboxThread {
  baseUrl: string;
  token: string;
  sellerId: number;
  /** One of the seller's account offers (the demo data has some). */
  accountOfferId: number;
  close(): Promise<void>;
}

const here = fileURLToPath(import.meta.url);

export function startSandboxThread(options: SandboxThreadOptions): Promise<SandboxThread> {
  const worker = new Worker(
    join(dirname(here), '../../electron/core/imports/workerBootstrap.mjs'),
    {
      workerData: { entry: pathToFileURL(here).href, options },
    },
  );
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: Omit<SandboxThread, 'close'>) =>
      resolve({
        ...m,
        close: async () => {
          worker.postMessage('close');
          await new Promise((r) => worker.once('exit', r));
        },
      }),
    );
  });
}

async function runInThread(port: NonNullable<typeof parentPort>, options: SandboxThreadOptions) {
  const { startSandbox } = await import('../../electron/sandbox');
  const { openStore } = await import('../../electron/core/store');
  const { createRateLimiter } = await import('../../electron/core/limits');
  const { createMarketplaceClient } = await import('../../electron/core/api');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const sb = await startSandbox({ port: 0, windowMs: options.windowMs, seed: 'demo' });
  const seller = sb.sellers[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'sd-bench-seed-'));
  const store = openStore(join(dir, 'seeding.db'));
  const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: options.windowMs });
  const client = createMarketplaceClient({ baseUrl: sb.baseUrl, token: seller.token, limiter });
  for (let i = 0; i < options.offers; i += 100) {
    const offers = Array.from({ length: Math.min(100, options.offers - i) }, (_, j) => ({
      price_per_step: 1 + (i + j) / 1000,
      amount: 1000,
      min_purchase_amount: 1,
      marketplace_type: 1,
      data: { '101': 'Ashbringer', '102': 'Horde' },
    }));
    await client.manageOffers(1, { offers, guarantee_delivery_time: 60_000 });
  }
  limiter.close();
  await client.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
  const account = sb.control.offers(seller.id).find((o) => o.marketplace_type === 2)!;
  port.on('message', async (m) => {
    if (m !== 'close') return;
    await sb.close();
    process.exit(0);
  });
  port.postMessage({
    baseUrl: sb.baseUrl,
    token: seller.token,
    sellerId: seller.id,
    accountOfferId: account.id,
  });
}

if (parentPort && (workerData as { options?: SandboxThreadOptions } | null)?.options) {
  void runInThread(parentPort, (workerData as { options: SandboxThreadOptions }).options);
}
