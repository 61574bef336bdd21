// The activity log's operation and answer columns in the app's language. The log keeps them as
// the core wrote them, in English (the command line and the CSV export read the same rows), in a
// small fixed grammar (core/usecases/activity/recordActivity.ts); each form is said again here
// from the catalogue. The marketplace's own words after a colon stay as it wrote them, and an
// unknown form is shown as it was kept.
import type { Locale, MessageKey, MessageValues } from '../../../electron/contract/i18n';
import { translate } from '../../../electron/contract/i18n';
import { activitySayIn, type ActivitySay } from '../../../electron/contract/rules/refusedFields';
import { currentLocale } from './i18nText';

type Form = [RegExp, MessageKey, (m: RegExpExecArray, locale: Locale) => MessageValues];

const n = (text: string | undefined) => Number(text ?? 0);

const statusKeys: Readonly<Record<string, MessageKey>> = {
  Draft: 'offers.statusDraft',
  Active: 'offers.statusActive',
  'Not Active': 'offers.statusNotActive',
  'Need Details': 'offers.statusNeedDetails',
  'On Review': 'offers.statusOnReview',
  Sold: 'offers.statusSold',
  'Review Passed': 'offers.statusReviewPassed',
};

const operations: readonly Form[] = [
  [/^Read products$/, 'activity.op.readProducts', () => ({})],
  [/^Read product (\d+)$/, 'activity.op.readProduct', (m) => ({ id: m[1]! })],
  [/^Read offers$/, 'activity.op.readOffers', () => ({})],
  [
    /^Create (\d+) offers? and edit (\d+) offers?$/,
    'activity.op.createAndEdit',
    (m) => ({ created: n(m[1]), edited: n(m[2]) }),
  ],
  [/^Create (\d+) offers?$/, 'activity.op.create', (m) => ({ count: n(m[1]) })],
  [/^Edit (\d+) offers?$/, 'activity.op.edit', (m) => ({ count: n(m[1]) })],
  [/^Send offers$/, 'activity.op.send', () => ({})],
  [
    /^Set status to (.+)$/,
    'activity.op.setStatusTo',
    (m, locale) => ({
      status: statusKeys[m[1]!] ? translate(locale, statusKeys[m[1]!]!) : m[1]!,
    }),
  ],
  [/^Set status$/, 'activity.op.setStatus', () => ({})],
  [/^Delete offer$/, 'activity.op.deleteOffer', () => ({})],
  [/^Remove screenshot$/, 'activity.op.removeScreenshot', () => ({})],
  [/^Attach (\d+) screenshot links?$/, 'activity.op.attachLinks', (m) => ({ count: n(m[1]) })],
  [/^Upload (\d+) credentials?$/, 'activity.op.uploadCredentials', (m) => ({ count: n(m[1]) })],
  [
    /^Replace credentials with (\d+)$/,
    'activity.op.replaceCredentials',
    (m) => ({ count: n(m[1]) }),
  ],
  [/^Change a credential$/, 'activity.op.changeCredential', () => ({})],
  [/^Delete a credential$/, 'activity.op.deleteCredential', () => ({})],
  [/^Upload screenshot file$/, 'activity.op.uploadScreenshot', () => ({})],
];

/** The client's own details of a failure (core/api/client.ts), said again in the language. */
const clientDetails: Readonly<Record<string, MessageKey>> = {
  'no reason given': 'activity.answer.noReason',
  'the connection failed before the request was sent': 'activity.detail.notSent',
  'the connection failed after the request was sent': 'activity.detail.maybeSent',
  'no answer in time before the request was sent': 'activity.detail.timeoutNotSent',
  'no answer in time after the request was sent': 'activity.detail.timeoutMaybeSent',
  'the request could not be started': 'activity.detail.notStarted',
  'the answer is too large': 'activity.detail.tooLarge',
};

/** A failure's detail: the marketplace's words as written, ours said again. */
const detailIn = (text: string, locale: Locale) => {
  const key = clientDetails[text];
  return key ? translate(locale, key) : text;
};

const answers: readonly Form[] = [
  [
    /^(\d+) of (\d+) offers read$/,
    'activity.answer.offersRead',
    (m) => ({ read: n(m[1]), total: n(m[2]) }),
  ],
  [
    /^(\d+) of (\d+) products? read$/,
    'activity.answer.productsRead',
    (m) => ({ read: n(m[1]), total: n(m[2]) }),
  ],
  [/^(\d+) offers? accepted$/, 'activity.answer.accepted', (m) => ({ count: n(m[1]) })],
  [
    /^(\d+) accepted, (\d+) refused: ([\s\S]*)$/,
    'activity.answer.someRefused',
    (m) => ({ accepted: n(m[1]), refused: n(m[2]), reasons: m[3]! }),
  ],
  [/^(\d+) links? attached$/, 'activity.answer.linksAttached', (m) => ({ count: n(m[1]) })],
  [
    /^(\d+) attached, (\d+) refused: ([\s\S]*)$/,
    'activity.answer.someLinksRefused',
    (m) => ({ attached: n(m[1]), refused: n(m[2]), links: m[3]! }),
  ],
  [/^Product read$/, 'activity.answer.productRead', () => ({})],
  [/^Done$/, 'activity.answer.done', () => ({})],
  [
    /^Too many requests: ([\s\S]*)$/,
    'activity.answer.tooMany',
    (m, locale) => ({ detail: detailIn(m[1]!, locale) }),
  ],
  [
    /^Could not reach the marketplace: ([\s\S]*)$/,
    'activity.answer.notReached',
    (m, locale) => ({ detail: detailIn(m[1]!, locale) }),
  ],
  [
    /^No answer from the marketplace \(it may have been received\): ([\s\S]*)$/,
    'activity.answer.noAnswer',
    (m, locale) => ({ detail: detailIn(m[1]!, locale) }),
  ],
  [/^no reason given$/, 'activity.answer.noReason', () => ({})],
  [
    /^Token refused: ([\s\S]*)$/,
    'activity.answer.tokenRefused',
    (m, locale) => ({ detail: detailIn(m[1]!, locale) }),
  ],
];

/**
 * Entries an earlier version kept open with the HTTP status ("422 Screenshot: …"): a number for
 * engineers, left out on screen (the outcome column says "refused").
 */
function withoutStatus(text: string): string {
  return text.replace(/^[1-5]\d\d (?=\S)/, '');
}

function say(forms: readonly Form[], raw: string, locale: Locale): string {
  const text = withoutStatus(raw);
  if (locale === 'en') return text;
  for (const [pattern, key, values] of forms) {
    const m = pattern.exec(text);
    if (m) return translate(locale, key, values(m, locale));
  }
  return text;
}

/** "Edit 2 offers" → "Изменение 2 предложений". */
export function activityOperation(text: string, locale: Locale = currentLocale()): string {
  return say(operations, text, locale);
}

/**
 * "10 of 10 offers read" → "Прочитано предложений: 10 из 10". An entry kept with its message
 * (a refusal of fields) is said from it, its fields by the labels of the form in the language.
 */
export function activityAnswer(
  text: string,
  locale: Locale = currentLocale(),
  message?: ActivitySay,
): string {
  if (message && locale !== 'en') return activitySayIn(message, locale) ?? text;
  return say(answers, text, locale);
}
