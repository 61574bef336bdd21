// Long work the seller started (resolving "all 80,000 offers", a bulk change): shown with its
// progress and a Cancel button, never blocking the window. Work the renderer does itself is a
// task (runTask); work the core does is a job, which the core tells of (job.progress) and which
// Stop asks the core to end between two chunks (job.stop).
import type { JobKind } from '../../../electron/contract/ipc';
import type { SellerDeskApi } from '../../../electron/contract/ipc/api';

export interface RunningTask {
  label: string;
  done: number;
  total: number | null;
  cancel: () => void;
}

export const tasks: { current: RunningTask | null } = $state({ current: null });

export class Cancelled extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'Cancelled';
  }
}

export async function runTask<T>(
  label: string,
  work: (report: (done: number, total: number | null) => void, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const task: RunningTask = { label, done: 0, total: null, cancel: () => controller.abort() };
  tasks.current = task;
  try {
    return await work((done, total) => {
      if (tasks.current) {
        tasks.current.done = done;
        tasks.current.total = total;
      }
    }, controller.signal);
  } finally {
    tasks.current = null;
  }
}

/** A long job the core runs (a bulk change, an import's check), as its job.progress tells it. */
export interface RunningJob {
  jobId: string;
  kind: JobKind;
  done: number;
  total: number;
  /** Stop was pressed: the job ends after the chunk under way. */
  stopping: boolean;
}

export const jobs: { current: RunningJob | null } = $state({ current: null });

/**
 * Follows the core's long jobs until the returned function is called. A job whose first word is
 * that it already ended (a handful of offers, one chunk) is not shown: the bar would only flash.
 */
export function followJobs(api: SellerDeskApi): () => void {
  const offs = [
    api.on('job.progress', ({ jobId, kind, done, total }) => {
      const shown = jobs.current;
      if (shown?.jobId === jobId) {
        shown.done = done;
        shown.total = total;
      } else if (done < total) {
        jobs.current = { jobId, kind, done, total, stopping: false };
      }
    }),
    api.on('job.finished', ({ jobId }) => {
      if (jobs.current?.jobId === jobId) jobs.current = null;
    }),
  ];
  return () => offs.forEach((off) => off());
}

/** Asks the core to stop the shown job; its own call then answers with what was applied. */
export async function stopJob(api: SellerDeskApi): Promise<void> {
  const job = jobs.current;
  if (!job || job.stopping) return;
  job.stopping = true;
  const result = await api.job.stop({ jobId: job.jobId });
  // Already over (it ended as Stop was pressed): nothing to wait for.
  if (result.ok && !result.value.stopping && jobs.current?.jobId === job.jobId) {
    jobs.current = null;
  }
}
