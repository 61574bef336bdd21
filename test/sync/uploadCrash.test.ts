// docs/ARCHITECTURE.md, sync guarantee 12: a push writes down its uploads' paths a window's worth
// at a time, not as each answer comes (push.ts recordUploads). A process killed in between holds
// uploads the marketplace answered but the store still has "sending": the next push sends those
// files again, and every new offer still reaches the marketplace once, with each of its
// screenshots once. The push runs in a child process killed with SIGKILL after some uploads.
import { spawn } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync';
import { demoProducts } from '../../electron/sandbox/seed';
import { placeholderPng } from '../../electron/sandbox/png';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { tempDir } from './harness';

const OFFERS = 30;
const FILES_EACH = 2;
const WINDOW_MS = 100;
const SELLER = 3;
const root = resolve(import.meta.dirname, '../..');
const dir = tempDir();
const childBundle = dir.file('push-child.cjs');
const template = dir.file('template.db');
const isUpload = (r: { path: string }) => r.path.endsWith('/upload_screenshot');

beforeAll(async () => {
  await build({
    entryPoints: [resolve(import.meta.dirname, 'fixtures/push-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3'],
    outfile: childBundle,
    logLevel: 'error',
  });
}, 60_000);
afterAll(() => dir.remove());

/** A store of new account offers, each with its screenshot files queued (staged copies). */
function storeWithScreenshots(file: string): void {
  const store = openStore(file);
  store.saveProducts(demoProducts());
  for (let i = 0; i < OFFERS; i++) {
    const id = store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: {
        price_per_step: 25 + i,
        amount: 1,
        min_purchase_amount: 1,
        outer_name: `Crash account ${i}`,
        data: { '1001': 'Iron', '1002': 'EU', '1003': 'PC', '1005': 30, '1006': `crash ${i}` },
      },
    });
    const files = Array.from({ length: FILES_EACH }, (_, f) => {
      const path = dir.file(`shot-${file.length}-${i}-${f}.png`);
      writeFileSync(path, placeholderPng(`crash-${i}-${f}`));
      return path;
    });
    store.queueScreenshotFiles(id, files);
  }
  store.close();
}

/** Runs the push in a child and kills it once the sandbox has answered `uploads` of its uploads. */
function killAfterUploads(sb: Sandbox, file: string, uploads: number): Promise<void> {
  const seen = sb.requests.filter(isUpload).length;
  const proc = spawn(process.execPath, [childBundle, file, sb.baseUrl, String(WINDOW_MS)], {
    env: {
      ...process.env,
      NODE_PATH: resolve(root, 'node_modules'),
      SELLER_DESK_TOKEN: sb.sellers.find((s) => s.id === SELLER)!.token,
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const watch = setInterval(() => {
    const answered = sb.requests.filter((r) => isUpload(r) && r.status === 200).length;
    if (answered - seen >= uploads) {
      clearInterval(watch);
      proc.kill('SIGKILL');
    }
  }, 1);
  return new Promise((done) =>
    proc.on('exit', () => {
      clearInterval(watch);
      done();
    }),
  );
}

describe('uploads answered but not yet written down when the process dies', () => {
  it('are sent again, and each new offer reaches the marketplace once with each screenshot once', async () => {
    const sb = await startSandbox({ port: 0, windowMs: WINDOW_MS });
    try {
      storeWithScreenshots(template);
      const file = dir.file('crash.db');
      copyFileSync(template, file);
      // Fewer than a window's worth: none of them is written down before the kill.
      await killAfterUploads(sb, file, 12);
      expect(sb.control.offers(SELLER)).toHaveLength(0);
      const uploadsBefore = sb.requests.filter(isUpload).length;
      expect(uploadsBefore).toBeGreaterThanOrEqual(12);

      const store = openStore(file);
      const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: WINDOW_MS });
      const token = sb.sellers.find((s) => s.id === SELLER)!.token;
      const client = createMarketplaceClient({ baseUrl: sb.baseUrl, token, limiter });
      const engine = createSyncEngine({ store, client, limiter, maxInlineWaitMs: 500 });
      let last = await engine.sync();
      for (let i = 0; i < 5 && (last.pending > 0 || last.error); i++) last = await engine.sync();
      limiter.close();
      await client.close();

      expect(last.error).toBeNull();
      expect(last.pending).toBe(0);
      const offers = sb.control.offers(SELLER);
      expect(offers).toHaveLength(OFFERS);
      const names = new Set(offers.map((o) => o.outer_name));
      expect(names.size).toBe(OFFERS);
      for (const offer of offers) {
        expect(offer.screenshots).toHaveLength(FILES_EACH);
        expect(new Set(offer.screenshots).size).toBe(FILES_EACH);
      }
      // The answered uploads the dead process had not written down went again.
      const uploads = sb.requests.filter(isUpload).length;
      expect(uploads).toBeGreaterThan(OFFERS * FILES_EACH);
      expect(store.syncStore().outboxSize()).toBe(0);
      store.close();
    } finally {
      await sb.close();
    }
  }, 120_000);
});
