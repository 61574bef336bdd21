// When the app syncs in the background: at start, on a timer, when the network comes back, and
// shortly after the seller changes something (debounced, so typing a price is one sync, not ten).
// One sync at a time; a trigger during a run schedules exactly one more run after it.
import type { Clock } from '../../util/clock';
import { systemClock } from '../../util/clock';

export type SyncTrigger = 'start' | 'timer' | 'online' | 'retry' | 'local_change' | 'manual';

export interface SyncSchedulerOptions {
  run(trigger: SyncTrigger): Promise<void>;
  clock?: Clock;
  /** A number, or read at each timer (it follows the seller's interval setting). */
  intervalMs?: number | (() => number);
  /** A number, or read at each change (it follows the hold setting, which the seller may change). */
  debounceMs?: number | (() => number);
  onError?(error: unknown): void;
}

export interface SyncScheduler {
  start(): void;
  /** A local change was committed: sync soon. */
  localChange(): void;
  cameOnline(): void;
  /** Runs now (or right after the current run) and resolves when that run ends. */
  runNow(trigger?: SyncTrigger): Promise<void>;
  readonly running: boolean;
  stop(): Promise<void>;
}

export function createSyncScheduler(options: SyncSchedulerOptions): SyncScheduler {
  const clock = options.clock ?? systemClock;
  const intervalMs = (): number =>
    typeof options.intervalMs === 'function'
      ? options.intervalMs()
      : (options.intervalMs ?? 5 * 60_000);
  const debounceMs = (): number =>
    typeof options.debounceMs === 'function' ? options.debounceMs() : (options.debounceMs ?? 2_000);
  let current: Promise<void> | null = null;
  let again: { trigger: SyncTrigger; done: Promise<void> } | null = null;
  let stopped = false;
  const timers = new Set<AbortController>();

  function after(ms: number, fn: () => void): AbortController {
    const controller = new AbortController();
    timers.add(controller);
    clock.sleep(ms, controller.signal).then(
      () => {
        timers.delete(controller);
        if (!stopped) fn();
      },
      () => timers.delete(controller),
    );
    return controller;
  }

  function launch(trigger: SyncTrigger): Promise<void> {
    const run = (async () => {
      try {
        await options.run(trigger);
      } catch (error) {
        options.onError?.(error);
      }
    })();
    current = run.finally(() => {
      current = null;
      const next = again;
      again = null;
      if (next && !stopped) void launch(next.trigger);
    });
    return current;
  }

  function request(trigger: SyncTrigger): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!current) return launch(trigger);
    if (!again) {
      const pending = current.then(() => (current ? current : Promise.resolve()));
      again = { trigger, done: pending };
    } else if (trigger === 'manual') {
      // The seller's "Sync now" must not be answered by the background run queued before it
      // (that one holds fresh changes or only reads).
      again.trigger = 'manual';
    }
    return again.done;
  }

  let debounce: AbortController | null = null;
  function tick() {
    void request('timer');
    after(intervalMs(), tick);
  }

  return {
    start() {
      void request('start');
      after(intervalMs(), tick);
    },
    localChange() {
      debounce?.abort();
      debounce = after(debounceMs(), () => {
        debounce = null;
        void request('local_change');
      });
    },
    cameOnline() {
      void request('online');
    },
    runNow(trigger = 'manual') {
      return request(trigger);
    },
    get running() {
      return current !== null;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) timer.abort();
      timers.clear();
      await current;
    },
  };
}
