// A clock whose time moves only when the test says so: a scaled minute costs nothing.
import type { Clock } from '../../electron/core/util/clock';

interface Sleeper {
  at: number;
  resolve(): void;
}

export class FakeClock implements Clock {
  private t: number;
  private sleepers: Sleeper[] = [];

  constructor(start = 1_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = { at: this.t + Math.max(0, ms), resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** The time of the earliest pending sleep, if any. */
  nextWake(): number | null {
    return this.sleepers.reduce<number | null>((m, s) => (m === null || s.at < m ? s.at : m), null);
  }

  /** Moves to `to`, waking every sleeper due on the way at its own time. */
  async advanceTo(to: number): Promise<void> {
    for (;;) {
      const next = this.nextWake();
      if (next === null || next > to) break;
      this.t = Math.max(this.t, next);
      const due = this.sleepers.filter((s) => s.at <= this.t);
      this.sleepers = this.sleepers.filter((s) => s.at > this.t);
      for (const s of due) s.resolve();
      await settle();
    }
    this.t = Math.max(this.t, to);
    await settle();
  }
}

/** Lets every queued promise callback run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
