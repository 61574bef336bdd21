// `t()` for the renderer's plain modules (lib/*.ts), which unit tests run under Node without the
// Svelte compiler. The locale comes from i18n.svelte.ts once it loads, through a getter that
// reads its `$state`: a template or `$derived` calling a lib function that calls `t()` re-renders
// when the language changes. Under Node, English unless a test says otherwise.
import {
  translate,
  type Locale,
  type MessageKey,
  type MessageValues,
} from '../../../electron/contract/i18n';

let localeNow: () => Locale = () => 'en';

/** i18n.svelte.ts hands its `$state` locale here; tests may pass a fixed one. */
export function followLocale(get: () => Locale): void {
  localeNow = get;
}

export function currentLocale(): Locale {
  return localeNow();
}

export function t(key: MessageKey, values?: MessageValues): string {
  return translate(localeNow(), key, values);
}
