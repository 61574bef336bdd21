// One sync at a time per store file, across processes: the CLI and the app may share a profile,
// and two pushers would each take the other's in-flight creates for crashed ones and resend
// them.
//
// A pid alone does not prove the holder is alive: after a reboot, or on Windows, the pid of a
// dead holder is soon reused by an unrelated process. So the holder proves liveness with a
// heartbeat it refreshes while it runs; a lock whose heartbeat stopped is taken over whoever
// owns that pid now. Each run also has a nonce, so a holder that stalled past the stale time
// (a suspended laptop) finds out at its next heartbeat that it lost the lock, and stops
// between requests instead of pushing beside the new holder.
import { randomUUID } from 'node:crypto';
import type { SyncStore } from '../store';

const LOCK_KEY = 'sync_lock';
/**
 * The same kind of lock, held for as long as `seller-desk watch` runs (its rounds still take the
 * sync lock each): one watcher per profile.
 */
export const WATCH_LOCK_KEY = 'watch_lock';

/** How often a holder refreshes its heartbeat. */
export const LOCK_HEARTBEAT_MS = 2_000;
/**
 * A heartbeat older than this means the holder is gone (or stalled). Several heartbeats long,
 * so a holder whose event loop is busy for a moment keeps its lock.
 */
export const LOCK_STALE_MS = 15_000;

export interface LockOwner {
  processId: number;
  isProcessAlive: (pid: number) => boolean;
}

export interface LockTimes {
  heartbeatMs: number;
  staleMs: number;
}

/** What the store holds; `at` is the last heartbeat (the only time an older version wrote). */
interface LockRecord {
  pid: number;
  at: number;
  nonce?: string;
  since?: number;
}

export interface HeldLock {
  nonce: string;
}

export type LockAttempt =
  | { taken: HeldLock; heldBy?: undefined }
  | { taken?: undefined; heldBy: { pid: number; sinceMs: number } };

export function defaultIsProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(store: SyncStore, key: string): LockRecord | null {
  const raw = store.getMeta(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<LockRecord>;
    if (typeof parsed.pid !== 'number' || typeof parsed.at !== 'number') return null;
    return parsed as LockRecord;
  } catch {
    return null; // an unreadable lock protects nothing
  }
}

/** Takes the lock, or says which live process holds it and since when. */
export function acquireSyncLock(
  store: SyncStore,
  owner: LockOwner,
  times: LockTimes = { heartbeatMs: LOCK_HEARTBEAT_MS, staleMs: LOCK_STALE_MS },
  key = LOCK_KEY,
): LockAttempt {
  return store.transaction((): LockAttempt => {
    const now = store.clock.now();
    const current = readLock(store, key);
    if (current && current.pid !== owner.processId) {
      const beating = now - current.at < times.staleMs;
      if (beating && owner.isProcessAlive(current.pid)) {
        return { heldBy: { pid: current.pid, sinceMs: now - (current.since ?? current.at) } };
      }
    }
    const record: LockRecord = { pid: owner.processId, at: now, nonce: randomUUID(), since: now };
    writeLock(store, key, JSON.stringify(record));
    return { taken: { nonce: record.nonce! } };
  });
}

/** Refreshes the heartbeat; false when the lock was taken over meanwhile. */
export function refreshSyncLock(store: SyncStore, held: HeldLock, key = LOCK_KEY): boolean {
  return store.transaction(() => {
    const current = readLock(store, key);
    if (!current || current.nonce !== held.nonce) return false;
    writeLock(store, key, JSON.stringify({ ...current, at: store.clock.now() }));
    return true;
  });
}

export function releaseSyncLock(store: SyncStore, held: HeldLock, key = LOCK_KEY): void {
  store.transaction(() => {
    if (readLock(store, key)?.nonce === held.nonce) writeLock(store, key, null);
  });
}

function writeLock(store: SyncStore, key: string, value: string | null): void {
  store.setMeta(key, value);
}
