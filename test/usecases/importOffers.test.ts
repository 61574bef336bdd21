// The import use case's rules for rows that name an offer by id, and for the delivery time, on a
// real profile (SQLite file, catalogue cached, never a request: the token is never read).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import {
  DEFAULT_DELIVERY_TIME_MS,
  OfferFileRefused,
  commitOfferImport,
  importOffers,
  previewOfferImport,
} from '../../electron/core/usecases/transfers/importOffers';
import { accountProduct, goldProduct, serverOffer } from '../store/fixtures';
import { openCachedProfile, type CachedProfile } from './cachedProfile';

let dir: CachedProfile['dir'];
let profile: SellerProfile;
const TWO_HOURS = 7_200_000;

let world: CachedProfile;
beforeEach(() => {
  world = openCachedProfile({
    gold: serverOffer({ id: 7001, price_per_step: 1.5, guarantee_delivery_time: TWO_HOURS }),
    account: serverOffer({ id: 7002, product_id: accountProduct.id }),
  });
  ({ dir, profile } = world);
});
afterEach(() => world.close());

const file = (lines: string[]) => world.offersFile(lines);

const edited = (id: number) => {
  const row = profile.store().offerOfServerId(id)!;
  return profile.store().getOffer(row.localId)!.fields;
};

describe('importOffers (use case)', () => {
  it('an id row edits that offer and keeps its delivery time; the same values again change nothing', async () => {
    const path = file(['id,price_per_step', '7001,2.5']);
    const outcome = await importOffers(profile, { productId: goldProduct.id, file: path });
    expect(outcome).toMatchObject({ created: 0, edited: 1, unchanged: 0, duplicates: 0 });
    expect(edited(7001)).toMatchObject({ price_per_step: 2.5, guarantee_delivery_time: TWO_HOURS });

    const again = await previewOfferImport(profile, { productId: goldProduct.id, file: path });
    expect(again).toMatchObject({ toEdit: 0, unchanged: 1, problems: [] });
  });

  it('refuses an id of another product or unknown here, by line and column', async () => {
    const path = file(['id,price_per_step', '7002,2.5', '424242,2.5']);
    const preview = await previewOfferImport(profile, { productId: goldProduct.id, file: path });
    expect(preview.problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'id'],
      [3, 'id'],
    ]);
    expect(preview.problems[0]!.message).toContain(goldProduct.title);
    const refused = await commitOfferImport(profile, preview).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OfferFileRefused);
    expect(refused).toMatchObject({ kind: 'bad_input', badRows: 2 });
    expect(profile.store().countOffers().outbox).toBe(0);
  });

  it('gives new rows one hour unless the seller chose another time, and refuses a time below 1 ms', async () => {
    const path = file(['price_per_step,amount,min_purchase_amount,Server', '3,1000,5,Thrall']);
    const byDefault = await previewOfferImport(profile, { productId: goldProduct.id, file: path });
    expect(byDefault.deliveryTimeMs).toBe(DEFAULT_DELIVERY_TIME_MS);
    expect(DEFAULT_DELIVERY_TIME_MS).toBe(3_600_000);
    const chosen = await importOffers(profile, {
      productId: goldProduct.id,
      file: path,
      deliveryTimeMs: TWO_HOURS,
    });
    const created = profile.store().getOffer(chosen.localIds[0]!)!.fields;
    expect(created).toMatchObject({ price_per_step: 3, guarantee_delivery_time: TWO_HOURS });

    const zero = await previewOfferImport(profile, {
      productId: goldProduct.id,
      file: path,
      deliveryTimeMs: 0,
    }).catch((e: unknown) => e);
    expect(zero).toBeInstanceOf(UseCaseFailure);
    expect(zero).toMatchObject({ kind: 'bad_input' });
  });

  it('tells a missing file as bad input, naming it', async () => {
    const missing = await previewOfferImport(profile, {
      productId: goldProduct.id,
      file: join(dir.path, 'nope.csv'),
    }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: 'bad_input' });
    expect((missing as Error).message).toMatch(/Cannot read .*nope\.csv \(ENOENT\)/);
  });
});
