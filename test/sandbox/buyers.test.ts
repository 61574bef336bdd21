// The sandbox's buyers: one buyer buys from an offer on sale (gold by its least purchase, an
// account one credential), none when nothing is on sale; buyers run on their own when asked for,
// stop with the sandbox, and a sandbox started without them (every test's) keeps still.
import { afterEach, describe, expect, it } from 'vitest';
import { myOffersResponseSchema, MarketplaceType } from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { oneBuyer } from '../../electron/sandbox/buyers';
import { createSandboxPort } from '../../electron/shell/sandboxPort';
import { openSandbox, type Api } from './helpers';

let api: Api | null = null;
afterEach(async () => {
  await api?.sandbox.close();
  api = null;
});

const sellerIds = (a: Api) => a.sandbox.sellers.map((s) => s.id);
const soldOver = (a: Api) =>
  sellerIds(a)
    .flatMap((id) => a.sandbox.control.offers(id))
    .reduce((sum, o) => sum + o.purchased_amount, 0);
/** A fixed sequence in [0, 1): the same buyer every run. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('sandbox buyers', () => {
  it('one buyer buys from an offer on sale, as the marketplace answers it after', async () => {
    api = await openSandbox();
    const onSale = sellerIds(api)
      .flatMap((id) => api!.sandbox.control.offers(id))
      .filter((o) => o.status === 2);
    const gold = onSale.filter((o) => o.marketplace_type === MarketplaceType.Gold);
    expect(gold.length).toBeGreaterThan(0);
    let bought = 0;
    for (let i = 0; i < 12; i++) {
      const before = soldOver(api);
      const purchase = oneBuyer(api.sandbox.control, sellerIds(api), sequence(i / 12, 0.5));
      expect(purchase).not.toBeNull();
      const offer = onSale.find((o) => o.id === purchase!.offerId)!;
      expect(offer, 'bought from an offer on sale').toBeDefined();
      if (offer.marketplace_type === MarketplaceType.Gold) {
        // Twice the least purchase (the second draw, 0.5, picks the middle of one to three).
        expect(purchase!.units).toBe(Math.max(1, offer.min_purchase_amount) * 2);
      } else expect(purchase!.units).toBe(1);
      expect(soldOver(api) - before).toBe(purchase!.units);
      bought += purchase!.units;
    }
    // The seller reads the sales from my_offers, as a sync does.
    const seller = api.sandbox.sellers[0]!.id;
    const answer = await api.call('GET', `${paths.myOffers}?limit=100`, { seller });
    const sold = myOffersResponseSchema
      .parse(answer.body)
      .data.reduce((sum, o) => sum + o.purchased_amount, 0);
    const own = api.sandbox.control.offers(seller).reduce((s, o) => s + o.purchased_amount, 0);
    expect(sold).toBe(own);
    expect(bought).toBeGreaterThan(0);
  });

  it('finds nothing to buy on an empty marketplace', async () => {
    api = await openSandbox({ seed: 'empty' });
    expect(oneBuyer(api.sandbox.control, sellerIds(api))).toBeNull();
  });

  it('buyers come on their own when asked for, and stop with the sandbox', async () => {
    api = await openSandbox({ buyers: { everyMs: 20 } });
    const start = soldOver(api);
    await expect.poll(() => soldOver(api!) - start).toBeGreaterThanOrEqual(3);
    const { control } = api.sandbox;
    const ids = sellerIds(api);
    await api.sandbox.close();
    const total = () =>
      ids.flatMap((id) => control.offers(id)).reduce((sum, o) => sum + o.purchased_amount, 0);
    const atClose = total();
    api = null;
    await new Promise((r) => setTimeout(r, 150));
    expect(total()).toBe(atClose);
  });

  it('a sandbox started without buyers keeps still', async () => {
    api = await openSandbox();
    const start = soldOver(api);
    await new Promise((r) => setTimeout(r, 150));
    expect(soldOver(api)).toBe(start);
  });

  it('the in-app sandbox has buyers at the pause it is given, and none at 0', async () => {
    const busy = createSandboxPort({ buyersEveryMs: 20 });
    const still = createSandboxPort({ buyersEveryMs: 0 });
    try {
      await busy.start();
      await still.start();
      const sold = (port: typeof busy) => {
        const sandbox = port.current()!;
        return sandbox.sellers
          .flatMap((s) => sandbox.control.offers(s.id))
          .reduce((sum, o) => sum + o.purchased_amount, 0);
      };
      const [busyStart, stillStart] = [sold(busy), sold(still)];
      await expect.poll(() => sold(busy) - busyStart).toBeGreaterThan(0);
      expect(sold(still)).toBe(stillStart);
    } finally {
      await busy.stop();
      await still.stop();
    }
  });
});
