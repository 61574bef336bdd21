// Undo's snapshot of a chunked step is built by SQLite (undoSteps snapshotInto): every local row
// of an offer — its local change, waiting operations, sealed credentials (bytes), screenshots,
// outcome, conflicts, and the whole row of an offer only this app has — must come back exactly
// as it was. A step an earlier version recorded (its snapshot written from JS, blobs as base64,
// every part present) still undoes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/core/store';
import { applyServerOffer, refreshOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import {
  accountProduct,
  goldProduct,
  manualClock,
  serverOffer,
  tempDir,
  testSecretBox,
} from './fixtures';

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

type Row = Record<string, unknown>;

/** Every local row of the profile, blobs as bytes. */
function everything() {
  const db = testDatabase(store);
  const all = (sql: string) => db.prepare<Row>(sql).all();
  return {
    offers: all('SELECT * FROM offers ORDER BY local_id'),
    serverCopies: all('SELECT * FROM server_copies ORDER BY local_id'),
    localChanges: all('SELECT * FROM local_changes ORDER BY local_id'),
    outbox: all('SELECT * FROM outbox ORDER BY id'),
    credentials: all('SELECT * FROM queued_credentials ORDER BY id'),
    screenshots: all('SELECT * FROM queued_screenshots ORDER BY id'),
    outcomes: all('SELECT * FROM offer_outcomes ORDER BY local_id'),
    conflicts: all('SELECT * FROM conflicts ORDER BY local_id, field'),
    counts: all('SELECT * FROM offer_counts WHERE n != 0 ORDER BY dim, key'),
    found: store.queryOffers({ text: 'kept name' }).rows.map((r) => r.localId),
  };
}

const accountFields = {
  price_per_step: 10,
  amount: 1,
  min_purchase_amount: 1,
  data: { '201': '60' },
};

/**
 * A pulled account offer with every kind of local row, a never-sent one with credentials queued,
 * and a clean pulled one.
 */
function seed(): [number, number, number] {
  const ctx = testContext(store);
  const db = testDatabase(store);
  applyServerOffer(
    ctx,
    serverOffer({
      id: 501,
      product_id: 20,
      marketplace_type: 2,
      data: { '201': '60' },
      price_per_step: 10,
      outer_name: 'kept name',
    }),
  );
  applyServerOffer(ctx, serverOffer({ id: 502, price_per_step: 3.25 }));
  const [pulled, clean] = db
    .prepare<{ local_id: number }>('SELECT local_id FROM offers ORDER BY server_id')
    .all()
    .map((r) => r.local_id) as [number, number];
  store.editOffer(pulled, { internal_name: 'mine' });
  store.queueCredentials(
    pulled,
    [
      { login: 'login-a', game_password: 'pass-a', email: 'a@x.test', email_password: 'mail-a' },
      { login: 'login-b', game_password: 'pass-b' },
    ],
    'add',
  );
  store.queueScreenshotFiles(pulled, ['/data/s1.png']);
  db.prepare(
    "INSERT INTO conflicts (local_id, field, base, mine, theirs) VALUES (?, 'amount', '1', NULL, '3')",
  ).run(pulled);
  db.prepare(
    "INSERT INTO offer_outcomes (local_id, at, ok, message) VALUES (?, 7, 0, 'refused once')",
  ).run(pulled);
  // The list row as the store keeps it once those rows are there.
  store.transaction(() => refreshOffer(ctx, pulled));
  const created = store.createOffer({
    productId: 20,
    guaranteeDeliveryTime: 60_000,
    fields: { ...accountFields, outer_name: 'kept name too' },
  });
  store.queueCredentials(created, [{ login: 'login-c', game_password: 'pass-c' }], 'add');
  return [pulled, clean, created];
}

/** A bulk discard of the offers, as the use cases run one: a step in chunks of two. */
function discardInChunks(ids: number[]): void {
  const step = store.undoSteps().inChunks((n) => `Discard ${n}`);
  for (let i = 0; i < ids.length; i += 2) {
    const chunk = ids.slice(i, i + 2);
    step.chunk(
      chunk,
      () => store.bulkChanges().discardLocalChanges(chunk),
      (writes) => writes.filter((w) => 'done' in w).map((w) => w.localId),
    );
  }
  step.end();
}

describe("undo's snapshot, built in SQL", () => {
  it('puts back every local row of every offer a bulk discard threw away, credentials byte for byte', () => {
    const ids = seed();
    const before = everything();
    expect(before.credentials).toHaveLength(3);
    expect(Buffer.isBuffer(before.credentials[0]!.sealed)).toBe(true);
    expect(before.screenshots).toHaveLength(1);

    discardInChunks(ids);
    const discarded = everything();
    expect(discarded.credentials).toEqual([]);
    expect(discarded.conflicts).toEqual([]);
    expect(discarded.offers).toHaveLength(2);

    const undone = store.undoSteps().undoLast();
    expect(undone).toMatchObject({ undone: true, offers: 3 });
    expect(everything()).toEqual(before);
  });

  it('keeps of a pulled offer only its id, of one only this app has the whole row', () => {
    const [pulled, clean, created] = seed();
    discardInChunks([pulled, clean, created]);
    const snapshots = new Map(
      testDatabase(store)
        .prepare<{ local_id: number; before: string }>('SELECT local_id, before FROM undo_offers')
        .all()
        .map((r) => [r.local_id, JSON.parse(r.before) as Row]),
    );
    expect([...snapshots.keys()].sort()).toEqual([pulled, clean, created].sort());
    expect(snapshots.get(pulled)!.offer).toEqual({ local_id: pulled, server_id: 501 });
    expect(snapshots.get(pulled)!.serverCopy).toBeUndefined();
    // Nothing local to keep of the clean one but its id.
    expect(snapshots.get(clean)).toEqual({ offer: { local_id: clean, server_id: 502 } });
    expect(snapshots.get(created)!.offer).toMatchObject({
      local_id: created,
      outer_name: 'kept name too',
    });
  });

  it('undoes a step an earlier version recorded: every part written, blobs as base64', () => {
    const ids = seed();
    const created = ids[2]!;
    const before = everything();
    const db = testDatabase(store);
    const rowsOf = (table: string) => before[table as keyof typeof before] as Row[];
    const base64 = (row: Row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          Buffer.isBuffer(v) ? { $b64: v.toString('base64') } : v,
        ]),
      );
    const opIds = new Set(
      rowsOf('outbox')
        .filter((o) => o.local_id === created)
        .map((o) => o.id),
    );
    const written = JSON.stringify({
      offer: rowsOf('offers').find((o) => o.local_id === created),
      serverCopy: null,
      localChange: rowsOf('localChanges').find((c) => c.local_id === created) ?? null,
      ops: rowsOf('outbox').filter((o) => o.local_id === created),
      credentials: rowsOf('credentials')
        .filter((c) => opIds.has(c.outbox_id))
        .map(base64),
      screenshots: [],
      outcome: null,
      conflicts: [],
    });
    discardInChunks([created]);
    expect(db.prepare('SELECT count(*) AS n FROM offers WHERE local_id = ?').get(created)).toEqual({
      n: 0,
    });
    db.prepare('UPDATE undo_offers SET before = ? WHERE local_id = ?').run(written, created);
    expect(store.undoSteps().undoLast()).toMatchObject({ undone: true, offers: 1 });
    expect(everything()).toEqual(before);
  });

  it('a chunk that failed and was rolled back leaves the next step whole', () => {
    const [pulled, clean, created] = seed();
    const before = everything();
    const step = store.undoSteps().inChunks((n) => `Discard ${n}`);
    expect(() =>
      step.chunk(
        [pulled],
        () => {
          store.bulkChanges().discardLocalChanges([pulled]);
          throw new Error('the chunk fails');
        },
        () => [pulled],
      ),
    ).toThrow('the chunk fails');
    step.end();
    expect(everything()).toEqual(before);
    expect(store.undoSteps().last()).toBeNull();
    discardInChunks([pulled, clean, created]);
    expect(store.undoSteps().undoLast()).toMatchObject({ undone: true, offers: 3 });
    expect(everything()).toEqual(before);
  });
});
