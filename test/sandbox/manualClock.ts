// A clock the test moves by hand, so rate windows can be checked exactly. Sleeping still
// waits for real (latency faults), but `now()` only moves when the test says so.
import { systemClock, type Clock } from '../../electron/core/util/clock';

export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  return {
    now: () => now,
    sleep: (ms, signal) => systemClock.sleep(ms, signal),
    advance(ms) {
      now += ms;
    },
  };
}
