// Which key seals this profile's queued credentials. The id (never the key) is recorded in the
// profile's own SQLite file, claimed in one immediate transaction, so that the app and the CLI,
// however they race, agree on one key per profile.
import type { CredentialsKeyRecord } from '../secrets/keyRecord';
import { prep, type StoreContext } from './context';
import { getMeta, setMeta } from './meta';

const KEY_ID = 'credentials_key_id';

/** What the profile's keyring (core/secrets/profileKey.ts) needs of the store. */
export type { CredentialsKeyRecord };

export function credentialsKeyRecordOf(ctx: StoreContext): CredentialsKeyRecord {
  return {
    credentialsKeyId: () => credentialsKeyId(ctx),
    claimCredentialsKeyId: (keyId) => claimCredentialsKeyId(ctx, keyId),
    hasQueuedCredentials: () => hasQueuedCredentials(ctx),
    countLegacySealedCredentials: () => countLegacySealedCredentials(ctx),
    legacySealedCredentials: () => legacySealedCredentials(ctx),
    resealLegacyCredentials: (reseal) => resealLegacyCredentials(ctx, reseal),
  };
}
const LEGACY_ROWS =
  "SELECT id, sealed FROM queued_credentials WHERE substr(sealed, 1, 1) = x'01' ORDER BY id";

export function credentialsKeyId(ctx: StoreContext): string | null {
  return getMeta(ctx, KEY_ID);
}

/** Records `keyId` as the profile's key unless one is recorded already; returns the one that is. */
export function claimCredentialsKeyId(ctx: StoreContext, keyId: string): string {
  return ctx.db
    .transaction(() => {
      const recorded = getMeta(ctx, KEY_ID);
      if (recorded) return recorded;
      setMeta(ctx, KEY_ID, keyId);
      return keyId;
    })
    .immediate();
}

export function hasQueuedCredentials(ctx: StoreContext): boolean {
  return prep(ctx, 'SELECT 1 FROM queued_credentials LIMIT 1').get() !== undefined;
}

/** Sealed credentials of the older format (1), which name no key. */
export function countLegacySealedCredentials(ctx: StoreContext): number {
  return prep<{ n: number }>(
    ctx,
    "SELECT count(*) AS n FROM queued_credentials WHERE substr(sealed, 1, 1) = x'01'",
  ).get()!.n;
}

export function legacySealedCredentials(ctx: StoreContext): Buffer[] {
  return prep<{ sealed: Buffer }>(ctx, LEGACY_ROWS.replace('id, sealed', 'sealed'))
    .all()
    .map((r) => r.sealed);
}

/**
 * Seals the older blobs again under the profile's key, in one transaction: each row holds either
 * its old blob or its new one, never neither. `reseal` returns null for a blob it cannot open
 * (left as it is). Returns how many were resealed and how many were left.
 */
export function resealLegacyCredentials(
  ctx: StoreContext,
  reseal: (sealed: Buffer) => Buffer | null,
): { resealed: number; left: number } {
  return ctx.db
    .transaction(() => {
      const rows = prep<{ id: number; sealed: Buffer }>(ctx, LEGACY_ROWS).all();
      const update = prep(ctx, 'UPDATE queued_credentials SET sealed = ? WHERE id = ?');
      let resealed = 0;
      for (const row of rows) {
        const next = reseal(row.sealed);
        if (!next) continue;
        update.run(next, row.id);
        resealed++;
      }
      return { resealed, left: rows.length - resealed };
    })
    .immediate();
}
