// Long jobs the seller started (a bulk change over thousands of offers, an offer import's check):
// the core says how far each has got, and the seller may stop one between two chunks.
import { z } from 'zod';

export const jobKinds = [
  'bulk_price',
  'bulk_status',
  'bulk_delete',
  'bulk_discard',
  'offer_import',
  'credential_import',
  'pool_import',
] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobIdSchema = z.string().min(1).max(64);

export const jobProgressSchema = z.object({
  jobId: jobIdSchema,
  kind: z.enum(jobKinds),
  /** Offers (or import rows) done so far, of `total`. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type JobProgressEvent = z.infer<typeof jobProgressSchema>;

export const jobFinishedSchema = z.object({
  jobId: jobIdSchema,
  kind: z.enum(jobKinds),
  outcome: z.enum(['done', 'stopped', 'failed']),
});
export type JobFinishedEvent = z.infer<typeof jobFinishedSchema>;

export const jobStopInputSchema = z.object({ jobId: jobIdSchema });
