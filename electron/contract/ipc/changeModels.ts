// The previews of bulk changes, undo and the sending settings (consequences before bulk
// actions, undo and a hold), kept apart from models.ts so each front's wiring reads in one place.
import { z } from 'zod';

const ids = z.array(z.number().int()).min(1).max(100_000);

export const bulkChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price'),
    mode: z.enum(['percent', 'amount']),
    value: z.number().finite(),
  }),
  z.object({ kind: z.literal('status'), status: z.number().int() }),
  z.object({ kind: z.literal('delete') }),
]);
export type BulkChangeInput = z.infer<typeof bulkChangeSchema>;

export const changePreviewInputSchema = z.object({ localIds: ids, change: bulkChangeSchema });

export const changePreviewSchema = z.object({
  selected: z.number().int(),
  changing: z.number().int(),
  changes: z.array(
    z.object({
      localId: z.number().int(),
      offer: z.string(),
      before: z.string(),
      after: z.string(),
      toReview: z.boolean(),
      /** A Not Active gold offer the edit puts back on sale (kept Not Active unless chosen). */
      toSale: z.boolean(),
      /** After commission, the new price is below what the next unit costs the seller. */
      belowCost: z.boolean(),
    }),
  ),
  leftOutCount: z.number().int(),
  leftOut: z.array(z.object({ localId: z.number().int(), offer: z.string(), reason: z.string() })),
  toReviewCount: z.number().int(),
  toReview: z.array(z.string()),
  toSaleCount: z.number().int(),
  toSale: z.array(z.string()),
  belowCostCount: z.number().int(),
  rule: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type ChangePreview = z.infer<typeof changePreviewSchema>;

/** What an import's edits do on the marketplace (usecases/transfers/offerImportPlan.ts). */
export const importConsequencesSchema = z.object({
  changes: z.array(
    z.object({
      line: z.number().int(),
      offer: z.string(),
      before: z.string(),
      after: z.string(),
      toReview: z.boolean(),
      toSale: z.boolean(),
      belowCost: z.boolean(),
    }),
  ),
  changing: z.number().int(),
  toReviewCount: z.number().int(),
  toReview: z.array(z.string()),
  toSaleCount: z.number().int(),
  toSale: z.array(z.string()),
  belowCostCount: z.number().int(),
  leftOut: z.array(z.object({ line: z.number().int(), offer: z.string(), reason: z.string() })),
  leftOutCount: z.number().int(),
  rule: z.string(),
  warnings: z.array(z.string()),
  /** The status the file's new offers are expected to get (null: it creates none). */
  forecast: z.string().nullable().optional(),
});
export type ImportConsequences = z.infer<typeof importConsequencesSchema>;

export const undoStepSchema = z.object({ label: z.string(), offers: z.number().int() });
export type UndoStep = z.infer<typeof undoStepSchema>;

export const sendingSettingsSchema = z.object({
  /** Seconds the background sync leaves a fresh change alone, so it can still be undone. */
  holdSeconds: z.number().int().min(0).max(600),
  /** Off: the background sync only reads; changes go out when the seller presses "Sync now". */
  sendAutomatically: z.boolean(),
  /** Minutes between the background sync's runs. */
  syncIntervalMinutes: z.number().int().min(1).max(60),
});
export type SendingSettings = z.infer<typeof sendingSettingsSchema>;
