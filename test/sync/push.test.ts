import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../electron/sandbox';
import { goldOffer, openDesk, sandbox as startSandbox, tempDir, type Desk } from './harness';

let sb: Sandbox;
let dir: ReturnType<typeof tempDir>;
let desk: Desk;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await desk?.close();
  dir.cleanup();
});

describe('push', () => {
  it('pulls the catalogue, creates offers made offline, adopts their ids, then refreshes in one request', async () => {
    desk = openDesk(sb, dir.file('seller.db'), { sellerId: 3 });
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
    const server = sb.control.offers(3);
    expect(server.map((o) => o.price_per_step).sort()).toEqual([1.11, 2.22, 3.33]);
    for (const id of ids) {
      const detail = desk.store.getOffer(id)!;
      expect(detail.syncState).toBe('synced');
      const onServer = server.find((o) => o.id === detail.serverId)!;
      expect(onServer.price_per_step).toBe(detail.fields.price_per_step);
      // The cheap pull after the push brought the server's own copy (status set by the server).
      expect(detail.server!.status).toBe(2);
    }
    const before = sb.requests.length;
    const refresh = await desk.engine.pull();
    expect(refresh.pullRequests).toBe(1);
    expect(sb.requests.length - before).toBe(1);
  });
});
