import { describe, expect, it } from 'vitest';
import { createSyncScheduler, type SyncTrigger } from '../../electron/core/usecases/sync/scheduler';
import type { Clock } from '../../electron/core/util/clock';

/** A clock whose time moves only when the test says so. */
function manualClock() {
  let now = 0;
  const sleepers: { at: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const sleeper = { at: now + ms, resolve, reject };
        sleepers.push(sleeper);
        signal?.addEventListener('abort', () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(new Error('aborted'));
        });
      }),
  };
  async function advance(ms: number) {
    now += ms;
    for (const s of sleepers.filter((s) => s.at <= now)) {
      sleepers.splice(sleepers.indexOf(s), 1);
      s.resolve();
    }
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }
  return { clock, advance, pending: () => sleepers.length };
}

function recorder() {
  const runs: SyncTrigger[] = [];
  let release: (() => void) | null = null;
  let blocking = false;
  return {
    runs,
    block() {
      blocking = true;
    },
    unblock() {
      blocking = false;
      release?.();
    },
    run: async (trigger: SyncTrigger) => {
      runs.push(trigger);
      if (blocking) await new Promise<void>((r) => (release = r));
    },
  };
}

describe('sync scheduler', () => {
  it('syncs at start and then on every interval', async () => {
    const { clock, advance } = manualClock();
    const r = recorder();
    const scheduler = createSyncScheduler({ run: r.run, clock, intervalMs: 1000 });
    scheduler.start();
    await advance(0);
    expect(r.runs).toEqual(['start']);
    await advance(1000);
    await advance(1000);
    expect(r.runs).toEqual(['start', 'timer', 'timer']);
    await scheduler.stop();
    await advance(5000);
    expect(r.runs).toHaveLength(3);
  });

  it('debounces local changes into one sync', async () => {
    const { clock, advance } = manualClock();
    const r = recorder();
    const scheduler = createSyncScheduler({
      run: r.run,
      clock,
      intervalMs: 60_000,
      debounceMs: 500,
    });
    for (let i = 0; i < 5; i++) {
      scheduler.localChange();
      await advance(100);
    }
    expect(r.runs).toEqual([]);
    await advance(500);
    expect(r.runs).toEqual(['local_change']);
    await scheduler.stop();
  });

  it('runs one at a time and coalesces triggers during a run into one more run', async () => {
    const { clock, advance } = manualClock();
    const r = recorder();
    const scheduler = createSyncScheduler({ run: r.run, clock });
    r.block();
    const first = scheduler.runNow();
    await advance(0);
    const second = scheduler.runNow();
    scheduler.cameOnline();
    scheduler.cameOnline();
    expect(r.runs).toEqual(['manual']);
    expect(scheduler.running).toBe(true);
    r.unblock();
    await first;
    await second;
    await advance(0);
    expect(r.runs).toEqual(['manual', 'manual']);
    await scheduler.stop();
  });

  it('answers a Sync now pressed during a run with a manual run, even behind a background one', async () => {
    const { clock, advance } = manualClock();
    const r = recorder();
    const scheduler = createSyncScheduler({ run: r.run, clock });
    r.block();
    const first = scheduler.runNow('timer');
    await advance(0);
    scheduler.cameOnline();
    const pressed = scheduler.runNow('manual');
    r.unblock();
    await first;
    await pressed;
    await advance(0);
    expect(r.runs).toEqual(['timer', 'manual']);
    await scheduler.stop();
  });

  it('keeps going after a failed run and reports the error', async () => {
    const { clock, advance } = manualClock();
    const errors: unknown[] = [];
    let calls = 0;
    const scheduler = createSyncScheduler({
      clock,
      intervalMs: 1000,
      onError: (e) => errors.push(e),
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('marketplace down');
      },
    });
    scheduler.start();
    await advance(0);
    await advance(1000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    await scheduler.stop();
  });
});
