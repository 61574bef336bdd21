// Search-as-you-type: the first keystroke answers at once (the seller sees rows move right away),
// later keystrokes within `waitMs` collapse into one trailing call, and an answer that arrives
// after a newer question is dropped.

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's timers, for the app; tests pass a hand-driven scheduler. */
export const platformTimers: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

export function leadingDebounce<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
  timers: Scheduler,
): { call(...args: A): void; cancel(): void } {
  let timer: unknown = null;
  let pending: A | null = null;
  const flush = () => {
    timer = null;
    if (pending) {
      const args = pending;
      pending = null;
      fn(...args);
      timer = timers.setTimeout(flush, waitMs);
    }
  };
  return {
    call(...args: A) {
      if (timer === null) {
        fn(...args);
        timer = timers.setTimeout(flush, waitMs);
      } else {
        pending = args;
      }
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/** Hands out tickets; only the newest ticket is current. */
export function generationCounter() {
  let current = 0;
  return {
    next: () => ++current,
    isCurrent: (ticket: number) => ticket === current,
  };
}
