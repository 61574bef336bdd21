// The marketplace's windows seen from the socket: its 429s are typed and re-align the limiter,
// and a client behind the limiter never gets one (checked against the sandbox's own record).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMarketplaceClient,
  type MarketplaceError,
  type MarketplaceClient,
} from '../../electron/core/api';
import { createRateLimiter, type WaitEvent } from '../../electron/core/limits';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../electron/sandbox';
import { clientFor, goldOffer } from './harness';

const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as MarketplaceError,
  );
const SLOW_WINDOW_MS = 2500;
const manyGold = (n: number) => Array.from({ length: n }, (_, i) => goldOffer(1 + i / 100));

describe("the service's 429 answers", () => {
  it('global limit: typed rate_limited with Retry-After; manage budget: the body figures', async () => {
    // A long window, so that a loaded machine cannot let the first requests leave it.
    const sb = await startSandbox({ port: 0, windowMs: 20_000 });
    const raw = clientFor(sb, 1, { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await Promise.all(Array.from({ length: 120 }, () => raw.myOffers({ limit: 1 })));
    const limited = await Promise.all(
      Array.from({ length: 3 }, () => caught(raw.myOffers({ limit: 1 }))),
    );
    for (const e of limited) {
      expect(e).toMatchObject({ kind: 'rate_limited', status: 429, budget: null });
      expect(e!.retryAfterMs).toBeGreaterThanOrEqual(1000);
    }

    const seller3 = clientFor(sb, 3, { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await seller3.manageOffers(1, { offers: manyGold(100), guarantee_delivery_time: 60_000 });
    await seller3.manageOffers(1, { offers: manyGold(90), guarantee_delivery_time: 60_000 });
    const e = await caught(
      seller3.manageOffers(1, { offers: manyGold(20), guarantee_delivery_time: 60_000 }),
    );
    expect(e).toMatchObject({
      kind: 'rate_limited',
      budget: { used: 190, limit: 200, requested: 20 },
    });
    expect(e!.retryAfterMs).toBeGreaterThanOrEqual(1000);
    await raw.close();
    await seller3.close();
    await sb.close();
  });

  it('Retry-After re-aligns the limiter: one 429, then a wait, then success', async () => {
    // Long enough that a loaded machine still answers the other client within it.
    const sb = await startSandbox({ port: 0, windowMs: SLOW_WINDOW_MS });
    const other = clientFor(sb, 2); // another app on the same account, outside our ledger
    await Promise.all(Array.from({ length: 120 }, () => other.myOffers({ limit: 1 })));
    const limiter = createRateLimiter({ windowMs: SLOW_WINDOW_MS });
    const waits: WaitEvent[] = [];
    limiter.onWait((e) => waits.push(e));
    const ours = clientFor(sb, 2, { limiter });
    const before = sb.requests.length;
    const page = await ours.myOffers({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(sb.requests.slice(before).map((r) => r.status)).toEqual([429, 200]);
    expect(waits.some((w) => w.reason === 'retry_after')).toBe(true);
    limiter.close();
    await other.close();
    await ours.close();
    await sb.close();
  });

  it("manage's budget figures re-align the offers left", async () => {
    // Long enough that a loaded machine still answers the other client within it.
    const sb = await startSandbox({ port: 0, windowMs: SLOW_WINDOW_MS });
    const other = clientFor(sb, 3);
    await other.manageOffers(1, { offers: manyGold(100), guarantee_delivery_time: 60_000 });
    await other.manageOffers(1, { offers: manyGold(95), guarantee_delivery_time: 60_000 });
    const limiter = createRateLimiter({ windowMs: SLOW_WINDOW_MS });
    const offersLeftWhenWaiting: number[] = [];
    limiter.onWait(() => offersLeftWhenWaiting.push(limiter.budget().manageOffersLeft));
    const ours = clientFor(sb, 3, { limiter });
    const result = await ours.manageOffers(1, {
      offers: manyGold(10),
      guarantee_delivery_time: 60_000,
    });
    expect(result.successfully).toBe(10);
    const statuses = sb.requests.filter((r) => r.manageOffers === 10).map((r) => r.status);
    expect(statuses).toEqual([429, 200]);
    // The server said 195 of 200 were used: the limiter believed it (it had seen only 10).
    expect(offersLeftWhenWaiting.length).toBeGreaterThan(0);
    expect(offersLeftWhenWaiting[0]).toBeLessThanOrEqual(5);
    limiter.close();
    await other.close();
    await ours.close();
    await sb.close();
  });
});

const W = 500;
type Kind = 'read' | { manage: number } | 'attach';

function overLimit(records: RecordedRequest[], sellerId: number): string[] {
  const counted = records.filter(
    (r) => r.sellerId === sellerId && r.status !== 429 && r.status !== 0,
  );
  const problems: string[] = [];
  for (const r of counted) {
    const live = counted.filter((x) => x.at <= r.at && x.at + W > r.at);
    const requests = live.length;
    const offers = live.filter((x) => x.status === 200).reduce((s, x) => s + x.manageOffers, 0);
    const attach = live.filter((x) => x.attach).length;
    if (requests > 120 || offers > 200 || attach > 300)
      problems.push(`${r.at}: ${requests}/${offers}/${attach}`);
  }
  return problems;
}

function send(client: MarketplaceClient, kind: Kind): Promise<unknown> {
  if (kind === 'read') return client.myOffers({ limit: 1 });
  if (kind === 'attach')
    return client.attachScreenshotsFromLinks(1001, ['https://not-approved.example/x.png']);
  return client.manageOffers(1, { offers: manyGold(kind.manage), guarantee_delivery_time: 60_000 });
}

describe('behind the limiter, over a socket', () => {
  it(
    'property: any mix of requests stays inside every window of the sandbox, with no 429',
    { timeout: 90_000 },
    async () => {
      const kindArb: fc.Arbitrary<Kind> = fc.oneof(
        { weight: 6, arbitrary: fc.constant<Kind>('read') },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }).map((n) => ({ manage: n })) },
        { weight: 3, arbitrary: fc.constant<Kind>('attach') },
      );
      const mixArb = fc.oneof(
        fc.array(kindArb, { minLength: 1, maxLength: 40 }),
        fc.array(kindArb, { minLength: 121, maxLength: 150 }),
      );
      await fc.assert(
        fc.asyncProperty(mixArb, async (mix) => {
          let sb: Sandbox | null = null;
          const limiter = createRateLimiter({ windowMs: W });
          const waits: WaitEvent[] = [];
          limiter.onWait((e) => waits.push(e));
          try {
            sb = await startSandbox({ port: 0, windowMs: W, seed: 'demo' });
            const client = createMarketplaceClient({
              baseUrl: sb.baseUrl,
              token: sb.sellers[0]!.token,
              limiter,
            });
            const started = Date.now();
            await Promise.all(mix.map((k) => send(client, k)));
            const elapsed = Date.now() - started;
            await client.close();
            expect(sb.requests.filter((r) => r.status === 429)).toEqual([]);
            expect(overLimit(sb.requests, 1)).toEqual([]);
            const offers = mix.reduce((s, k) => s + (typeof k === 'object' ? k.manage : 0), 0);
            // Room for all of it: nobody waited.
            if (mix.length <= 120 && offers <= 200) expect(waits).toEqual([]);
            // More than a window's worth cannot all go at once.
            if (mix.length > 120) expect(elapsed).toBeGreaterThanOrEqual(W);
          } finally {
            limiter.close();
            await sb?.close();
          }
        }),
        { numRuns: 5, endOnFailure: true },
      );
    },
  );
});
