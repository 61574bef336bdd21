// The client's small pure rules: when to retry, how long to wait, how add_batch's message reads.
import { describe, expect, it } from 'vitest';
import {
  isSafeToRetry,
  MarketplaceError,
  parseAddBatchMessage,
  retryDelayMs,
  type MarketplaceErrorKind,
} from '../../electron/core/api';
import { retryAfterMs } from '../../electron/core/api/answers';

const error = (kind: MarketplaceErrorKind) =>
  new MarketplaceError({ kind, method: 'POST', path: '/x', detail: 'test' });

describe('retry policy', () => {
  it('retries what cannot do harm twice, and nothing else', () => {
    const kinds: MarketplaceErrorKind[] = [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation',
      'bad_response',
      'cancelled',
    ];
    for (const kind of kinds)
      for (const m of ['GET', 'POST', 'PUT', 'DELETE'] as const)
        expect(isSafeToRetry(error(kind), m)).toBe(false);
    for (const m of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      expect(isSafeToRetry(error('rate_limited'), m)).toBe(true);
      expect(isSafeToRetry(error('network_not_sent'), m)).toBe(true);
    }
    expect(isSafeToRetry(error('network_maybe_sent'), 'POST')).toBe(false);
    expect(isSafeToRetry(error('server'), 'POST')).toBe(false);
    for (const m of ['GET', 'PUT', 'DELETE'] as const) {
      expect(isSafeToRetry(error('network_maybe_sent'), m)).toBe(true);
      expect(isSafeToRetry(error('server'), m)).toBe(true);
    }
  });

  it('backs off exponentially with jitter, capped, never under Retry-After', () => {
    const opts = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(1, opts, () => 0, null)).toBe(50);
    expect(retryDelayMs(1, opts, () => 1, null)).toBe(100);
    expect(retryDelayMs(3, opts, () => 0.5, null)).toBe(300);
    expect(retryDelayMs(10, opts, () => 1, null)).toBe(1000);
    expect(retryDelayMs(1, opts, () => 1, 2000)).toBe(2000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(undefined, 0)).toBeNull();
  });
});

describe("add_batch's message", () => {
  it('gives the added and duplicate counts, or null when it does not say', () => {
    expect(parseAddBatchMessage('3 credentials added, 1 duplicates skipped')).toEqual({
      added: 3,
      duplicates: 1,
    });
    expect(parseAddBatchMessage('1 credential added, 0 duplicates skipped')).toEqual({
      added: 1,
      duplicates: 0,
    });
    expect(parseAddBatchMessage('Credentials saved.')).toEqual({ added: null, duplicates: null });
  });
});
