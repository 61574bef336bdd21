import { describe, expect, it } from 'vitest';
import { goldOffer, openDesk, useSyncWorld } from './harness';

const w = useSyncWorld();

describe('push', () => {
  it('pulls the catalogue, creates offers made offline, adopts their ids, then refreshes in one request', async () => {
    const desk = openDesk(w.sb, w.dir.file('seller.db'), { sellerId: 3 });
    w.desk = desk;
    const first = await desk.engine.pull({ catalogue: true });
    expect(first.error).toBeNull();
    expect(desk.store.getProduct(1)?.title).toBe('WoW Classic Era Gold');
    const ids = [1.11, 2.22, 3.33].map((price) =>
      desk.store.createOffer({
        productId: 1,
        guaranteeDeliveryTime: 3_600_000,
        fields: goldOffer(price),
      }),
    );
    const summary = await desk.engine.sync();
    expect(summary).toMatchObject({ sent: 3, failed: 0, unauthorized: false, pending: 0 });
    const server = w.sb.control.offers(3);
    expect(server.map((o) => o.price_per_step).sort()).toEqual([1.11, 2.22, 3.33]);
    for (const id of ids) {
      const detail = desk.store.getOffer(id)!;
      expect(detail.syncState).toBe('synced');
      const onServer = server.find((o) => o.id === detail.serverId)!;
      expect(onServer.price_per_step).toBe(detail.fields.price_per_step);
      // The cheap pull after the push brought the server's own copy (status set by the server).
      expect(detail.server!.status).toBe(2);
    }
    const before = w.sb.requests.length;
    const refresh = await desk.engine.pull();
    expect(refresh.pullRequests).toBe(1);
    expect(w.sb.requests.length - before).toBe(1);
  });
});
