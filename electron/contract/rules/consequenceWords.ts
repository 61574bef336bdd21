// The consequences of a bulk change or an offer import in the app's language. The use cases
// build them in English, which the command line prints unchanged; for another language each
// fixed sentence is said from the catalogues (consequences, offers), with prices written as the
// language writes numbers. A sentence of another form is left as the core wrote it. In the
// contract because the core says its previews this way and the renderer says them again in the
// language shown (BulkPreviewDialog): one set of words for both.
import { formatNumber, translate, type Locale, type MessageKey } from '../i18n';
import { offerStatusNames } from '../marketplace/wire';
import {
  PRICE_ROUNDING_RULE,
  SOLD_LEFT_OUT,
  onSaleWarning,
  reviewWarning,
  statusName,
} from './consequences';
import { belowCostWarning } from './belowCost';
import { sayReason } from './fieldLabels';
import type { ProblemSay } from './problems';
import type { StatusExpectation } from './statusRules';

/** The status's name in the language ("Not sent yet" too); null for a word that is not one. */
export function statusIn(name: string, locale: Locale): string | null {
  if (name === statusName(null)) return translate(locale, 'offers.notSentYet');
  const known = Object.values(offerStatusNames).includes(name);
  return known ? translate(locale, `offers.status${name.replace(/ /g, '')}` as MessageKey) : null;
}

const priceText = (price: string, locale: Locale) =>
  /^-?\d+(\.\d+)?$/.test(price) ? formatNumber(locale, Number(price), 4) : price;

/**
 * A seller's or product's name as the use cases quote it ("Manual delivery", quoteForMessage),
 * in the language's quotes: «Manual delivery» in Russian.
 */
function quotedIn(quoted: string, locale: Locale): string {
  const plain = /^"(.*)"$/s.exec(quoted);
  return plain && locale === 'ru' ? `«${plain[1]}»` : quoted;
}

/** An offer as the use cases name it (offerName.ts), said in the language. */
export function offerNameIn(name: string, locale: Locale): string {
  if (locale === 'en') return name;
  if (name === 'An offer that no longer exists') return translate(locale, 'consequences.goneOffer');
  let match = /^Offer (\d+)(?: of (.+)| (.+))?$/s.exec(name);
  if (match) {
    const offer = translate(locale, 'offers.offerNamed', { id: match[1] });
    if (match[2])
      return translate(locale, 'offers.offerOf', { offer, product: quotedIn(match[2], locale) });
    return match[3] ? `${offer} ${quotedIn(match[3], locale)}` : offer;
  }
  match = /^New offer of (.+)$/s.exec(name);
  if (match)
    return translate(locale, 'offers.newOfferOf', { product: quotedIn(match[1]!, locale) });
  match = /^New offer (.+)$/s.exec(name);
  if (match)
    return translate(locale, 'offers.newOfferNamed', { name: quotedIn(match[1]!, locale) });
  return name;
}

/** A line's before or after: a price, a status, "price 44.99, 2 other fields", a deletion. */
export function valueIn(value: string, locale: Locale): string {
  if (locale === 'en' || value === '') return value;
  if (value === 'removed here (never sent)') return translate(locale, 'consequences.removedHere');
  if (value === 'deleted on the marketplace') return translate(locale, 'consequences.deletedThere');
  if (/^-?\d+(\.\d+)?$/.test(value)) return priceText(value, locale);
  const status = statusIn(value, locale);
  if (status) return status;
  const parts = value.split(', ').map((part) => {
    const price = /^price (\S+)$/.exec(part);
    if (price)
      return translate(locale, 'consequences.price', { price: priceText(price[1]!, locale) });
    const others = /^(\d+) other fields?$/.exec(part);
    if (others) return translate(locale, 'consequences.otherFields', { count: Number(others[1]) });
    return null;
  });
  return parts.every((p) => p !== null) ? parts.join(', ') : value;
}

const fixedReasons: Record<string, MessageKey> = {
  [SOLD_LEFT_OUT]: 'offers.soldLeftOut',
  'This offer no longer exists.': 'offers.gone',
  'Waiting to be deleted.': 'offers.waitingDelete',
  'Already waiting to be deleted.': 'offers.alreadyWaitingDelete',
  'Its product is not in the local catalogue: pull first.': 'offers.noProduct',
  'No price yet.': 'offers.noPrice',
};

/** Why an offer is left out (usecases/offers/consequences.ts), said in the language. */
export function reasonIn(reason: string, locale: Locale): string {
  if (locale === 'en') return reason;
  const fixed = fixedReasons[reason];
  if (fixed) return translate(locale, fixed);
  let match = /^The new price would be (\S+): a price must be above 0\.$/.exec(reason);
  if (match)
    return translate(locale, 'offers.priceToZero', { price: priceText(match[1]!, locale) });
  match = /^The price stays (\S+) once rounded\.$/.exec(reason);
  if (match) return translate(locale, 'offers.priceStays', { price: priceText(match[1]!, locale) });
  match = /^Already (.+)\.$/.exec(reason);
  const status = match && statusIn(match[1]!, locale);
  if (status) return translate(locale, 'offers.alreadyStatus', { status });
  return reason;
}

/** The rounding rule, or the note of what we expect refused (previewChange.ts's `rule`). */
export function ruleIn(rule: string | null, locale: Locale): string | null {
  if (locale === 'en' || rule === null) return rule;
  if (rule === PRICE_ROUNDING_RULE) return translate(locale, 'offers.roundingRule');
  return rule;
}

/** Refusals we expect, by their catalogue key: the English sentence and how many offers. */
export type Expected = Map<StatusExpectation['key'], { sentence: string; count: number }>;

/**
 * What the app expects the marketplace to refuse, where the API document does not say: told,
 * not enforced. The changes are sent; a refusal comes back with the marketplace's reason.
 */
export function expectationNote(expected: Expected, locale: Locale): string {
  if (locale === 'en') {
    const parts = [...expected.values()].map(
      ({ sentence, count: n }) =>
        `${sentence.replace(/\.$/, '')} (${n === 1 ? '1 offer' : `${n} offers`}).`,
    );
    return `${parts.join(' ')} The marketplace's rules here are not published, so these changes are sent anyway: it decides, and a refusal shows with its reason.`;
  }
  const parts = [...expected].map(([key, { count }]) => translate(locale, key, { count }));
  return `${parts.join(' ')} ${translate(locale, 'consequences.expect.tail')}`;
}

/**
 * Why a plan leaves its offer out, in the language: from its catalogue message (a status in it
 * kept as its number, said by the language's name), the English where it has none.
 */
export function leftOutIn(plan: { reason: string; say?: ProblemSay }, locale: Locale): string {
  if (locale === 'en' || !plan.say) return plan.reason;
  const status = plan.say.values?.status;
  if (typeof status !== 'number') return sayReason(plan.say, locale);
  const name = statusIn(statusName(status), locale) ?? String(status);
  return translate(locale, plan.say.key, { ...plan.say.values, status: name });
}

/** The review warning in the language (its count from the preview). */
export function warningIn(warning: string, reviewCount: number, locale: Locale, english: string) {
  if (locale === 'en' || warning !== english) return warning;
  return translate(locale, 'offers.reviewWarning', { count: reviewCount });
}

/**
 * What happens to the Not Active gold offers an edit touches, in the language: kept Not Active
 * (the default: the edit goes with a status change back to Not Active), or back on sale.
 * Null when the change touches none.
 */
export function onSaleWarningIn(count: number, keptPaused: boolean, locale: Locale): string | null {
  if (count === 0) return null;
  if (locale === 'en') return onSaleWarning(count, keptPaused);
  return translate(locale, keptPaused ? 'offers.onSaleKept' : 'offers.onSaleGoes', { count });
}

/** How many offers a change would have sell below cost, in the language; null for none. */
export function belowCostIn(count: number, locale: Locale): string | null {
  if (count === 0) return null;
  if (locale === 'en') return belowCostWarning(count);
  return translate(locale, 'offers.belowCostWarning', { count });
}

/** The parts of a bulk change's or an import's consequences that carry the core's sentences. */
interface ConsequenceSentences {
  changes: { offer: string; before: string; after: string }[];
  leftOut: { offer: string; reason: string }[];
  toReview: string[];
  toReviewCount: number;
  toSale: string[];
  warnings: string[];
}

/** Consequences built in English (usecases/offers/consequences), said in the language. */
export function consequencesIn<T extends ConsequenceSentences & { rule: string | null }>(
  c: T,
  locale: Locale,
): T {
  if (locale === 'en') return c;
  const english = reviewWarning(c.toReviewCount);
  // The lines keep whatever else they carry (local id or file line): only the words change.
  return {
    ...c,
    changes: c.changes.map((line) => ({
      ...line,
      offer: offerNameIn(line.offer, locale),
      before: valueIn(line.before, locale),
      after: valueIn(line.after, locale),
    })),
    leftOut: c.leftOut.map((line) => ({
      ...line,
      offer: offerNameIn(line.offer, locale),
      reason: reasonIn(line.reason, locale),
    })),
    toReview: c.toReview.map((name) => offerNameIn(name, locale)),
    toSale: c.toSale.map((name) => offerNameIn(name, locale)),
    rule: ruleIn(c.rule, locale) ?? c.rule,
    warnings: c.warnings.map((w) => warningIn(w, c.toReviewCount, locale, english)),
  } as T;
}
