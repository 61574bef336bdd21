// Conformance: my_offers (endpoint 3), edit_status (4, with the assumed sources of
// docs/ARCHITECTURE.md and the screenshot rule), delete (5), and ownership (403 for another
// seller's offer, 404 unknown).
import { describe, expect, it } from 'vitest';
import {
  messageBodySchema,
  myOffersResponseSchema,
  offerSchema,
  type Offer,
} from '../../electron/contract/marketplace/wire';
import { myOffersSortColumns, paths } from '../../electron/contract/marketplace/assumptions';
import { useSandboxApi } from './helpers';

const api = useSandboxApi();

const myOffers = async (query = '', seller = 1) => {
  const r = await api.call('GET', `${paths.myOffers}${query}`, { seller });
  expect(r.status).toBe(200);
  return myOffersResponseSchema.parse(r.body);
};
const demo = (seller = 1): Offer[] => api.sandbox.control.offers(seller);

describe('my_offers', () => {
  it('returns only the caller’s offers, every one a valid wire Offer', async () => {
    const mine = await myOffers('?limit=100');
    expect(mine.total).toBe(demo(1).length);
    expect(mine.data.every((o) => o.user_id === 1)).toBe(true);
    for (const o of mine.data) offerSchema.parse(o);
    expect((await myOffers('', 3)).total).toBe(0);
  });

  it('the demo seller has offers in every status', async () => {
    const statuses = new Set((await myOffers('?limit=100')).data.map((o) => o.status));
    expect([...statuses].sort()).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it('defaults to updated_at desc, with strictly increasing ISO timestamps with ms', async () => {
    const list = (await myOffers('?limit=100')).data;
    const stamps = list.map((o) => o.updated_at);
    for (const s of stamps) expect(s).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const ms = stamps.map((s) => Date.parse(s));
    for (let i = 1; i < ms.length; i++) expect(ms[i - 1]).toBeGreaterThan(ms[i] ?? 0);
  });

  it('pages with offset and limit (max 100)', async () => {
    const all = (await myOffers('?limit=100')).data.map((o) => o.id);
    const a = (await myOffers('?limit=4')).data.map((o) => o.id);
    const b = (await myOffers('?limit=4&offset=4')).data.map((o) => o.id);
    expect([...a, ...b]).toEqual(all.slice(0, 8));
    expect((await api.call('GET', `${paths.myOffers}?limit=101`)).status).toBe(422);
    expect((await api.call('GET', `${paths.myOffers}?offset=-1`)).status).toBe(422);
  });

  it('sorts by each documented column in both directions', async () => {
    for (const sort of myOffersSortColumns) {
      for (const order of ['asc', 'desc'] as const) {
        const list = (await myOffers(`?limit=100&sort=${sort}&order=${order}`)).data;
        const keys = list.map((o) => o[sort]);
        const sorted = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    expect((await api.call('GET', `${paths.myOffers}?sort=amount`)).status).toBe(422);
  });

  it('filters by status, id and product_currency_setting_id', async () => {
    const onReview = (await myOffers('?status=5&limit=100')).data;
    expect(onReview.length).toBeGreaterThan(0);
    expect(onReview.every((o) => o.status === 5)).toBe(true);
    expect((await api.call('GET', `${paths.myOffers}?status=7`)).status).toBe(422);
    const one = demo(1)[2];
    const byId = await myOffers(`?id=${one?.id}`);
    expect(byId.data.map((o) => o.id)).toEqual([one?.id]);
    const foreignId = demo(2)[0]?.id;
    expect((await myOffers(`?id=${foreignId}`)).total).toBe(0);
    const setting = (one as Offer & { product_currency_setting_id: number })
      .product_currency_setting_id;
    const bySetting = (await myOffers(`?product_currency_setting_id=${setting}&limit=100`)).data;
    expect(bySetting.length).toBeGreaterThan(0);
    expect(bySetting.every((o) => o.product_id === one?.product_id)).toBe(true);
  });
});

describe('edit_status', () => {
  const editStatus = (offerId: number, status: unknown, seller = 1) =>
    api.call('POST', paths.editStatus(offerId), { body: { status }, seller });
  const offerIn = (status: number, type?: 1 | 2) => {
    const o = demo(1).find(
      (x) => x.status === status && (type === undefined || x.marketplace_type === type),
    );
    if (!o) throw new Error(`no demo offer in status ${status}`);
    return o;
  };

  it('walks the permitted transitions and bumps updated_at', async () => {
    const o = offerIn(2, 1);
    for (const to of [3, 1, 5, 2]) {
      const before = demo(1).find((x) => x.id === o.id)?.updated_at ?? '';
      const r = await editStatus(o.id, to);
      expect(r.status).toBe(200);
      messageBodySchema.parse(r.body);
      const after = demo(1).find((x) => x.id === o.id);
      expect(after?.status).toBe(to);
      expect(Date.parse(after?.updated_at ?? '')).toBeGreaterThan(Date.parse(before));
    }
  });

  it('from Review Passed (8) to Active', async () => {
    const o = offerIn(8);
    expect((await editStatus(o.id, 2)).status).toBe(200);
  });

  it('from Need Details (4) only to Draft or On Review', async () => {
    const o = offerIn(4);
    const r = await editStatus(o.id, 2);
    expect(r.status).toBe(422);
    expect(r.body.errors.status[0]).toMatch(/Need|details/i);
    expect((await editStatus(o.id, 5)).status).toBe(200);
  });

  it('a sold offer (6) cannot change', async () => {
    const o = offerIn(6);
    for (const to of [1, 2, 3, 5]) expect((await editStatus(o.id, to)).status).toBe(422);
    expect(demo(1).find((x) => x.id === o.id)?.status).toBe(6);
  });

  it('only 1, 2, 3, 5 may be asked for; the body must carry an integer status', async () => {
    const o = offerIn(1);
    for (const status of [4, 6, 8, 0, 'x', null]) {
      const r = await editStatus(o.id, status);
      expect(r.status).toBe(422);
      expect(r.body.errors.status).toHaveLength(1);
      expect(r.body.message.length).toBeGreaterThan(0);
    }
  });

  it('an account offer needs a screenshot to go to On Review', async () => {
    const r = await api.call('POST', paths.manage(12), {
      body: {
        guarantee_delivery_time: 1000,
        offers: [
          {
            price_per_step: 5,
            amount: 1,
            min_purchase_amount: 1,
            marketplace_type: 2,
            credential_system_type_id: 1,
            data: { '1201': 'PC', '1202': 3 },
          },
        ],
      },
    });
    const id = r.body.result.results[0].id as number;
    expect((await editStatus(id, 1)).status).toBe(200);
    const refused = await editStatus(id, 5);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.status[0]).toMatch(/screenshot/);
    const attach = await api.call('POST', paths.attachLinks(id), {
      body: { urls: ['https://images.sandbox.test/a.png'] },
    });
    expect(attach.body.uploaded).toHaveLength(1);
    expect((await editStatus(id, 5)).status).toBe(200);
  });

  it("another seller's offer is 403, an unknown one 404, no token 401", async () => {
    const foreign = demo(2)[0]?.id ?? 0;
    expect((await editStatus(foreign, 3)).status).toBe(403);
    expect((await editStatus(987654, 3)).status).toBe(404);
    const r = await api.call('POST', paths.editStatus(foreign), {
      body: { status: 3 },
      token: null,
    });
    expect(r.status).toBe(401);
    expect(demo(2)[0]?.status).not.toBe(3);
  });
});

describe('delete', () => {
  it('deletes the caller’s offer; it leaves my_offers; a second delete is 404', async () => {
    const o = demo(1).find((x) => x.status === 1);
    if (!o) throw new Error('no draft');
    const r = await api.call('DELETE', paths.deleteOffer(o.id));
    expect(r.status).toBe(200);
    messageBodySchema.parse(r.body);
    expect((await myOffers(`?id=${o.id}`)).total).toBe(0);
    expect((await api.call('DELETE', paths.deleteOffer(o.id))).status).toBe(404);
  });

  it("another seller's offer is 403 and stays; no token is 401", async () => {
    const foreign = demo(2)[0]?.id ?? 0;
    expect((await api.call('DELETE', paths.deleteOffer(foreign))).status).toBe(403);
    expect((await api.call('DELETE', paths.deleteOffer(foreign), { token: null })).status).toBe(
      401,
    );
    expect(demo(2).some((x) => x.id === foreign)).toBe(true);
  });
});
