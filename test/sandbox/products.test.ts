// Conformance: authentication, product list and product details (API document, endpoint 1 and
// the referenced product details), shapes checked with the wire schemas.
import { describe, expect, it } from 'vitest';
import {
  messageBodySchema,
  productDetailsResponseSchema,
  productListResponseSchema,
} from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { useSandboxApi } from './helpers';

const api = useSandboxApi();

describe('authentication', () => {
  it('a missing or unknown token is 401 {message}', async () => {
    for (const token of [null, 'not-a-token']) {
      const r = await api.call('GET', paths.productList, { token });
      expect(r.status).toBe(401);
      expect(messageBodySchema.parse(r.body).message).toMatch(/unauthenticated/i);
    }
  });

  it('Accept must be application/json', async () => {
    const r = await api.call('GET', paths.productList, { headers: { Accept: 'text/html' } });
    expect(r.status).toBe(406);
    expect(r.body.message).toMatch(/Accept/);
  });

  it('every seller has a token of their own', async () => {
    expect(api.sandbox.sellers.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(new Set(api.sandbox.sellers.map((s) => s.token)).size).toBe(3);
    for (const s of api.sandbox.sellers) {
      expect((await api.call('GET', paths.productList, { seller: s.id })).status).toBe(200);
    }
  });
});

describe('product list', () => {
  it('answers { result, total } with page size 25 by default and at most 25', async () => {
    const r = await api.call('GET', paths.productList);
    expect(r.status).toBe(200);
    const body = productListResponseSchema.parse(r.body);
    expect(body.total).toBe(8);
    expect(body.result.length).toBe(8);
    expect((await api.call('GET', `${paths.productList}?limit=26`)).status).toBe(422);
    expect((await api.call('GET', `${paths.productList}?limit=25`)).status).toBe(200);
  });

  it('pages with offset and limit', async () => {
    const first = productListResponseSchema.parse(
      (await api.call('GET', `${paths.productList}?limit=3`)).body,
    );
    const second = productListResponseSchema.parse(
      (await api.call('GET', `${paths.productList}?limit=3&offset=3`)).body,
    );
    expect(first.result.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(second.result.map((p) => p.id)).toEqual([4, 10, 11]);
    expect(second.total).toBe(8);
  });

  it('sorts by a column in either direction', async () => {
    const r = productListResponseSchema.parse(
      (await api.call('GET', `${paths.productList}?sort=title&order=desc`)).body,
    );
    const titles = r.result.map((p) => p.title);
    expect(titles).toEqual([...titles].sort().reverse());
    expect((await api.call('GET', `${paths.productList}?sort=nope`)).status).toBe(422);
    expect((await api.call('GET', `${paths.productList}?order=up`)).status).toBe(422);
  });

  it('filters by marketplace type and by active', async () => {
    const accounts = productListResponseSchema.parse(
      (await api.call('GET', `${paths.productList}?marketplace_type=2`)).body,
    );
    expect(accounts.result.every((p) => p.marketplace_type === 2)).toBe(true);
    expect(accounts.total).toBe(4);
    const inactive = productListResponseSchema.parse(
      (await api.call('GET', `${paths.productList}?is_active=false`)).body,
    );
    expect(inactive.result.map((p) => p.id)).toEqual([4, 13]);
    expect((await api.call('GET', `${paths.productList}?marketplace_type=3`)).status).toBe(422);
  });

  it('the seed looks like the real field', async () => {
    const all = productListResponseSchema.parse(
      (await api.call('GET', paths.productList)).body,
    ).result;
    const fields = all.flatMap((p) => p.product_fields);
    expect(Math.max(...fields.map((f) => f.field_values.length))).toBeGreaterThanOrEqual(50);
    expect(new Set(fields.map((f) => f.component_edit))).toEqual(new Set([1, 2, 3, 4, 5, 9]));
    expect(all.some((p) => p.related_product.length > 0)).toBe(true);
  });
});

describe('product details', () => {
  it('answers { result: Product } with its product_fields, 404 for an unknown product', async () => {
    const r = await api.call('GET', paths.productDetails(10));
    const body = productDetailsResponseSchema.parse(r.body);
    expect(body.result.id).toBe(10);
    expect(body.result.product_fields.map((f) => f.title)).toContain('Rank');
    const missing = await api.call('GET', paths.productDetails(999));
    expect(missing.status).toBe(404);
    expect(messageBodySchema.parse(missing.body).message).toMatch(/999/);
  });
});
