// "Try the sandbox marketplace": the simulated marketplace with its demo data, started in this
// process when the seller asks for it (Electron main and the browser host alike). Its state is
// kept in a snapshot file, so what the seller did in the sandbox is still there next time.
import type { SandboxPort } from '../core/app';
import type { Sandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

export interface SandboxPortOptions {
  /** Where the sandbox's state is saved on stop and loaded on start; none: fresh demo data. */
  snapshotFile?: string;
  /** A shorter rate-limit "minute" (tests). */
  windowMs?: number;
}

export function createSandboxPort(options: SandboxPortOptions = {}): SandboxPort & {
  current(): Sandbox | null;
} {
  let sandbox: Sandbox | null = null;
  let starting: Promise<Sandbox> | null = null;
  return {
    async start() {
      starting ??= startSandbox({
        seed: 'demo',
        snapshotFile: options.snapshotFile,
        windowMs: options.windowMs,
      });
      sandbox = await starting;
      const demoSeller = sandbox.sellers[0];
      if (!demoSeller) throw new Error('The sandbox started without its demo seller.');
      return { baseUrl: sandbox.baseUrl, token: demoSeller.token };
    },
    async stop() {
      const running = sandbox;
      sandbox = null;
      starting = null;
      if (!running) return;
      if (options.snapshotFile) await running.saveSnapshot();
      await running.close();
    },
    current: () => sandbox,
  };
}

/**
 * "Try the sandbox" reaching a marketplace that runs elsewhere (a development launch's
 * `--sandbox-url`, a test's own sandbox, which the test inspects); stopping it is its owner's.
 */
export function fixedSandboxPort(baseUrl: string, token: string): SandboxPort {
  return {
    start: async () => ({ baseUrl, token }),
    async stop() {},
  };
}
