// A seller's profile as the local use cases see it: a real SQLite file on a temp folder, the
// catalogue (the gold and the account product) cached and pulled offers put in by name. Nothing
// here may reach the marketplace: reading the token fails the test.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Offer } from '../../electron/contract/marketplace/wire';
import { applyServerOffer } from '../../electron/core/store/offers';
import { testContext } from '../../electron/core/store/testing';
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import type { SellerProfile } from '../../electron/core/usecases/profile';
import { accountProduct, goldProduct, tempDir } from '../store/fixtures';

export interface CachedProfile {
  dir: ReturnType<typeof tempDir>;
  profile: SellerProfile;
  /** The local ids of the offers put in, by the names they were given. */
  ids: Record<string, number>;
  /** Writes offers.csv in the folder from its lines; its path. */
  offersFile(lines: string[]): string;
  close(): Promise<void>;
}

export function openCachedProfile(pulled: Record<string, Offer> = {}): CachedProfile {
  const dir = tempDir();
  const profile = openSellerProfile({
    dataDir: dir.path,
    baseUrl: 'http://127.0.0.1:9',
    token: () => {
      throw new Error('a local use case needs no token');
    },
  });
  const store = profile.store();
  store.saveProducts([goldProduct, accountProduct]);
  const ctx = testContext(store);
  const ids: Record<string, number> = {};
  for (const [name, offer] of Object.entries(pulled)) {
    applyServerOffer(ctx, offer);
    ids[name] = store.offerOfServerId(offer.id)!.localId;
  }
  return {
    dir,
    profile,
    ids,
    offersFile(lines) {
      const path = join(dir.path, 'offers.csv');
      writeFileSync(path, lines.join('\n') + '\n');
      return path;
    },
    async close() {
      await profile.close();
      dir.remove();
    },
  };
}
