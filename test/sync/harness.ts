// A seller's desk against the sandbox marketplace over a real loopback socket: a real SQLite file
// in a temp dir, the real rate limiter (scaled window), the real client and the sync engine.
import { randomBytes } from 'node:crypto';
import { createMarketplaceClient, type MarketplaceClient } from '../../electron/core/api';
import { createRateLimiter, type RateLimiter } from '../../electron/core/limits';
import { createSecretBox } from '../../electron/core/secrets';
import { openStore, type Store } from '../../electron/core/store';
import { createSyncEngine, type SyncEngine, type SyncProgress } from '../../electron/core/sync';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const WINDOW_MS = 1000;

export interface Desk {
  store: Store;
  limiter: RateLimiter;
  client: MarketplaceClient;
  engine: SyncEngine;
  progress: SyncProgress[];
  close(): Promise<void>;
}

export const secretBox = createSecretBox(randomBytes(32));

export function openDesk(
  sandbox: Sandbox,
  file: string,
  opts: {
    sellerId?: number;
    token?: () => string;
    timeoutMs?: number;
    fullReconcileEveryMs?: number;
  } = {},
): Desk {
  const seller = sandbox.sellers.find((s) => s.id === (opts.sellerId ?? 3))!;
  const store = openStore(file, { secretBox });
  const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: WINDOW_MS });
  const client = createMarketplaceClient({
    baseUrl: sandbox.baseUrl,
    token: opts.token ?? (() => seller.token),
    limiter,
    timeoutMs: opts.timeoutMs ?? 5000,
    retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
  });
  const progress: SyncProgress[] = [];
  const engine = createSyncEngine({
    store,
    client,
    limiter,
    secretBox,
    backoff: { baseMs: 20, maxMs: 200 },
    maxInlineWaitMs: 1000,
    fullReconcileEveryMs: opts.fullReconcileEveryMs,
    onProgress: (p) => progress.push(p),
  });
  return {
    store,
    limiter,
    client,
    engine,
    progress,
    async close() {
      limiter.close();
      await client.close();
      store.close();
    },
  };
}

import { tempDir } from '../support/tempDir';

export { tempDir };
export type { TempDir } from '../support/tempDir';

export async function sandbox(): Promise<Sandbox> {
  return startSandbox({ port: 0, windowMs: WINDOW_MS, attachVisibleAfterMs: 0 });
}

/** Fields of a valid gold offer on the demo product 1 (WoW Classic Era Gold). */
/** An account offer of the seeded account product 10, named `title`. */
export const accountFields = (title: string) => ({
  price_per_step: 25,
  amount: 1,
  min_purchase_amount: 1,
  outer_name: title,
  data: { '1001': 'Iron', '1002': 'EU', '1003': 'PC', '1005': 30, '1006': title },
});

export function goldOffer(price: number, note = '') {
  return {
    price_per_step: price,
    amount: 1000,
    min_purchase_amount: 1,
    data: { '101': 'Ashbringer', '102': 'Horde', ...(note ? { '103': note } : {}) },
  };
}

/** Sync until the outbox is empty (faults make single runs stop early); bounded. */
export async function syncUntilDone(desk: Desk, maxRuns = 30) {
  let last;
  let adopted = 0;
  let runs = 0;
  for (let i = 0; i < maxRuns; i++) {
    last = await desk.engine.sync();
    adopted += last.adopted;
    runs++;
    if (last.pending === 0 && !last.error) break;
  }
  return { ...last!, adopted, runs };
}

/**
 * One sandbox per test file, a fresh folder per test, and the test's desk closed after it: the
 * lifecycle every sync suite shares. Register it at the top level of a test file.
 */
/** What the desk sent since `mark`, as `METHOD /path/:id/…`, the reads of `my_offers` left out. */
export function sentSince(sb: Sandbox, mark: number): string[] {
  return sb.requests
    .slice(mark)
    .map((r) => `${r.method} ${r.path.replace(/\/\d+\//g, '/:id/')}`)
    .filter((r) => !r.includes('my_offers'));
}

export function useSyncWorld() {
  const world = {
    sb: undefined as unknown as Sandbox,
    dir: undefined as unknown as ReturnType<typeof tempDir>,
    desk: null as Desk | null,
  };
  beforeAll(async () => {
    world.sb = await sandbox();
  });
  afterAll(async () => {
    await world.sb.close();
  });
  beforeEach(() => {
    world.dir = tempDir();
  });
  afterEach(async () => {
    await world.desk?.close();
    world.desk = null;
    world.dir.remove();
  });
  return world;
}
