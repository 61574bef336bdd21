// The one sync engine of an open profile. The engine serialises runs within a process (the app's
// timer and the seller's button take turns), so every use case of a profile shares it; what a
// single run wants to hear (progress, a lock held elsewhere, each request's fate) is subscribed
// for that run only, since the engine's hooks are fixed when it is made.
import type { MarketplaceClient } from '../../api';
import { createSyncEngine, type SyncEngine, type SyncProgress } from '../../sync';
import type { SellerProfile } from '../profile';
import { offersToRestock, restockFromPools } from '../stock/pool';

/** Told of every request the engine makes: answered, or failed with this error. */
export type CallObserver = (failure: unknown | null) => void;

export interface RunHooks {
  onProgress?: (progress: SyncProgress) => void;
  /** Another process holds the profile's sync lock and this run waits for it. */
  onLockWait?: (holderPid: number) => void;
  onCall?: CallObserver;
}

interface ProfileSync {
  engine: SyncEngine;
  /** Subscribes a run's hooks; the answer unsubscribes them. */
  listen(hooks: RunHooks): () => void;
}

const opened = new WeakMap<SellerProfile, Promise<ProfileSync>>();

export function profileSync(profile: SellerProfile): Promise<ProfileSync> {
  let found = opened.get(profile);
  if (!found) {
    found = openProfileSync(profile);
    opened.set(profile, found);
    // A missing token is told now and again at the next try, not remembered.
    found.catch(() => opened.delete(profile));
  }
  return found;
}

async function openProfileSync(profile: SellerProfile): Promise<ProfileSync> {
  const client = await profile.client();
  const listeners = new Set<RunHooks>();
  const each = (call: (hooks: RunHooks) => void) => {
    for (const hooks of listeners) call(hooks);
  };
  const engine = createSyncEngine({
    store: profile.store(),
    client: observed(client, (failure) => each((h) => h.onCall?.(failure))),
    // Opened only if credentials are sent: a pull never creates a key.
    secretBox: {
      seal: (plain) => profile.keyring().seal(plain),
      open: (sealed) => profile.keyring().open(sealed),
    },
    limiter: profile.limiter(),
    clock: profile.clock,
    ...(profile.syncBackoff && {
      backoff: { baseMs: profile.syncBackoff.baseMs, maxMs: profile.syncBackoff.maxMs },
      maxInlineWaitMs: profile.syncBackoff.maxInlineWaitMs,
    }),
    onProgress: (p) => each((h) => h.onProgress?.(p)),
    onLockWait: (pid) => each((h) => h.onLockWait?.(pid)),
    beforePush: () => void restockFromPools(profile),
    offersBeforePush: () => offersToRestock(profile),
  });
  return {
    engine,
    listen(hooks) {
      listeners.add(hooks);
      return () => listeners.delete(hooks);
    },
  };
}

/** The client, telling `observer` how each of its requests ended. */
function observed(client: MarketplaceClient, observer: CallObserver): MarketplaceClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'close') return value;
      return async (...args: unknown[]) => {
        try {
          const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          observer(null);
          return answer;
        } catch (error) {
          observer(error);
          throw error;
        }
      };
    },
  });
}
