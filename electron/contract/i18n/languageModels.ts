// The app's language across the process boundary: what the seller chose and what it comes to.
import { z } from 'zod';
import { languageChoices, locales } from './locale';

export const languageChoiceSchema = z.enum(languageChoices);
export const localeSchema = z.enum(locales);

/** The OS's or browser's languages, most preferred first (`navigator.languages`). */
export const preferredLanguagesSchema = z.array(z.string().max(64)).max(32);

export const languageSchema = z.object({
  choice: languageChoiceSchema,
  /** The language the app speaks now: the choice, or for "system" the OS's if it is ours. */
  locale: localeSchema,
});
export type Language = z.infer<typeof languageSchema>;

export const languageQuerySchema = z
  .object({ preferred: preferredLanguagesSchema.optional() })
  .optional();
export const setLanguageInputSchema = z.object({
  choice: languageChoiceSchema,
  preferred: preferredLanguagesSchema.optional(),
});
