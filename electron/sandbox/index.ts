// The sandbox marketplace: a faithful, stateful simulation of the Seller API on loopback, used by
// every test, by `npm run sim`, and by the app's sandbox mode. This interface is fixed: the
// client, the sync engine and the CLI are coded against it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../contract/clock';
import { startBuyers, type BuyersOptions } from './buyers';
import { sandboxControl, type SandboxControl } from './control';
import { FaultInjector, type Faults } from './faults';
import { RateLimits } from './rateLimits';
import type { RecordedRequest } from './record';
import { Router } from './router';
import { routes } from './routes/index';
import { checkDemoTokens, randomDemoTokens, seedData, type SeedName } from './seed';
import { requestListener } from './server';
import { loadSnapshot, saveSnapshot } from './snapshot';
import { MarketState } from './state';

export type { Faults } from './faults';
export type { RecordedRequest } from './record';
export type { SandboxControl } from './control';

export interface SandboxOptions {
  /** 0 / absent = a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Length of a rate-limit "minute" (default 60_000; tests use e.g. 1000). */
  windowMs?: number;
  clock?: Clock;
  /** Default 'demo' (products, 3 sellers, demo offers in every status). */
  seed?: SeedName;
  /** Load state from it if present; saveSnapshot() writes it. */
  snapshotFile?: string;
  /**
   * The demo sellers' tokens, in seller order (`sellers[i].token`). Default: random at every
   * start, or the snapshot's when one is loaded.
   */
  tokens?: readonly string[];
  /** Attached-from-link images answer 404 for this long (default 300). */
  attachVisibleAfterMs?: number;
  /** Buyers who buy from offers on sale now and then (buyers.ts); none by default. */
  buyers?: BuyersOptions;
}

export interface SandboxSeller {
  id: number;
  name: string;
  token: string;
}

export interface Sandbox {
  baseUrl: string;
  sellers: SandboxSeller[];
  /** Every request seen, in order. */
  requests: RecordedRequest[];
  /** Replaces the faults; setFaults({}) clears them. */
  setFaults(f: Partial<Faults>): void;
  resetFaults(): void;
  control: SandboxControl;
  saveSnapshot(file?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const clock = opts.clock ?? systemClock;
  const host = opts.host ?? '127.0.0.1';
  const tokens = opts.tokens;
  if (tokens) checkDemoTokens(tokens);
  const snapshot = opts.snapshotFile ? loadSnapshot(opts.snapshotFile) : null;
  if (snapshot && tokens) snapshot.sellers.forEach((seller, i) => (seller.token = tokens[i]!));
  const data = snapshot ?? seedData(opts.seed ?? 'demo', clock.now(), tokens ?? randomDemoTokens());
  const state = new MarketState(data, clock);
  const faults = new FaultInjector();
  const requests: RecordedRequest[] = [];
  const settings = { baseUrl: '', attachVisibleAfterMs: opts.attachVisibleAfterMs ?? 300 };

  const server = createServer(
    requestListener({
      state: () => state,
      router: new Router(routes),
      limits: new RateLimits(opts.windowMs ?? 60_000),
      faults,
      clock,
      settings,
      requests,
    }),
  );
  // A client error (garbage on the socket) must never reach the process as an exception.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  settings.baseUrl = `http://${urlHost}:${address.port}`;

  const control = sandboxControl(() => state);
  const stopBuyers = opts.buyers
    ? startBuyers(
        control,
        state.sellers.map((s) => s.id),
        opts.buyers,
      )
    : () => {};

  return {
    baseUrl: settings.baseUrl,
    sellers: state.sellers.map((s) => ({ id: s.id, name: s.name, token: s.token })),
    requests,
    setFaults: (f) => faults.set(f),
    resetFaults: () => faults.set({}),
    control,
    async saveSnapshot(file) {
      const target = file ?? opts.snapshotFile;
      if (!target) throw new Error('saveSnapshot: no file given and no snapshotFile option');
      await saveSnapshot(target, state.toData());
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopBuyers();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
