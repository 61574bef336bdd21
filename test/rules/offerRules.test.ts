// The shared offer rules, per marketplace type, against the seed's products (the same products
// the sandbox serves), so that the renderer, the store and the sandbox agree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferWrite, Product } from '../../electron/contract/marketplace/wire';
import { validateOfferWrite, type OfferWriteInput } from '../../electron/contract/rules/offerRules';
import { demoProducts } from '../../electron/sandbox/seed';

const products = demoProducts();
const productById = (id: number): Product => {
  const p = products.find((x) => x.id === id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
};
const gold = productById(1); // step 1: Realm (50+ values, required), Faction (required), note (text)
const goldStep = productById(2); // step_size 1000
const account = productById(10); // rank/region/platform selects, agents multi, level number, title text

const goldOffer = (over: Partial<OfferWriteInput> = {}): OfferWriteInput => ({
  price_per_step: 0.05,
  amount: 10_000,
  min_purchase_amount: 10,
  marketplace_type: 1,
  data: { '101': 'Gehennas', '102': 'Horde' },
  ...over,
});
const accountOffer = (over: Partial<OfferWriteInput> = {}): OfferWriteInput => ({
  price_per_step: 50,
  amount: 1,
  min_purchase_amount: 1,
  marketplace_type: 2,
  data: {
    '1001': 'Gold',
    '1002': 'EU',
    '1003': 'PC',
    '1004': ['Jett'],
    '1005': 40,
    '1006': 'Gold 1, 20 agents',
  },
  outer_name: 'Gold EU',
  ...over,
});
const fields = (offer: OfferWriteInput, product: Product, mode: 'create' | 'edit' = 'create') =>
  validateOfferWrite(offer, product, mode).map((p) => p.field);

describe('offer write fields', () => {
  it('accepts a complete gold offer and a complete account offer', () => {
    expect(validateOfferWrite(goldOffer(), gold, 'create')).toEqual([]);
    expect(validateOfferWrite(accountOffer(), account, 'create')).toEqual([]);
  });

  it('create needs price, amount, min purchase amount, marketplace type and data', () => {
    expect(fields({}, gold).sort()).toEqual(
      ['amount', 'data', 'marketplace_type', 'min_purchase_amount', 'price_per_step'].sort(),
    );
    const problems = validateOfferWrite({}, gold, 'create');
    expect(problems.every((p) => p.code === 'required')).toBe(true);
  });

  it('edit checks only the fields it carries', () => {
    expect(validateOfferWrite({ id: 5, price_per_step: 0.2 }, gold, 'edit')).toEqual([]);
    expect(fields({ id: 5, amount: 0 }, gold, 'edit')).toEqual(['amount']);
  });

  it('price bounds: gold from 0.0001, account from 0.1, both up to 2e9', () => {
    expect(fields(goldOffer({ price_per_step: 0.0001 }), gold)).toEqual([]);
    expect(fields(goldOffer({ price_per_step: 0.00009 }), gold)).toEqual(['price_per_step']);
    expect(fields(goldOffer({ price_per_step: 2_000_000_001 }), gold)).toEqual(['price_per_step']);
    expect(fields(accountOffer({ price_per_step: 0.1 }), account)).toEqual([]);
    expect(fields(accountOffer({ price_per_step: 0.09 }), account)).toEqual(['price_per_step']);
  });

  it('amount and min purchase amount: account exactly 1, gold 1..2e9 and min >= step_size', () => {
    expect(fields(accountOffer({ amount: 2 }), account)).toEqual(['amount']);
    expect(fields(accountOffer({ min_purchase_amount: 2 }), account)).toEqual([
      'min_purchase_amount',
    ]);
    expect(fields(goldOffer({ amount: 0.5 }), gold)).toEqual(['amount']);
    expect(fields(goldOffer({ amount: 2_000_000_000 }), gold)).toEqual([]);
    const step = { data: { '201': 'EU', '202': 'Kazzak', '203': 'Horde' } };
    expect(fields(goldOffer({ ...step, min_purchase_amount: 999 }), goldStep)).toEqual([
      'min_purchase_amount',
    ]);
    expect(fields(goldOffer({ ...step, min_purchase_amount: 1000 }), goldStep)).toEqual([]);
  });

  it('refuses a non-number price with a clear message', () => {
    const offer = goldOffer({ price_per_step: Number.NaN });
    const [p] = validateOfferWrite(offer, gold, 'create');
    expect(p).toMatchObject({ field: 'price_per_step', code: 'invalid' });
    expect(p?.message).toMatch(/must be a number/);
  });

  it('status is prohibited', () => {
    expect(validateOfferWrite(goldOffer({ status: 2 }), gold, 'create')).toEqual([
      expect.objectContaining({ field: 'status', code: 'prohibited' }),
    ]);
  });

  it('marketplace_type must be 1 or 2 and match the product', () => {
    expect(fields(goldOffer({ marketplace_type: 2 }), gold)).toEqual(['marketplace_type']);
    expect(fields(goldOffer({ marketplace_type: 7 }), gold)).toEqual(['marketplace_type']);
  });

  it('outer_name, internal_name, description, booster_price, credentials are account-only', () => {
    const offer = goldOffer({
      outer_name: 'x',
      internal_name: 'y',
      description: 'z',
      booster_price: 0.01,
      credentials: [{ login: 'a', game_password: 'b' }],
    });
    const problems = validateOfferWrite(offer, gold, 'create');
    expect(problems.map((p) => p.field).sort()).toEqual([
      'booster_price',
      'credentials',
      'description',
      'internal_name',
      'outer_name',
    ]);
    expect(problems.every((p) => p.code === 'prohibited')).toBe(true);
    // Null is "not given": allowed on gold.
    expect(fields(goldOffer({ outer_name: null, description: null }), gold)).toEqual([]);
  });

  it('text lengths: names 255, description 650', () => {
    expect(fields(accountOffer({ outer_name: 'a'.repeat(255) }), account)).toEqual([]);
    expect(fields(accountOffer({ outer_name: 'a'.repeat(256) }), account)).toEqual(['outer_name']);
    expect(fields(accountOffer({ internal_name: 'a'.repeat(256) }), account)).toEqual([
      'internal_name',
    ]);
    expect(fields(accountOffer({ description: 'a'.repeat(650) }), account)).toEqual([]);
    expect(fields(accountOffer({ description: 'a'.repeat(651) }), account)).toEqual([
      'description',
    ]);
  });

  it('booster_price: 0.01 .. 2e9 and below price_per_step (also the stored price in an edit)', () => {
    expect(fields(accountOffer({ booster_price: 49.99 }), account)).toEqual([]);
    expect(fields(accountOffer({ booster_price: 50 }), account)).toEqual(['booster_price']);
    expect(fields(accountOffer({ booster_price: 0.001 }), account)).toEqual(['booster_price']);
    const edit = { id: 3, booster_price: 30 };
    expect(validateOfferWrite(edit, account, 'edit', { price_per_step: 20 })).toHaveLength(1);
    expect(validateOfferWrite(edit, account, 'edit', { price_per_step: 40 })).toEqual([]);
  });

  it('credential_system_type_id is 1, 2 or 3', () => {
    for (const t of [1, 2, 3]) {
      expect(fields(accountOffer({ credential_system_type_id: t }), account)).toEqual([]);
    }
    expect(fields(accountOffer({ credential_system_type_id: 4 }), account)).toEqual([
      'credential_system_type_id',
    ]);
  });

  it('credentials in an account offer are checked one by one', () => {
    const offer = accountOffer({
      credentials: [
        { login: 'ok', game_password: 'pw' },
        { login: '', game_password: 'pw' },
        { login: 'x', game_password: 'p', email: 'a@b.c' },
      ],
    });
    expect(fields(offer, account)).toEqual(['credentials.1.login', 'credentials.2.email_password']);
  });
});

describe('product data', () => {
  it('select values are matched by their value string, with the allowed values listed', () => {
    const [p] = validateOfferWrite(
      goldOffer({ data: { '101': 'Nope', '102': 'Horde' } }),
      gold,
      'create',
    );
    expect(p).toMatchObject({ field: 'data.101', code: 'invalid', type: 'select' });
    expect(p?.allowedValues?.length).toBeGreaterThanOrEqual(50);
    expect(p?.allowedValues).toContain('Gehennas');
  });

  it('a select value id is not its value', () => {
    const valueId = gold.product_fields[0]?.field_values[0]?.id ?? 0;
    expect(fields(goldOffer({ data: { '101': valueId, '102': 'Horde' } }), gold)).toEqual([
      'data.101',
    ]);
  });

  it('required fields must be given; optional ones may be left out', () => {
    const problems = validateOfferWrite(goldOffer({ data: { '101': 'Gehennas' } }), gold, 'create');
    expect(problems).toEqual([expect.objectContaining({ field: 'data.102', code: 'required' })]);
    expect(fields(goldOffer({ data: { '101': 'Gehennas', '102': '  ' } }), gold)).toEqual([
      'data.102',
    ]);
  });

  it('unknown and deleted field ids are refused', () => {
    expect(
      fields(goldOffer({ data: { '101': 'Gehennas', '102': 'Horde', '999': 'x' } }), gold),
    ).toEqual(['data.999']);
    // 1007 is a deleted field of the account product.
    expect(
      fields(accountOffer({ data: { ...accountOffer().data, '1007': 'x' } }), account),
    ).toEqual(['data.1007']);
  });

  it('multi-select takes an array of option strings', () => {
    const data = accountOffer().data ?? {};
    expect(fields(accountOffer({ data: { ...data, '1004': ['Jett', 'Sage'] } }), account)).toEqual(
      [],
    );
    expect(
      fields(accountOffer({ data: { ...data, '1004': ['Jett', 'Batman'] } }), account),
    ).toEqual(['data.1004']);
  });

  it('number fields take numbers or numeric strings within their bounds', () => {
    const data = accountOffer().data ?? {};
    expect(fields(accountOffer({ data: { ...data, '1005': '250' } }), account)).toEqual([]);
    expect(fields(accountOffer({ data: { ...data, '1005': 'lots' } }), account)).toEqual([
      'data.1005',
    ]);
    expect(fields(accountOffer({ data: { ...data, '1005': 1001 } }), account)).toEqual([
      'data.1005',
    ]);
  });

  it('text fields honour max_length; unknown component kinds are accepted as given', () => {
    const data = accountOffer().data ?? {};
    expect(fields(accountOffer({ data: { ...data, '1006': 'a'.repeat(121) } }), account)).toEqual([
      'data.1006',
    ]);
    const lol = productById(11); // field 1106 has component_edit 9 (unknown)
    const lolOffer = accountOffer({
      data: { '1101': 'Gold', '1102': 'EUW', '1103': 10, '1106': ['anything', 1] },
    });
    expect(fields(lolOffer, lol)).toEqual([]);
  });
});

describe('properties', () => {
  const offerArb = fc.record(
    {
      id: fc.option(fc.integer(), { nil: undefined }),
      price_per_step: fc.double({ noNaN: false }),
      amount: fc.double(),
      min_purchase_amount: fc.double(),
      marketplace_type: fc.integer({ min: -1, max: 3 }),
      outer_name: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
      booster_price: fc.option(fc.double(), { nil: undefined }),
      data: fc.dictionary(
        fc.constantFrom('101', '102', '103', '1001', '1004', '1005', 'x'),
        fc.oneof(fc.string(), fc.double(), fc.array(fc.oneof(fc.string(), fc.integer()))),
      ),
    },
    { requiredKeys: [] },
  );

  it('never throws, and every problem names a field and says something', () => {
    fc.assert(
      fc.property(
        offerArb,
        fc.constantFrom(gold, account, goldStep),
        fc.constantFrom('create', 'edit'),
        (offer, product, mode) => {
          const problems = validateOfferWrite(
            offer as OfferWrite,
            product,
            mode as 'create' | 'edit',
          );
          for (const p of problems) {
            expect(p.field.length).toBeGreaterThan(0);
            expect(p.message.length).toBeGreaterThan(5);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any gold price within the bounds passes, any below 0.0001 fails', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.0001, max: 2e9, noNaN: true }), (price) => {
        expect(fields(goldOffer({ price_per_step: price }), gold)).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 0.0000999, noNaN: true }), (price) => {
        expect(fields(goldOffer({ price_per_step: price }), gold)).toEqual(['price_per_step']);
      }),
    );
  });

  it('every realm of the 50+ value select is accepted, and nothing else', () => {
    const realms = gold.product_fields[0]?.field_values.map((v) => v.value) ?? [];
    expect(realms.length).toBeGreaterThanOrEqual(50);
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...realms), fc.string()), (realm) => {
        const ok = fields(goldOffer({ data: { '101': realm, '102': 'Horde' } }), gold).length === 0;
        expect(ok).toBe(realms.includes(realm.trim()));
      }),
    );
  });
});
