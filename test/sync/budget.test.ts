import { describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store';
import { goldOffer, openDesk, WINDOW_MS, useSyncWorld } from './harness';
import { testDatabase } from '../../electron/core/store/testing';

const w = useSyncWorld();

describe('push within the limits', () => {
  it('sends batches of at most 100, within the offers budget, waiting instead of hitting a 429', async () => {
    // A request's deadline is not what this test is about: a loaded machine may take seconds to
    // answer or record a batch of 100, which must not turn it into an unknown outcome here.
    w.desk = openDesk(w.sb, w.dir.file('budget.db'), { sellerId: 3, timeoutMs: 60_000 });
    await w.desk.engine.pull({ catalogue: true });
    testDatabase(w.desk.store).transaction(() => {
      for (let i = 0; i < 330; i++) {
        w.desk!.store.createOffer({
          productId: 1,
          guaranteeDeliveryTime: 60_000,
          fields: goldOffer(50 + i / 100),
        });
      }
    })();
    const mark = w.sb.requests.length;
    // Another request of this seller (another process sharing the ledger) holds the whole offers
    // window and is still in flight: however fast or slow this machine is, the push must wait for
    // it. It is answered once the push says it waits (or the push ends without saying so).
    const holder = await w.desk.limiter.acquireSlot({ manageOffers: 200 }, undefined, {
      maxFlightMs: 20_000,
    });
    const pushing = w.desk.engine.push();
    let ended = false;
    void pushing.finally(() => (ended = true));
    const saysWait = () =>
      w.desk!.progress.some((p) => (p.waitingMs ?? 0) > 0 && p.waitReason === 'manage_offers');
    while (!saysWait() && !ended) await new Promise((r) => setTimeout(r, 5));
    holder.answered();
    const summary = await pushing;
    expect(summary).toMatchObject({ sent: 330, failed: 0, pending: 0 });
    const manage = w.sb.requests.slice(mark).filter((r) => r.path.endsWith('/offers/manage'));
    expect(manage.every((r) => r.manageOffers <= 100)).toBe(true);
    expect(manage.reduce((n, r) => n + r.manageOffers, 0)).toBe(330);
    expect(w.sb.requests.slice(mark).some((r) => r.status === 429)).toBe(false);
    // No rolling window ever held more than the 200 offers the marketplace allows.
    for (const r of manage) {
      const inWindow = manage
        .filter((o) => o.at > r.at - WINDOW_MS && o.at <= r.at)
        .reduce((n, o) => n + o.manageOffers, 0);
      expect(inWindow).toBeLessThanOrEqual(200);
    }
    // The wait was reported as progress, with its reason.
    expect(saysWait()).toBe(true);
    expect(w.desk.progress.some((p) => p.phase === 'push' && p.done === 330)).toBe(true);
  });

  it('replaces a set of 1500 credentials in chunks of 1000, keeping only their hashes', async () => {
    w.desk = openDesk(w.sb, w.dir.file('creds.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: {
        price_per_step: 30,
        amount: 1,
        min_purchase_amount: 1,
        data: { '1001': 'Iron', '1002': 'EU', '1003': 'PC', '1005': 10, '1006': 'Bulk' },
      },
    });
    w.desk.store.queueCredentials(id, [{ login: 'old-1', game_password: 'x-1' }], 'add');
    await w.desk.engine.sync();
    const creds = Array.from({ length: 1500 }, (_, i) => ({
      login: `bulk-${i}`,
      game_password: `pw-${i}`,
    }));
    w.desk.store.queueCredentials(id, creds, 'replace');
    const mark = w.sb.requests.length;
    const summary = await w.desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    const calls = w.sb.requests.slice(mark).map((r) => `${r.method} ${r.path.split('/').pop()}`);
    expect(calls).toEqual(['PUT replace_all', 'POST add_batch']);
    const serverId = w.desk.store.getOffer(id)!.serverId!;
    const onServer = w.sb.control.credentials(serverId);
    expect(onServer).toHaveLength(1500);
    expect(onServer.some((c) => c.login === 'old-1')).toBe(false);
    const detail = w.desk.store.getOffer(id)!;
    expect(detail.queuedCredentials).toBe(0);
    expect(detail.uploadedCredentialHashes).toBe(1500);
  });

  it('persists the backoff of a failing operation, and sends it once the marketplace recovers', async () => {
    const file = w.dir.file('backoff.db');
    w.desk = openDesk(w.sb, file, { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 60_000,
      fields: goldOffer(77.7),
    });
    await w.desk.engine.sync();
    w.desk.store.editOffer(id, { price_per_step: 78.8 });
    w.sb.setFaults({ errorRate: 1, seed: 3 });
    const failed = await w.desk.engine.push();
    w.sb.resetFaults();
    expect(failed.pending).toBe(1);
    await w.desk.close();
    w.desk = null;
    const reopened = openStore(file);
    const op = testDatabase(reopened)
      .prepare<{ state: string; attempts: number; next_attempt_at: number; last_error: string }>(
        'SELECT state, attempts, next_attempt_at, last_error FROM outbox',
      )
      .get()!;
    reopened.close();
    expect(op.state).toBe('queued');
    expect(op.attempts).toBeGreaterThanOrEqual(1);
    expect(op.next_attempt_at).toBeGreaterThan(0);
    expect(op.last_error).toMatch(/50\d/);
    w.desk = openDesk(w.sb, file, { sellerId: 3 });
    const summary = await w.desk.engine.sync();
    expect(summary.pending).toBe(0);
    const serverId = w.desk.store.getOffer(id)!.serverId!;
    expect(w.sb.control.offers(3).find((o) => o.id === serverId)!.price_per_step).toBe(78.8);
  });
});
