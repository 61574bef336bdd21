// What every endpoint handler receives.
import type { RecordedRequest } from './record';
import type { Reply } from './reply';
import type { RateLimits } from './rateLimits';
import type { MarketState, SellerRecord } from './state';

export interface SandboxSettings {
  baseUrl: string;
  attachVisibleAfterMs: number;
}

export interface RequestContext {
  state: MarketState;
  /** Null only on the routes that need no token (GET /storage). */
  seller: SellerRecord | null;
  params: Record<string, number>;
  query: URLSearchParams;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
  rawBody: Buffer;
  contentType: string;
  now: number;
  limits: RateLimits;
  record: RecordedRequest;
  settings: SandboxSettings;
  path: string;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

export function sellerOf(ctx: RequestContext): SellerRecord {
  if (!ctx.seller) throw new Error('route needs a seller');
  return ctx.seller;
}
