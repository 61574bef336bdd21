// Requests per intent: what the document lets one request carry goes in one request. Against the
// sandbox: the requests it received are counted from its own record.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesPerUpload } from '../../electron/contract/marketplace/assumptions';
import { limits } from '../../electron/contract/marketplace/limits';
import { OfferStatus } from '../../electron/contract/marketplace/wire';
import { placeholderPng } from '../../electron/sandbox/png';
import { testDatabase } from '../../electron/core/store/testing';
import { accountFields, goldOffer, openDesk, useSyncWorld, WINDOW_MS, type Desk } from './harness';

const w = useSyncWorld();

function requestsSince(n: number) {
  return w.sb.requests
    .slice(n)
    .filter((r) => !r.path.endsWith('/my_offers'))
    .map((r) => `${r.method} ${r.path.split('/').pop()}`);
}

async function deskWithCatalogue(name: string): Promise<Desk> {
  w.desk = openDesk(w.sb, w.dir.file(name), { sellerId: 3 });
  await w.desk.engine.pull({ catalogue: true });
  return w.desk;
}

function onServer(desk: Desk, localId: number) {
  const serverId = desk.store.getOffer(localId)!.serverId!;
  return w.sb.control.offers(3).find((o) => o.id === serverId)!;
}

describe('requests per intent', () => {
  it('sends several edits of one offer as one offer object in one manage request', async () => {
    const desk = await deskWithCatalogue('edits.db');
    const id = desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 600_000,
      fields: goldOffer(10),
    });
    await desk.engine.push();
    for (const price of [11, 12, 13, 14, 15]) desk.store.editOffer(id, { price_per_step: price });
    desk.store.editOffer(id, { amount: 777 });
    const mark = w.sb.requests.length;
    const summary = await desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    expect(requestsSince(mark)).toEqual(['POST manage']);
    expect(w.sb.requests.slice(mark).find((r) => r.manageOffers > 0)!.manageOffers).toBe(1);
    expect(onServer(desk, id)).toMatchObject({ price_per_step: 15, amount: 777 });
  });

  it('does not send a status change the accepted manage already decided, and sends one it did not', async () => {
    const desk = await deskWithCatalogue('decided.db');
    const active = desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 600_000,
      fields: goldOffer(20),
    });
    const hidden = desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 600_000,
      fields: goldOffer(21),
    });
    await desk.engine.push();
    // A gold offer's accepted edit makes it Active (API: States and transitions): asking for
    // Active after the edit is decided; asking for Not Active is not.
    desk.store.editOffer(active, { price_per_step: 22 });
    desk.store.changeStatus(active, OfferStatus.Active);
    desk.store.editOffer(hidden, { price_per_step: 23 });
    desk.store.changeStatus(hidden, OfferStatus.NotActive);
    const mark = w.sb.requests.length;
    const summary = await desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    expect(requestsSince(mark)).toEqual(['POST manage', 'POST edit_status']);
    expect(onServer(desk, active).status).toBe(OfferStatus.Active);
    expect(onServer(desk, hidden).status).toBe(OfferStatus.NotActive);
    // The local copy says what the marketplace did, without the request.
    expect(desk.store.getOffer(active)!.server?.status).toBe(OfferStatus.Active);
    expect(desk.store.getOffer(active)!.pending).toEqual([]);
  });

  it('sends a small "new account offers with credentials and screenshots" intent in the minimum the document allows', async () => {
    const desk = await deskWithCatalogue('intent.db');
    const offers = 3;
    const credentialsEach = 2;
    const filesEach = 2;
    const ids: number[] = [];
    for (let i = 0; i < offers; i++) {
      const id = desk.store.createOffer({
        productId: 10,
        guaranteeDeliveryTime: 600_000,
        fields: accountFields(`Intent ${i}`),
      });
      const files = Array.from({ length: filesEach }, (_, f) => {
        const file = w.dir.file(`intent-${i}-${f}.png`);
        writeFileSync(file, placeholderPng(`intent-${i}-${f}`));
        return file;
      });
      desk.store.queueScreenshotFiles(id, files);
      desk.store.queueCredentials(
        id,
        Array.from({ length: credentialsEach }, (_, k) => ({
          login: `intent-${i}-${k}`,
          game_password: `pw-${i}-${k}`,
        })),
        'add',
      );
      desk.store.changeStatus(id, OfferStatus.OnReview);
      ids.push(id);
    }
    // The fewest requests the document allows: each file its own upload (our assumption: one
    // file per upload request), one manage per 100 offers carrying their credentials and
    // uploaded screenshots, no add_batch (≤ 1000 credentials ride), no edit_status (the create
    // lands On Review).
    const minimum =
      offers * Math.ceil(filesEach / filesPerUpload) +
      Math.ceil(offers / limits.offersPerManage) +
      offers *
        Math.ceil(
          Math.max(0, credentialsEach - limits.credentialsPerRequest) /
            limits.credentialsPerRequest,
        );
    const mark = w.sb.requests.length;
    const summary = await desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    const received = requestsSince(mark);
    expect(received).toHaveLength(minimum);
    expect(received.filter((r) => r === 'POST manage')).toHaveLength(1);
    for (const id of ids) {
      const offer = onServer(desk, id);
      expect(offer.status).toBe(OfferStatus.OnReview);
      expect(offer.screenshots).toHaveLength(filesEach);
      expect(w.sb.control.credentials(offer.id)).toHaveLength(credentialsEach);
    }
  });

  it('lets queued credentials ride in an edit of an offer holding none, and not of one holding some', async () => {
    const desk = await deskWithCatalogue('edit-credentials.db');
    const empty = desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Empty so far'),
    });
    const stocked = desk.store.createOffer({
      productId: 10,
      guaranteeDeliveryTime: 600_000,
      fields: accountFields('Stocked'),
    });
    desk.store.queueCredentials(stocked, [{ login: 'first', game_password: 'pw-first' }], 'add');
    await desk.engine.push();
    expect(onServer(desk, empty).status).toBe(OfferStatus.NotActive);

    desk.store.editOffer(empty, { price_per_step: 31 });
    desk.store.queueCredentials(empty, [{ login: 'late', game_password: 'pw-late' }], 'add');
    let mark = w.sb.requests.length;
    await desk.engine.push();
    // One request: the edit carried the credentials, so the marketplace judged the offer with
    // them (On Review), not Not Active.
    expect(requestsSince(mark)).toEqual(['POST manage']);
    expect(onServer(desk, empty).status).toBe(OfferStatus.OnReview);
    expect(w.sb.control.credentials(onServer(desk, empty).id)).toHaveLength(1);

    // The document does not say whether an edit's credentials join the set or replace it: an
    // offer that holds some gets them by add_batch, which adds.
    desk.store.editOffer(stocked, { price_per_step: 32 });
    desk.store.queueCredentials(stocked, [{ login: 'second', game_password: 'pw-second' }], 'add');
    mark = w.sb.requests.length;
    await desk.engine.push();
    expect(requestsSince(mark)).toEqual(['POST manage', 'POST add_batch']);
    expect(w.sb.control.credentials(onServer(desk, stocked).id)).toHaveLength(2);
  });

  it('reading back during its waits for the offers window, a push leaves one copy of each offer with its marketplace state', async () => {
    const desk = await deskWithCatalogue('read-back.db');
    const offers = 500; // three windows of the 200-offer budget
    testDatabase(desk.store).transaction(() => {
      for (let i = 0; i < offers; i++) {
        desk.store.createOffer({
          productId: 1,
          guaranteeDeliveryTime: 600_000,
          fields: goldOffer(60 + i / 100),
        });
      }
    })();
    // Earlier tests' desks (other ledgers) sent for this seller moments ago: a fresh window.
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const mark = w.sb.requests.length;
    const pushed = await desk.engine.push(undefined, { readBackWhileWaiting: true });
    expect(pushed).toMatchObject({ sent: offers, failed: 0, pending: 0 });
    // When the read during a wait happens is the machine's business (test/bench/cli-push shows
    // it); what must hold whenever it does is below.
    const during = w.sb.requests.slice(mark);
    expect(during.some((r) => r.status === 429)).toBe(false);
    await desk.engine.pull({});
    // One local copy per offer on the marketplace (the seller's offers of earlier tests too):
    // nothing read back during the push became a second row.
    expect(desk.store.countOffers().total).toBe(w.sb.control.offers(3).length);
    const rows = testDatabase(desk.store)
      .prepare<{ sync_state: string; status: number | null; server_updated_at: string | null }>(
        'SELECT sync_state, status, server_updated_at FROM offers WHERE price_per_step >= 60 AND price_per_step < 66',
      )
      .all();
    expect(rows).toHaveLength(offers);
    expect(rows.every((r) => r.sync_state === 'synced')).toBe(true);
    expect(rows.every((r) => r.status === OfferStatus.Active && r.server_updated_at)).toBe(true);
  });

  it('sends only the delete when an offer is deleted after edits and a status change', async () => {
    const desk = await deskWithCatalogue('delete.db');
    const id = desk.store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 600_000,
      fields: goldOffer(40),
    });
    await desk.engine.push();
    const serverId = desk.store.getOffer(id)!.serverId!;
    desk.store.editOffer(id, { price_per_step: 41 });
    desk.store.changeStatus(id, OfferStatus.NotActive);
    desk.store.deleteOffer(id);
    const mark = w.sb.requests.length;
    const summary = await desk.engine.push();
    expect(summary).toMatchObject({ failed: 0, pending: 0 });
    expect(requestsSince(mark)).toEqual(['DELETE delete']);
    expect(w.sb.control.offers(3).some((o) => o.id === serverId)).toBe(false);
  });
});
