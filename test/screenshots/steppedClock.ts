// A clock that moves only when told (or when someone sleeps on it): the sandbox's "image not
// visible yet" window then ends exactly when the test says, however slow the machine is.
import type { Clock } from '../../electron/core/util/clock';

export interface SteppedClock extends Clock {
  advance(ms: number): void;
}

export function steppedClock(start = Date.parse('2026-11-01T12:00:00Z')): SteppedClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
    async sleep(ms, signal) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      now += Math.max(0, ms);
    },
  };
}
