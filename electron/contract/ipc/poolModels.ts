// The restock pool's shapes on the wire (core/usecases/stock/pool.ts): counts and levels only,
// never a credential; a file is previewed as a credential import is (credentialPreviewSchema).
import { z } from 'zod';

/** The most a pool keeps on sale: one add_batch's worth. */
export const MAX_POOL_KEEP = 1000;

export const offerPoolSchema = z.object({
  localId: z.number().int(),
  /** Credentials waiting in the pool. */
  pool: z.number().int(),
  /** How many each sync keeps on sale (0: no restocking). */
  keep: z.number().int(),
  /** Buyers can take this many by our count (0 while the offer is hidden); null when unknown. */
  onSale: z.number().int().nullable(),
  /** Sent and unsold by our count, shown to buyers or not; null when unknown. */
  onMarketplace: z.number().int().nullable(),
  /** Queued to be sent, not on the marketplace yet. */
  queued: z.number().int(),
  /** It holds or awaits credentials and buyers do not see it: its marketplace status; else null. */
  hiddenStatus: z.number().int().nullable(),
  /** Accounts that may already be on sale (an answer lost, a buyer bought since): seller decides. */
  uncertain: z.number().int(),
  /** A level is set and the pool is empty. */
  dry: z.boolean(),
});
export type OfferPoolDto = z.infer<typeof offerPoolSchema>;

export const poolAddInputSchema = z.object({
  previewId: z.string(),
  /** Sets the level too. */
  keep: z.number().int().min(0).max(MAX_POOL_KEEP).optional(),
  keepCaseDuplicates: z.boolean().optional(),
  /** What each account added cost the seller, and from whom (private: never sent). */
  cost: z
    .object({ perAccount: z.number().min(0), supplier: z.string().max(100).optional() })
    .optional(),
});

export const poolAddResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  pool: offerPoolSchema,
});

export const poolSetKeepInputSchema = z.object({
  localId: z.number().int(),
  keep: z.number().int().min(0).max(MAX_POOL_KEEP),
});
