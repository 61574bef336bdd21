// "Try the sandbox marketplace": the simulated marketplace with its demo data, started in this
// process when the seller asks for it (Electron main and the browser host alike). Its state is
// kept in a snapshot file, so what the seller did in the sandbox is still there next time. Buyers
// buy from the seller's offers on sale now and then, so sales, restocks and alerts show.
import type { SandboxPort } from '../core/app';
import type { Sandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import { DEMO_BUYERS_EVERY_MS } from '../sandbox/buyers';

export interface SandboxPortOptions {
  /** Where the sandbox's state is saved on stop and loaded on start; none: fresh demo data. */
  snapshotFile?: string;
  /** A shorter rate-limit "minute" (tests). */
  windowMs?: number;
  /** The pause between two buyers (default DEMO_BUYERS_EVERY_MS); 0 keeps the marketplace still. */
  buyersEveryMs?: number;
}

export function createSandboxPort(options: SandboxPortOptions = {}): SandboxPort & {
  current(): Sandbox | null;
} {
  const buyersEveryMs = options.buyersEveryMs ?? DEMO_BUYERS_EVERY_MS;
  let sandbox: Sandbox | null = null;
  let starting: Promise<Sandbox> | null = null;
  return {
    async start() {
      starting ??= startSandbox({
        seed: 'demo',
        snapshotFile: options.snapshotFile,
        windowMs: options.windowMs,
        ...(buyersEveryMs > 0 ? { buyers: { everyMs: buyersEveryMs } } : {}),
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
