// One pull or push at a time per profile. The outbox marks an operation "sending" only once it
// has chosen it, so two processes picking from the same outbox at the same moment could both
// send it, and the API has no idempotency key. A lock file next to the profile, holding the
// owner's pid, makes a second run wait for the first; a lock whose owner died is taken over.
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import type { Clock } from '../util/clock';

interface LockOwner {
  pid: number;
  since: number;
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(file: string, owner: LockOwner): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(owner));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export interface RunLockOptions {
  file: string;
  clock: Clock;
  signal?: AbortSignal;
  /** Told once, when the lock is held by another live run. */
  onWaiting?: (ownerPid: number) => void;
  pollMs?: number;
  pid?: number;
}

export async function withRunLock<T>(opts: RunLockOptions, run: () => Promise<T>): Promise<T> {
  const pid = opts.pid ?? process.pid;
  const pollMs = opts.pollMs ?? 200;
  let told = false;
  for (;;) {
    if (tryCreate(opts.file, { pid, since: opts.clock.now() })) break;
    const owner = readOwner(opts.file);
    if (owner === null) {
      // Being written this very moment, or garbage: look again shortly, then take it over.
      await opts.clock.sleep(pollMs, opts.signal);
      if (readOwner(opts.file) === null) unlinkQuietly(opts.file);
      continue;
    }
    if (!isAlive(owner.pid)) {
      unlinkQuietly(opts.file);
      continue;
    }
    if (!told) {
      opts.onWaiting?.(owner.pid);
      told = true;
    }
    await opts.clock.sleep(pollMs, opts.signal);
  }
  try {
    return await run();
  } finally {
    if (readOwner(opts.file)?.pid === pid) unlinkQuietly(opts.file);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** The lock file of a profile's sync runs, shared by the desktop app and the command line. */
export function syncLockFile(profileFile: string): string {
  return `${profileFile}.sync.lock`;
}
