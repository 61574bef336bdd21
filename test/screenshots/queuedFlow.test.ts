// Offline to online: screenshots dropped on an offer the marketplace has not seen yet are checked,
// staged, queued, and sent on sync after the offer exists; the originals may be gone by then.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { prepareScreenshotAdd } from '../../electron/core/screenshots';
import { createSecretBox } from '../../electron/core/secrets';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jpegBytes, pngBytes, tempFolder, type TempFolder } from './images';

let sandbox: Sandbox;
let folder: TempFolder;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000, attachVisibleAfterMs: 0 });
  folder = tempFolder();
});
afterAll(async () => {
  await sandbox.close();
  folder.remove();
});

it('queues dropped files and links offline and sends them in order once the offer exists', async () => {
  const seller = sandbox.sellers.find((s) => s.id === 3)!;
  const store = openStore(join(folder.dir, 'desk.sqlite'), {
    secretBox: createSecretBox(randomBytes(32)),
  });
  const limiter = createRateLimiter({ db: store.rateLedgerDatabase(), windowMs: 1000 });
  const client = createMarketplaceClient({
    baseUrl: sandbox.baseUrl,
    token: seller.token,
    limiter,
  });
  const engine = createSyncEngine({ store, client, limiter, maxInlineWaitMs: 1000 });
  try {
    await engine.pull({ catalogue: true });
    const localId = store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 3_600_000,
      fields: {
        price_per_step: 0.04,
        amount: 5000,
        min_purchase_amount: 1,
        data: { '101': 'Ashbringer', '102': 'Horde' },
      },
    });

    const front = folder.write('front.png', pngBytes('front'));
    const back = folder.write('back.jpg', jpegBytes());
    const links = [
      ...Array.from({ length: 10 }, (_, i) => `https://images.sandbox.test/q/${i}.png`),
      'https://cdn.sandbox.test/fail/late.png',
      'https://elsewhere.example/x.png',
    ];
    const prepared = await prepareScreenshotAdd({
      existing: store.getOffer(localId)!.fields.screenshots?.length ?? 0,
      files: [front, back, folder.write('readme.png', 'text')],
      urls: [links.join('\n')],
      dataDir: join(folder.dir, 'data'),
    });
    expect(prepared.refused.map((r) => r.item)).toEqual(['readme.png']);
    store.queueScreenshotFiles(
      localId,
      prepared.files.map((f) => f.stagedPath),
    );
    store.queueScreenshotUrls(localId, prepared.urls);
    // The seller tidies their desktop before the sync: the staged copies carry on.
    rmSync(front);
    rmSync(back);

    const mark = sandbox.requests.length;
    const summary = await engine.push();
    // Everything went out; the refused links stay queued for the seller (retry or dismiss).
    expect(summary).toMatchObject({ unauthorized: false, pending: 1 });

    const sent = sandbox.requests
      .slice(mark)
      .filter((r) => !r.path.includes('my_offers'))
      .map((r) => `${r.method} ${r.path.replace(/\/\d+\//g, '/:id/')} ${r.status}`);
    const create = sent.findIndex((r) => r.includes('/offers/manage'));
    const attaches = sent.flatMap((r, i) =>
      r.includes('attach_screenshots_from_links') ? [i] : [],
    );
    expect(sent.filter((r) => r.includes('upload_screenshot'))).toHaveLength(2);
    expect(attaches).toHaveLength(2);
    expect(Math.min(...attaches)).toBeGreaterThan(create);

    const serverId = store.getOffer(localId)!.serverId!;
    const onServer = sandbox.control.offers(3).find((o) => o.id === serverId)!;
    // Two files and the ten links that download; the two failing links are not attached.
    expect(onServer.screenshots).toHaveLength(12);
    const stored = onServer.screenshots.map((p) => sandbox.control.screenshotBytes(p));
    expect(stored.some((b) => b?.equals(pngBytes('front')))).toBe(true);
    expect(stored.some((b) => b?.equals(jpegBytes()))).toBe(true);
    // The two links that did not attach are reported on the offer, not lost silently.
    const outcome = store.getOffer(localId)!.outcome;
    expect(outcome?.ok).toBe(false);
    expect(outcome?.message).toContain('https://cdn.sandbox.test/fail/late.png');
    expect(outcome?.message).toContain('https://elsewhere.example/x.png');
    // …and the offer waits for the seller in Needs attention, holding just those two links.
    const offer = store.getOffer(localId)!;
    expect(offer.syncState).toBe('attention');
    expect(offer.pending.map((op) => op.state)).toEqual(['failed']);
  } finally {
    limiter.close();
    await client.close();
    store.close();
  }
});
