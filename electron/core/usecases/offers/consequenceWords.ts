// The consequences of a bulk change or an offer import in the app's language. The use cases
// build them in English, which the command line prints unchanged; for another language each
// fixed sentence is said from the catalogues (consequences, offers), with prices written as the
// language writes numbers. A sentence of another form is left as the core wrote it.
import { formatNumber, translate, type Locale, type MessageKey } from '../../../contract/i18n';
import { PRICE_ROUNDING_RULE, SOLD_LEFT_OUT, statusName } from '../../../contract/rules';
import { offerStatusNames } from '../../../contract/marketplace/wire';

/** The status's name in the language ("Not sent yet" too); null for a word that is not one. */
export function statusIn(name: string, locale: Locale): string | null {
  if (name === statusName(null)) return translate(locale, 'offers.notSentYet');
  const known = Object.values(offerStatusNames).includes(name);
  return known ? translate(locale, `offers.status${name.replace(/ /g, '')}` as MessageKey) : null;
}

const priceText = (price: string, locale: Locale) =>
  /^-?\d+(\.\d+)?$/.test(price) ? formatNumber(locale, Number(price), 4) : price;

/** An offer as the use cases name it (offerName.ts), said in the language. */
export function offerNameIn(name: string, locale: Locale): string {
  if (locale === 'en') return name;
  if (name === 'An offer that no longer exists') return translate(locale, 'consequences.goneOffer');
  let match = /^Offer (\d+)(?: of (.+)| (.+))?$/s.exec(name);
  if (match) {
    const offer = translate(locale, 'offers.offerNamed', { id: match[1] });
    if (match[2]) return translate(locale, 'offers.offerOf', { offer, product: match[2] });
    return match[3] ? `${offer} ${match[3]}` : offer;
  }
  match = /^New offer of (.+)$/s.exec(name);
  if (match) return translate(locale, 'offers.newOfferOf', { product: match[1] });
  match = /^New offer (.+)$/s.exec(name);
  if (match) return translate(locale, 'offers.newOfferNamed', { name: match[1] });
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

const expectations: Record<string, MessageKey> = {
  'We expect a sold offer to keep its status.': 'consequences.expect.sold',
  'We expect an offer that needs details to go only to Draft or On Review.':
    'consequences.expect.needsDetails',
  'We expect an account offer to need at least one screenshot before review.':
    'consequences.expect.screenshot',
};

/**
 * What the app expects the marketplace to refuse, where the API document does not say: told,
 * not enforced. The changes are sent; a refusal comes back with the marketplace's reason.
 */
export function expectationNote(expected: Map<string, number>, locale: Locale): string {
  if (locale === 'en') {
    const parts = [...expected].map(
      ([sentence, n]) => `${sentence.replace(/\.$/, '')} (${n === 1 ? '1 offer' : `${n} offers`}).`,
    );
    return `${parts.join(' ')} The marketplace's rules here are not published, so these changes are sent anyway: it decides, and a refusal shows with its reason.`;
  }
  const parts = [...expected].map(([sentence, count]) => {
    const key = expectations[sentence];
    return key
      ? translate(locale, key, { count })
      : translate(locale, 'consequences.expect.other', {
          sentence: sentence.replace(/\.$/, ''),
          count,
        });
  });
  return `${parts.join(' ')} ${translate(locale, 'consequences.expect.tail')}`;
}

/** The review warning in the language (its count from the preview). */
export function warningIn(warning: string, reviewCount: number, locale: Locale, english: string) {
  if (locale === 'en' || warning !== english) return warning;
  return translate(locale, 'offers.reviewWarning', { count: reviewCount });
}
