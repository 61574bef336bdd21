// The project's marketplace client for one sandbox seller, behind a rate limiter on the tests'
// scaled one-second window: the calls these tests make are the app's calls.
import { createMarketplaceClient, type MarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import type { Sandbox } from '../../electron/sandbox';

export interface SellerClient {
  client: MarketplaceClient;
  close(): Promise<void>;
}

export function sellerClient(sandbox: Sandbox, sellerIndex = 0): SellerClient {
  const limiter = createRateLimiter({ windowMs: 1000 });
  const client = createMarketplaceClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.sellers[sellerIndex]!.token,
    limiter,
  });
  return {
    client,
    async close() {
      await client.close();
      limiter.close();
    },
  };
}
