// A long job over many items, done a chunk at a time: better-sqlite3 is synchronous, so a job
// that ran in one go would keep every other call of the core (the offers page, the counts, an
// offer's detail) waiting until it ended. Between chunks the job returns to the event loop
// (setImmediate: after pending I/O, so a query that arrived meanwhile is answered first), says
// how far it got and stops if it was cancelled. The chunk size adapts so that one chunk takes
// about `budgetMs`, whatever the machine and whatever one item costs.
import { performance } from 'node:perf_hooks';

export interface JobProgress {
  done: number;
  total: number;
}

/** What a caller of a long job may pass: hear its progress, cancel it between chunks. */
export interface JobControl {
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}

export interface ChunkedJobOptions extends JobControl {
  /** How long one chunk should take (≲ 10 ms keeps the queries between chunks prompt). */
  budgetMs?: number;
  /** Items in the first chunk, before the job knows what one costs. */
  firstChunk?: number;
  /**
   * Never fewer items in a chunk: each chunk has a fixed cost (a commit), and on a busy machine
   * the clock alone would shrink chunks until that cost is most of the work.
   */
  minChunk?: number;
  /** Awaited between chunks, after the seller's waiting queries were answered. */
  between?: () => Promise<void>;
}

export interface ChunkedJobRun {
  /** Items whose chunk was done (committed, for a job that commits per chunk). */
  done: number;
  /** Stopped by its signal before the end: the items after `done` were not touched. */
  cancelled: boolean;
}

const MIN_CHUNK = 16;
const MAX_CHUNK = 20_000;

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function runInChunks<T>(
  items: readonly T[],
  work: (chunk: readonly T[]) => void,
  options: ChunkedJobOptions = {},
): Promise<ChunkedJobRun> {
  const budget = options.budgetMs ?? 8;
  const least = Math.max(1, options.minChunk ?? MIN_CHUNK);
  let size = Math.max(least, options.firstChunk ?? 64);
  let done = 0;
  while (done < items.length) {
    if (options.signal?.aborted) return { done, cancelled: true };
    const chunk = items.slice(done, done + size);
    const started = performance.now();
    work(chunk);
    const elapsed = performance.now() - started;
    done += chunk.length;
    options.onProgress?.({ done, total: items.length });
    const perItem = elapsed / chunk.length;
    // Grow at most fourfold at a time: one cheap chunk (all left out) says little of the next.
    const fits = perItem > 0 ? Math.floor(budget / perItem) : size * 4;
    size = Math.min(MAX_CHUNK, Math.max(least, Math.min(fits, size * 4)));
    if (done < items.length) {
      await nextTurn();
      await options.between?.();
    }
  }
  return { done, cancelled: false };
}
