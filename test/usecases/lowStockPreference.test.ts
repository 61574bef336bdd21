// The offers view's Low stock filter is remembered with the view (per profile, across restarts):
// saved with the other choices, read back after the profile is closed and opened again; a view
// saved before the filter was kept reads with it off.
import { afterAll, describe, expect, it } from 'vitest';
import { defaultOffersViewPreferences } from '../../electron/contract/ipc/models';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import {
  offersViewPreferences,
  saveOffersViewPreferences,
} from '../../electron/core/usecases/offers/viewPreferences';
import { tempDir } from '../cli/harness';

const dir = tempDir('sd-low-stock-pref-');
afterAll(() => dir.remove());

const open = () =>
  openSellerProfile({
    dataDir: dir.path,
    baseUrl: 'http://127.0.0.1:9',
    token: () => 'unused',
  });

describe('Low stock filter preference', () => {
  it('is kept with the view and read back after a restart', async () => {
    const first = open();
    expect(offersViewPreferences(first).lowStock ?? false).toBe(false);
    saveOffersViewPreferences(first, { ...defaultOffersViewPreferences, lowStock: true });
    await first.close();

    const again = open();
    expect(offersViewPreferences(again)).toEqual({
      ...defaultOffersViewPreferences,
      lowStock: true,
    });
    // An older app's saved view (no such key) still reads, with the filter off.
    again.store().saveViewPreferences('offers', { ...defaultOffersViewPreferences, text: 'old' });
    expect(offersViewPreferences(again)).toMatchObject({ text: 'old' });
    expect(offersViewPreferences(again).lowStock ?? false).toBe(false);
    await again.close();
  });
});
