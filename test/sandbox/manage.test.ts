// Conformance: manage offers (endpoint 2) — body rules, every offer write rule reaching the wire
// as `offers.<i>.<field>`, data-field error objects, create vs edit, per-offer results, and the
// status the service chooses (States and transitions, first four rows).
import { describe, expect, it } from 'vitest';
import {
  manageResponseSchema,
  myOffersResponseSchema,
  validationErrorBodySchema,
  type Offer,
} from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { useSandboxApi } from './helpers';

const api = useSandboxApi();

const HOUR = 3_600_000;
const goldOffer = (over: Record<string, unknown> = {}) => ({
  price_per_step: 0.05,
  amount: 10_000,
  min_purchase_amount: 10,
  marketplace_type: 1,
  data: { '101': 'Gehennas', '102': 'Horde' },
  ...over,
});
const accountData = {
  '1001': 'Gold',
  '1002': 'EU',
  '1003': 'PC',
  '1004': ['Jett', 'Sage'],
  '1005': 40,
  '1006': 'Gold 1',
};
const accountOffer = (over: Record<string, unknown> = {}) => ({
  price_per_step: 50,
  amount: 1,
  min_purchase_amount: 1,
  marketplace_type: 2,
  data: accountData,
  outer_name: 'Gold EU',
  credentials: [{ login: 'acc-login', game_password: 'pw' }],
  ...over,
});

const manage = (
  productId: number,
  offers: unknown,
  extra: Record<string, unknown> = {},
  seller = 1,
) =>
  api.call('POST', paths.manage(productId), {
    body: { guarantee_delivery_time: HOUR, offers, ...extra },
    seller,
  });

const serverOffer = (id: number, seller = 1): Offer | undefined =>
  api.sandbox.control.offers(seller).find((o) => o.id === id);

describe('manage: the request body', () => {
  it('offers is required and holds 1 to 100 offers', async () => {
    for (const offers of [undefined, [], Array.from({ length: 101 }, () => goldOffer()), 'x']) {
      const r = await manage(1, offers);
      expect(r.status).toBe(400);
      expect(validationErrorBodySchema.parse(r.body).errors.offers).toBeDefined();
    }
  });

  it('guarantee_delivery_time is a required integer >= 1', async () => {
    for (const gdt of [undefined, 0, 1.5, '3600']) {
      const r = await manage(1, [goldOffer()], { guarantee_delivery_time: gdt });
      expect(r.status).toBe(400);
      expect(r.body.errors.guarantee_delivery_time).toHaveLength(1);
    }
    expect((await manage(1, [goldOffer()], { guarantee_delivery_time: 1 })).status).toBe(200);
  });

  it('an unknown product is 404', async () => {
    expect((await manage(777, [goldOffer()])).status).toBe(404);
  });
});

describe('manage: offer write rules on the wire', () => {
  it('reports every rule violation as offers.<i>.<field> and processes nothing', async () => {
    const before = api.sandbox.control.offers(1).length;
    const r = await manage(10, [
      accountOffer(),
      accountOffer({ price_per_step: 0.05, amount: 2, min_purchase_amount: 2, status: 2 }),
      accountOffer({
        outer_name: 'x'.repeat(256),
        description: 'd'.repeat(651),
        booster_price: 60,
      }),
    ]);
    expect(r.status).toBe(400);
    const body = validationErrorBodySchema.parse(r.body);
    expect(Object.keys(body.errors).sort()).toEqual(
      [
        'offers.1.amount',
        'offers.1.min_purchase_amount',
        'offers.1.price_per_step',
        'offers.1.status',
        'offers.2.booster_price',
        'offers.2.description',
        'offers.2.outer_name',
      ].sort(),
    );
    expect(body.message).toMatch(/\(and 6 more errors\)$/);
    expect(api.sandbox.control.offers(1).length).toBe(before);
  });

  it('account-only fields are refused on gold', async () => {
    const r = await manage(1, [
      goldOffer({ outer_name: 'x', credentials: [{ login: 'a', game_password: 'b' }] }),
    ]);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      'offers.0.credentials',
      'offers.0.outer_name',
    ]);
  });

  it('min_purchase_amount must reach the product step_size; marketplace type must match', async () => {
    const data = { '201': 'EU', '202': 'Kazzak', '203': 'Horde' };
    const r = await manage(2, [
      goldOffer({ data, min_purchase_amount: 10 }),
      goldOffer({ data, min_purchase_amount: 1000, marketplace_type: 2 }),
    ]);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      'offers.0.min_purchase_amount',
      'offers.1.marketplace_type',
    ]);
  });

  it('wrong JSON types get a clear 400, not a crash', async () => {
    const r = await manage(1, [goldOffer({ price_per_step: 'cheap', data: { '101': true } }), 7]);
    expect(r.status).toBe(400);
    expect(r.body.errors['offers.0.price_per_step'][0]).toMatch(/price per step/);
    expect(r.body.errors['offers.1']).toEqual(['Each offer must be an object.']);
    expect(r.body.errors['offers.0.data.101'][0]).toMatchObject({ type: 'invalid' });
  });

  it('data-field violations are objects {error, type, allowed_values}', async () => {
    const r = await manage(1, [
      goldOffer({ data: { '101': 'Atlantis', '102': 'Horde', '555': 'x' } }),
    ]);
    expect(r.status).toBe(400);
    const body = validationErrorBodySchema.parse(r.body);
    const realm = body.errors['offers.0.data.101']?.[0];
    expect(realm).toMatchObject({ type: 'select' });
    expect(typeof realm === 'object' && realm.allowed_values.length).toBeGreaterThanOrEqual(50);
    expect(body.errors['offers.0.data.555']?.[0]).toMatchObject({
      type: 'unknown',
      allowed_values: [],
    });
  });

  it('a gold offer missing a required field is a 400 (data.<id> with type "required" message)', async () => {
    const r = await manage(1, [goldOffer({ data: { '101': 'Gehennas' } })]);
    expect(r.status).toBe(400);
    expect(r.body.errors['offers.0.data.102'][0].error).toMatch(/required/);
  });

  it('data values may be strings, numbers and arrays', async () => {
    const r = await manage(10, [
      accountOffer({ data: { ...accountData, '1005': '77', '1004': ['Omen'] } }),
    ]);
    expect(r.status).toBe(200);
    const id = manageResponseSchema.parse(r.body).result.results[0]?.id ?? 0;
    expect(serverOffer(id)?.data).toMatchObject({ '1005': '77', '1004': ['Omen'] });
  });
});

describe('manage: create, edit and results', () => {
  it('creates offers, reports each, and lists them in my_offers', async () => {
    const r = await manage(1, [goldOffer(), goldOffer({ price_per_step: 0.07 })]);
    expect(r.status).toBe(200);
    const result = manageResponseSchema.parse(r.body).result;
    expect(result).toMatchObject({ received: 2, successfully: 2 });
    expect(result.results.map((x) => x.status)).toEqual(['ok', 'ok']);
    const ids = result.results.map((x) => x.id ?? 0);
    const mine = myOffersResponseSchema.parse(
      (await api.call('GET', `${paths.myOffers}?limit=2`)).body,
    );
    expect(mine.data.map((o) => o.id).sort()).toEqual(ids.sort());
    const created = serverOffer(ids[0] ?? 0);
    expect(created).toMatchObject({
      status: 2,
      guarantee_delivery_time: HOUR,
      credential_system_type_id: 3,
      user_id: 1,
    });
  });

  it('an edit touches only the fields it carries and bumps updated_at', async () => {
    const created = manageResponseSchema.parse(
      (await manage(10, [accountOffer({ comment_for_reviewer: 'hi' })])).body,
    );
    const id = created.result.results[0]?.id ?? 0;
    const before = serverOffer(id);
    const r = await manage(10, [{ id, price_per_step: 65 }]);
    expect(r.status).toBe(200);
    const after = serverOffer(id);
    expect(after?.price_per_step).toBe(65);
    expect(after?.outer_name).toBe('Gold EU');
    expect(after?.comment_for_reviewer).toBe('hi');
    expect(after?.data).toEqual(before?.data);
    expect(Date.parse(after?.updated_at ?? '')).toBeGreaterThan(
      Date.parse(before?.updated_at ?? ''),
    );
  });

  it('credential type 2 is stored as 3; default is 3', async () => {
    const r = manageResponseSchema.parse(
      (await manage(10, [accountOffer({ credential_system_type_id: 2 })])).body,
    );
    expect(serverOffer(r.result.results[0]?.id ?? 0)?.credential_system_type_id).toBe(3);
  });

  it("another seller's offer is 403, an unknown id or another product's offer is 400", async () => {
    const foreign = api.sandbox.control.offers(2)[0]?.id ?? 0;
    expect((await manage(1, [{ id: foreign, price_per_step: 1 }])).status).toBe(403);
    const unknown = await manage(1, [{ id: 424242, price_per_step: 1 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['offers.0.id']).toHaveLength(1);
    const accountId = api.sandbox.control.offers(1).find((o) => o.product_id === 10)?.id ?? 0;
    expect(
      (await manage(1, [{ id: accountId, price_per_step: 1 }])).body.errors['offers.0.id'],
    ).toHaveLength(1);
  });

  it('screenshots given in manage must be the seller’s own uploads', async () => {
    const r = await manage(10, [
      accountOffer({ screenshots: ['storage/screenshots/1/999999.png'] }),
    ]);
    expect(r.status).toBe(400);
    expect(r.body.errors['offers.0.screenshots.0']).toHaveLength(1);
    const own =
      api.sandbox.control.offers(1).find((o) => o.screenshots.length > 0)?.screenshots[0] ?? '';
    const ok = manageResponseSchema.parse(
      (await manage(10, [accountOffer({ screenshots: [`${api.sandbox.baseUrl}/${own}`] })])).body,
    );
    expect(serverOffer(ok.result.results[0]?.id ?? 0)?.screenshots).toEqual([own]);
  });
});

describe('manage: the status the service chooses', () => {
  const createdStatus = async (productId: number, offer: Record<string, unknown>) => {
    const r = await manage(productId, [offer]);
    expect(r.status).toBe(200);
    const item = manageResponseSchema.parse(r.body).result.results[0];
    return {
      status: serverOffer(item?.id ?? 0)?.status,
      message: item?.message ?? null,
      id: item?.id ?? 0,
    };
  };

  it('gold and valid → Active (2), also when editing an offer that was Not Active', async () => {
    expect((await createdStatus(1, goldOffer())).status).toBe(2);
    const notActive = api.sandbox.control
      .offers(1)
      .find((o) => o.product_id === 2 && o.status === 3);
    expect(notActive).toBeDefined();
    await manage(2, [{ id: notActive?.id, price_per_step: 0.02 }]);
    expect(serverOffer(notActive?.id ?? 0)?.status).toBe(2);
  });

  it('account with a required field left empty → Need Details (4), saved and explained', async () => {
    const r = await createdStatus(10, accountOffer({ data: { ...accountData, '1006': '' } }));
    expect(r.status).toBe(4);
    expect(r.message).toMatch(/Account title/);
  });

  it('account, Multiple, no active credentials → Not Active (3); Need Details takes precedence', async () => {
    expect((await createdStatus(10, accountOffer({ credentials: null }))).status).toBe(3);
    expect(
      (await createdStatus(10, accountOffer({ credentials: null, data: { '1001': 'Gold' } })))
        .status,
    ).toBe(4);
  });

  it('account and all valid → On Review (5); No Credentials system needs none', async () => {
    expect((await createdStatus(10, accountOffer())).status).toBe(5);
    expect(
      (await createdStatus(10, accountOffer({ credentials: null, credential_system_type_id: 1 })))
        .status,
    ).toBe(5);
  });
});
