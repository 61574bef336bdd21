// Long jobs the seller started from the app (a bulk change over thousands of offers, an offer
// import's check): each gets an id, tells the renderer how far it has got (job.progress, at most
// about ten times a second: a chunk takes ~10 ms, and an event per chunk would flood the IPC and
// re-render the task bar for nothing) and can be stopped between two chunks (job.stop). The use
// cases own the chunking and what a stop keeps (core/util/chunkedJob.ts); this only wires their
// `onProgress` and `signal` to the contract's event and channel.
import { randomUUID } from 'node:crypto';
import type { Handlers, JobKind } from '../../contract/ipc';
import type { JobControl } from '../util/chunkedJob';
import type { EventBus } from './events';

/** Between two progress events, unless the job just ended (the last one always goes). */
const PROGRESS_EVERY_MS = 100;

export interface Jobs {
  /**
   * Runs `work` as a job of `kind`; `stopped(result)` says whether the result is a stop's (a use
   * case that throws when stopped is told apart by the signal).
   */
  run<T>(
    kind: JobKind,
    work: (job: JobControl) => Promise<T>,
    stopped?: (result: T) => boolean,
  ): Promise<T>;
  /** Asks a running job to stop between chunks; false when no such job runs (it just ended). */
  stop(jobId: string): boolean;
  handlers: Pick<Handlers, 'job.stop'>;
}

export function createJobs(bus: EventBus, now: () => number = Date.now): Jobs {
  const running = new Map<string, AbortController>();

  async function run<T>(
    kind: JobKind,
    work: (job: JobControl) => Promise<T>,
    stopped: (result: T) => boolean = () => false,
  ): Promise<T> {
    const jobId = randomUUID();
    const controller = new AbortController();
    running.set(jobId, controller);
    let lastSent = -Infinity;
    const onProgress: JobControl['onProgress'] = ({ done, total }) => {
      const at = now();
      if (done < total && at - lastSent < PROGRESS_EVERY_MS) return;
      lastSent = at;
      bus.emit('job.progress', { jobId, kind, done, total });
    };
    try {
      const result = await work({ onProgress, signal: controller.signal });
      const outcome = stopped(result) ? 'stopped' : 'done';
      bus.emit('job.finished', { jobId, kind, outcome });
      return result;
    } catch (error) {
      const outcome = controller.signal.aborted ? 'stopped' : 'failed';
      bus.emit('job.finished', { jobId, kind, outcome });
      throw error;
    } finally {
      running.delete(jobId);
    }
  }

  function stop(jobId: string): boolean {
    const controller = running.get(jobId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  return {
    run,
    stop,
    handlers: {
      async 'job.stop'({ jobId }) {
        return { stopping: stop(jobId) };
      },
    },
  };
}

/** One set of jobs per app core (its handlers share it): keyed by the core's event bus. */
const jobsByBus = new WeakMap<EventBus, Jobs>();

export function jobsOf(bus: EventBus): Jobs {
  let jobs = jobsByBus.get(bus);
  if (!jobs) {
    jobs = createJobs(bus);
    jobsByBus.set(bus, jobs);
  }
  return jobs;
}
