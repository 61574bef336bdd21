// Conformance: the Limits table — the global 120 requests per rolling window (429 {message} +
// Retry-After), 200 offers per window for manage (the API document's 429 body), the attach pool
// counting in the global one, the scaled window, and the request record.
import { afterEach, describe, expect, it } from 'vitest';
import {
  manageRateLimitBodySchema,
  messageBodySchema,
} from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { openSandbox, type Api } from './helpers';
import { manualClock } from './manualClock';
import { RateLimits, RollingWindow } from '../../electron/sandbox/rateLimits';

let api: Api | undefined;
afterEach(async () => {
  await api?.sandbox.close();
  api = undefined;
});

const goldOffers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    price_per_step: 0.01 + i / 1000,
    amount: 1000,
    min_purchase_amount: 1,
    marketplace_type: 1,
    data: { '101': 'Firemaw', '102': 'Alliance' },
  }));

/** Sequential on purpose: one keep-alive connection is much faster than 120 new ones. */
async function burst(a: Api, n: number, seller = 3): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++)
    statuses.push((await a.call('GET', paths.myOffers, { seller })).status);
  return statuses;
}

describe('global limit: 120 requests per rolling window', () => {
  it('the 121st request in a window is 429 {message} with Retry-After, and nothing is processed', async () => {
    const clock = manualClock();
    api = await openSandbox({ clock, windowMs: 60_000 });
    const statuses = await burst(api, 120);
    expect(statuses.every((s) => s === 200)).toBe(true);
    clock.advance(20_000);
    const limited = await api.call('GET', paths.myOffers, { seller: 3 });
    expect(limited.status).toBe(429);
    expect(messageBodySchema.parse(limited.body).message).toMatch(/too many/i);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(api.sandbox.requests.at(-1)).toMatchObject({
      status: 429,
      processed: false,
      sellerId: 3,
    });
    // Another seller has a pool of its own.
    expect((await api.call('GET', paths.myOffers, { seller: 1 })).status).toBe(200);
    // The window rolls: 60 s after the burst the pool is free again.
    clock.advance(40_000);
    expect((await api.call('GET', paths.myOffers, { seller: 3 })).status).toBe(200);
  });

  it('a scaled window of one second: Retry-After is whole seconds, at least 1', async () => {
    const clock = manualClock();
    api = await openSandbox({ clock, windowMs: 1000 });
    expect((await burst(api, 120)).every((s) => s === 200)).toBe(true);
    clock.advance(999);
    const limited = await api.call('GET', paths.myOffers, { seller: 3 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    clock.advance(1);
    expect((await api.call('GET', paths.myOffers, { seller: 3 })).status).toBe(200);
  });

  it('attach_screenshots_from_links requests count in the global pool', async () => {
    const clock = manualClock();
    api = await openSandbox({ clock, windowMs: 60_000 });
    const offer = api.sandbox.control.offers(1).find((o) => o.marketplace_type === 2)?.id ?? 0;
    const attach = () =>
      api!.call('POST', paths.attachLinks(offer), {
        body: { urls: ['https://images.sandbox.test/x/fail.png'] },
      });
    for (let i = 0; i < 60; i++) expect((await attach()).status).toBe(200);
    expect((await burst(api, 60, 1)).every((s) => s === 200)).toBe(true);
    expect((await attach()).status).toBe(429);
    const attachRecords = api.sandbox.requests.filter((r) => r.attach);
    expect(attachRecords).toHaveLength(61);
  });
});

describe('manage: 200 offers per window per seller', () => {
  it('counts offers, not requests, and answers the documented 429 body', async () => {
    const clock = manualClock();
    api = await openSandbox({ clock, windowMs: 60_000 });
    const manage = (n: number) =>
      api!.call('POST', paths.manage(1), {
        body: { guarantee_delivery_time: 1000, offers: goldOffers(n) },
      });
    expect((await manage(100)).status).toBe(200);
    clock.advance(10_000);
    expect((await manage(99)).status).toBe(200);
    const over = await manage(2);
    expect(over.status).toBe(429);
    expect(manageRateLimitBodySchema.parse(over.body)).toMatchObject({
      budget_used: 199,
      budget_limit: 200,
      offers_requested: 2,
    });
    // 2 more fit once the first 100 leave the window, 50 s from now.
    expect(over.headers.get('retry-after')).toBe('50');
    expect((await manage(1)).status).toBe(200);
    const records = api.sandbox.requests.filter((r) => r.path === paths.manage(1));
    expect(records.map((r) => [r.manageOffers, r.status, r.processed])).toEqual([
      [100, 200, true],
      [99, 200, true],
      [2, 429, false],
      [1, 200, true],
    ]);
    clock.advance(50_000);
    expect((await manage(100)).status).toBe(200);
  });

  it('a request refused with 400 uses none of the budget', async () => {
    const clock = manualClock();
    api = await openSandbox({ clock, windowMs: 60_000 });
    const bad = goldOffers(100).map((o) => ({ ...o, price_per_step: -1 }));
    for (let i = 0; i < 3; i++) {
      const r = await api.call('POST', paths.manage(1), {
        body: { guarantee_delivery_time: 1000, offers: bad },
      });
      expect(r.status).toBe(400);
    }
    const ok = await api.call('POST', paths.manage(1), {
      body: { guarantee_delivery_time: 1000, offers: goldOffers(100) },
    });
    expect(ok.status).toBe(200);
  });
});

describe('the request record', () => {
  it('keeps method, path, query, clock time, status and seller of every request, in order', async () => {
    const clock = manualClock(1_000_000);
    api = await openSandbox({ clock });
    await api.call('GET', paths.productList);
    clock.advance(5);
    await api.call('GET', '/no/such/route?page=2', { seller: 2 });
    clock.advance(5);
    await api.call('GET', paths.myOffers, { token: null });
    expect(api.sandbox.requests).toEqual([
      {
        method: 'GET',
        path: paths.productList,
        query: '',
        at: 1_000_000,
        status: 200,
        sellerId: 1,
        manageOffers: 0,
        attach: false,
        processed: true,
      },
      {
        method: 'GET',
        path: '/no/such/route',
        query: 'page=2',
        at: 1_000_005,
        status: 404,
        sellerId: null,
        manageOffers: 0,
        attach: false,
        processed: false,
      },
      {
        method: 'GET',
        path: paths.myOffers,
        query: '',
        at: 1_000_010,
        status: 401,
        sellerId: null,
        manageOffers: 0,
        attach: false,
        processed: false,
      },
    ]);
  });
});

describe('rolling windows (unit)', () => {
  it('weights leave the window one by one, and the wait is until enough has left', () => {
    const w = new RollingWindow(10, 1000);
    expect(w.tryTake(0, 4)).toBe(true);
    expect(w.tryTake(300, 6)).toBe(true);
    expect(w.tryTake(400, 1)).toBe(false);
    expect(w.waitMs(400, 1)).toBe(600); // the 4 taken at 0 leave at 1000
    expect(w.waitMs(400, 5)).toBe(900); // 5 needs the 6 taken at 300 gone too
    expect(w.used(1000)).toBe(6);
    expect(w.tryTake(1000, 4)).toBe(true);
  });

  it('each seller has the three documented pools', () => {
    const pools = new RateLimits(1000).of(1);
    expect([pools.requests.limit, pools.manageOffers.limit, pools.attach.limit]).toEqual([
      120, 200, 300,
    ]);
    expect(pools.attach.windowMs).toBe(1000);
  });
});
