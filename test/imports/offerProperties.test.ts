// Any offers the seller holds survive export → import, in CSV and XLSX.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../electron/contract/marketplace/wire';
import {
  exportOffersCsv,
  exportOffersXlsx,
  readOfferFile,
  type ExportedOffer,
} from '../../electron/core/imports/offers';
import { demoProducts } from '../../electron/sandbox/seed';

const account = demoProducts().find((p) => p.id === 10)!;

function field(product: Product, title: string) {
  return product.product_fields.find((f) => f.title === title && f.deleted_at === null)!;
}
const values = (title: string) => field(account, title).field_values.map((v) => v.value);
const id = (title: string) => String(field(account, title).id);

const chars = ['a', 'Z', '1', ' ', ',', ';', '"', '#', '|', '\n', '\r\n', 'é', 'Ж', '😀', '='];
// The other formula triggers (= above; CR comes with \r\n) and the quote that guards them: CSV
// cells beginning with them are written with a leading ' and read back exactly (formulaGuard).
const csvChars = [...chars, '+', '-', '@', '\t', "'"];
const textOf = (alphabet: string[]) =>
  fc
    .string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 20 })
    .filter((s) => s.trim() !== '');
const csvText = textOf(csvChars);
// XML folds a literal CR into LF, so the writer escapes it the way Excel does (_x000D_), as it
// does control characters XML cannot hold and a literal _xHHHH_: all of them round-trip.
const xlsxText = textOf([...chars, '\u0001', '_x0041_', '\t']);
const price = fc.double({ min: 0.1, max: 2_000_000_000, noNaN: true });

const offerWith = (someText: fc.Arbitrary<string>): fc.Arbitrary<ExportedOffer> =>
  fc.record(
    {
      id: fc.integer({ min: 1, max: 1e9 }),
      price_per_step: price,
      amount: fc.constant(1),
      min_purchase_amount: fc.constant(1),
      guarantee_delivery_time: fc.integer({ min: 1, max: 1e9 }),
      outer_name: someText,
      internal_name: someText,
      description: someText,
      comment_for_reviewer: someText,
      is_auto_activate_status: fc.boolean(),
      credential_system_type_id: fc.constantFrom(1, 3),
      screenshots: fc.array(fc.webUrl(), { minLength: 1, maxLength: 3 }),
      marketplace_type: fc.constant(2),
      data: fc.record({
        [id('Rank')]: fc.constantFrom(...values('Rank')),
        [id('Region')]: fc.constantFrom(...values('Region')),
        [id('Platform')]: fc.constantFrom(...values('Platform')),
        [id('Agents')]: fc.subarray(values('Agents'), { minLength: 1 }),
        [id('Account level')]: fc.integer({ min: 0, max: 500 }),
        [id('Account title')]: someText,
      }),
    },
    {
      requiredKeys: ['price_per_step', 'amount', 'min_purchase_amount', 'marketplace_type', 'data'],
    },
  );
const offer = offerWith(csvText);
const xlsxOffer = offerWith(xlsxText);

const withoutDeliveryTime = (offers: ExportedOffer[]) =>
  offers.map(({ guarantee_delivery_time: _, ...rest }) => rest);

describe('offers export ∘ import', () => {
  it('CSV round-trips any offers, delivery time included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(offer, { maxLength: 8 }), async (offers) => {
        const sheet = await readOfferFile(Buffer.from(exportOffersCsv(offers, account)), account);
        expect(sheet.headerProblems).toEqual([]);
        expect(sheet.rows.map((r) => r.offer)).toEqual(withoutDeliveryTime(offers));
        expect(sheet.rows.map((r) => r.deliveryTimeMs)).toEqual(
          offers.map((o) => o.guarantee_delivery_time),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('XLSX round-trips any offers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(xlsxOffer, { minLength: 1, maxLength: 5 }), async (offers) => {
        const sheet = await readOfferFile(await exportOffersXlsx(offers, account), account);
        expect(sheet.rows.map((r) => r.offer)).toEqual(withoutDeliveryTime(offers));
      }),
      { numRuns: 6 },
    );
  });
});
