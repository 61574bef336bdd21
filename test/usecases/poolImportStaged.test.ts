// The restock pool's file is staged a range at a time, as a credential import is, and lands in
// one transaction: stopped half-way, the pool and its level are as they were; confirmed, every
// new row is in the pool in file order (oldest first), a login already there is not added twice,
// and the level is set with them. A real profile (SQLite file, sealed key), no marketplace.
import { afterEach, describe, expect, it } from 'vitest';
import { credentialHash } from '../../electron/core/credentials/hash';
import { commitPoolImport, offerPool, previewPoolImport } from '../../electron/core/usecases/stock';
import { accountProduct, serverOffer } from '../store/fixtures';
import { openCachedProfile, type CachedProfile } from './cachedProfile';

const account = serverOffer({
  product_id: accountProduct.id,
  marketplace_type: 2,
  amount: 1,
  data: { '201': '60' },
});
let cached: CachedProfile;
afterEach(() => cached.close());

const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `pool.login${from + i}:Pw-${from + i}`);

async function preview(path: string) {
  const ready = await previewPoolImport(cached.profile, { localId: cached.ids.account!, path });
  if (ready.state !== 'ready') throw new Error(ready.state);
  return ready;
}

describe('restock pool file, staged', () => {
  it('stopped half-way adds nothing; confirmed adds the new rows in file order with the level', async () => {
    cached = openCachedProfile({ account });
    const localId = cached.ids.account!;
    const pool = () => cached.profile.store().pool();
    pool().add(localId, [{ login: 'pool.login3', game_password: 'Pw-old' }]);
    pool().setKeep(localId, 1);

    const path = cached.offersFile(lines(0, 1_500));
    const stop = new AbortController();
    const seen: number[] = [];
    await expect(
      commitPoolImport(
        cached.profile,
        { preview: await preview(path), keep: 4, skipInvalid: false },
        {
          signal: stop.signal,
          onProgress: ({ done }) => {
            seen.push(done);
            if (seen.length === 2) stop.abort();
          },
        },
      ),
    ).rejects.toMatchObject({ message: 'The import was stopped; nothing was queued.' });
    expect(seen.length).toBe(2);
    expect(offerPool(cached.profile, localId)).toMatchObject({ pool: 1, keep: 1 });

    const outcome = await commitPoolImport(cached.profile, {
      preview: await preview(path),
      keep: 4,
      skipInvalid: false,
    });
    // pool.login3 is in the pool already: the preview counts it known, the commit leaves it out.
    expect(outcome).toMatchObject({ rows: 1_500, added: 1_499, duplicatesKnown: 1 });
    expect(offerPool(cached.profile, localId)).toMatchObject({ pool: 1_500, keep: 4 });
    // Oldest first is the order of adding: the old row, then the file's in its order.
    const expected = ['pool.login3', ...lines(0, 1_500).map((l) => l.split(':')[0]!)].filter(
      (login, i) => i === 0 || login !== 'pool.login3',
    );
    expect(
      pool()
        .hashes(localId)
        .map((h) => h.loginHash),
    ).toEqual(expected.map((login) => credentialHash(login)));
  });
});
