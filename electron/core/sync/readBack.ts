// Reading back accepted writes while the next manage request waits for the offers window.
import type { PushRun } from './pushRun';

/** Below this wait for the offers window a read-back could hold the next request back. */
const READ_BACK_MIN_WAIT_MS = 200;

/**
 * `push` reads back what the marketplace made of the accepted writes (statuses, dates) after its
 * last request. With thousands of offers that read is tens of pages, all after the last window;
 * most of it can be done while the next manage request waits for the offers window anyway. Only
 * while nothing of this push is on the wire (a pull reading an offer whose write is in flight
 * could not tell which came first), and a granted manage request waits for the read to end
 * (whenGranted) before it leaves: its place in the window is kept meanwhile.
 */
export function readBackWhileWaiting(deps: PushRun, offers: number, signal?: AbortSignal): void {
  if (!deps.readBack || deps.readingBack || deps.unread === 0) return;
  if (deps.onWire > 0 || deps.othersBusy) return;
  const waitMs = deps.limiter?.roomInMs({ manageOffers: offers }) ?? 0;
  if (waitMs < READ_BACK_MIN_WAIT_MS) return;
  const changed = deps.unread;
  deps.unread = 0;
  const stop = new AbortController();
  const running = {
    stop,
    done: deps
      .readBack(signal ? AbortSignal.any([signal, stop.signal]) : stop.signal, changed)
      // Only a head start: the read after the push reads whatever this one did not (a read
      // stopped halfway leaves the pull's mark where it was).
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (deps.readingBack === running) deps.readingBack = null;
      }),
  };
  deps.readingBack = running;
}

/** A granted manage request goes now: a read-back still running is stopped first. */
export async function stopReadBack(deps: PushRun): Promise<void> {
  while (deps.readingBack) {
    const running = deps.readingBack;
    running.stop.abort();
    await running.done;
  }
}
