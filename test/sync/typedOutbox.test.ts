// Outbox payloads are typed by kind and read back validated: a row that does not match its kind
// (a file edited by hand, a payload written differently before) fails that one offer with a
// message the seller can act on; the others are sent and nothing crashes.
import { describe, expect, it } from 'vitest';
import { encodePayload } from '../../electron/core/store/outboxOps';
import { testDatabase } from '../../electron/core/store/testing';
import { goldOffer, openDesk, useSyncWorld, sentSince } from './harness';

const w = useSyncWorld();

function plant(opKind: string, localId: number, payload: string, state = 'queued') {
  testDatabase(w.desk!.store)
    .prepare('UPDATE outbox SET payload = ?, state = ? WHERE local_id = ? AND kind = ?')
    .run(payload, state, localId, opKind);
}

describe('typed outbox', () => {
  it('fails a queued create whose payload cannot be read back, and sends the others', async () => {
    w.desk = openDesk(w.sb, w.dir.file('unreadable.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const broken = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 1000,
      fields: goldOffer(7.01),
    });
    const fine = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 1000,
      fields: goldOffer(7.02),
    });
    plant('manage', broken, '{"sent": 5}');
    const summary = await w.desk.engine.push();
    expect(summary).toMatchObject({ error: null, sent: 1, needsAttention: 1 });
    expect(w.desk.store.getOffer(fine)).toMatchObject({ syncState: 'synced' });
    const detail = w.desk.store.getOffer(broken)!;
    expect(detail.serverId).toBeNull();
    expect(detail.syncState).toBe('attention');
    expect(detail.outcome).toMatchObject({ ok: false });
    expect(detail.outcome!.message).toMatch(
      /could not read back a queued change of this offer \(sent not as expected\); discard the local changes/,
    );
    // The seller's way out works: discarding takes the unreadable operation with it.
    w.desk.store.discardLocalChanges(broken);
    expect(w.desk.store.countOffers().outbox).toBe(0);
  });

  it('never sends a status change whose payload names no status a seller may set', async () => {
    w.desk = openDesk(w.sb, w.dir.file('status.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 1000,
      fields: goldOffer(7.03),
    });
    await w.desk.engine.push();
    const before = w.desk.store.getOffer(id)!.server!.status;
    w.desk.store.changeStatus(id, before === 3 ? 1 : 3);
    plant('status', id, '{"status": 4}');
    const mark = w.sb.requests.length;
    const summary = await w.desk.engine.push();
    expect(summary).toMatchObject({ error: null, sent: 0 });
    expect(sentSince(w.sb, mark).filter((r) => r.includes('status'))).toEqual([]);
    const detail = w.desk.store.getOffer(id)!;
    expect(detail.syncState).toBe('attention');
    expect(detail.outcome!.message).toMatch(/queued status change of this offer \(status not as/);
    expect(detail.server!.status).toBe(before);
  });

  it('fails an in-flight create whose payload is not JSON instead of crashing the read-back', async () => {
    w.desk = openDesk(w.sb, w.dir.file('inflight.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 1000,
      fields: goldOffer(7.04),
    });
    plant('manage', id, '{not json', 'sending');
    const summary = await w.desk.engine.sync();
    expect(summary.error).toBeNull();
    const detail = w.desk.store.getOffer(id)!;
    expect(detail.syncState).toBe('attention');
    expect(detail.outcome!.message).toMatch(/its data is not valid JSON/);
    expect(detail.pending).toEqual([expect.objectContaining({ kind: 'manage', state: 'failed' })]);
  });

  it('refuses to write a payload that does not match its kind', () => {
    expect(() => encodePayload('screenshot_links', { urls: [] })).toThrow();
    expect(() => encodePayload('credentials', { mode: 'merge' as 'add', total: 1 })).toThrow();
    expect(JSON.parse(encodePayload('status', { status: 5 }))).toEqual({ status: 5 });
  });
});
