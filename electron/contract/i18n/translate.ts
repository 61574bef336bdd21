// One message in one language: the catalogue's ICU string, formatted with its values. Each
// string is compiled once per language (a table of 500 rows asks for the same few thousands of times).
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogues, type MessageKey } from './catalogues';
import { intlTag, type Locale } from './locale';
import type { MessageValues } from './messages';

const compiled = new Map<string, IntlMessageFormat>();

function formatterOf(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}:${key}`;
  let formatter = compiled.get(id);
  if (!formatter) {
    formatter = new IntlMessageFormat(catalogues[locale][key], intlTag[locale]);
    compiled.set(id, formatter);
  }
  return formatter;
}

export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return String(formatterOf(locale, key).format(values as Record<string, unknown> | undefined));
}
