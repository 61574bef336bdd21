// Long work the seller started (resolving "all 80,000 offers", a bulk change): shown with its
// progress and a Cancel button, never blocking the window.

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
