// Retry-After as the client reads it: parsed as the server sent it, bounded before anything waits
// on it (a retry, a re-queued operation), and handed whole to the limiter, which bounds it again
// in its own windows and keeps what was asked for the seller. And a token that cannot be sent.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../electron/core/api/answers';
import { MarketplaceError, type MarketplaceClient } from '../../electron/core/api';
import { createRateLimiter, maxPenaltyMs } from '../../electron/core/limits';
import type { Sandbox } from '../../electron/sandbox';
import { clientFor, sandbox, WINDOW_MS } from './harness';

const YEAR_S = 365 * 24 * 3600;

let sb: Sandbox;
const clients: MarketplaceClient[] = [];
beforeAll(async () => {
  sb = await sandbox();
});
afterEach(async () => {
  sb.resetFaults();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => sb.close());

async function failure(p: Promise<unknown>): Promise<MarketplaceError> {
  const error = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

describe('Retry-After', () => {
  it('is read as the server sent it: seconds or an HTTP date, finite, never negative', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(` ${YEAR_S} `, now)).toBe(YEAR_S * 1000);
    expect(retryAfterMs('9'.repeat(400), now)).toBe(Number.MAX_SAFE_INTEGER);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('a year-long one reaches the error bounded: a retry or a re-queue waits minutes, not a year', async () => {
    const bare = clientFor(sb, 1, { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    clients.push(bare);
    sb.setFaults({ tooManyRequests: 1, retryAfter: String(YEAR_S) });
    const e = await failure(bare.myOffers({ limit: 1 }));
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(e.retryAfterMs).toBe(maxPenaltyMs()); // 5 windows of 60 s
  });

  it("behind a limiter, the limiter's own windows bound it, and the limiter keeps what was asked", async () => {
    const limiter = createRateLimiter({ windowMs: WINDOW_MS });
    const limited = clientFor(sb, 1, {
      limiter,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    clients.push(limited);
    sb.setFaults({ tooManyRequests: 1, retryAfter: String(YEAR_S) });
    const e = await failure(limited.myOffers({ limit: 1 }));
    expect(e.retryAfterMs).toBe(maxPenaltyMs(WINDOW_MS));
    expect(limiter.pause()).toMatchObject({
      askedMs: YEAR_S * 1000,
      heldMs: maxPenaltyMs(WINDOW_MS),
    });
    expect(limiter.budget().nextRoomInMs).toBeLessThanOrEqual(maxPenaltyMs(WINDOW_MS));
    limiter.close();
  });
});

describe('a malformed token', () => {
  it('with a control character is never sent and is a token problem, not "unreachable"', async () => {
    const seller = sb.sellers[0]!;
    const broken = clientFor(sb, 1, { token: `${seller.token}\u0001` });
    clients.push(broken);
    const before = sb.requests.length;
    const e = await failure(broken.myOffers());
    expect(e).toMatchObject({ kind: 'unauthorized', status: null });
    expect(e.message).toMatch(/the API token is malformed: it contains a control character/);
    expect(e.message).not.toContain(seller.token);
    expect(sb.requests.length).toBe(before);
  });
});
