// What crosses between main and renderer: shapes for the seller's screens, never secrets.
// The token never appears here; credentials only as counts and masked logins.
import { z } from 'zod';
import { importConsequencesSchema } from './changeModels';
import {
  marketplaceTypeSchema,
  offerDataSchema,
  offerStatusSchema,
  offerWriteSchema,
  productSchema,
  sellerStatusSchema,
} from '../marketplace/wire';
import { fieldProblemSchema } from './result';

export const syncStates = ['synced', 'local', 'sending', 'attention', 'conflict'] as const;
export const syncStateSchema = z.enum(syncStates);
export type SyncState = z.infer<typeof syncStateSchema>;

export const modeSchema = z.enum(['none', 'marketplace', 'sandbox']);
export type Mode = z.infer<typeof modeSchema>;

export const sessionStatusSchema = z.object({
  mode: modeSchema,
  tokenSet: z.boolean(),
  /** null until checked against the marketplace. */
  tokenValid: z.boolean().nullable(),
  /** Which backend protects the token (`basic_text` means effectively unencrypted). */
  storageBackend: z.string().nullable(),
  baseUrl: z.string().nullable(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** What the seller chose in Settings, beyond the connection. */
export const appSettingsSchema = z.object({
  /**
   * The command line (`seller-desk push`) may send credentials queued here: each profile's key
   * is then also kept in an owner-only key file it can read, beside the keychain copy.
   */
  commandLineCredentials: z.boolean(),
  /** Seconds the background sync waits before it sends a fresh change (undo time). */
  holdSeconds: z.number().int(),
  /** Off: changes go out only when the seller presses "Sync now". */
  sendAutomatically: z.boolean(),
  /** Minutes between background syncs. */
  syncIntervalMinutes: z.number().int(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const productSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  marketplaceType: marketplaceTypeSchema,
  stepSize: z.number(),
  isActive: z.boolean(),
  isActiveForPro: z.boolean(),
  fieldCount: z.number().int(),
  requiredFieldCount: z.number().int(),
  offerCount: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const catalogueQuerySchema = z.object({
  search: z.string().max(200).optional(),
  marketplaceType: marketplaceTypeSchema.optional(),
  activeOnly: z.boolean().optional(),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const offerSortColumns = [
  'product',
  'outer_name',
  'internal_name',
  'price_per_step',
  'amount',
  'min_purchase_amount',
  'guarantee_delivery_time',
  'status',
  'sync_state',
  'updated_at',
] as const;
export const offerSortColumnSchema = z.enum(offerSortColumns);
export type OfferSortColumn = z.infer<typeof offerSortColumnSchema>;

export const offerQuerySchema = z.object({
  status: offerStatusSchema.optional(),
  productId: z.number().int().optional(),
  syncState: syncStateSchema.optional(),
  text: z.string().max(200).optional(),
  /** Only account offers low on credentials or sold out. */
  lowStock: z.boolean().optional(),
  sort: z.object({ column: offerSortColumnSchema, dir: z.enum(['asc', 'desc']) }),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(500),
});
export type OfferQuery = z.infer<typeof offerQuerySchema>;

/** One row of the offers table: the merged view (server copy + local changes). */
export const offerRowSchema = z.object({
  localId: z.number().int(),
  serverId: z.number().int().nullable(),
  productId: z.number().int(),
  productTitle: z.string(),
  marketplaceType: marketplaceTypeSchema,
  outerName: z.string(),
  internalName: z.string(),
  pricePerStep: z.number().nullable(),
  amount: z.number().nullable(),
  minPurchaseAmount: z.number().nullable(),
  deliveryTimeMs: z.number().int().nullable(),
  /** The server's status; null for an offer the server has not seen yet. */
  status: offerStatusSchema.nullable(),
  syncState: syncStateSchema,
  updatedAt: z.string().nullable(),
  /** The product's primary/filter field values, by label: "EU · Silvermoon · Horde" ('' if none). */
  fieldValues: z.string(),
  /** What waits to be sent that the row shows: a deletion, the status asked for. */
  pending: z
    .object({ delete: z.boolean(), status: offerStatusSchema.nullable() })
    .default({ delete: false, status: null }),
  /** Why the offer needs the seller, in the marketplace's words (attention only). */
  problem: z.string().nullable().default(null),
});
export type OfferRow = z.infer<typeof offerRowSchema>;

/** One change the next sync sends on an offer; the renderer words it ("Set Not Active"). */
export const queuedChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('create') }),
  z.object({ kind: z.literal('update'), fields: z.array(z.string()) }),
  z.object({ kind: z.literal('status'), status: z.number().int() }),
  z.object({ kind: z.literal('delete') }),
  z.object({
    kind: z.literal('credentials'),
    count: z.number().int(),
    replace: z.boolean(),
  }),
  z.object({ kind: z.literal('upload'), count: z.number().int() }),
  z.object({ kind: z.literal('links'), count: z.number().int() }),
  z.object({ kind: z.literal('detach'), count: z.number().int() }),
]);
export type QueuedChange = z.infer<typeof queuedChangeSchema>;

/** The Sync view's queue: offers with changes to send (the sidebar's number), newest first. */
const queueEntrySchema = z.object({
  localId: z.number().int(),
  serverId: z.number().int().nullable(),
  name: z.string(),
  productTitle: z.string(),
  pricePerStep: z.number().nullable(),
  state: z.enum(['local', 'sending']),
  changes: z.array(queuedChangeSchema),
});

export const sendQueueSchema = z.object({
  total: z.number().int(),
  entries: z.array(queueEntrySchema),
  /** Queued changes no sync sends until the seller settles the offer's refusal or conflict. */
  held: z.object({
    total: z.number().int(),
    entries: z.array(queueEntrySchema.extend({ heldBy: z.enum(['refusal', 'conflict']) })),
  }),
});
export type SendQueue = z.infer<typeof sendQueueSchema>;
export const sendQueueInputSchema = z
  .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) })
  .partial()
  .optional();

export const offerPageSchema = z.object({
  rows: z.array(offerRowSchema),
  total: z.number().int(),
});
export type OfferPage = z.infer<typeof offerPageSchema>;

export const offerCountsSchema = z.object({
  byStatus: z.record(z.string(), z.number().int()),
  bySyncState: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type OfferCounts = z.infer<typeof offerCountsSchema>;

/**
 * The list's filters the counts follow: by status under every other filter, by sync state
 * likewise; absent, the whole profile.
 */
export const offerCountsQuerySchema = offerQuerySchema
  .pick({ status: true, productId: true, syncState: true, text: true })
  .optional();
export type OfferCountsQuery = z.infer<typeof offerCountsQuerySchema>;

/** The offers table's columns a seller may hide ("Columns" menu); the name, price, status and sync always show. */
export const offerOptionalColumns = [
  'field_values',
  'product',
  'amount',
  'min_purchase_amount',
  'guarantee_delivery_time',
  'updated_at',
] as const;
export const offerOptionalColumnSchema = z.enum(offerOptionalColumns);
export type OfferOptionalColumn = z.infer<typeof offerOptionalColumnSchema>;

/** The offers view as the seller left it, kept in the profile and restored on the next start. */
export const offersViewPreferencesSchema = z.object({
  status: offerStatusSchema.nullable(),
  productId: z.number().int().nullable(),
  syncState: syncStateSchema.nullable(),
  text: z.string().max(200),
  sort: z.object({ column: offerSortColumnSchema, dir: z.enum(['asc', 'desc']) }),
  columns: z.array(offerOptionalColumnSchema),
  /** Only offers low on stock (absent: off, as files written before it was kept). */
  lowStock: z.boolean().optional(),
});
export type OffersViewPreferences = z.infer<typeof offersViewPreferencesSchema>;

/** A first start: everything shown, newest change first (the core's and the renderer's default). */
export const defaultOffersViewPreferences: OffersViewPreferences = {
  status: null,
  productId: null,
  syncState: null,
  text: '',
  sort: { column: 'updated_at', dir: 'desc' },
  columns: [...offerOptionalColumns],
};

export const conflictSchema = z.object({
  field: z.string(),
  base: z.unknown(),
  mine: z.unknown(),
  theirs: z.unknown(),
});
export type Conflict = z.infer<typeof conflictSchema>;

export const screenshotSchema = z.object({
  /** The stored URL/path on the server, or a local reference while queued. */
  ref: z.string(),
  /** What the renderer may load as a thumbnail (server URL or a host-served local copy). */
  thumbnailUrl: z.string().nullable(),
  /** `leaving`: stored, its removal queued or on its way. */
  state: z.enum(['attached', 'queued', 'failed', 'leaving']),
  problem: z.string().nullable(),
  /** Leaving and still unsent: its removal can be taken back. */
  canKeep: z.boolean().optional(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

export const offerDetailSchema = z.object({
  row: offerRowSchema,
  product: productSchema,
  /**
   * The offer's write fields as the seller sees them now (server copy + local changes). Never the
   * credentials: the output parse strips them even if a handler passed them along.
   */
  fields: offerWriteSchema.omit({ credentials: true }),
  deliveryTimeMs: z.number().int().nullable(),
  problems: z.array(fieldProblemSchema),
  conflicts: z.array(conflictSchema),
  screenshots: z.array(screenshotSchema),
  credentials: z.object({
    queued: z.number().int(),
    /** Of those, the ones that go in the offer's next write (a create, or an edit of an offer holding none). */
    riding: z.number().int(),
    uploadedHashes: z.number().int(),
    system: z.number().int().nullable(),
  }),
  lastReviewComment: z.string().nullable(),
  /**
   * What saving an edit does beyond its fields (usecases/offers/saveOffer saveGuard): whether it
   * puts a Not Active gold offer back on sale, and what a new price is compared with to tell a
   * price below cost (the commission, the cost of the next unit; null: none set).
   */
  saveGuard: z
    .object({
      putsOnSale: z.boolean(),
      commissionPercent: z.number().nullable(),
      unitCost: z.number().nullable(),
    })
    .optional(),
});
export type OfferDetail = z.infer<typeof offerDetailSchema>;

export const saveOfferInputSchema = z.object({
  /** Absent: a new offer. */
  localId: z.number().int().optional(),
  productId: z.number().int(),
  fields: offerWriteSchema.omit({ id: true, credentials: true }),
  deliveryTimeMs: z.number().int().min(1),
  /** A Not Active gold offer goes back on sale (default: set Not Active again after the edit). */
  putOnSale: z.boolean().optional(),
  /** The seller confirmed a new price below cost (default: refused, nothing saved). */
  allowBelowCost: z.boolean().optional(),
});
export type SaveOfferInput = z.infer<typeof saveOfferInputSchema>;

export const saveOfferResultSchema = z.object({
  localId: z.number().int(),
  /** What the service is expected to set when this reaches it (it decides, not us). */
  expectedStatus: offerStatusSchema.nullable(),
});

export const localIdsSchema = z.object({ localIds: z.array(z.number().int()).min(1).max(100_000) });

export const bulkPriceInputSchema = z.object({
  localIds: z.array(z.number().int()).min(1).max(100_000),
  mode: z.enum(['percent', 'amount']),
  value: z.number().finite(),
  /** Not Active gold offers go back on sale (default: set Not Active again after the edit). */
  putOnSale: z.boolean().optional(),
  /** The seller confirmed prices that sell below cost (default: such a change is refused). */
  allowBelowCost: z.boolean().optional(),
});

export const bulkOutcomeSchema = z.object({
  changed: z.number().int(),
  refused: z.array(
    z.object({
      localId: z.number().int(),
      /** The offer as the seller knows it (`Offer 1042`, `New offer "…"`), never its row. */
      offer: z.string(),
      problems: z.array(fieldProblemSchema),
    }),
  ),
  /** Stopped by the seller (job.stop) before the end: `changed` were applied, one undo step. */
  stopped: z.boolean().optional(),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const setStatusInputSchema = z.object({
  localIds: z.array(z.number().int()).min(1).max(100_000),
  status: sellerStatusSchema,
});

export const resolveConflictInputSchema = z.object({
  localId: z.number().int(),
  field: z.string(),
  choice: z.enum(['mine', 'theirs']),
});

export const rateBudgetSchema = z.object({
  requestsLeft: z.number().int(),
  manageOffersLeft: z.number().int(),
  attachLeft: z.number().int(),
  nextRoomInMs: z.number(),
});
export type RateBudget = z.infer<typeof rateBudgetSchema>;

export const syncProblemSchema = z.object({
  localId: z.number().int(),
  title: z.string(),
  message: z.string(),
  fields: z.array(fieldProblemSchema),
});

export const connectionStateSchema = z.enum([
  'online',
  'syncing',
  'waiting',
  'unreachable',
  'token_refused',
  'offline',
]);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

/**
 * Where the app stands with the marketplace, computed once by the core so that every front says
 * the same. `until` is an absolute time (ISO) so a front counts down every second on its own.
 */
export const connectionSchema = z.object({
  state: connectionStateSchema,
  /** A short headline: "Online", "Cannot reach the marketplace", … */
  title: z.string(),
  /** Why, in the seller's words ("The marketplace allows 200 offers a minute"); null when none. */
  reason: z.string().nullable(),
  /** What happens at `until`: "the next 60 go out", "next retry". */
  countdown: z.object({ label: z.string(), until: z.string() }).nullable(),
  /** The way out the front offers: "Retry now", or replacing the token. */
  action: z.enum(['retry', 'replace_token']).nullable(),
  /** Unreachable: when the first attempt of this outage failed (ISO). */
  since: z.string().nullable().optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** The end of the last sync, in numbers (the sync_runs table's record and how the run ended). */
export const lastRunSummarySchema = z.object({
  at: z.string(),
  sent: z.number().int(),
  /** Changes the marketplace refused in that run. */
  refused: z.number().int(),
  needsAttention: z.number().int(),
  conflicts: z.number().int(),
  /** Changes still waiting to be sent when it ended. */
  waiting: z.number().int(),
  /** How it ended, when it did not finish: the marketplace unreachable, the token refused, … */
  failure: z.enum(['unreachable', 'token_refused', 'error', 'cancelled']).nullable(),
});
export type LastRunSummary = z.infer<typeof lastRunSummarySchema>;

/** An account offer's credentials left on the marketplace (null: unknown) and its low-stock level. */
export const offerStockSchema = z.object({
  localId: z.number().int(),
  credentialsLeft: z.number().nullable(),
  estimate: z.boolean(),
  threshold: z.number().int(),
  low: z.boolean(),
  soldOut: z.boolean(),
  /** Credentials waiting in its restock pool (absent: none). */
  pool: z.number().int().optional(),
  /** The level its restock pool keeps on sale (absent: none). */
  keep: z.number().int().optional(),
  /** At or under its level, not low: its restock pool tops it up at the next sync. */
  backedByPool: z.boolean().optional(),
  /** Credentials are left and buyers do not see it: its marketplace status (absent: shown). */
  hiddenStatus: z.number().int().optional(),
});
export type OfferStockDto = z.infer<typeof offerStockSchema>;

export const syncStatusSchema = z.object({
  online: z.boolean(),
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastRunOk: z.boolean().nullable(),
  /** Offers with changes to send (refused and conflicted ones wait for the seller instead). */
  queued: z.number().int(),
  conflicts: z.number().int(),
  /** Offers that need the seller: refused or in conflict (`problems` lists at most 50). */
  needsSeller: z.number().int().default(0),
  problems: z.array(syncProblemSchema),
  /** Account offers low on credentials or sold out: "Low stock: 1 credential left". */
  lowStock: z
    .array(z.object({ localId: z.number().int(), title: z.string(), reason: z.string() }))
    .default([]),
  budget: rateBudgetSchema,
  waiting: z.object({ ms: z.number(), reason: z.string() }).nullable(),
  connection: connectionSchema,
  lastRun: lastRunSummarySchema.nullable(),
  /**
   * Grows with each status the core makes (a restarted core starts above the last one's): of two,
   * the window keeps the newer. In the browser host an answer and an event travel apart, and an
   * answer made before a sync ended could arrive after the end's event.
   */
  seq: z.number().int().optional(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncProgressSchema = z.object({
  phase: z.enum(['pull', 'push', 'idle']),
  done: z.number().int(),
  total: z.number().int(),
  waitingMs: z.number().nullable(),
  waitReason: z.string().nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/**
 * A file the seller picked or dropped. In Electron the preload turns a dropped `File` into its
 * path (main checks it again); in the browser host the bytes are staged on the host first.
 */
export const fileRefSchema = z.string().min(1).max(4096);

export const credentialPreviewInputSchema = z.object({
  localId: z.number().int(),
  file: fileRefSchema,
  encoding: z.string().max(40).optional(),
  format: z.enum(['lines', 'csv', 'json', 'xlsx']).optional(),
});

/** A credential row as the renderer may see it: masked, never a password. */
export const credentialPreviewRowSchema = z.object({
  line: z.number().int(),
  maskedLogin: z.string(),
  hasEmail: z.boolean(),
  problems: z.array(fieldProblemSchema),
  duplicateOf: z.enum(['file', 'uploaded']).nullable(),
  /** An earlier line whose login differs only by case: left out unless the seller keeps it. */
  caseOnlyOf: z.number().int().nullable().optional(),
});

/** The file as read: masked rows, totals, and the encoding used (the seller may choose another). */
export const credentialPreviewReadySchema = z.object({
  state: z.literal('ready'),
  previewId: z.string(),
  encoding: z.string(),
  format: z.string(),
  /** Rows refused because their lines do not read in the encoding (damaged, or mixed in). */
  damagedRows: z.number().int(),
  /**
   * The first rows only (a page): the rest are asked for by page (credentials.previewRows), so a
   * 100k-line file is never one answer. `totals.rows` counts them all.
   */
  rows: z.array(credentialPreviewRowSchema),
  totals: z.object({
    rows: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    duplicatesInFile: z.number().int(),
    duplicatesUploaded: z.number().int(),
    caseOnlyDuplicates: z.number().int().optional(),
  }),
  /** How many accounts "Replace all" would send (the ones already uploaded go again). */
  replaceTotal: z.number().int(),
});

/** The encoding could not be told for sure: the seller chooses one, the file is read again. */
export const credentialPreviewChooseEncodingSchema = z.object({
  state: z.literal('choose-encoding'),
  /** The likely encodings, most likely first (WHATWG labels). */
  candidates: z.array(z.string().max(40)).max(8),
});

export const credentialPreviewSchema = z.discriminatedUnion('state', [
  credentialPreviewReadySchema,
  credentialPreviewChooseEncodingSchema,
]);
export type CredentialPreview = z.infer<typeof credentialPreviewSchema>;
export type CredentialPreviewReady = z.infer<typeof credentialPreviewReadySchema>;

/** What the preview table may narrow its rows to. */
export const credentialRowFilterSchema = z.enum(['all', 'problem', 'duplicate', 'send']);
export type CredentialRowFilter = z.infer<typeof credentialRowFilterSchema>;

/** A page of a preview's masked rows, from `offset` (0-based) in file order, under a filter. */
export const credentialPreviewRowsInputSchema = z.object({
  previewId: z.string(),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(500),
  filter: credentialRowFilterSchema.optional(),
});

export const credentialPreviewRowsSchema = z.object({
  rows: z.array(credentialPreviewRowSchema),
  /** Rows under the filter, all pages together. */
  total: z.number().int(),
  offset: z.number().int(),
});
export type CredentialPreviewRows = z.infer<typeof credentialPreviewRowsSchema>;

export const credentialCommitInputSchema = z.object({
  previewId: z.string(),
  mode: z.enum(['add', 'replace']),
  /** Send logins that differ from an earlier row's only by case too. */
  keepCaseDuplicates: z.boolean().optional(),
  /** What each account cost the seller, and from whom (private: never sent). */
  cost: z
    .object({ perAccount: z.number().min(0), supplier: z.string().max(100).optional() })
    .optional(),
});

export const credentialEditInputSchema = z.object({
  localId: z.number().int(),
  credentialId: z.number().int(),
  // A single update sends only what changes: login and password are required in batches only.
  credential: z.object({
    login: z.string().max(255).optional(),
    game_password: z.string().max(255).optional(),
    email: z.string().nullable().optional(),
    email_password: z.string().nullable().optional(),
    is_2fa_active: z.boolean().nullable().optional(),
    comment: z.string().max(1000).nullable().optional(),
  }),
});

export const screenshotAddInputSchema = z.object({
  localId: z.number().int(),
  files: z.array(fileRefSchema).max(50).default([]),
  urls: z.array(z.string().max(2048)).max(50).default([]),
  /** Add links from a site the marketplace refused before (the seller saw the warning). */
  anyway: z.boolean().default(false),
});

export const screenshotAddResultSchema = z.object({
  accepted: z.number().int(),
  refused: z.array(z.object({ item: z.string(), reason: z.string() })),
  /** Sites the marketplace refused links from before: nothing was queued, the seller decides. */
  refusedDomains: z.array(z.string()).optional(),
});

export const screenshotRemoveInputSchema = z.object({
  localId: z.number().int(),
  ref: z.string().max(2048),
});

export const offerImportPreviewInputSchema = z.object({
  productId: z.number().int(),
  file: fileRefSchema,
  deliveryTimeMs: z.number().int().min(1).optional(),
});

export const offerImportPreviewSchema = z.object({
  previewId: z.string(),
  rows: z.number().int(),
  /** Rows without a problem: new offers, edits, duplicates and unchanged rows. */
  valid: z.number().int(),
  toCreate: z.number().int(),
  toEdit: z.number().int(),
  /** Rows equal to an earlier row or to an offer already there: skipped, never created. */
  duplicates: z.number().int(),
  unchanged: z.number().int(),
  /** The delivery time given to new offers whose row has none. */
  deliveryTimeMs: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), column: z.string(), message: z.string() })),
  /** What the edits do on the marketplace: before → after, back to review, sold rows left out. */
  consequences: importConsequencesSchema,
});

export const offerImportResultSchema = z.object({
  /** Offers queued: new ones and edits. */
  queued: z.number().int(),
  created: z.number().int(),
  edited: z.number().int(),
  duplicates: z.number().int(),
  unchanged: z.number().int(),
  /** Rows left out for their problems. */
  skipped: z.number().int(),
});

export const offerImportCommitInputSchema = z.object({
  previewId: z.string(),
  skipInvalid: z.boolean(),
  /** Not Active gold offers the file edits go back on sale (default: kept Not Active). */
  putOnSale: z.boolean().optional(),
  /** The seller confirmed prices below cost (default: refused, nothing queued). */
  allowBelowCost: z.boolean().optional(),
});

export const exportInputSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  productId: z.number().int().optional(),
  /** Absent: ask the seller where to save. */
  file: fileRefSchema.optional(),
});

export const offerDataOnlySchema = offerDataSchema;

/** The activity log (every request sent to the marketplace), as the Activity view filters it. */
export const activityOutcomeSchema = z.enum(['accepted', 'refused', 'unreachable', 'rate_limited']);

export const activityQuerySchema = z.object({
  /** Words in the operation, the offers or the message. */
  text: z.string().max(200).optional(),
  outcomes: z.array(activityOutcomeSchema).max(4).optional(),
  /** Entries at or after this time (ms since the epoch). */
  since: z.number().int().nonnegative().optional(),
  limit: z.number().int().min(1).max(5000).optional(),
});

export const activityEntrySchema = z.object({
  at: z.string(),
  operation: z.string(),
  offers: z.array(z.string()),
  outcome: activityOutcomeSchema,
  message: z.string(),
  /** The answer as a catalogue message (contract/rules/refusedFields), said in the language shown. */
  say: z
    .object({
      key: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    })
    .optional(),
});

export const activityExportInputSchema = activityQuerySchema.omit({ limit: true }).extend({
  /** Absent: ask the seller where to save. */
  file: fileRefSchema.optional(),
});

/** The Sales view: units, revenue, commission, cost and net from the sales each sync records. */
export const salesBucketSchema = z.enum(['day', 'week', 'month']);

export const salesQuerySchema = z.object({
  /** Sales seen at or after this time (ms since the epoch). */
  since: z.number().int().nonnegative(),
  productId: z.number().int().optional(),
  bucket: salesBucketSchema.optional(),
});

const salesTotalsShape = {
  units: z.number(),
  revenue: z.number(),
  commission: z.number(),
  cost: z.number(),
  net: z.number(),
  /** net ÷ revenue in percent; null with no revenue. */
  margin: z.number().nullable(),
  /** Units sold with no cost known: the net leaves their cost out. */
  unitsWithoutCost: z.number(),
};
/** Gold units and accounts apart, with the money of both added up. */
const salesTotalsByKindShape = {
  ...salesTotalsShape,
  gold: z.object(salesTotalsShape),
  accounts: z.object(salesTotalsShape),
};
const saleKindSchema = z.enum(['gold', 'account']);

/** One offer's sales in a report (the per-offer table and the top lists alike). */
const salesOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productId: z.number().int(),
  kind: saleKindSchema,
  lastSaleAt: z.string().nullable(),
  ...salesTotalsShape,
});

export const salesReportSchema = z.object({
  since: z.string(),
  until: z.string(),
  bucket: salesBucketSchema,
  totals: z.object(salesTotalsByKindShape),
  series: z.array(z.object({ start: z.string(), ...salesTotalsByKindShape })),
  products: z.array(
    z.object({
      productId: z.number().int(),
      title: z.string(),
      kind: saleKindSchema,
      offers: z.number().int(),
      ...salesTotalsShape,
    }),
  ),
  suppliers: z.array(z.object({ supplier: z.string(), ...salesTotalsShape })),
  offers: z.array(salesOfferSchema),
  topSellers: z.array(salesOfferSchema),
  topByNet: z.array(salesOfferSchema),
  stopped: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      productId: z.number().int(),
      unitsBefore: z.number(),
      lastSaleAt: z.string(),
    }),
  ),
  hasHistory: z.boolean(),
  /** What "estimated" rests on, in the seller's words. */
  estimate: z.string(),
});
