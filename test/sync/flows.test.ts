import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashCredential } from '../../electron/core/credentials/hash';
import { placeholderPng } from '../../electron/sandbox/png';
import { createSyncEngine } from '../../electron/core/sync';
import { accountFields, goldOffer, openDesk, useSyncWorld, sentSince } from './harness';
import { testDatabase } from '../../electron/core/store/testing';

const w = useSyncWorld();

describe('sync flows', () => {
  it('sends an offline create before what depends on it: upload, then manage carrying the credentials, which decides the status asked', async () => {
    w.desk = openDesk(w.sb, w.dir.file('a.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Immortal smurf'),
    });
    const png = w.dir.file('shot.png');
    writeFileSync(png, placeholderPng('shot'));
    w.desk.store.queueScreenshotFiles(id, [png]);
    const creds = [1, 2, 3].map((i) => ({ login: `acc${i}`, game_password: `pw-${i}-secret` }));
    w.desk.store.queueCredentials(id, creds, 'add');
    w.desk.store.changeStatus(id, 5);
    const mark = w.sb.requests.length;
    const summary = await w.desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, unauthorized: false, pending: 0 });
    const order = sentSince(w.sb, mark);
    expect(order).toEqual([
      'POST /shop/marketplace/offers/upload_screenshot',
      // The uploaded screenshot and the queued credentials ride in the create itself, which
      // lands it On Review: the queued "set On Review" is not sent on its own.
      'POST /api/shop/marketplace/products/:id/offers/manage',
    ]);
    const detail = w.desk.store.getOffer(id)!;
    const onServer = w.sb.control.offers(3).find((o) => o.id === detail.serverId)!;
    expect(onServer.screenshots).toHaveLength(1);
    expect(w.sb.control.screenshotBytes(onServer.screenshots[0]!)).not.toBeNull();
    expect(onServer.status).toBe(5);
    expect(
      w.sb.control
        .credentials(onServer.id)
        .map((c) => c.login_hash)
        .sort(),
    ).toEqual(creds.map((c) => hashCredential(c).loginHash).sort());
    // The sealed rows are gone; only the hashes stay, for duplicate detection.
    expect(detail.queuedCredentials).toBe(0);
    expect(detail.uploadedCredentialHashes).toBe(3);
    expect(
      testDatabase(w.desk.store).prepare('SELECT count(*) AS n FROM queued_credentials').get(),
    ).toEqual({
      n: 0,
    });
  });

  it('maps a 400 back to the offer and field, sends the valid rest, and sends the fix later', async () => {
    w.desk = openDesk(w.sb, w.dir.file('b.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const good = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 120_000,
      fields: goldOffer(4.44),
    });
    const bad = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 120_000,
      fields: goldOffer(5.55),
    });
    // The catalogue changed since the offer was validated: the realm no longer exists.
    const change = testDatabase(w.desk.store)
      .prepare<{ mine: string }>('SELECT mine FROM local_changes WHERE local_id = ?')
      .get(bad)!;
    const mine = { ...JSON.parse(change.mine), 'data.101': 'Atlantis' };
    testDatabase(w.desk.store)
      .prepare('UPDATE local_changes SET mine = ? WHERE local_id = ?')
      .run(JSON.stringify(mine), bad);
    const summary = await w.desk.engine.sync();
    expect(summary.failed).toBe(1);
    expect(summary.needsAttention).toBe(1);
    expect(w.desk.store.getOffer(good)!.syncState).toBe('synced');
    const refused = w.desk.store.getOffer(bad)!;
    expect(refused.syncState).toBe('attention');
    expect(refused.outcome!.fieldErrors.map((e) => e.field)).toEqual(['data.101']);
    expect(w.sb.control.offers(3).some((o) => o.price_per_step === 4.44)).toBe(true);
    expect(w.sb.control.offers(3).some((o) => o.price_per_step === 5.55)).toBe(false);

    w.desk.store.editOffer(bad, { data: { '101': 'Ashbringer', '102': 'Horde' } });
    const again = await w.desk.engine.sync();
    expect(again).toMatchObject({ sent: 1, failed: 0, needsAttention: 0, pending: 0 });
    expect(w.sb.control.offers(3).filter((o) => o.price_per_step === 5.55)).toHaveLength(1);
  });

  it('turns a field changed on both sides into a conflict, holds it, and sends the choice', async () => {
    w.desk = openDesk(w.sb, w.dir.file('c.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 120_000,
      fields: goldOffer(6.66),
    });
    await w.desk.engine.sync();
    const serverId = w.desk.store.getOffer(id)!.serverId!;
    w.sb.control.editOfferAsServer(serverId, { price_per_step: 7.77, amount: 2222 });
    w.desk.store.editOffer(id, { price_per_step: 8.88 });
    const summary = await w.desk.engine.sync();
    expect(summary.conflicts).toBe(1);
    const detail = w.desk.store.getOffer(id)!;
    expect(detail.conflicts).toEqual([
      { field: 'price_per_step', base: 6.66, mine: 8.88, theirs: 7.77 },
    ]);
    // Their other change simply arrived; my change was not sent over theirs.
    expect(detail.fields.amount).toBe(2222);
    expect(w.sb.control.offers(3).find((o) => o.id === serverId)!.price_per_step).toBe(7.77);
    w.desk.store.resolveConflict(id, 'price_per_step', 'mine');
    const after = await w.desk.engine.sync();
    expect(after).toMatchObject({ conflicts: 0, pending: 0 });
    const onServer = w.sb.control.offers(3).find((o) => o.id === serverId)!;
    expect(onServer.price_per_step).toBe(8.88);
    expect(onServer.amount).toBe(2222);
  });

  it('notices a deletion on the marketplace in a full reconcile, and sends a local delete', async () => {
    w.desk = openDesk(w.sb, w.dir.file('d.db'), { sellerId: 2 });
    await w.desk.engine.pull({ full: true });
    const before = w.sb.control.offers(2).length;
    expect(w.desk.store.countOffers().total).toBe(before);
    const [gone, mine] = w.sb.control.offers(2);
    w.sb.control.deleteOfferAsServer(gone!.id);
    await w.desk.engine.pull();
    expect(w.desk.store.countOffers().total).toBe(before);
    // sync() reconciles in full once the last full pull is old enough (here: always).
    await w.desk.close();
    w.desk = openDesk(w.sb, w.dir.file('d.db'), { sellerId: 2, fullReconcileEveryMs: 0 });
    await w.desk.engine.sync();
    expect(w.desk.store.countOffers().total).toBe(before - 1);
    const local = w.desk.store
      .queryOffers({ limit: 500 })
      .rows.find((r) => r.serverId === mine!.id)!;
    expect(w.desk.store.deleteOffer(local.localId)).toBe('queued');
    const summary = await w.desk.engine.sync();
    expect(summary.pending).toBe(0);
    expect(w.sb.control.offers(2).some((o) => o.id === mine!.id)).toBe(false);
    expect(w.desk.store.getOffer(local.localId)).toBeNull();
  });

  it('stops the whole sync on a refused token and keeps everything queued', async () => {
    let token = w.sb.sellers.find((s) => s.id === 3)!.token;
    w.desk = openDesk(w.sb, w.dir.file('e.db'), { sellerId: 3, token: () => token });
    await w.desk.engine.pull({ catalogue: true });
    w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 1000,
      fields: goldOffer(9.01),
    });
    w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 2000,
      fields: goldOffer(9.02),
    });
    token = 'not-a-valid-token';
    const count = w.sb.control.offers(3).length;
    const summary = await w.desk.engine.sync();
    expect(summary.unauthorized).toBe(true);
    expect(summary.pending).toBe(2);
    const ops = testDatabase(w.desk.store)
      .prepare<{ state: string; attempts: number }>('SELECT state, attempts FROM outbox')
      .all();
    expect(ops).toEqual([
      { state: 'queued', attempts: 0 },
      { state: 'queued', attempts: 0 },
    ]);
    expect(JSON.stringify(w.desk.store.recentSyncRuns(1))).not.toContain('not-a-valid-token');
    token = w.sb.sellers.find((s) => s.id === 3)!.token;
    const ok = await w.desk.engine.sync();
    expect(ok).toMatchObject({ unauthorized: false, pending: 0, sent: 2 });
    expect(w.sb.control.offers(3).length).toBe(count + 2);
  });

  it('attaches screenshots from links, reports the failed ones, and detaches by URL', async () => {
    w.desk = openDesk(w.sb, w.dir.file('f.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    const id = w.desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 1000,
      fields: goldOffer(10.1),
    });
    w.desk.store.queueScreenshotUrls(id, [
      'https://images.sandbox.test/ok.png',
      'https://images.sandbox.test/fail.png',
    ]);
    await w.desk.engine.sync();
    const detail = w.desk.store.getOffer(id)!;
    const onServer = w.sb.control.offers(3).find((o) => o.id === detail.serverId)!;
    expect(onServer.screenshots).toHaveLength(1);
    expect(detail.outcome!.message).toContain('https://images.sandbox.test/fail.png');
    expect(detail.fields.screenshots).toEqual(onServer.screenshots);
    w.desk.store.detachScreenshot(id, onServer.screenshots[0]!);
    await w.desk.engine.sync();
    expect(w.sb.control.offers(3).find((o) => o.id === detail.serverId)!.screenshots).toEqual([]);
  });

  it('a cancelled push leaves the outbox consistent: the next sync sends each offer once', async () => {
    w.desk = openDesk(w.sb, w.dir.file('g.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    testDatabase(w.desk.store).transaction(() => {
      for (let i = 0; i < 250; i++) {
        w.desk!.store.createOffer({
          productId: 1,
          guaranteeDeliveryTime: 60_000,
          fields: goldOffer(300 + i / 100),
        });
      }
    })();
    const mark = w.sb.requests.length;
    const controller = new AbortController();
    const watch = setInterval(() => {
      if (w.sb.requests.slice(mark).some((r) => r.path.endsWith('/offers/manage'))) {
        clearInterval(watch);
        controller.abort();
      }
    }, 1);
    const cancelled = await w.desk.engine.push(controller.signal);
    clearInterval(watch);
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.pending).toBeGreaterThan(0);
    const done = await w.desk.engine.sync();
    expect(done).toMatchObject({ pending: 0, error: null });
    const mine = w.sb.control.offers(3).filter((o) => o.price_per_step >= 300);
    expect(mine).toHaveLength(250);
    expect(new Set(mine.map((o) => o.price_per_step)).size).toBe(250);
  });

  it('makes a second process wait for the one syncing a profile, and takes over from one that died', async () => {
    w.desk = openDesk(w.sb, w.dir.file('h.db'), { sellerId: 3 });
    await w.desk.engine.pull({ catalogue: true });
    w.desk.store.createOffer({ productId: 1, guaranteeDeliveryTime: 1000, fields: goldOffer(400) });
    const lockHeldBy = (pid: number | null) =>
      pid === null
        ? testDatabase(w.desk!.store).prepare("DELETE FROM meta WHERE key = 'sync_lock'").run()
        : testDatabase(w.desk!.store)
            .prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('sync_lock', ?)")
            .run(JSON.stringify({ pid, at: Date.now() + 60_000 })); // a heartbeat that stays fresh
    const waitedFor: number[] = [];
    // Another live process holds the lock (this test's own pid stands in for it).
    const other = createSyncEngine({
      store: w.desk.store,
      client: w.desk.client,
      processId: process.pid + 1,
      onLockWait: (pid) => waitedFor.push(pid),
    });
    lockHeldBy(process.pid);
    let finished = false;
    const waiting = other.sync().finally(() => (finished = true));
    await new Promise((r) => setTimeout(r, 600));
    expect(finished).toBe(false);
    expect(waitedFor).toEqual([process.pid]);
    expect(w.desk.store.countOffers().outbox).toBe(1);
    lockHeldBy(null);
    expect(await waiting).toMatchObject({ error: null, pending: 0, sent: 1 });

    // A holder that died: its lock is taken over at once.
    w.desk.store.createOffer({ productId: 1, guaranteeDeliveryTime: 1000, fields: goldOffer(401) });
    lockHeldBy(2 ** 22 + 4321);
    const done = await other.sync();
    expect(done).toMatchObject({ error: null, pending: 0, sent: 1 });
    expect(waitedFor).toHaveLength(1);
    expect(
      testDatabase(w.desk.store).prepare("SELECT value FROM meta WHERE key = 'sync_lock'").get(),
    ).toBeUndefined();
  });
});
