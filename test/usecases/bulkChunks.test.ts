// Bulk changes done a chunk at a time, on real profiles (SQLite files, cached catalogue, no
// request): a page of offers asked while a bulk change of 20,000 runs is answered before the
// change ends; the change reports progress and can be stopped between chunks, undo covering what
// was applied; and over a few thousand offers in every state a bulk price change, status change,
// delete and discard leave exactly the queue, offers, counts, outcome and undo that applying the
// single change to each offer in turn (the way it was done before) leaves.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyServerDeletion,
  applyServerOffer,
  refreshOffer,
} from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import {
  changePrice,
  deleteOffers,
  discardLocalChanges,
  lastUndoStep,
  listOffers,
  setStatus,
  undoLastStep,
} from '../../electron/core/usecases/offers';
import {
  afterPutOnSale,
  offerReader,
  planPrice,
  planStatus,
} from '../../electron/core/usecases/offers/consequences';
import { storedOfferName } from '../../electron/core/usecases/offers/offerName';
import { refusalProblems } from '../../electron/core/usecases/offers/refusals';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import {
  commitOfferImport,
  previewOfferImport,
} from '../../electron/core/usecases/transfers/importOffers';
import { accountProduct, goldProduct, manualClock, serverOffer, tempDir } from '../store/fixtures';
import type { ProblemSay } from '../../electron/contract/rules/problems';

const opened: { profile: SellerProfile; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const { profile, cleanup } of opened.splice(0)) {
    await profile.close();
    cleanup();
  }
});

function newProfile(): SellerProfile {
  const dir = tempDir();
  const profile = openSellerProfile({
    dataDir: dir.path,
    baseUrl: 'http://127.0.0.1:9',
    clock: manualClock(),
    token: () => {
      throw new Error('a local change needs no token');
    },
  });
  opened.push({ profile, cleanup: dir.remove });
  profile.store().saveProducts([goldProduct, accountProduct]);
  return profile;
}

/** Offers as a pull leaves them, written straight into the file (list indexes built after). */
function seedPulled(profile: SellerProfile, count: number): number[] {
  const db = testDatabase(profile.store());
  const ctx = testContext(profile.store());
  const indexes = db
    .prepare<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'offers' AND sql IS NOT NULL",
    )
    .all();
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const account = i % 7 === 0;
      applyServerOffer(
        ctx,
        serverOffer({
          id: 100_000 + i,
          product_id: account ? 20 : 10,
          marketplace_type: account ? 2 : 1,
          data: account ? { '201': '60' } : { '101': 'Ragnaros' },
          price_per_step: i % 101 === 0 ? 0.01 : 1 + (i % 997) / 10,
          status: i % 11 === 0 ? 6 : i % 5 === 0 ? 3 : 2,
          screenshots: i % 14 === 0 ? ['https://images.example/s.png'] : [],
        }),
      );
    }
  })();
  for (const index of indexes) db.exec(index.sql);
  return db
    .prepare<{ local_id: number }>('SELECT local_id FROM offers ORDER BY local_id')
    .all()
    .map((r) => r.local_id);
}

describe('a long bulk change lets other calls in', () => {
  it('a page of offers asked during a bulk price change of 20,000 is answered before the change ends', async () => {
    const profile = newProfile();
    const ids = seedPulled(profile, 20_000);
    const settled: string[] = [];
    let progress = 0;
    const steps: number[] = [];
    const change = changePrice(
      profile,
      { offers: { localIds: ids }, mode: 'percent', value: 10 },
      {
        onProgress: ({ done }) => {
          steps.push(done - (steps.length > 0 ? steps.reduce((a, b) => a + b) : 0));
          progress++;
        },
      },
    ).then((outcome) => {
      settled.push('bulk change');
      return outcome;
    });
    // Asked as a front asks: on a later turn of the event loop, while the change is under way.
    const page = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        listOffers(profile, { sort: { column: 'price_per_step', dir: 'desc' }, limit: 50 }),
      )
      .then((list) => {
        settled.push('page');
        return list;
      });
    const [outcome, list] = await Promise.all([change, page]);
    expect(settled).toEqual(['page', 'bulk change']);
    expect(list.offers).toHaveLength(50);
    expect(list.total).toBe(20_000);
    // Every offer changed but the sold ones and those whose price stays once rounded, in many
    // chunks, each one told.
    const sold = ids.filter((_, i) => (i + 1) % 11 === 0).length;
    expect(outcome.changed + outcome.refused.length).toBe(20_000);
    expect(outcome.refused.length).toBeGreaterThanOrEqual(sold);
    expect(outcome.changed).toBeGreaterThan(18_000);
    expect(progress).toBeGreaterThan(1);
    // A job this big goes in chunks of at least 384 offers (a commit's cost stays small
    // beside its rows: usecases/offers/bulk.ts chunkSizing).
    expect(steps.slice(0, -1).every((n) => n >= 384)).toBe(true);
    expect(lastUndoStep(profile)).toMatchObject({ offers: outcome.changed });
  }, 120_000);

  it('stops between chunks when cancelled; undo covers exactly what was applied', async () => {
    const profile = newProfile();
    const ids = seedPulled(profile, 3000);
    const stop = new AbortController();
    const seen: number[] = [];
    const outcome = await setStatus(
      profile,
      { offers: { localIds: ids }, status: 1 },
      {
        signal: stop.signal,
        onProgress: ({ done, total }) => {
          seen.push(done);
          expect(total).toBe(3000);
          stop.abort();
        },
      },
    );
    expect(outcome.cancelled).toBe(true);
    expect(seen).toHaveLength(1);
    expect(outcome.changed).toBe(seen[0]);
    const queued = () => profile.store().countOffers().outbox;
    expect(queued()).toBe(seen[0]);
    expect(undoLastStep(profile)).toEqual({
      label: `Status Draft on ${seen[0]} offers`,
      offers: seen[0],
    });
    expect(queued()).toBe(0);
  });

  it('cannot be undone while it is still being applied', async () => {
    const profile = newProfile();
    const ids = seedPulled(profile, 3000);
    const change = changePrice(profile, { offers: { localIds: ids }, mode: 'amount', value: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => undoLastStep(profile)).toThrow(/still being applied/);
    const outcome = await change;
    expect(undoLastStep(profile).offers).toBe(outcome.changed);
  });
});

describe('an offer import checks its rows a chunk at a time, then queues them at once', () => {
  const sheetOf = (profile: SellerProfile, rows: number) => {
    const path = join(profile.store().file + '.import.csv');
    const lines = ['price_per_step,amount,min_purchase_amount,data.101'];
    for (let i = 0; i < rows; i++) lines.push(`${1 + i / 100},1000,5,Thrall`);
    writeFileSync(path, lines.join('\n') + '\n');
    return path;
  };

  it('a page of offers asked while 3,000 rows are checked is answered before the import ends', async () => {
    const profile = newProfile();
    seedPulled(profile, 100);
    const preview = await previewOfferImport(profile, {
      productId: goldProduct.id,
      file: sheetOf(profile, 3000),
    });
    const settled: string[] = [];
    let progress = 0;
    const done = commitOfferImport(profile, preview, {
      job: { onProgress: () => void progress++ },
    }).then((outcome) => {
      settled.push('import');
      return outcome;
    });
    const page = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => listOffers(profile, { limit: 10 }))
      .then((list) => {
        settled.push('page');
        return list;
      });
    const [outcome, list] = await Promise.all([done, page]);
    expect(settled).toEqual(['page', 'import']);
    // All or nothing: the page saw none of the new offers; the import queued all 3,000.
    expect(list.total).toBe(100);
    expect(outcome.created).toBe(3000);
    expect(progress).toBeGreaterThan(1);
    expect(profile.store().countOffers().total).toBe(3100);
  });

  it('stopped while its rows are checked, queues nothing', async () => {
    const profile = newProfile();
    const preview = await previewOfferImport(profile, {
      productId: goldProduct.id,
      file: sheetOf(profile, 1000),
    });
    const stop = new AbortController();
    await expect(
      commitOfferImport(profile, preview, {
        job: { signal: stop.signal, onProgress: () => stop.abort() },
      }),
    ).rejects.toThrow(/stopped; nothing was queued/);
    expect(profile.store().countOffers().total).toBe(0);
    expect(lastUndoStep(profile)).toBeNull();
  });
});

describe('a bulk change by filter', () => {
  it('picks every offer of the status, newest change first, none waiting to be deleted, in one query', async () => {
    const profile = newProfile();
    const ids = seedPulled(profile, 1200);
    const store = profile.store();
    store.deleteOffer(ids[4]!); // status 3, now waiting to be deleted
    const listed: number[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = store.queryOffers({
        status: 3,
        sort: { column: 'updated_at', dir: 'desc' },
        offset,
        limit: 500,
      });
      listed.push(...page.rows.filter((r) => !r.pendingDelete).map((r) => r.localId));
      if (page.rows.length < 500) break;
    }
    expect(listed.length).toBeGreaterThan(150);
    const outcome = await setStatus(profile, { offers: { filter: { status: 3 } }, status: 1 });
    expect(outcome.changedIds).toEqual(listed);
    expect(outcome.changedIds).not.toContain(ids[4]);
  });
});

describe('undo of a bulk change', () => {
  it('is refused, with a sentence, once one of its offers was deleted on the marketplace', async () => {
    const profile = newProfile();
    const ids = seedPulled(profile, 40);
    await changePrice(profile, { offers: { localIds: ids }, mode: 'amount', value: 1 });
    await discardLocalChanges(profile, { localIds: ids });
    // A full reconcile found one gone: with nothing pending any more, its row goes.
    profile.store().transaction(() => applyServerDeletion(testContext(profile.store()), ids[3]!));
    expect(() => undoLastStep(profile)).toThrow(/deleted on the marketplace since/);
    expect(profile.store().getOffer(ids[3]!)).toBeNull();
  });
});

/** Everything a bulk change may touch, row by row, for two profiles to be compared. */
function dump(profile: SellerProfile) {
  const db = testDatabase(profile.store());
  const all = (sql: string) => db.prepare(sql).all();
  return {
    offers: all('SELECT * FROM offers ORDER BY local_id'),
    outbox: all(
      'SELECT id, local_id, kind, payload, state, attempts, next_attempt_at, last_error, created_at FROM outbox ORDER BY id',
    ),
    localChanges: all('SELECT * FROM local_changes ORDER BY local_id'),
    conflicts: all('SELECT * FROM conflicts ORDER BY local_id, field'),
    outcomes: all('SELECT * FROM offer_outcomes ORDER BY local_id'),
    counts: all('SELECT * FROM offer_counts WHERE n != 0 ORDER BY dim, key'),
    steps: all('SELECT label, offers FROM undo_steps ORDER BY id'),
    stepOffers: all(
      'SELECT s.label, u.local_id, u.after_ops FROM undo_offers u JOIN undo_steps s ON s.id = u.step_id ORDER BY s.id, u.local_id',
    ),
    found: profile
      .store()
      .queryOffers({ text: 'gold coins', sort: { column: 'updated_at', dir: 'desc' }, limit: 1 })
      .total,
  };
}

/** A few thousand offers in every state a bulk change meets. */
function seedEveryState(profile: SellerProfile): number[] {
  const ids = seedPulled(profile, 2000);
  const store = profile.store();
  const db = testDatabase(store);
  for (let i = 0; i < 40; i++) {
    ids.push(
      store.createOffer({
        productId: 10,
        guaranteeDeliveryTime: 3_600_000,
        fields: {
          price_per_step: 2 + i,
          amount: 1000,
          min_purchase_amount: 5,
          data: { '101': 'Thrall' },
        },
      }),
    );
  }
  /** A local edit the rules accept: an account offer's internal name, a gold offer's amount. */
  const anEdit = (id: number, i: number) =>
    store.getOffer(id)!.productId === 20
      ? { internal_name: `edited ${i}` }
      : { amount: 1000 + 5 * ((i % 9) + 1) };
  ids.forEach((id, i) => {
    if (i % 13 === 0 && i % 11 !== 10) store.editOffer(id, anEdit(id, i));
    if (i % 17 === 0) store.changeStatus(id, 3);
    if (i % 19 === 0) store.deleteOffer(id);
  });
  // (Offers waiting to be deleted, every 19th, take no edit.)
  const some = (step: number, from = 0) => ids.filter((_, i) => i % step === from && i % 19 !== 0);
  // Refused by the marketplace, in flight, in conflict, with an outcome.
  some(23, 4).forEach((id, i) => store.editOffer(id, anEdit(id, i + 1)));
  db.prepare(
    `UPDATE outbox SET state = 'failed', last_error = 'refused' WHERE local_id IN (${some(23, 4).join(',')})`,
  ).run();
  for (const id of some(31, 5)) store.changeStatus(id, 1);
  db.prepare(
    `UPDATE outbox SET state = 'sending' WHERE kind = 'status' AND local_id IN (${some(31, 5).join(',')})`,
  ).run();
  for (const id of some(37, 6)) {
    db.prepare(
      "INSERT OR IGNORE INTO conflicts (local_id, field, base, mine, theirs) VALUES (?, 'amount', '1', '2', '3')",
    ).run(id);
    db.prepare(
      "INSERT OR REPLACE INTO offer_outcomes (local_id, at, ok, message) VALUES (?, 1, 0, 'no')",
    ).run(id);
  }
  // The list columns as the store keeps them once those rows are there.
  const ctx = testContext(store);
  store.transaction(() => {
    for (const id of some(37, 6)) refreshOffer(ctx, id);
  });
  return ids;
}

/** The change as it was made before: the single change applied to each offer in one step. */
function oneByOne(
  profile: SellerProfile,
  ids: readonly number[],
  label: (n: number) => string,
  apply: (localId: number) => 'changed' | 'unchanged',
) {
  const store = profile.store();
  const refused: { localId: number; offer: string; problems: unknown }[] = [];
  const changedIds = store.undoSteps().record(
    label,
    ids,
    () => {
      const changed: number[] = [];
      for (const localId of ids) {
        try {
          if (apply(localId) === 'changed') changed.push(localId);
        } catch (error) {
          const problems = refusalProblems(error);
          if (!problems) throw error;
          refused.push({ localId, offer: storedOfferName(store, localId), problems });
        }
      }
      return changed;
    },
    (changed) => changed,
  );
  return { changed: changedIds.length, changedIds, refused };
}

/** An offer a plan leaves out, refused as the use cases refuse it. */
const asFailure = (field: string, plan: { reason: string; say?: ProblemSay }) =>
  new UseCaseFailure(
    'bad_input',
    plan.reason,
    [{ field, message: plan.reason, ...(plan.say && { say: plan.say }) }],
    plan.say ? { say: plan.say } : {},
  );

describe('bulk changes in chunks do what one change per offer did', () => {
  it('price, status, delete and discard over 2,040 offers in every state: same queue, offers, counts, outcome and undo', async () => {
    const before = newProfile();
    const after = newProfile();
    const ids = seedEveryState(before);
    expect(seedEveryState(after)).toEqual(ids);
    expect(dump(after)).toEqual(dump(before));
    const outcomeOf = (o: { changed: number; changedIds: number[]; refused: unknown[] }) => ({
      changed: o.changed,
      changedIds: o.changedIds,
      refused: o.refused,
    });

    // Price −10 %.
    const read = offerReader(before);
    const prices = new Map<number, number>();
    const priceBefore = oneByOne(
      before,
      ids,
      (n) => `Price −10 % on ${n} offer${n === 1 ? '' : 's'}`,
      (id) => {
        const plan = planPrice(read, id, 'percent', -10);
        if (plan.kind === 'left_out') throw asFailure('price_per_step', plan);
        // A Not Active gold offer keeps Not Active: a status change right behind its edit.
        const followUp = plan.toSale ? { thenStatus: afterPutOnSale(false) } : {};
        before.store().editOffer(id, { price_per_step: plan.price! }, followUp);
        prices.set(id, plan.price!);
        return 'changed';
      },
    );
    const priceAfter = await changePrice(after, {
      offers: { localIds: ids },
      mode: 'percent',
      value: -10,
    });
    expect(outcomeOf(priceAfter)).toEqual(outcomeOf(priceBefore));
    expect(priceAfter.prices).toEqual(prices);
    expect(priceAfter.refused.length).toBeGreaterThan(100);
    expect(dump(after)).toEqual(dump(before));

    // Status Not Active.
    const read2 = offerReader(before);
    const statusBefore = oneByOne(
      before,
      ids,
      (n) => `Status Not Active on ${n} offer${n === 1 ? '' : 's'}`,
      (id) => {
        const plan = planStatus(read2, id, 3);
        if (plan.kind === 'left_out' && plan.already) return 'unchanged';
        if (plan.kind === 'left_out') throw asFailure('status', plan);
        before.store().changeStatus(id, 3);
        return 'changed';
      },
    );
    const statusAfter = await setStatus(after, { offers: { localIds: ids }, status: 3 });
    expect(outcomeOf(statusAfter)).toEqual(outcomeOf(statusBefore));
    // (Fewer than before the price change: its Not Active gold offers now have Not Active queued
    // behind their edit, which a status change replaces rather than calls "already".)
    expect(statusAfter.unchanged.length).toBeGreaterThan(40);
    expect(dump(after)).toEqual(dump(before));

    // Delete a third of them, new offers among them.
    const third = ids.filter((_, i) => i % 3 === 0);
    const cancelled: number[] = [];
    const deleteBefore = oneByOne(
      before,
      third,
      (n) => `Delete ${n} offer${n === 1 ? '' : 's'}`,
      (id) => {
        if (before.store().deleteOffer(id) === 'cancelled') cancelled.push(id);
        return 'changed';
      },
    );
    const deleteAfter = await deleteOffers(after, { offers: { localIds: third } });
    expect(outcomeOf(deleteAfter)).toEqual(outcomeOf(deleteBefore));
    expect(deleteAfter.cancelledIds).toEqual(cancelled);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(dump(after)).toEqual(dump(before));

    // Discard everything (offers in flight are refused).
    const discardBefore = oneByOne(
      before,
      ids,
      (n) => `Discard of local changes on ${n} offer${n === 1 ? '' : 's'}`,
      (id) => {
        before.store().discardLocalChanges(id);
        return 'changed';
      },
    );
    const discardAfter = await discardLocalChanges(after, { localIds: ids });
    expect(outcomeOf(discardAfter)).toEqual(outcomeOf(discardBefore));
    expect(discardAfter.refused.length).toBeGreaterThan(0);
    expect(dump(after)).toEqual(dump(before));

    // Undo, step by step, puts both back alike, to the seeded state.
    for (let step = 0; step < 4; step++) {
      expect(undoLastStep(after)).toEqual(undoLastStep(before));
      expect(dump(after)).toEqual(dump(before));
    }
  }, 240_000);
});
