// Fault injection, kind by kind: 5xx without processing, a connection dropped before processing
// (nothing happened) or after it (it happened, the client cannot know), added latency, and a
// seed that makes a run reproducible.
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { useSandboxApi } from './helpers';

const api = useSandboxApi({ windowMs: 60_000 });
beforeEach(() => api.sandbox.resetFaults());

const activeGold = () => {
  const o = api.sandbox.control.offers(1).find((x) => x.marketplace_type === 1 && x.status === 2);
  if (!o) throw new Error('no active gold offer');
  return o;
};
const statusOf = (id: number) => api.sandbox.control.offers(1).find((o) => o.id === id)?.status;
const setStatus = (id: number, status: number) =>
  api.call('POST', paths.editStatus(id), { body: { status } });

describe('faults', () => {
  it('errorRate 1: every answer is 500, 502 or 503 and nothing is processed', async () => {
    const offer = activeGold();
    api.sandbox.setFaults({ errorRate: 1, seed: 7 });
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) seen.add((await setStatus(offer.id, 3)).status);
    expect([...seen].every((s) => [500, 502, 503].includes(s))).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
    expect(statusOf(offer.id)).toBe(2);
    expect(api.sandbox.requests.at(-1)?.processed).toBe(false);
  });

  it('dropBeforeRate 1: the connection dies and nothing happened', async () => {
    const offer = activeGold();
    api.sandbox.setFaults({ dropBeforeRate: 1 });
    await expect(setStatus(offer.id, 3)).rejects.toThrow();
    expect(statusOf(offer.id)).toBe(2);
    expect(api.sandbox.requests.at(-1)).toMatchObject({ status: 0, processed: false });
  });

  it('dropAfterRate 1: the connection dies but the change was made', async () => {
    const offer = activeGold();
    api.sandbox.setFaults({ dropAfterRate: 1 });
    await expect(setStatus(offer.id, 3)).rejects.toThrow();
    expect(statusOf(offer.id)).toBe(3);
    expect(api.sandbox.requests.at(-1)).toMatchObject({ status: 200, processed: true });
    api.sandbox.resetFaults();
    expect((await setStatus(offer.id, 2)).status).toBe(200);
  });

  it('latencyMs delays every answer', async () => {
    api.sandbox.setFaults({ latencyMs: 150 });
    const start = performance.now();
    expect((await api.call('GET', paths.productList)).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(145);
    api.sandbox.setFaults({});
    const quick = performance.now();
    await api.call('GET', paths.productList);
    expect(performance.now() - quick).toBeLessThan(145);
  });

  it('the same seed gives the same sequence of failures', async () => {
    const run = async () => {
      api.sandbox.setFaults({ errorRate: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await api.call('GET', paths.productList)).status);
      return statuses;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.some((s) => s === 200)).toBe(true);
    expect(a.some((s) => s >= 500)).toBe(true);
  });

  it('tooManyRequests: the next N requests are answered 429 with the Retry-After given, unprocessed', async () => {
    const offer = activeGold();
    api.sandbox.setFaults({ tooManyRequests: 2, retryAfter: '31536000' });
    for (let i = 0; i < 2; i++) {
      const refused = await setStatus(offer.id, 3);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('31536000');
      expect(api.sandbox.requests.at(-1)).toMatchObject({ status: 429, processed: false });
    }
    expect(statusOf(offer.id)).toBe(2);
    expect((await setStatus(offer.id, 3)).status).toBe(200);
    expect(statusOf(offer.id)).toBe(3);
    expect((await setStatus(offer.id, 2)).status).toBe(200);
    // Every request, with no Retry-After at all.
    api.sandbox.setFaults({ tooManyRequests: Infinity, retryAfter: '' });
    for (let i = 0; i < 3; i++) {
      const refused = await api.call('GET', paths.productList);
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, null]);
    }
  });

  it('malformedAnswers: an HTML page where JSON was expected, unprocessed', async () => {
    const offer = activeGold();
    api.sandbox.setFaults({ malformedAnswers: 1 });
    const page = await setStatus(offer.id, 3);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(typeof page.body).toBe('string');
    expect(statusOf(offer.id)).toBe(2);
    expect((await api.call('GET', paths.productList)).body).toHaveProperty('result');
  });

  it('public storage is never faulted', async () => {
    const shot = api.sandbox.control.offers(1).find((o) => o.screenshots.length > 0)
      ?.screenshots[0];
    api.sandbox.setFaults({ errorRate: 1 });
    expect((await fetch(`${api.sandbox.baseUrl}/${shot}`)).status).toBe(200);
  });
});
