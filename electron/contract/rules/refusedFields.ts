// An activity entry of fields the marketplace refused ("400 Price per step: must be at least
// 0.0001"), kept as a catalogue message beside its English: the key, the HTTP status, and each
// refused field by its API key with the marketplace's words. The English line is made from it
// (the command line and the CSV export read that line), and the app says the same entry in its
// language, the fields by the labels of its form, without reading the English back.
import { catalogues, type MessageKey } from '../i18n/catalogues';
import type { Locale } from '../i18n/locale';
import { translate } from '../i18n/translate';
import { sellerProblem } from './fieldLabels';

/** A refused field: its API key (`offers.0.price_per_step`) and the marketplace's words. */
export interface RefusedField {
  field: string;
  message: string;
}

/** An activity answer as a catalogue message; `fields` are said by their labels, then joined. */
export interface ActivitySay {
  key: string;
  values?: Record<string, string | number>;
  fields?: RefusedField[];
}

/** The refusal of these fields, with the HTTP status when the marketplace answered one. */
export function refusedFieldsSay(fields: RefusedField[], status: number | null): ActivitySay {
  return status === null
    ? { key: 'activity.answer.fieldsRefusedNoStatus', fields }
    : { key: 'activity.answer.fieldsRefused', values: { status: String(status) }, fields };
}

/** "Price per step: must be at least 0.0001; Amount: required", in the reader's language. */
function fieldsIn(fields: readonly RefusedField[], locale: Locale): string {
  return fields.map((f) => sellerProblem(f, null, locale)).join('; ');
}

/** The entry's answer in a language; null for a message this app does not know (kept as written). */
export function activitySayIn(say: ActivitySay, locale: Locale): string | null {
  if (!(say.key in catalogues.en) || !say.key.startsWith('activity.answer.')) return null;
  const values = { ...say.values, ...(say.fields && { fields: fieldsIn(say.fields, locale) }) };
  return translate(locale, say.key as MessageKey, values);
}
