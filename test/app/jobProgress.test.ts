// A long bulk change in the app tells how far it has got and can be stopped: the real core
// against a sandbox on loopback, its profile's SQLite file seeded with 5,000 pulled offers
// directly (as test/usecases/bulkChunks.test.ts does; through the API it would take minutes),
// every call through the contract's dispatch as the IPC bridge makes it. An offer import's check
// is a job the same way: stopped, nothing is queued.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../electron/contract/ipc';
import type { AppCore } from '../../electron/core/app';
import { delimitedRecords, formatDelimited } from '../../electron/core/imports/text/delimited';
import { type Sandbox } from '../../electron/sandbox';
import { coreCalls, startConnectedCore, type ConnectedCore } from './coreHarness';
import { seededProduct, seedPulledOffers } from './seededOffers';

const SEEDED = 5_000;
const product = seededProduct;

let sandbox: Sandbox;
let core: AppCore;
let dataDir: string;
let progress: EventPayload<'job.progress'>[];
let finished: EventPayload<'job.finished'>[];
const { call, failureOf, syncNow } = coreCalls(() => core);

const seedOffers = (count: number) => seedPulledOffers(dataDir, sandbox.baseUrl, count);

/** Each seeded offer's price as the offers list shows it, asked a page at a time. */
async function prices(ids: number[]): Promise<Map<number, number | null>> {
  const byId = new Map<number, number | null>();
  for (let offset = 0; offset < ids.length; offset += 500) {
    const page = await call('offers.query', {
      productId: product.id,
      sort: { column: 'updated_at', dir: 'desc' },
      offset,
      limit: 500,
    });
    expect(page.total).toBe(ids.length);
    for (const row of page.rows) byId.set(row.localId, row.pricePerStep);
  }
  expect(byId.size).toBe(ids.length);
  return byId;
}

let world: ConnectedCore;
beforeEach(async () => {
  progress = [];
  finished = [];
  world = await startConnectedCore(
    'jobs',
    { syncDebounceMs: 3_600_000, syncHoldMs: 0, systemLanguages: ['en-US'] },
    (core) => {
      core.on('job.progress', (p) => void progress.push(p));
      core.on('job.finished', (f) => void finished.push(f));
    },
  );
  ({ sandbox, core, dataDir } = world);
  await syncNow();
});

afterEach(() => world.close());

describe('a long bulk change in the app', { timeout: 120_000 }, () => {
  it('tells its progress, rising to the total, and ends done', async () => {
    const ids = await seedOffers(SEEDED);
    expect(ids).toHaveLength(SEEDED);
    const outcome = await call('offers.changePrice', { localIds: ids, mode: 'amount', value: 1 });
    expect(outcome.changed).toBe(SEEDED);
    expect(outcome.stopped).toBeUndefined();

    expect(progress.length).toBeGreaterThan(0);
    const jobId = progress[0]!.jobId;
    expect(progress.every((p) => p.jobId === jobId && p.kind === 'bulk_price')).toBe(true);
    expect(progress.every((p) => p.total === SEEDED)).toBe(true);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.done).toBeGreaterThan(progress[i - 1]!.done);
    }
    expect(progress.at(-1)!.done).toBe(SEEDED);
    expect(finished).toEqual([{ jobId, kind: 'bulk_price', outcome: 'done' }]);
  });

  it('stopped after its first progress: answers what was applied, and one undo takes back exactly that', async () => {
    const ids = await seedOffers(SEEDED);
    const before = await prices(ids);

    let stopAnswer: Promise<{ stopping: boolean }> | null = null;
    const off = core.on('job.progress', ({ jobId }) => {
      stopAnswer ??= call('job.stop', { jobId });
    });
    const outcome = await call('offers.changePrice', { localIds: ids, mode: 'amount', value: 1 });
    off();
    expect(stopAnswer).not.toBeNull();
    expect(await stopAnswer!).toEqual({ stopping: true });

    expect(outcome.stopped).toBe(true);
    expect(outcome.changed).toBeGreaterThan(0);
    expect(outcome.changed).toBeLessThan(SEEDED);
    expect(finished).toEqual([
      { jobId: progress[0]!.jobId, kind: 'bulk_price', outcome: 'stopped' },
    ]);
    // A job that ended is no longer there to stop.
    expect(await call('job.stop', { jobId: progress[0]!.jobId })).toEqual({ stopping: false });

    // Exactly `changed` offers moved by one (the first ones asked, chunk by chunk); the rest not.
    const after = await prices(ids);
    const moved = ids.filter((id) => after.get(id) !== before.get(id));
    expect(moved).toEqual(ids.slice(0, outcome.changed));
    for (const id of moved) expect(after.get(id)).toBeCloseTo(before.get(id)! + 1, 5);

    const step = await call('undo.last');
    expect(step).not.toBeNull();
    await call('undo.undo');
    const undone = await prices(ids);
    for (const id of ids) expect(undone.get(id)).toBe(before.get(id));
    // One step covered the whole stopped change: nothing of it is left to undo.
    expect((await call('undo.last'))?.label ?? null).not.toBe(step!.label);
  });
});

describe("an offer import's check in the app", { timeout: 120_000 }, () => {
  it('is a job too: stopped after its first progress, nothing is queued and it says so', async () => {
    // The demo seller's gold offers of one product, exported by the app: header and a row.
    const productId = (await call('catalogue.list', {})).find((p) =>
      p.title.toLowerCase().includes('gold'),
    )!.id;
    const work = mkdtempSync(join(tmpdir(), 'seller-desk-jobs-import-'));
    const exported = join(work, 'export.csv');
    await call('exports.offers', { format: 'csv', productId, file: exported });
    const records = [...delimitedRecords(readFileSync(exported, 'utf8'), ',')].map((r) => r.cells);
    const [header, first] = records as [string[], string[]];
    const at = (name: string) => header.indexOf(name);
    // 3,000 new offers, each its own price (not a duplicate of another).
    const rows = Array.from({ length: 3_000 }, (_, i) =>
      first.map((cell, c) =>
        c === at('Offer number')
          ? ''
          : c === at('Price per step')
            ? (1 + i / 1000).toFixed(3)
            : cell,
      ),
    );
    const file = join(work, 'offers.csv');
    writeFileSync(file, formatDelimited([header, ...rows], ','));
    const before = (await call('offers.counts', {})).total;

    const preview = await call('imports.offersPreview', { productId, file });
    expect(preview.toCreate).toBe(3_000);
    const off = core.on('job.progress', ({ jobId, kind }) => {
      if (kind === 'offer_import') void call('job.stop', { jobId });
    });
    const failure = await failureOf('imports.offersCommit', {
      previewId: preview.previewId,
      skipInvalid: false,
    });
    off();
    expect(failure.message).toBe('The import was stopped; nothing was queued.');
    expect(progress.some((p) => p.kind === 'offer_import' && p.total === 3_000)).toBe(true);
    expect(finished.at(-1)).toMatchObject({ kind: 'offer_import', outcome: 'stopped' });
    expect((await call('offers.counts', {})).total).toBe(before);

    // Not stopped, the same preview queues every row and the job ends done.
    const committed = await call('imports.offersCommit', {
      previewId: preview.previewId,
      skipInvalid: false,
    });
    expect(committed.created).toBe(3_000);
    expect(finished.at(-1)).toMatchObject({ kind: 'offer_import', outcome: 'done' });
  });
});
