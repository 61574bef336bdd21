import { describe, expect, it } from 'vitest';
import { usedInWindow, waitForRoom, type LedgerEntry } from '../../electron/core/limits';

const W = 1000;
const limits = { requestsPerWindow: 3, manageOffersPerWindow: 10, attachPerWindow: 2 };
const entry = (id: number, atMs: number, manageOffers = 0, attach = 0): LedgerEntry => ({
  id,
  atMs,
  requests: 1,
  manageOffers,
  attach,
});

describe('window arithmetic', () => {
  it('fits at once while every pool has room', () => {
    const room = waitForRoom(
      [entry(1, 0), entry(2, 10)],
      { requests: 1, manageOffers: 10, attach: 1 },
      limits,
      20,
      W,
    );
    expect(room).toEqual({
      waitMs: 0,
      pool: null,
      byPool: { requests: 0, manage_offers: 0, attach: 0 },
    });
  });

  it('waits until the oldest blocking entry leaves, to the millisecond', () => {
    const entries = [entry(1, 100), entry(2, 300), entry(3, 700)];
    const room = waitForRoom(entries, { requests: 1, manageOffers: 0, attach: 0 }, limits, 800, W);
    expect(room.waitMs).toBe(300); // entry 1 leaves at 100 + 1000
    expect(room.pool).toBe('requests');
  });

  it('an entry leaves exactly windowMs after it was recorded', () => {
    const entries = [entry(1, 0), entry(2, 0), entry(3, 0)];
    expect(usedInWindow(entries, 999, W).requests).toBe(3);
    expect(usedInWindow(entries, 1000, W).requests).toBe(0);
  });

  it('weights manage by offers and drops as many old entries as the request needs', () => {
    const limitsWide = { ...limits, requestsPerWindow: 100 };
    const entries = [entry(1, 0, 4), entry(2, 200, 3), entry(3, 400, 3)];
    // 10 used; 6 more need 6 freed: entries 1 (4) and 2 (3) must leave → at 200 + 1000.
    const room = waitForRoom(
      entries,
      { requests: 1, manageOffers: 6, attach: 0 },
      limitsWide,
      500,
      W,
    );
    expect(room).toMatchObject({ waitMs: 700, pool: 'manage_offers' });
    expect(room.byPool.requests).toBe(0);
  });

  it('reports the longest of several blocked pools', () => {
    const entries = [entry(1, 0, 0, 1), entry(2, 100, 0, 1), entry(3, 600)];
    const room = waitForRoom(entries, { requests: 1, manageOffers: 0, attach: 1 }, limits, 700, W);
    expect(room.byPool).toEqual({ requests: 300, manage_offers: 0, attach: 300 });
    const later = waitForRoom(
      entries,
      { requests: 1, manageOffers: 0, attach: 1 },
      { ...limits, attachPerWindow: 1 },
      700,
      W,
    );
    expect(later.byPool.attach).toBe(400); // both attach entries must leave: the second at 1100
    expect(later).toMatchObject({ waitMs: 400, pool: 'attach' });
  });

  it('refuses a request heavier than its whole window', () => {
    expect(() =>
      waitForRoom([], { requests: 1, manageOffers: 11, attach: 0 }, limits, 0, W),
    ).toThrow(RangeError);
  });
});
