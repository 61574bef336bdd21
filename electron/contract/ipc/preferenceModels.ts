// The app's own preferences (app-wide, not per seller's profile): its look, which events become
// native notifications, and the view it showed last; and what Settings shows about the app.
import { z } from 'zod';

export const themeChoices = ['system', 'light', 'dark'] as const;
export const themeChoiceSchema = z.enum(themeChoices);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/**
 * The events a native notification can tell, each of which the seller may silence: offers the
 * marketplace refused, the connection lost (or the token refused), low stock and sell-outs, a
 * restock pool run dry, offers that went Not Active (sold or hidden on the marketplace).
 */
export const notificationKinds = [
  'syncRefusals',
  'connectionLost',
  'lowStock',
  'poolDry',
  'sales',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChoicesSchema = z.object(
  Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean().default(true)])) as Record<
    NotificationKind,
    z.ZodDefault<z.ZodBoolean>
  >,
);
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

/** The app's sections, as the sidebar lists them. */
export const appViews = ['offers', 'catalogue', 'sync', 'sales', 'activity', 'settings'] as const;
export const appViewSchema = z.enum(appViews);
export type AppView = z.infer<typeof appViewSchema>;

export const appPreferencesSchema = z.object({
  theme: themeChoiceSchema,
  notifications: notificationChoicesSchema,
  /** The section the window showed when it was closed: it opens there again. */
  view: appViewSchema,
  /**
   * Closing the window keeps Seller Desk running in the tray (menu bar), syncing, restocking and
   * alerting; off: closing the window quits.
   */
  keepRunning: z.boolean(),
  /** Seller Desk starts (in the tray) when the seller logs in. */
  startAtLogin: z.boolean(),
});
export type AppPreferences = z.infer<typeof appPreferencesSchema>;

export const appPreferencesPatchSchema = z.object({
  theme: themeChoiceSchema.optional(),
  notifications: z
    .object(
      Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean().optional()])) as Record<
        NotificationKind,
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  view: appViewSchema.optional(),
  keepRunning: z.boolean().optional(),
  startAtLogin: z.boolean().optional(),
});
export type AppPreferencesPatch = z.infer<typeof appPreferencesPatchSchema>;

export const appAboutSchema = z.object({
  version: z.string(),
  /** Where the app keeps the seller's profiles and settings (shown, and opened on request). */
  dataFolder: z.string(),
});
export type AppAbout = z.infer<typeof appAboutSchema>;
