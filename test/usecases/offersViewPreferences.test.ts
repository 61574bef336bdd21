// The offers view's filters, search, sort and columns are kept per seller profile, in the
// profile's own SQLite file: two profiles in one data folder keep different choices, and a file
// that holds something unreadable gives the defaults instead of an error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OffersViewPreferences } from '../../electron/contract/ipc/models';
import {
  countOffers,
  defaultOffersViewPreferences,
  offersViewPreferences,
  saveOffersViewPreferences,
} from '../../electron/core/usecases/offers';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { UseCaseFailure } from '../../electron/core/usecases/failure';
import { tempDir } from '../store/fixtures';

let dir: ReturnType<typeof tempDir>;
const opened: SellerProfile[] = [];

function profile(name: string): SellerProfile {
  const p = openSellerProfile({
    dataDir: dir.path,
    baseUrl: 'https://market.example',
    file: dir.file(`${name}.db`),
    token: () => '',
  });
  opened.push(p);
  return p;
}

beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  for (const p of opened.splice(0)) await p.close();
  dir.remove();
});

const goldView: OffersViewPreferences = {
  status: 2,
  productId: 2,
  syncState: null,
  text: 'silvermoon',
  sort: { column: 'price_per_step', dir: 'asc' },
  columns: ['field_values', 'amount'],
};

describe('offers view preferences', () => {
  it('starts from the defaults: every column, newest change first, no filter', () => {
    expect(offersViewPreferences(profile('a'))).toEqual(defaultOffersViewPreferences);
    expect(defaultOffersViewPreferences.columns).toContain('field_values');
  });

  it('keeps each profile’s own choices across a reopen', async () => {
    saveOffersViewPreferences(profile('a'), goldView);
    saveOffersViewPreferences(profile('b'), {
      ...defaultOffersViewPreferences,
      syncState: 'attention',
      columns: ['updated_at'],
    });
    for (const p of opened.splice(0)) await p.close();

    expect(offersViewPreferences(profile('a'))).toEqual(goldView);
    const b = offersViewPreferences(profile('b'));
    expect(b.syncState).toBe('attention');
    expect(b.columns).toEqual(['updated_at']);
    expect(b.text).toBe('');
  });

  it('refuses settings that do not read, and reads a damaged record as the defaults', () => {
    const a = profile('a');
    expect(() =>
      saveOffersViewPreferences(a, {
        ...goldView,
        sort: { column: 'colour', dir: 'asc' },
      } as never),
    ).toThrow(UseCaseFailure);
    a.store().saveViewPreferences('offers', { columns: 'all' });
    expect(offersViewPreferences(a)).toEqual(defaultOffersViewPreferences);
  });

  it('counts an empty profile under any filter without failing', () => {
    const counts = countOffers(profile('a'), { productId: 2, text: 'silvermoon' });
    expect(counts.total).toBe(0);
    expect(counts.bySyncState.synced).toBe(0);
  });
});
