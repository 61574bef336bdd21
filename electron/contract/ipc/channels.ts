// The one map of everything the renderer may ask of main, and everything main tells it.
// A channel is a use case with its input and output schema; there is no "invoke anything".
import { z } from 'zod';
import { productSchema } from '../marketplace/wire';
import { shortcutCommands } from '../shortcuts';
import {
  offerPoolSchema,
  poolAddInputSchema,
  poolAddResultSchema,
  poolSetKeepInputSchema,
} from './poolModels';
import {
  addTelegramInputSchema,
  addWebhookInputSchema,
  alertChannelsSchema,
  alertTestOutcomeSchema,
} from './alertModels';
import {
  appAboutSchema,
  appPreferencesPatchSchema,
  appPreferencesSchema,
} from './preferenceModels';
import {
  activityEntrySchema,
  activityExportInputSchema,
  activityQuerySchema,
  salesQuerySchema,
  salesReportSchema,
  offerStockSchema,
  appSettingsSchema,
  bulkOutcomeSchema,
  bulkPriceInputSchema,
  catalogueQuerySchema,
  credentialCommitInputSchema,
  credentialEditInputSchema,
  credentialPreviewInputSchema,
  credentialPreviewRowsInputSchema,
  credentialPreviewRowsSchema,
  credentialPreviewSchema,
  exportInputSchema,
  fileRefSchema,
  localIdsSchema,
  offerCountsQuerySchema,
  offerCountsSchema,
  offersViewPreferencesSchema,
  offerDetailSchema,
  offerImportCommitInputSchema,
  offerImportPreviewInputSchema,
  offerImportPreviewSchema,
  offerImportResultSchema,
  offerPageSchema,
  offerQuerySchema,
  offerRowSchema,
  sendQueueInputSchema,
  sendQueueSchema,
  productSummarySchema,
  resolveConflictInputSchema,
  saveOfferInputSchema,
  saveOfferResultSchema,
  screenshotAddInputSchema,
  screenshotAddResultSchema,
  screenshotRemoveInputSchema,
  sessionStatusSchema,
  setStatusInputSchema,
  syncProgressSchema,
  syncStatusSchema,
  rateBudgetSchema,
} from './models';
import {
  changePreviewInputSchema,
  changePreviewSchema,
  sendingSettingsSchema,
  undoStepSchema,
} from './changeModels';
import {
  profileListSchema,
  profileNameSchema,
  profileRemoveInputSchema,
  profileRemoveOutcomeSchema,
  profileReplaceTokenInputSchema,
  profileReplaceTokenOutcomeSchema,
} from './profileModels';
import { jobFinishedSchema, jobProgressSchema, jobStopInputSchema } from './jobModels';
import {
  languageQuerySchema,
  languageSchema,
  setLanguageInputSchema,
} from '../i18n/languageModels';

const none = z.undefined();
const localId = z.object({ localId: z.number().int() });
const message = z.object({ message: z.string() });

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

/** Invoke channels: `namespace.method`, each one use case. */
export const channels = {
  'session.status': channel(none, sessionStatusSchema),
  'session.connect': channel(z.object({ token: z.string().min(1).max(4096) }), sessionStatusSchema),
  'session.acceptPlainTextStorage': channel(
    z.object({ token: z.string().min(1).max(4096) }),
    sessionStatusSchema,
  ),
  'session.useSandbox': channel(none, sessionStatusSchema),
  'session.disconnect': channel(none, sessionStatusSchema),

  // One profile per seller: the account switcher.
  'profiles.list': channel(none, profileListSchema),
  'profiles.switch': channel(z.object({ name: profileNameSchema }), profileListSchema),
  /** Another seller's token: that seller's profile, connected and shown. */
  'profiles.add': channel(z.object({ token: z.string().min(1).max(4096) }), profileListSchema),
  'profiles.rename': channel(
    z.object({ name: profileNameSchema, to: z.string().min(1).max(200) }),
    profileListSchema,
  ),
  'profiles.remove': channel(profileRemoveInputSchema, profileRemoveOutcomeSchema),
  /**
   * A new token for one profile (its old one revoked): the same seller's is taken, another's is
   * refused; one nothing can confirm is taken only once `confirmed` answers the question.
   */
  'profiles.replaceToken': channel(
    profileReplaceTokenInputSchema,
    profileReplaceTokenOutcomeSchema,
  ),

  /** The app's language (app-wide, not per profile); `preferred`: the renderer's languages. */
  'app.language': channel(languageQuerySchema, languageSchema),
  'app.setLanguage': channel(setLanguageInputSchema, languageSchema),

  // The app's own preferences (app-wide) and what Settings shows about the app.
  'app.preferences': channel(none, appPreferencesSchema),
  'app.setPreferences': channel(appPreferencesPatchSchema, appPreferencesSchema),
  'app.about': channel(none, appAboutSchema),
  'app.openDataFolder': channel(none, message),

  // Alerts of the shown profile: Telegram and signed webhooks (secrets go in, never out).
  'alerts.list': channel(none, alertChannelsSchema),
  'alerts.addTelegram': channel(addTelegramInputSchema, alertChannelsSchema),
  'alerts.addWebhook': channel(addWebhookInputSchema, alertChannelsSchema),
  'alerts.remove': channel(z.object({ id: z.number().int() }), alertChannelsSchema),
  'alerts.test': channel(z.object({ id: z.number().int().optional() }), alertTestOutcomeSchema),

  'settings.get': channel(none, appSettingsSchema),
  'settings.setCommandLineCredentials': channel(
    z.object({ enabled: z.boolean() }),
    appSettingsSchema,
  ),

  'catalogue.list': channel(catalogueQuerySchema, z.array(productSummarySchema)),
  'catalogue.get': channel(z.object({ productId: z.number().int() }), productSchema),

  'offers.query': channel(offerQuerySchema, offerPageSchema),
  'offers.counts': channel(offerCountsQuerySchema, offerCountsSchema),
  'offers.viewPreferences': channel(none, offersViewPreferencesSchema),
  'offers.saveViewPreferences': channel(offersViewPreferencesSchema, none),
  'offers.get': channel(localId, offerDetailSchema),
  'offers.save': channel(saveOfferInputSchema, saveOfferResultSchema),
  'offers.delete': channel(localIdsSchema, bulkOutcomeSchema),
  'offers.setStatus': channel(setStatusInputSchema, bulkOutcomeSchema),
  'offers.changePrice': channel(bulkPriceInputSchema, bulkOutcomeSchema),
  'offers.duplicate': channel(localIdsSchema, z.array(offerRowSchema)),
  'offers.discardLocal': channel(localIdsSchema, bulkOutcomeSchema),
  'offers.retry': channel(localIdsSchema, bulkOutcomeSchema),
  'offers.dismiss': channel(localIdsSchema, bulkOutcomeSchema),
  'offers.resolveConflict': channel(resolveConflictInputSchema, offerDetailSchema),
  'offers.preview': channel(changePreviewInputSchema, changePreviewSchema),
  // Costs of goods (core/usecases/profit): the seller's own figures, kept in the profile and never
  // queued to the marketplace (no draft, no outbox).
  'offers.costs': channel(
    localIdsSchema,
    z.array(
      z.object({
        localId: z.number().int(),
        /** An account offer: its costs come with the restock pool's batches. */
        account: z.boolean(),
        /** The cost of the next unit sold; null when none is set. */
        perUnit: z.number().nullable(),
      }),
    ),
  ),
  'offers.setCost': channel(
    z.object({
      localIds: z.array(z.number().int()).min(1).max(100_000),
      perUnit: z.number().min(0).max(2_000_000_000).nullable(),
    }),
    z.object({ changed: z.number().int() }),
  ),
  /** Stops a long job (job.progress) between two chunks: what was applied stays, undoable. */
  'job.stop': channel(jobStopInputSchema, z.object({ stopping: z.boolean() })),
  'undo.last': channel(none, undoStepSchema.nullable()),
  'undo.undo': channel(none, undoStepSchema),
  'settings.setSending': channel(sendingSettingsSchema.partial(), appSettingsSchema),

  'sync.status': channel(none, syncStatusSchema),
  'sync.queue': channel(sendQueueInputSchema, sendQueueSchema),
  'sync.now': channel(none, syncStatusSchema),
  'sync.cancel': channel(none, syncStatusSchema),

  'activity.list': channel(
    activityQuerySchema,
    z.object({ entries: z.array(activityEntrySchema) }),
  ),
  'activity.export': channel(
    activityExportInputSchema,
    z.object({ file: z.string(), rows: z.number().int() }),
  ),

  'sales.report': channel(salesQuerySchema, salesReportSchema),

  'stock.list': channel(
    none,
    z.object({ offers: z.array(offerStockSchema), estimate: z.string() }),
  ),
  'stock.setThreshold': channel(
    z.object({ localId: z.number().int(), threshold: z.number().int().min(0).max(100_000) }),
    message,
  ),

  // The restock pool: a file previewed as a credential import, then added; the level kept.
  'stock.pool': channel(localId, offerPoolSchema),
  'stock.poolPreview': channel(credentialPreviewInputSchema, credentialPreviewSchema),
  'stock.poolPreviewRows': channel(credentialPreviewRowsInputSchema, credentialPreviewRowsSchema),
  'stock.poolAdd': channel(poolAddInputSchema, poolAddResultSchema),
  'stock.poolDiscardPreview': channel(z.object({ previewId: z.string() }), message),
  'stock.poolSetKeep': channel(poolSetKeepInputSchema, offerPoolSchema),
  'stock.poolClear': channel(localId, z.object({ removed: z.number().int(), message: z.string() })),
  // Accounts that may already be on sale: the seller sends them again, or drops them.
  'stock.unsureSendAgain': channel(
    localId,
    z.object({ accounts: z.number().int(), message: z.string() }),
  ),
  'stock.unsureDrop': channel(
    localId,
    z.object({ accounts: z.number().int(), message: z.string() }),
  ),

  'credentials.preview': channel(credentialPreviewInputSchema, credentialPreviewSchema),
  /** Further pages of a preview's masked rows: the preview's answer carries the first only. */
  'credentials.previewRows': channel(credentialPreviewRowsInputSchema, credentialPreviewRowsSchema),
  'credentials.commit': channel(
    credentialCommitInputSchema,
    z.object({ queued: z.number().int(), skipped: z.number().int() }),
  ),
  'credentials.discardPreview': channel(z.object({ previewId: z.string() }), message),
  'credentials.update': channel(credentialEditInputSchema, message),
  'credentials.delete': channel(
    z.object({ localId: z.number().int(), credentialId: z.number().int() }),
    message,
  ),

  'screenshots.add': channel(screenshotAddInputSchema, screenshotAddResultSchema),
  'screenshots.remove': channel(screenshotRemoveInputSchema, message),
  /** Takes back a stored screenshot's removal while it is unsent. */
  'screenshots.keep': channel(screenshotRemoveInputSchema, message),

  'imports.offersPreview': channel(offerImportPreviewInputSchema, offerImportPreviewSchema),
  'imports.offersCommit': channel(offerImportCommitInputSchema, offerImportResultSchema),
  // `folder`: where the file went, named to the seller; `canOpenFolder`: the app can show it.
  'exports.offers': channel(
    exportInputSchema,
    z.object({
      file: z.string(),
      folder: z.string(),
      canOpenFolder: z.boolean(),
      rows: z.number().int(),
    }),
  ),
  /** Opens the folder of a file this app exported (any other path is refused). */
  'exports.openFolder': channel(z.object({ file: z.string() }), message),
  'exports.template': channel(
    z.object({
      productId: z.number().int(),
      format: z.enum(['csv', 'xlsx']),
      file: fileRefSchema.optional(),
    }),
    z.object({ file: z.string(), folder: z.string(), canOpenFolder: z.boolean() }),
  ),

  'dialogs.pickFiles': channel(
    z.object({ purpose: z.enum(['credentials', 'screenshots', 'offers']) }),
    z.array(fileRefSchema),
  ),
  'shell.openExternal': channel(z.object({ url: z.string().url().max(2048) }), message),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;

/** Events main sends to the renderer. */
export const events = {
  'sync.progress': syncProgressSchema,
  'sync.status': syncStatusSchema,
  'rate.budget': rateBudgetSchema,
  'network.online': z.object({ online: z.boolean() }),
  'offers.changed': z.object({ localIds: z.array(z.number().int()).nullable() }),
  'session.changed': sessionStatusSchema,
  'profiles.changed': profileListSchema,
  /** The seller chose another language: menus, notifications and every window follow. */
  'app.languageChanged': languageSchema,
  /** The seller chose one of the app's commands in the application menu (contract/shortcuts). */
  'menu.command': z.object({ command: z.enum(shortcutCommands) }),
  /** The app's preferences changed (main gives the theme to the OS's parts: title bar, dialogs). */
  'app.preferencesChanged': appPreferencesSchema,
  /** The core's worker stopped unexpectedly and was started again (or, too often, was not). */
  'core.restarted': z.object({ gaveUp: z.boolean() }),
  /** How far a long job the seller started (a bulk change, an import's check) has got. */
  'job.progress': jobProgressSchema,
  /** A long job ended: to the end, or stopped by job.stop (its channel answers what was applied). */
  'job.finished': jobFinishedSchema,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

/** Electron IPC channel names carry a prefix so that a stray listener never answers ours. */
export const IPC_PREFIX = 'seller-desk:';
export const ipcChannel = (name: ChannelName | EventName) => `${IPC_PREFIX}${name}`;
