export { createMarketplaceClient } from './client';
export type {
  MarketplaceClient,
  MarketplaceClientOptions,
  ProductListQuery,
  MyOffersQuery,
} from './client';
export { MarketplaceError, isMarketplaceError } from './errors';
export type { MarketplaceErrorKind, FieldErrors, ServerBudget } from './errors';
export { defaultRetry, isSafeToRetry, retryDelayMs } from './retryPolicy';
export type { RetryOptions } from './retryPolicy';
export { parseAddBatchMessage } from './addBatchMessage';
export { imageTypeOf } from './screenshotFile';
export { tokenProblem } from './tokenFormat';
