// A new offer the marketplace will refuse on one field: queued valid, then that field changed in
// the profile's file as if the marketplace's rules had changed since the app checked it. The
// push then carries it and the sandbox answers 400 on that field (offers.0.<field>).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../electron/core/store';
import { testDatabase } from '../electron/core/store/testing';

/** The one profile file in an app's data folder (a single seller). */
export function onlyProfileFile(dataDir: string): string {
  const dir = join(dataDir, 'profiles');
  return join(
    dir,
    readdirSync(dir).find((name) => name.endsWith('.sqlite'))!,
  );
}

/** Queues a valid new gold offer, then changes `change` in its queued fields; its local id. */
export function queueOfferRefusedOn(file: string, change: Record<string, unknown>): number {
  const store = openStore(file);
  try {
    const localId = store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 3_600_000,
      fields: {
        price_per_step: 0.0444,
        amount: 1000,
        min_purchase_amount: 1,
        data: { '101': 'Ashbringer', '102': 'Horde' },
      },
    });
    const db = testDatabase(store);
    const { mine } = db
      .prepare<{ mine: string }>('SELECT mine FROM local_changes WHERE local_id = ?')
      .get(localId)!;
    db.prepare('UPDATE local_changes SET mine = ? WHERE local_id = ?').run(
      JSON.stringify({ ...JSON.parse(mine), ...change }),
      localId,
    );
    return localId;
  } finally {
    store.close();
  }
}
