// Thousands of the seller's offers as a pull leaves them, written straight into the profile's
// SQLite file beside the running core (WAL: the core reads them at its next query). Through the
// sandbox's API the same would take minutes; test/usecases/bulkChunks.test.ts seeds the same way.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext, testDatabase } from '../../electron/core/store/testing';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { goldProduct, serverOffer } from '../store/fixtures';

/** A product of our own beside the sandbox's catalogue, so the demo products stay as pulled. */
export const seededProduct = { ...goldProduct, id: 9_990, title: 'Seeded Gold' };

/** Writes `count` offers into the (one) profile of `dataDir`; their local ids, in order. */
export async function seedPulledOffers(
  dataDir: string,
  baseUrl: string,
  count: number,
): Promise<number[]> {
  const dir = join(dataDir, 'profiles');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite'));
  if (!file) throw new Error('no profile file');
  const profile = openSellerProfile({
    dataDir,
    baseUrl,
    file: join(dir, file),
    token: () => {
      throw new Error('seeding needs no token');
    },
  });
  try {
    const store = profile.store();
    store.saveProducts([seededProduct]);
    const ctx = testContext(store);
    const db = testDatabase(store);
    db.transaction(() => {
      for (let i = 1; i <= count; i++) {
        applyServerOffer(
          ctx,
          serverOffer({
            id: 700_000 + i,
            product_id: seededProduct.id,
            price_per_step: 2 + (i % 50),
          }),
        );
      }
    })();
    return db
      .prepare<{ local_id: number }>(
        'SELECT local_id FROM offers WHERE product_id = ? ORDER BY local_id',
      )
      .all(seededProduct.id)
      .map((r) => r.local_id);
  } finally {
    await profile.close();
  }
}
