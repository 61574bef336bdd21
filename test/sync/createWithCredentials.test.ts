// A new account offer's queued credentials go in its manage create, so the marketplace decides
// its status with them: On Review in one request, every credential active, no add_batch. Past
// add_batch's limit the rest follow by add_batch; a refused credential is told by its file line.
import { describe, expect, it } from 'vitest';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { testDatabase } from '../../electron/core/store/testing';
import { accountFields, openDesk, secretBox, useSyncWorld, sentSince } from './harness';

const w = useSyncWorld();

const creds = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    login: `${prefix}-${i}`,
    game_password: `pw-${prefix}-${i}`,
  }));

async function freshDesk(name: string) {
  w.desk = openDesk(w.sb, w.dir.file(name), { sellerId: 3 });
  await w.desk.engine.pull({ catalogue: true });
  return w.desk;
}

function newAccountOffer(title: string): number {
  return w.desk!.store.createOffer({
    productId: 10,
    guaranteeDeliveryTime: 600_000,
    fields: accountFields(title),
  });
}

describe('new account offers with credentials', () => {
  it('land On Review in one manage request, every credential active, no add_batch', async () => {
    const desk = await freshDesk('five.db');
    const ids = [1, 2, 3, 4, 5].map((i) => newAccountOffer(`Smurf ${i}`));
    ids.forEach((id, i) => desk.store.queueCredentials(id, creds(`acc${i}`, 3), 'add'));

    const mark = w.sb.requests.length;
    const summary = await desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    const sent = sentSince(w.sb, mark);
    expect(sent.filter((r) => r.endsWith('/manage'))).toHaveLength(1);
    expect(sent.filter((r) => r.includes('add_batch'))).toHaveLength(0);

    for (const id of ids) {
      const serverId = desk.store.getOffer(id)!.serverId!;
      const offer = w.sb.control.offers(3).find((o) => o.id === serverId)!;
      expect(offer.status).toBe(OfferStatus.OnReview);
      const held = w.sb.control.credentials(serverId);
      expect(held).toHaveLength(3);
      expect(held.every((c) => c.status === 1)).toBe(true);
    }
    // Nothing sealed stays behind once the marketplace holds them; only the hashes are kept.
    const db = testDatabase(desk.store);
    expect(db.prepare('SELECT count(*) AS n FROM queued_credentials').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM credential_hashes').get()).toEqual({ n: 15 });
  });

  it('credentials queued while the create waits ride in it too (a replace as well)', async () => {
    const desk = await freshDesk('replace.db');
    const id = newAccountOffer('Replaced smurf');
    desk.store.queueCredentials(id, creds('old', 2), 'add');
    desk.store.queueCredentials(id, creds('new', 2), 'replace');
    const mark = w.sb.requests.length;
    expect(await desk.engine.push()).toMatchObject({ failed: 0, pending: 0 });
    const sent = sentSince(w.sb, mark);
    expect(sent).toHaveLength(1);
    const serverId = desk.store.getOffer(id)!.serverId!;
    expect(
      w.sb.control
        .credentials(serverId)
        .map((c) => c.login)
        .sort(),
    ).toEqual(['new-0', 'new-1']);
  });

  it('past add_batch limit the rest follow by add_batch, added to the set', async () => {
    const desk = await freshDesk('many.db');
    const id = newAccountOffer('Big smurf');
    desk.store.queueCredentials(id, creds('many', 1203), 'replace');
    const mark = w.sb.requests.length;
    expect(await desk.engine.push()).toMatchObject({ failed: 0, pending: 0 });
    const sent = sentSince(w.sb, mark);
    expect(sent.filter((r) => r.endsWith('/manage'))).toHaveLength(1);
    // A replace's first chunk went in the create: the rest are added, never replace_all.
    expect(sent.filter((r) => r.includes('add_batch'))).toHaveLength(1);
    expect(sent.filter((r) => r.includes('replace_all'))).toHaveLength(0);
    const serverId = desk.store.getOffer(id)!.serverId!;
    expect(w.sb.control.credentials(serverId)).toHaveLength(1203);
    expect(w.sb.control.offers(3).find((o) => o.id === serverId)!.status).toBe(
      OfferStatus.OnReview,
    );
  });

  it("a refused credential is named by its file line, and the others' offers still go", async () => {
    const desk = await freshDesk('refused.db');
    const bad = newAccountOffer('Refused smurf');
    const good = newAccountOffer('Fine smurf');
    desk.store.queueCredentials(
      bad,
      [
        { login: 'ok-login', game_password: 'ok-pass', line: 4 },
        { login: 'later-bad', game_password: 'secret-pass-77', line: 9 },
      ] as never,
      'add',
    );
    desk.store.queueCredentials(good, creds('fine', 2), 'add');
    // A rule the marketplace holds that this copy did not check (a credential queued by an
    // older version, say): the second one's login is too long by the document's limit.
    const db = testDatabase(desk.store);
    const row = db
      .prepare<{ id: number }>('SELECT id FROM queued_credentials WHERE local_id = ? ORDER BY id')
      .all(bad)[1]!;
    const tooLong = { login: 'x'.repeat(256), game_password: 'secret-pass-77', line: 9 };
    db.prepare('UPDATE queued_credentials SET sealed = ? WHERE id = ?').run(
      secretBox.seal(Buffer.from(JSON.stringify(tooLong), 'utf8')),
      row.id,
    );

    const summary = await desk.engine.push();
    expect(summary.failed).toBe(1);
    const refused = desk.store.getOffer(bad)!;
    expect(refused.serverId).toBeNull();
    const errors = refused.outcome!.fieldErrors;
    const loginError = errors.find((e) => e.field === 'credentials.1.login');
    expect(loginError, JSON.stringify(errors)).toBeDefined();
    expect(loginError!.messages.join(' ')).toMatch(/^Line 9 of the file: /);
    // The refusal never carries what was sent.
    expect(JSON.stringify(refused.outcome)).not.toContain('secret-pass-77');
    // The valid offer of the refused batch went again without it, its credentials with it.
    const fine = desk.store.getOffer(good)!;
    expect(fine.serverId).not.toBeNull();
    expect(w.sb.control.credentials(fine.serverId!)).toHaveLength(2);
    // The refused credentials stay queued, sealed, for the seller to fix.
    expect(
      db
        .prepare<{ n: number }>('SELECT count(*) AS n FROM queued_credentials WHERE local_id = ?')
        .get(bad)!.n,
    ).toBe(2);
  });

  it('writes the deprecated credential system Single (2) as Multiple (3)', async () => {
    const desk = await freshDesk('single.db');
    const id = desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: { ...accountFields('Old single'), credential_system_type_id: 2 },
    });
    const sync = desk.store.syncStore();
    const op = sync.readyOps(Date.now() + 1).ready.find((o) => o.localId === id)!;
    expect(op.kind).toBe('manage');
    const item = sync.manageItem(op as Parameters<typeof sync.manageItem>[0])!;
    expect(item.write.credential_system_type_id).toBe(3);
  });
});
