// "Attached images may take a short time to become accessible" (API document, attach from links).
// So a 404 right after attaching is not a failure: look again a few times with growing pauses,
// and if the image still is not there, say so quietly and let the thumbnail try later.
import { visibilityRetryDelayMs } from '../../contract/rules/screenshots';
import type { Clock } from '../util/clock';

/** The slice of `fetch` this needs; undici's and the global one both fit. */
export type FetchLike = (
  url: string,
  init: { method: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; body?: { cancel(): Promise<void> } | null }>;

export interface WaitUntilVisibleOptions {
  attempts?: number;
  delayMs?: number;
  maxDelayMs?: number;
  clock: Clock;
  fetch: FetchLike;
  signal?: AbortSignal;
}

/** True as soon as the image answers 2xx; false after the last attempt, never throws for it. */
export async function waitUntilVisible(
  url: string,
  options: WaitUntilVisibleOptions,
): Promise<boolean> {
  const attempts = options.attempts ?? 5;
  const delayMs = options.delayMs ?? 250;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (options.signal?.aborted) return false;
    try {
      const response = await options.fetch(url, { method: 'GET', signal: options.signal });
      // The bytes are not needed, only whether they exist; freeing the body frees the socket.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return true;
    } catch {
      // A dropped connection is as likely to heal as a late image: look again.
    }
    if (attempt === attempts - 1) break;
    try {
      await options.clock.sleep(
        visibilityRetryDelayMs(attempt, delayMs, options.maxDelayMs),
        options.signal,
      );
    } catch {
      return false;
    }
  }
  return false;
}
