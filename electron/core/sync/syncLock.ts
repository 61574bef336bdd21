// One sync at a time per store file, across processes: the CLI and the app may share a profile,
// and two pushers would each take the other's in-flight creates for crashed ones and resend
// them. The holder's process id is kept in the store; a holder that died (SIGKILL, crash) leaves
// it behind, so a lock whose process no longer exists is taken over.
import type { StoreContext } from '../store/context';
import { getMeta, setMeta } from '../store/meta';

const LOCK_KEY = 'sync_lock';

export interface LockOwner {
  processId: number;
  isProcessAlive: (pid: number) => boolean;
}

export function defaultIsProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock, or returns the process id of the live process holding it. */
export function acquireSyncLock(ctx: StoreContext, owner: LockOwner): { heldBy: number | null } {
  return ctx.db
    .transaction(() => {
      const current = getMeta(ctx, LOCK_KEY);
      const holder = current ? Number(JSON.parse(current).pid) : null;
      if (holder !== null && holder !== owner.processId && owner.isProcessAlive(holder)) {
        return { heldBy: holder };
      }
      setMeta(ctx, LOCK_KEY, JSON.stringify({ pid: owner.processId, at: ctx.clock.now() }));
      return { heldBy: null };
    })
    .immediate();
}

export function releaseSyncLock(ctx: StoreContext, owner: LockOwner): void {
  ctx.db
    .transaction(() => {
      const current = getMeta(ctx, LOCK_KEY);
      if (current && Number(JSON.parse(current).pid) === owner.processId) {
        setMeta(ctx, LOCK_KEY, null);
      }
    })
    .immediate();
}
