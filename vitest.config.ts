import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that keep a process of their own: the core host's crash tests (they end threads and
 * processes as a crash would, and restart what they ended). Every other file shares its worker's
 * process and module cache with the files before it: none mocks a module or leaves global state
 * (test/shell's one environment variable is put back), and a fresh process with a fresh import of
 * the core, the host and playwright per file cost a quarter to a third of the suite's CPU.
 */
const OWN_PROCESS = ['test/corehost/**/*.test.ts'];

/**
 * Where a file with no recorded duration (a clean clone) goes in the queue: the folders whose
 * files run longest first, so the two workers finish together instead of one waiting on a flow
 * picked up last.
 */
const SLOW_FIRST = ['e2e', 'corehost', 'sync', 'secrets', 'imports', 'usecases', 'cli', 'app'];

function rank(spec: TestSpecification): number {
  const folder = /\/test\/([^/]+)\//.exec(spec.moduleId)?.[1] ?? '';
  const at = SLOW_FIRST.indexOf(folder);
  return at === -1 ? SLOW_FIRST.length : at;
}

function size(spec: TestSpecification): number {
  try {
    return statSync(spec.moduleId).size;
  } catch {
    return 0;
  }
}

/** Longest first: by last run's duration when vitest has one for both, else by folder and size. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const duration = (spec: TestSpecification) =>
      cache.getFileTestResults(
        `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`,
      )?.duration;
    return [...files].sort((a, b) => {
      const [da, db] = [duration(a), duration(b)];
      if (da !== undefined && db !== undefined) return db - da;
      return rank(a) - rank(b) || size(b) - size(a);
    });
  }
}

export default defineConfig({
  test: {
    // Each project names its files (a project's include adds to the root's, it does not replace it).
    exclude: ['test/bench/**', 'node_modules/**'],
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a condition (a sync done, a switch shown): it returns as soon as it
    // holds, and vitest's own 1 s failed flows on this 2-core machine whenever it was busy.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'own-process', include: OWN_PROCESS, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', 'node_modules/**', ...OWN_PROCESS],
          isolate: false,
        },
      },
    ],
  },
});
