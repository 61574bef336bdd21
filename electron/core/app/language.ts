// The app's language: the seller's choice kept in the app's settings (one for every profile),
// and the OS's languages for "system". Main knows the OS's (`app.getLocale()`) and passes them;
// the browser host does not, so the renderer's `navigator.languages` stand in from its first
// call; under plain Node, Intl's default locale.
import type { Handlers } from '../../contract/ipc';
import { resolveLocale, type LanguageChoice, type Locale } from '../../contract/i18n';
import type { Language } from '../../contract/i18n/languageModels';
import { settingsFile } from './settings';

export interface AppLanguage {
  /** The language core sentences and notifications are written in now. */
  locale(): Locale;
  handlers: Pick<Handlers, 'app.language' | 'app.setLanguage'>;
}

export function createAppLanguage(
  dataDir: string,
  systemLanguages: readonly string[] | undefined,
  changed: (language: Language) => void,
): AppLanguage {
  const settings = settingsFile(dataDir);
  let preferred: readonly string[] = systemLanguages ?? [
    Intl.DateTimeFormat().resolvedOptions().locale,
  ];
  let fromRenderer = false;
  const learn = (renderer: readonly string[] | undefined) => {
    if (systemLanguages || fromRenderer || !renderer?.length) return;
    preferred = renderer;
    fromRenderer = true;
  };
  const current = (): Language => {
    const choice: LanguageChoice = settings.read().language;
    return { choice, locale: resolveLocale(choice, preferred) };
  };
  return {
    locale: () => current().locale,
    handlers: {
      async 'app.language'(input) {
        learn(input?.preferred);
        return current();
      },
      async 'app.setLanguage'({ choice, preferred: renderer }) {
        learn(renderer);
        settings.update({ language: choice });
        const language = current();
        changed(language);
        return language;
      },
    },
  };
}
