// A sandbox marketplace on loopback with a scaled minute, and clients pointed at it.
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import {
  createMarketplaceClient,
  type MarketplaceClient,
  type MarketplaceClientOptions,
} from '../../electron/core/api';
import { afterAll, beforeAll } from 'vitest';
import { tempDir, type TempDir } from '../support/tempDir';

export const WINDOW_MS = 1000;

export async function sandbox(): Promise<Sandbox> {
  return startSandbox({ port: 0, windowMs: WINDOW_MS, attachVisibleAfterMs: 0 });
}

export function clientFor(
  sb: Sandbox,
  sellerId = 1,
  extra: Partial<MarketplaceClientOptions> = {},
) {
  const seller = sb.sellers.find((s) => s.id === sellerId)!;
  return createMarketplaceClient({
    baseUrl: sb.baseUrl,
    token: seller.token,
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: 5_000,
    ...extra,
  });
}

/** A gold offer for product 1 (WoW Classic Era Gold) that passes the sandbox's rules. */
export function goldOffer(price = 0.5) {
  return {
    price_per_step: price,
    amount: 1000,
    min_purchase_amount: 1,
    marketplace_type: 1,
    data: { '101': 'Ashbringer', '102': 'Horde' },
  };
}

/** What the client suites share: a sandbox, seller 1's client and a folder, for the whole file. */
export interface ApiWorld {
  readonly sb: Sandbox;
  readonly client: MarketplaceClient;
  readonly dir: TempDir;
}

/** Registers the world's set-up and take-down; read it inside a test or a hook. */
export function useApiWorld(prefix: string): ApiWorld {
  const dir = tempDir(prefix);
  let started: { sb: Sandbox; client: MarketplaceClient } | null = null;
  beforeAll(async () => {
    const sb = await sandbox();
    started = { sb, client: clientFor(sb) };
  });
  afterAll(async () => {
    await started?.client.close();
    await started?.sb.close();
    dir.remove();
  });
  const world = () => {
    if (!started) throw new Error('useApiWorld: read the world inside a test or a hook.');
    return started;
  };
  return {
    dir,
    get sb() {
      return world().sb;
    },
    get client() {
      return world().client;
    },
  };
}
