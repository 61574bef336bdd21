import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftRejected, openStore, type Store } from '../../electron/core/store';
import { applyServerOffer } from '../../electron/core/store/offers';
import {
  accountProduct,
  goldFields,
  goldProduct,
  manualClock,
  serverOffer,
  tempDir,
  testSecretBox,
} from './fixtures';
import { testContext, testDatabase } from '../../electron/core/store/testing';

let dir: ReturnType<typeof tempDir>;
let store: Store;
const clock = manualClock();

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir.file('seller.db'), { clock, secretBox: testSecretBox() });
  store.saveProducts([goldProduct, accountProduct]);
});
afterEach(() => {
  store.close();
  dir.remove();
});

function outbox() {
  return testDatabase(store)
    .prepare<{ local_id: number; kind: string; state: string }>(
      'SELECT local_id, kind, state FROM outbox ORDER BY id',
    )
    .all();
}

function rejection(fn: () => unknown): DraftRejected {
  try {
    fn();
  } catch (error) {
    if (error instanceof DraftRejected) return error;
    throw error;
  }
  throw new Error('expected a DraftRejected');
}

describe('offline drafting', () => {
  it('commits a create and its outbox row together, and they survive reopening the file', () => {
    const id = store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 3_600_000,
      fields: goldFields(2.5),
    });
    store.close();
    store = openStore(dir.file('seller.db'), { clock });
    expect(outbox()).toEqual([{ local_id: id, kind: 'manage', state: 'queued' }]);
    const detail = store.getOffer(id)!;
    expect(detail.syncState).toBe('local');
    expect(detail.serverId).toBeNull();
    expect(detail.fields.price_per_step).toBe(2.5);
    expect(detail.fields.data).toEqual({ '101': 'Ragnaros' });
  });

  it('refuses an invalid offer with problems per field and queues nothing', () => {
    const error = rejection(() =>
      store.createOffer({
        productId: 10,
        guaranteeDeliveryTime: 0,
        fields: { price_per_step: 2, amount: 10, min_purchase_amount: 1, data: { '101': 'Nope' } },
      }),
    );
    const fields = error.problems.map((p) => p.field).sort();
    expect(fields).toEqual(['data.101', 'guarantee_delivery_time', 'min_purchase_amount']);
    expect(outbox()).toEqual([]);
    expect(store.countOffers().total).toBe(0);
  });

  it('refuses an unknown product', () => {
    const error = rejection(() =>
      store.createOffer({ productId: 999, guaranteeDeliveryTime: 1, fields: goldFields(1) }),
    );
    expect(error.problems[0]?.field).toBe('product_id');
  });

  it('merges edits of a never-sent create into the create, and a delete cancels both', () => {
    const id = store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 60_000,
      fields: goldFields(2.5),
    });
    store.editOffer(id, { price_per_step: 3 });
    store.editOffer(id, { data: { '101': 'Thrall' } });
    expect(outbox()).toEqual([{ local_id: id, kind: 'manage', state: 'queued' }]);
    const change = testDatabase(store)
      .prepare<{ kind: string; mine: string }>('SELECT kind, mine FROM local_changes')
      .get()!;
    expect(change.kind).toBe('create');
    expect(JSON.parse(change.mine)).toMatchObject({ price_per_step: 3, 'data.101': 'Thrall' });
    expect(store.deleteOffer(id)).toBe('cancelled');
    expect(outbox()).toEqual([]);
    expect(store.getOffer(id)).toBeNull();
  });

  it('keeps one manage operation for queued edits of a server offer, over a base', () => {
    applyServerOffer(testContext(store), serverOffer({ id: 77, price_per_step: 1.5 }));
    const localId = store.queryOffers().rows[0]!.localId;
    expect(store.getOffer(localId)!.syncState).toBe('synced');
    store.editOffer(localId, { price_per_step: 2 });
    store.editOffer(localId, { amount: 500 });
    store.editOffer(localId, { price_per_step: 2.25 });
    expect(outbox()).toEqual([{ local_id: localId, kind: 'manage', state: 'queued' }]);
    const row = testDatabase(store)
      .prepare<{ base: string; mine: string; base_updated_at: string }>(
        'SELECT base, mine, base_updated_at FROM local_changes',
      )
      .get()!;
    expect(JSON.parse(row.mine)).toEqual({ price_per_step: 2.25, amount: 500 });
    expect(JSON.parse(row.base)).toEqual({ price_per_step: 1.5, amount: 1000 });
    expect(row.base_updated_at).toBe('2026-01-01T00:00:00.000Z');
    // The server copy is untouched: the change is an overlay.
    expect(store.getOffer(localId)!.server!.price_per_step).toBe(1.5);
    expect(store.getOffer(localId)!.fields.price_per_step).toBe(2.25);
    // Setting the fields back to the server's values drops the change and its operation.
    store.editOffer(localId, { price_per_step: 1.5, amount: 1000 });
    expect(outbox()).toEqual([]);
    expect(store.getOffer(localId)!.syncState).toBe('synced');
  });

  it('queues a delete of a server offer, dropping what waited for it', () => {
    applyServerOffer(testContext(store), serverOffer({ id: 78 }));
    const localId = store.queryOffers().rows[0]!.localId;
    store.editOffer(localId, { price_per_step: 9 });
    store.changeStatus(localId, 3);
    expect(store.deleteOffer(localId)).toBe('queued');
    expect(outbox()).toEqual([{ local_id: localId, kind: 'delete', state: 'queued' }]);
    expect(store.queryOffers().rows[0]!.pendingDelete).toBe(true);
  });

  it('merges status changes; only the document refuses one here, the rest the marketplace decides', () => {
    applyServerOffer(testContext(store), serverOffer({ id: 79, status: 6 }));
    applyServerOffer(testContext(store), serverOffer({ id: 80, status: 2 }));
    const sold = store.queryOffers({ status: 6 }).rows[0]!.localId;
    const active = store.queryOffers({ status: 2 }).rows[0]!.localId;
    // A status sellers may not set (the document: 1, 2, 3 or 5) is refused here.
    expect(rejection(() => store.changeStatus(active, 4)).problems[0]!.field).toBe('status');
    // Which statuses a sold offer may leave to is "not shown": queued, the marketplace decides.
    store.changeStatus(sold, 2);
    store.changeStatus(active, 3);
    store.changeStatus(active, 1);
    const ops = testDatabase(store)
      .prepare<{ local_id: number; payload: string }>(
        "SELECT local_id, payload FROM outbox WHERE kind = 'status' ORDER BY id",
      )
      .all();
    expect(ops.map((o) => [o.local_id, JSON.parse(o.payload)])).toEqual([
      [sold, { status: 2 }],
      [active, { status: 1 }],
    ]);
    expect(store.queryOffers({ status: 1 }).rows.map((r) => r.localId)).toEqual([active]);
  });

  it('keeps credentials sealed: neither login nor password is on disk in clear', () => {
    const id = store.createOffer({
      productId: 20,
      guaranteeDeliveryTime: 60_000,
      fields: { price_per_step: 10, amount: 1, min_purchase_amount: 1, data: { '201': '60' } },
    });
    const login = 'VerySecretLogin42';
    const password = 'hunter2-Password-XYZ';
    expect(
      store.queueCredentials(
        id,
        [{ login, game_password: password, email: 'me@x.test', email_password: 'mail-pass-Q' }],
        'add',
      ),
    ).toBe(1);
    testDatabase(store).pragma('wal_checkpoint(TRUNCATE)');
    const bytes = readFileSync(dir.file('seller.db')).toString('latin1');
    expect(bytes).not.toContain(login);
    expect(bytes).not.toContain(password);
    expect(store.getOffer(id)!.queuedCredentials).toBe(1);
    expect(store.knownCredentialHashes(id).loginHashes.size).toBe(1);
    // A bad credential is refused per field and nothing is queued.
    const error = rejection(() =>
      store.queueCredentials(id, [{ login: '', game_password: 'x'.repeat(300) }], 'add'),
    );
    expect(error.problems.map((p) => p.field)).toContain('credentials.0.game_password');
    expect(store.getOffer(id)!.queuedCredentials).toBe(1);
  });

  it('detaches a stored screenshot once, and takes the removal back while it is unsent', () => {
    const a = '/storage/screenshots/a.png';
    applyServerOffer(
      testContext(store),
      serverOffer({ id: 82, screenshots: [a, '/storage/screenshots/b.png'] }),
    );
    const localId = store.queryOffers().rows[0]!.localId;
    expect(store.detachScreenshot(localId, a)).toBe('removed');
    expect(store.detachScreenshot(localId, a)).toBe('already');
    const detaches = () => outbox().filter((o) => o.kind === 'screenshot_detach');
    expect(detaches()).toHaveLength(1);
    expect(store.getOffer(localId)!.screenshotDetaches).toMatchObject([
      { url: a, state: 'queued' },
    ]);
    expect(store.keepScreenshot(localId, a)).toBe('kept');
    expect(detaches()).toHaveLength(0);
    expect(store.keepScreenshot(localId, a)).toBe('none');
    // On its way: neither queued again nor taken back.
    store.detachScreenshot(localId, a);
    testDatabase(store)
      .prepare("UPDATE outbox SET state = 'sending' WHERE kind = 'screenshot_detach'")
      .run();
    expect(store.detachScreenshot(localId, a)).toBe('already');
    expect(store.keepScreenshot(localId, a)).toBe('sending');
    // Refused: asked again, the same removal goes again, still one.
    testDatabase(store)
      .prepare("UPDATE outbox SET state = 'failed' WHERE kind = 'screenshot_detach'")
      .run();
    expect(store.detachScreenshot(localId, a)).toBe('removed');
    expect(detaches()).toEqual([expect.objectContaining({ state: 'queued' })]);
  });

  it('queues screenshot files behind placeholders and drops a queued one cleanly', () => {
    applyServerOffer(
      testContext(store),
      serverOffer({ id: 81, screenshots: ['/storage/screenshots/a.png'] }),
    );
    const localId = store.queryOffers().rows[0]!.localId;
    const [first, second] = store.queueScreenshotFiles(localId, ['/data/s1.png', '/data/s2.png']);
    expect(store.getOffer(localId)!.fields.screenshots).toEqual([
      '/storage/screenshots/a.png',
      `queued-screenshot:${first}`,
      `queued-screenshot:${second}`,
    ]);
    store.detachScreenshot(localId, `queued-screenshot:${first}`);
    expect(store.getOffer(localId)!.fields.screenshots).toEqual([
      '/storage/screenshots/a.png',
      `queued-screenshot:${second}`,
    ]);
    expect(
      outbox()
        .map((o) => o.kind)
        .sort(),
    ).toEqual(['manage', 'screenshot_upload']);
    store.queueScreenshotUrls(
      localId,
      Array.from({ length: 12 }, (_, i) => `https://images.sandbox.test/${i}.png`),
    );
    expect(outbox().filter((o) => o.kind === 'screenshot_links')).toHaveLength(2);
  });
});
