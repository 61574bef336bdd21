// The offer import's preview says which status its new offers will get, by the document's manage
// rules and what their create carries: an offer file carries no credentials, so new account
// offers with the credential system Multiple go Not Active unless credentials are queued first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { previewOfferImport } from '../../electron/core/usecases/transfers/importOffers';
import { accountProduct, goldProduct } from '../store/fixtures';
import { openCachedProfile, type CachedProfile } from './cachedProfile';

let profile: SellerProfile;

let world: CachedProfile;
beforeEach(() => {
  world = openCachedProfile();
  ({ profile } = world);
});
afterEach(() => world.close());

const file = (lines: string[]) => world.offersFile(lines);

async function forecastOf(productId: number, lines: string[]) {
  const preview = await previewOfferImport(profile, { productId, file: file(lines) });
  expect(preview.problems).toEqual([]);
  return preview.consequences.forecast;
}

describe('offer import: the status its new offers will get', () => {
  it('account offers: Multiple without credentials → Not Active; no credential system → On Review', async () => {
    const forecast = await forecastOf(accountProduct.id, [
      'price_per_step,amount,min_purchase_amount,credential_system_type_id,data.201',
      '25,1,1,3,60',
      '26,1,1,,61',
      '27,1,1,1,62',
    ]);
    expect(forecast).toBe(
      '2 new offers will be Not Active: with the credential system Multiple and no credentials yet they stay hidden. Add their credentials before they are sent and they go with them, to review (On Review). 1 new offer without a credential system goes to review (On Review).',
    );
  });

  it('gold offers go Active; a file creating nothing forecasts nothing', async () => {
    expect(
      await forecastOf(goldProduct.id, [
        'price_per_step,amount,min_purchase_amount,data.101',
        '1.5,100,5,Ragnaros',
      ]),
    ).toMatch(/^1 new offer goes live \(Active\)/);
    expect(
      await forecastOf(goldProduct.id, ['price_per_step,amount,min_purchase_amount,data.101']),
    ).toBeNull();
  });
});
