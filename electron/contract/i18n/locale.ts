// The languages the seller can read Seller Desk in, and which one a machine's language list picks.

export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];

/** What the seller chose in Settings: the OS's language, or one of ours. */
export const languageChoices = ['system', 'en', 'ru'] as const;
export type LanguageChoice = (typeof languageChoices)[number];

/** The BCP 47 tag Intl formats with: numbers, money and dates as a reader of that language expects. */
export const intlTag: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The OS's or the browser's languages in the seller's order of preference; the first one we
 * have wins ("de, ru" → Russian), and English when none is ours. Only Russian itself picks
 * Russian: a Ukrainian or Belarusian system gets English unless Russian is in its list too.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return 'en';
}

export function resolveLocale(choice: LanguageChoice, preferred: readonly string[]): Locale {
  return choice === 'system' ? pickLocale(preferred) : choice;
}
