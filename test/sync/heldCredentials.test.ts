// Credentials this process cannot open (the profile's key is locked to the app's keychain) are
// held, not failed: they stay queued, the offer says why and how to fix it, what depends on them
// (later credentials, a status change) waits, and everything else — the same offer's edit, other
// offers — is sent. Once the key is there, they go, and nothing goes twice.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashCredential } from '../../electron/core/credentials/hash';
import {
  CREDENTIALS_LOCKED_ATTENTION,
  CREDENTIALS_LOCKED_MESSAGE,
  createKeyring,
  SecretBoxError,
} from '../../electron/core/secrets';
import { createSyncEngine } from '../../electron/core/sync';
import { accountFields, goldOffer, openDesk, secretBox, useSyncWorld, sentSince } from './harness';
import { testDatabase } from '../../electron/core/store/testing';

const w = useSyncWorld();

function outboxRows() {
  return testDatabase(w.desk!.store)
    .prepare<{ kind: string; state: string; attempts: number }>(
      'SELECT kind, state, attempts FROM outbox ORDER BY id',
    )
    .all();
}

describe('credentials that cannot be opened here', () => {
  it('are held while the rest is sent, then go once the key is there', async () => {
    w.desk = openDesk(w.sb, w.dir.file('held.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const account = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Held smurf'),
    });
    const gold = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 600_000,
      fields: goldOffer(1.5),
    });
    expect(await w.desk.engine.push()).toMatchObject({ failed: 0, pending: 0 });
    const serverId = w.desk.store.getOffer(account)!.serverId!;

    const first = [1, 2].map((i) => ({ login: `held-${i}`, game_password: `pw-${i}` }));
    const second = [{ login: 'held-3', game_password: 'pw-3' }];
    w.desk.store.queueCredentials(account, first, 'add');
    w.desk.store.editOffer(account, { price_per_step: 31 });
    w.desk.store.changeStatus(account, 1);
    w.desk.store.queueCredentials(account, second, 'add');
    w.desk.store.editOffer(gold, { price_per_step: 1.75 });

    // The command line on a profile whose key only the app's keychain holds.
    const locked = createKeyring({
      current: null,
      locked: new SecretBoxError(CREDENTIALS_LOCKED_MESSAGE, 'locked'),
      lockedKeyId: secretBox.keyId,
    });
    const cli = createSyncEngine({
      store: w.desk.store,
      client: w.desk.client,
      limiter: w.desk.limiter,
      secretBox: locked,
      backoff: { baseMs: 20, maxMs: 200 },
      maxInlineWaitMs: 1000,
    });
    const mark = w.sb.requests.length;
    const held = await cli.push();
    expect(held).toMatchObject({ failed: 0, credentialsHeld: 2, needsAttention: 1 });
    expect(held.credentialsHeldReason).toBe(CREDENTIALS_LOCKED_ATTENTION);
    // Both edits went (one batch per product); no credentials, and the status waits for them.
    const sent = sentSince(w.sb, mark);
    expect(sent.filter((r) => r.endsWith('/manage'))).toHaveLength(2);
    expect(sent.some((r) => r.includes('credentials') || r.includes('edit_status'))).toBe(false);
    expect(w.desk.store.getOffer(account)!.fields.price_per_step).toBe(31);
    expect(outboxRows()).toEqual([
      { kind: 'credentials', state: 'queued', attempts: 0 },
      { kind: 'status', state: 'queued', attempts: 0 },
      { kind: 'credentials', state: 'queued', attempts: 0 },
    ]);
    const detail = w.desk.store.getOffer(account)!;
    expect(detail.outcome?.message).toBe(CREDENTIALS_LOCKED_ATTENTION);
    expect(w.desk.store.queryOffers({ syncState: 'attention' }).rows.map((r) => r.localId)).toEqual(
      [account],
    );
    expect(w.sb.control.credentials(serverId)).toHaveLength(0);

    // A second try changes nothing and sends nothing twice.
    const mark2 = w.sb.requests.length;
    await cli.push();
    expect(sentSince(w.sb, mark2)).toEqual([]);
    expect(outboxRows().every((r) => r.attempts === 0)).toBe(true);

    // The key is there (the app, or access granted): everything goes, once.
    const pushed = await w.desk.engine.push();
    expect(pushed).toMatchObject({ failed: 0, pending: 0, credentialsHeld: 0 });
    const onServer = w.sb.control.credentials(serverId);
    expect(onServer.map((c) => c.login_hash).sort()).toEqual(
      [...first, ...second].map((c) => hashCredential(c).loginHash).sort(),
    );
    expect(w.desk.store.getOffer(account)!.syncState).toBe('synced');
    expect(
      testDatabase(w.desk.store).prepare('SELECT count(*) AS n FROM queued_credentials').get(),
    ).toEqual({
      n: 0,
    });
  });

  it('a blob that fails its authentication tag is held the same way, blocking nothing else', async () => {
    w.desk = openDesk(w.sb, w.dir.file('tampered.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const account = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Tampered smurf'),
    });
    await w.desk.engine.push();
    w.desk.store.queueCredentials(account, [{ login: 'x-1', game_password: 'p-1' }], 'add');
    w.desk.store.editOffer(account, { price_per_step: 33 });
    const foreign = createKeyring({ current: randomBytes(32) });
    const engine = createSyncEngine({
      store: w.desk.store,
      client: w.desk.client,
      limiter: w.desk.limiter,
      secretBox: foreign,
    });
    const summary = await engine.push();
    expect(summary).toMatchObject({ failed: 0, credentialsHeld: 1, pending: 1 });
    expect(summary.credentialsHeldReason).toMatch(/could not be opened here/);
    expect(w.desk.store.getOffer(account)!.fields.price_per_step).toBe(33);
  });

  it('an op an earlier version failed for good on opening goes back to the queue and is sent', async () => {
    w.desk = openDesk(w.sb, w.dir.file('old-failed.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const account = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Stuck smurf'),
    });
    await w.desk.engine.push();
    const serverId = w.desk.store.getOffer(account)!.serverId!;
    w.desk.store.queueCredentials(account, [{ login: 'stuck-1', game_password: 'p-1' }], 'add');
    w.desk.store.editOffer(account, { price_per_step: 27 });
    // As the old push left it: failed, with the box's message, holding the edit behind it.
    testDatabase(w.desk.store)
      .prepare(
        `UPDATE outbox SET state = 'failed', attempts = 1, last_error =
           'sealed data was tampered with or sealed under another key; it cannot be opened'
         WHERE kind = 'credentials'`,
      )
      .run();
    const summary = await w.desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    expect(w.sb.control.credentials(serverId).map((c) => c.login)).toEqual(['stuck-1']);
    expect(w.desk.store.getOffer(account)!.fields.price_per_step).toBe(27);
  });
});
