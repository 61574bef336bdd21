// Undo of an import: its new offers have no snapshot, only the marks the import left them (their
// waiting operation, their local change). Undo must see exactly those: a later edit of one new
// offer, or its operation tried once, refuses the undo; untouched, undo takes every created offer
// back (thousands, recorded chunk-free in one step) and nothing stays queued.
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../electron/core/store/testing';
import { undoLastStep } from '../../electron/core/usecases/offers';
import {
  commitOfferImport,
  previewOfferImport,
} from '../../electron/core/usecases/transfers/importOffers';
import { goldProduct } from '../store/fixtures';
import { openCachedProfile, type CachedProfile } from './cachedProfile';

let cached: CachedProfile;
afterEach(() => cached.close());

const HEADER = 'price_per_step,amount,min_purchase_amount,data.101';
const rows = (n: number) => Array.from({ length: n }, (_, i) => `${1 + i / 100},1000,5,Ragnaros`);

async function importRows(n: number): Promise<number[]> {
  const file = cached.offersFile([HEADER, ...rows(n)]);
  const preview = await previewOfferImport(cached.profile, { productId: goldProduct.id, file });
  const done = await commitOfferImport(cached.profile, preview);
  expect(done.created).toBe(n);
  return done.localIds;
}

const total = () => cached.profile.store().countOffers().total;
const queued = () =>
  (
    testDatabase(cached.profile.store()).prepare('SELECT count(*) AS n FROM outbox').get() as {
      n: number;
    }
  ).n;

describe('undo of an import’s new offers', () => {
  it('takes every created offer back, thousands of them, nothing left queued', async () => {
    cached = openCachedProfile();
    await importRows(2_500);
    expect(total()).toBe(2_500);
    expect(undoLastStep(cached.profile)).toEqual({ label: 'Import of 2500 offers', offers: 2_500 });
    expect(total()).toBe(0);
    expect(queued()).toBe(0);
  });

  it('is refused once a new offer was edited since, keeping the edit', async () => {
    cached = openCachedProfile();
    const [first] = await importRows(3);
    cached.profile.store().editOffer(first!, { price_per_step: 9 });
    expect(() => undoLastStep(cached.profile)).toThrow(/changed again since/);
    expect(total()).toBe(3);
    expect(cached.profile.store().getOffer(first!)!.fields.price_per_step).toBe(9);
  });

  it('is refused once a new offer’s operation was tried', async () => {
    cached = openCachedProfile();
    const [, second] = await importRows(3);
    testDatabase(cached.profile.store())
      .prepare('UPDATE outbox SET attempts = attempts + 1 WHERE local_id = ?')
      .run(second);
    expect(() => undoLastStep(cached.profile)).toThrow(/already sent/);
    expect(total()).toBe(3);
  });
});
