// What the core's thread and the checkpointer thread share: a few integers in shared memory, so
// the store's synchronous close can stop the checkpointer and know its connection is closed
// without waiting for a message the core's own event loop would have to deliver.

/** Slots of the shared Int32Array. */
export const CONTROL = {
  /** 1 once the store asks the thread to stop. */
  stop: 0,
  /** Bumped (and notified) to wake the thread before its interval ends. */
  nudge: 1,
  /** Where the thread is (STATE). */
  state: 2,
  /** How many checkpoints the thread ran (tests, benches). */
  checkpoints: 3,
  /** Bumped by the core when it wants everything committed so far folded into the file. */
  foldAsked: 4,
  /** The last `foldAsked` whose commits are all in the file (the thread notifies it). */
  folded: 5,
} as const;
export const CONTROL_SLOTS = 6;

export const STATE = {
  /** Started, no connection yet. */
  starting: 0,
  /** Its connection is open. */
  running: 1,
  /** Its connection is closed; it is ending. */
  closed: 2,
  /** Stopped before it started: it opens no connection. */
  abandoned: 3,
} as const;

export interface CheckpointerData {
  file: string;
  /** The better-sqlite3 binding built for this runtime (Electron's own), as the core uses. */
  nativeBinding?: string;
  control: Int32Array;
  intervalMs: number;
  /** WAL bytes not yet in the file past which the thread checkpoints without waiting for quiet. */
  thresholdBytes: number;
}
