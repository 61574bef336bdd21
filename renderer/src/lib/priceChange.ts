// The bulk price change as the seller types it ("+10 %", "-0,5"): read in the app's language,
// then judged by the rule the core applies (contract/rules/prices.ts), said in that language.
import { priceChangeProblem, type PriceChangeMode } from '../../../electron/contract/rules/prices';
import { parseDecimal } from '../../../electron/contract/i18n';
import { currentLocale, t } from './i18nText';

export type { PriceChangeMode };

export function parsePriceChange(
  mode: PriceChangeMode,
  text: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const typed = text.trim().replace(/^\+/, '');
  if (typed === '') return { ok: false, message: t('offers.priceChangeEmpty') };
  const parsed = parseDecimal(typed, currentLocale());
  if (!parsed.ok) {
    // "1,000" in English: the sentence saying how to write it says more than "a number".
    return {
      ok: false,
      message: /,/.test(typed) ? parsed.problem : t('offers.priceChangeNotANumber'),
    };
  }
  const value = parsed.value;
  const problem = priceChangeProblem(mode, value);
  if (problem) return { ok: false, message: t(problem.say.key, problem.say.values) };
  return { ok: true, value };
}
