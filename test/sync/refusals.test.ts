// Outcome is state: every kind of refusal keeps its offer in "attention" with the marketplace's
// reason (row, counts, the queue's number) until the seller retries, dismisses or fixes it.
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../electron/core/store/testing';
import { accountFields, goldOffer, openDesk, useSyncWorld, type Desk } from './harness';

const w = useSyncWorld();

async function syncedOffer(desk: Desk, fields: Record<string, unknown>, productId = 1) {
  const id = desk.store.createOffer({ productId, guaranteeDeliveryTime: 600_000, fields });
  await desk.engine.sync();
  const detail = desk.store.getOffer(id)!;
  expect(detail.syncState).toBe('synced');
  return { id, serverId: detail.serverId! };
}

const cred = (login: string) => ({ login, game_password: `${login}-secret-pw` });

function serverIdLocal(desk: Desk, serverId: number) {
  return desk.store.localIdOfServerId(serverId)!;
}

function rowOf(desk: Desk, id: number) {
  return desk.store.queryOffers({ limit: 500 }).rows.find((r) => r.localId === id)!;
}

/** The offer reads "attention" everywhere the seller looks, with `reason` in its words. */
function expectAttention(desk: Desk, id: number, reason: RegExp) {
  const row = rowOf(desk, id);
  expect(row.syncState).toBe('attention');
  expect(row.problem).toMatch(reason);
  expect(desk.store.queryOffers({ syncState: 'attention' }).rows.map((r) => r.localId)).toContain(
    id,
  );
  expect(desk.store.countOffers().bySyncState.attention).toBeGreaterThanOrEqual(1);
  // Not counted among the changes to send: it waits for the seller, not for the sync.
  expect(desk.store.offersToSend().localIds).not.toContain(id);
}

describe('refusals are the offer state until the seller acts', () => {
  it('refused screenshot links keep the offer in attention; retry sends only the refused ones, dismiss clears', async () => {
    w.desk = openDesk(w.sb, w.dir.file('links.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const { id, serverId } = await syncedOffer(desk, goldOffer(10.2));
    const ok = 'https://images.sandbox.test/ok.png';
    const bad = 'https://images.sandbox.test/fail.png';
    desk.store.queueScreenshotUrls(id, [ok, bad]);
    const run = await desk.engine.sync();
    expect(run.failed).toBe(1);
    expectAttention(desk, id, /fail\.png/);
    expect(w.sb.control.offers(3).find((o) => o.id === serverId)!.screenshots).toHaveLength(1);
    // The failed link is kept (only it) for a retry.
    const kept = testDatabase(desk.store)
      .prepare<{ payload: string; state: string }>(
        "SELECT payload, state FROM outbox WHERE local_id = ? AND kind = 'screenshot_links'",
      )
      .get(id)!;
    expect(kept.state).toBe('failed');
    expect(JSON.parse(kept.payload).urls).toEqual([bad]);

    // A refused link holds nothing: a later price change still goes.
    desk.store.editOffer(id, { price_per_step: 11.5 });
    await desk.engine.sync();
    expect(w.sb.control.offers(3).find((o) => o.id === serverId)!.price_per_step).toBe(11.5);
    expectAttention(desk, id, /fail\.png/);

    // Retry: the refused link alone goes again (and is refused again).
    expect(desk.store.retryRefused(id)).toBe(1);
    expect(rowOf(desk, id).syncState).toBe('local');
    expect(desk.store.offersToSend().localIds).toContain(id);
    const mark = w.sb.requests.length;
    await desk.engine.sync();
    const attach = w.sb.requests
      .slice(mark)
      .filter((r) => r.path.endsWith('/attach_screenshots_from_links'));
    expect(attach).toHaveLength(1);
    expectAttention(desk, id, /fail\.png/);

    // Dismiss: the offer is synced again, nothing queued.
    expect(desk.store.dismissRefusal(id)).toBe(1);
    expect(rowOf(desk, id).syncState).toBe('synced');
    expect(rowOf(desk, id).problem).toBeNull();
    expect(desk.store.countOffers().bySyncState.attention).toBe(0);
    expect(() => desk.store.dismissRefusal(id)).toThrow(/refused nothing/);
  });

  it('a refused status change: attention with the reason, the pending status on the row, retry and dismiss', async () => {
    w.desk = openDesk(w.sb, w.dir.file('status.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const { id, serverId } = await syncedOffer(desk, goldOffer(12.3));
    desk.store.changeStatus(id, 3);
    expect(rowOf(desk, id).pending).toEqual({ delete: false, status: 3 });
    // Sold on the marketplace meanwhile: no status change is allowed any more.
    w.sb.control.editOfferAsServer(serverId, { status: 6 });
    await desk.engine.push();
    expectAttention(desk, id, /.+/);
    expect(desk.store.getOffer(id)!.pending[0]).toMatchObject({ kind: 'status', state: 'failed' });

    desk.store.retryRefused(id);
    await desk.engine.push();
    expectAttention(desk, id, /.+/);
    desk.store.dismissRefusal(id);
    expect(rowOf(desk, id).pending).toEqual({ delete: false, status: null });
    expect(desk.store.getOffer(id)!.pending).toEqual([]);
    expect(rowOf(desk, id).syncState).toBe('synced');
  });

  it('a refused deletion keeps the offer, struck as pending delete, in attention; dismiss keeps it for good', async () => {
    w.desk = openDesk(w.sb, w.dir.file('delete.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const { id } = await syncedOffer(desk, goldOffer(13.4));
    // The offer now points at another seller's offer: the marketplace answers 403.
    const foreign = w.sb.control.offers(2)[0]!;
    testDatabase(desk.store)
      .prepare('UPDATE offers SET server_id = ? WHERE local_id = ?')
      .run(foreign.id, id);
    expect(desk.store.deleteOffer(id)).toBe('queued');
    expect(rowOf(desk, id).pending.delete).toBe(true);
    await desk.engine.push();
    expectAttention(desk, id, /another seller/);
    expect(w.sb.control.offers(2).some((o) => o.id === foreign.id)).toBe(true);
    desk.store.dismissRefusal(id);
    expect(rowOf(desk, id)).toMatchObject({ syncState: 'synced', pending: { delete: false } });
  });

  it('refused credentials (a transferred offer) and a refused screenshot removal mark the offer too', async () => {
    w.desk = openDesk(w.sb, w.dir.file('creds.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const { id, serverId } = await syncedOffer(desk, accountFields('Refused smurf'), 10);
    w.sb.control.setTransferred(serverId, true);
    desk.store.queueCredentials(id, [{ login: 'acc-x', game_password: 'pw-x-secret' }], 'add');
    await desk.engine.push();
    expectAttention(desk, id, /transferred/);
    expect(rowOf(desk, id).problem).not.toContain('pw-x-secret');
    // Retry after the marketplace allows it again: sent, and the offer is synced.
    w.sb.control.setTransferred(serverId, false);
    desk.store.retryRefused(id);
    await desk.engine.push();
    expect(rowOf(desk, id).syncState).toBe('synced');
    expect(w.sb.control.credentials(serverId)).toHaveLength(1);

    const { id: shotId, serverId: shotServerId } = await syncedOffer(desk, goldOffer(14.5));
    w.sb.control.editOfferAsServer(shotServerId, { screenshots: ['shots/gone.png'] });
    await desk.engine.pull();
    desk.store.detachScreenshot(shotId, 'shots/gone.png');
    w.sb.control.editOfferAsServer(shotServerId, { screenshots: [] });
    await desk.engine.push();
    expectAttention(desk, shotId, /not attached/);
  });

  it('a refused edit: attention with the field, retry sends it again, dismiss is refused (fix or discard)', async () => {
    w.desk = openDesk(w.sb, w.dir.file('manage.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const { id } = await syncedOffer(desk, goldOffer(18.5));
    desk.store.editOffer(id, { price_per_step: 19 });
    // The catalogue changed since the edit was checked: the realm no longer exists.
    const change = testDatabase(desk.store)
      .prepare<{ mine: string }>('SELECT mine FROM local_changes WHERE local_id = ?')
      .get(id)!;
    testDatabase(desk.store)
      .prepare('UPDATE local_changes SET mine = ? WHERE local_id = ?')
      .run(JSON.stringify({ ...JSON.parse(change.mine), 'data.101': 'Atlantis' }), id);
    await desk.engine.push();
    expectAttention(desk, id, /refused some fields/);
    expect(() => desk.store.dismissRefusal(id)).toThrow(/fix it, or discard the local change/);

    const mark = w.sb.requests.length;
    expect(desk.store.retryRefused(id)).toBe(1);
    await desk.engine.push();
    expect(w.sb.requests.slice(mark).filter((r) => r.path.endsWith('/offers/manage'))).toHaveLength(
      1,
    );
    expectAttention(desk, id, /refused some fields/);

    // The fix: a valid value, sent, and the offer is synced.
    desk.store.editOffer(id, { data: { '101': 'Ashbringer', '102': 'Horde' } });
    await desk.engine.push();
    expect(rowOf(desk, id)).toMatchObject({ syncState: 'synced', problem: null });
  });

  it('credentials the marketplace skips as duplicates are told as a refusal that holds nothing', async () => {
    w.desk = openDesk(w.sb, w.dir.file('dup-a.db'));
    const first = w.desk;
    await first.engine.pull({ catalogue: true });
    const { serverId } = await syncedOffer(first, accountFields('Twice sold smurf'), 10);
    first.store.queueCredentials(serverIdLocal(first, serverId), [cred('dup-1')], 'add');
    await first.engine.push();
    await first.close();
    // Another profile of the same seller does not know what the first one sent.
    w.desk = openDesk(w.sb, w.dir.file('dup-b.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const id = serverIdLocal(desk, serverId);
    desk.store.queueCredentials(id, [cred('dup-1'), cred('dup-2')], 'add');
    await desk.engine.push();
    expect(w.sb.control.credentials(serverId)).toHaveLength(2);
    expectAttention(desk, id, /skipped 1 of 2 credentials/);
    // It holds nothing: a price change still goes.
    desk.store.editOffer(id, { price_per_step: 26 });
    await desk.engine.push();
    expect(w.sb.control.offers(3).find((o) => o.id === serverId)!.price_per_step).toBe(26);
    // A retry has nothing to send: the offer is synced again.
    expect(desk.store.retryRefused(id)).toBe(1);
    await desk.engine.push();
    expect(rowOf(desk, id).syncState).toBe('synced');
    expect(w.sb.control.credentials(serverId)).toHaveLength(2);
  });

  it('the number of changes to send counts offers, whatever each one waits for', async () => {
    w.desk = openDesk(w.sb, w.dir.file('count.db'));
    const desk = w.desk;
    await desk.engine.pull({ catalogue: true });
    const a = await syncedOffer(desk, goldOffer(15.1));
    const b = await syncedOffer(desk, goldOffer(15.2));
    desk.store.editOffer(a.id, { price_per_step: 16 });
    desk.store.changeStatus(a.id, 3);
    desk.store.queueScreenshotUrls(a.id, ['https://images.sandbox.test/ok.png']);
    desk.store.deleteOffer(b.id);
    desk.store.createOffer({ productId: 1, guaranteeDeliveryTime: 600_000, fields: goldOffer(17) });
    const counts = desk.store.countOffers();
    expect(counts.outbox).toBe(5);
    const toSend = desk.store.offersToSend();
    expect(toSend.total).toBe(3);
    expect(counts.bySyncState.local + counts.bySyncState.sending).toBe(toSend.total);
    const pending = desk.store.pendingChanges(toSend.localIds);
    expect(pending.get(a.id)).toMatchObject({ fields: ['price_per_step'], status: 3, links: 1 });
    expect(pending.get(b.id)).toMatchObject({ delete: true });
  });
});
