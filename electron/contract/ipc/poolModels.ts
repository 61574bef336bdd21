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
  /** On sale by our count (sent minus sold, queued included); null when it cannot be counted. */
  onSale: z.number().int().nullable(),
  /** A level is set and the pool is empty. */
  dry: z.boolean(),
});
export type OfferPoolDto = z.infer<typeof offerPoolSchema>;

export const poolAddInputSchema = z.object({
  previewId: z.string(),
  /** Sets the level too. */
  keep: z.number().int().min(0).max(MAX_POOL_KEEP).optional(),
  keepCaseDuplicates: z.boolean().optional(),
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
