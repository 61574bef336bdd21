// An add_batch the marketplace processed but whose answer was lost (the connection dropped after
// processing): the API has no idempotency key, so the credentials go again, and the marketplace
// skips them as duplicates of our own first send. That is not the seller's duplicate: the push ends
// clean, nothing flagged, and the offer holds each credential exactly once.
import { describe, expect, it } from 'vitest';
import { hashCredential } from '../../electron/core/credentials/hash';
import { testDatabase } from '../../electron/core/store/testing';
import { accountFields, openDesk, syncUntilDone, useSyncWorld } from './harness';

const w = useSyncWorld();

describe('credentials whose add_batch answer was lost', () => {
  it('go again and end clean, on the marketplace exactly once', async () => {
    w.desk = openDesk(w.sb, w.dir.file('lost.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const account = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Lost answer smurf'),
    });
    expect(await w.desk.engine.push()).toMatchObject({ failed: 0, pending: 0 });
    const serverId = w.desk.store.getOffer(account)!.serverId!;
    expect(w.sb.control.credentials(serverId)).toHaveLength(0);

    const credentials = [1, 2].map((i) => ({ login: `lost-${i}`, game_password: `pw-${i}` }));
    w.desk.store.queueCredentials(account, credentials, 'add');
    const adds = () =>
      w.sb.requests.filter((r) => r.path.endsWith(`/${serverId}/credentials/add_batch`));
    const addsBefore = adds().length;

    w.sb.setFaults({ answersLost: 1 });
    const lost = await w.desk.engine.push();
    w.sb.resetFaults();
    // The first send was processed (both are on the offer) though its answer never came.
    expect(adds().length - addsBefore).toBeGreaterThanOrEqual(1);
    expect(w.sb.control.credentials(serverId)).toHaveLength(2);
    expect(lost).toMatchObject({ failed: 0, needsAttention: 0 });

    const next = await w.desk.engine.push();
    expect(next).toMatchObject({ failed: 0, pending: 0, needsAttention: 0 });
    // Sent again (no idempotency key): the marketplace skipped both as duplicates.
    expect(adds().length - addsBefore).toBe(2);
    const offer = w.desk.store.getOffer(account)!;
    expect(offer.syncState).toBe('synced');
    expect(offer.outcome?.message ?? '').not.toMatch(/skipped|duplicates/);
    expect(w.desk.store.queryOffers({ syncState: 'attention' }).total).toBe(0);
    const onServer = w.sb.control.credentials(serverId);
    expect(onServer.map((c) => c.login_hash).sort()).toEqual(
      credentials.map((c) => hashCredential(c).loginHash).sort(),
    );
    expect(
      testDatabase(w.desk.store).prepare('SELECT count(*) AS n FROM queued_credentials').get(),
    ).toEqual({ n: 0 });
  });

  it('that rode in a create whose answer was lost end clean once the offer is found again', async () => {
    w.desk = openDesk(w.sb, w.dir.file('lost-create.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const account = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Lost create smurf'),
    });
    const credentials = [1, 2, 3].map((i) => ({ login: `ride-${i}`, game_password: `pw-${i}` }));
    w.desk.store.queueCredentials(account, credentials, 'add');

    w.sb.setFaults({ answersLost: 1 });
    await w.desk.engine.push();
    w.sb.resetFaults();
    // The create was processed, its credentials in it, though its answer never came.
    const made = w.sb.control.offers(3).filter((o) => o.data?.['1006'] === 'Lost create smurf');
    expect(made).toHaveLength(1);
    expect(w.sb.control.credentials(made[0]!.id)).toHaveLength(3);

    const next = await syncUntilDone(w.desk);
    expect(next).toMatchObject({ failed: 0, pending: 0, needsAttention: 0 });
    const offer = w.desk.store.getOffer(account)!;
    expect(offer.serverId).toBe(made[0]!.id);
    expect(offer.syncState).toBe('synced');
    expect(offer.outcome?.message ?? '').not.toMatch(/skipped|duplicates/);
    expect(
      w.sb.control
        .credentials(made[0]!.id)
        .map((c) => c.login_hash)
        .sort(),
    ).toEqual(credentials.map((c) => hashCredential(c).loginHash).sort());
  });
});
