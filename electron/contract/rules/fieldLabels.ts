// Field names and problems as the seller reads them, for every front: the form's labels ("Name
// shown to buyers", a product field's own title), never the API's keys (`outer_name`,
// `offers.0.data.101`). The rules and the marketplace word their messages after the API's keys
// ("The outer name field is required."); `sellerProblem` turns such a message into the label and
// the reason ("Name shown to buyers: required"). One map, so the core, the CLI and the renderer
// say the same. In another language a rule's reason is its catalogue message (FieldProblem.say),
// never a translation of the English text; only the marketplace's own words, which carry no
// message key, are recognised by their documented forms.

import { intlTag, type Locale } from '../i18n/locale';
import { translate } from '../i18n/translate';
import type { MessageValues } from '../i18n/messages';
import type { ProblemSay } from './problems';
import { failedLinksIn } from './screenshots';

/** What a product must offer for its fields to be named by their titles. */
export interface LabelledProduct {
  product_fields: readonly { id: number; title: string }[];
}

/** The offer's write fields, by the labels of the offer form. */
export const writeFieldLabels: Readonly<Record<string, string>> = {
  price_per_step: 'Price per step',
  amount: 'Amount',
  min_purchase_amount: 'Min purchase amount',
  guarantee_delivery_time: 'Delivery time',
  outer_name: 'Name shown to buyers',
  internal_name: 'Internal name',
  description: 'Description',
  booster_price: 'Booster price',
  credential_system_type_id: 'Credential system',
  comment_for_reviewer: 'Comment for the reviewer',
  is_auto_activate_status: 'Activate after review',
  marketplace_type: 'Marketplace type',
  screenshots: 'Screenshots',
  screenshot_url: 'Screenshot',
  search_description: 'Search description',
  status: 'Status',
  product_id: 'Product',
  data: 'Product fields',
  credentials: 'Accounts',
};

/** An account's fields, as the credentials panel and its imports name them. */
export const credentialFieldLabels: Readonly<Record<string, string>> = {
  login: 'Login',
  password: 'Password',
  game_password: 'Game password',
  email: 'Email',
  email_password: 'Email password',
  is_2fa_active: 'Two-factor authentication',
  comment: 'Comment',
  cost: 'Cost per account',
};

/** The same labels for a Russian reader (same keys; a key missing here reads in English). */
export const ruWriteFieldLabels: Readonly<Record<string, string>> = {
  price_per_step: 'Цена за шаг',
  amount: 'Количество',
  min_purchase_amount: 'Мин. покупка',
  guarantee_delivery_time: 'Время выдачи',
  outer_name: 'Название для покупателей',
  internal_name: 'Внутреннее название',
  description: 'Описание',
  booster_price: 'Цена бустера',
  credential_system_type_id: 'Система выдачи',
  comment_for_reviewer: 'Комментарий для модератора',
  is_auto_activate_status: 'Активировать после проверки',
  marketplace_type: 'Тип маркетплейса',
  screenshots: 'Скриншоты',
  screenshot_url: 'Скриншот',
  search_description: 'Описание для поиска',
  status: 'Статус',
  product_id: 'Товар',
  data: 'Поля товара',
  credentials: 'Аккаунты',
};

export const ruCredentialFieldLabels: Readonly<Record<string, string>> = {
  login: 'Логин',
  password: 'Пароль',
  game_password: 'Игровой пароль',
  email: 'Email',
  email_password: 'Пароль от email',
  is_2fa_active: 'Двухфакторная аутентификация',
  comment: 'Комментарий',
  cost: 'Цена закупки за аккаунт',
};

const wordsIn = {
  en: {
    write: writeFieldLabels,
    credential: credentialFieldLabels,
    productField: 'A product field',
    account: (n: number, name: string) => `Account ${n}: ${name}`,
    screenshot: (n: number) => `Screenshot ${n}`,
  },
  ru: {
    write: ruWriteFieldLabels,
    credential: ruCredentialFieldLabels,
    productField: 'Поле товара',
    account: (n: number, name: string) => `Аккаунт ${n}: ${name}`,
    screenshot: (n: number) => `Скриншот ${n}`,
  },
} as const;

/** Field keys that stand for the whole offer (or a file's whole line), not one of its fields. */
const WHOLE_OFFER = new Set(['', '(offer)', 'offer', 'offers', 'line']);

/** `offers.3.outer_name` (a manage batch's path) is the offer's `outer_name`. */
function withoutBatchIndex(field: string): string {
  return field.replace(/^offers\.\d+\.?/, '');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field key's words when no label is known: `some_new_field` → "Some new field". */
function plainWords(key: string): string {
  return capitalised(key.replace(/[_.]+/g, ' ').trim());
}

/** The label of a field key, or '' when the key stands for the whole offer. */
export function fieldLabel(
  field: string,
  product?: LabelledProduct | null,
  locale: Locale = 'en',
): string {
  const words = wordsIn[locale];
  const key = withoutBatchIndex(field.trim());
  if (WHOLE_OFFER.has(key)) return '';
  const data = /^data\.(.+)$/.exec(key);
  if (data) {
    const found = product?.product_fields.find((f) => String(f.id) === data[1]);
    return found ? found.title : words.productField;
  }
  const credential = /^credentials\.(\d+)\.(.+)$/.exec(key);
  if (credential) {
    const name =
      words.credential[credential[2]!] ??
      credentialFieldLabels[credential[2]!] ??
      plainWords(credential[2]!);
    return words.account(Number(credential[1]) + 1, name);
  }
  const shot = /^screenshots\.(\d+)$/.exec(key);
  if (shot) return words.screenshot(Number(shot[1]) + 1);
  return (
    words.write[key] ??
    words.credential[key] ??
    writeFieldLabels[key] ??
    credentialFieldLabels[key] ??
    plainWords(key)
  );
}

/** How the rules and the marketplace open a message about a field, the subject captured. */
const SUBJECT_FORMS: readonly RegExp[] = [
  /^The field "([^"]+)" (?:is )?(.+)$/,
  /^The value of "([^"]+)" (?:is )?(.+)$/,
  /^"([^"]+)" (?:is )?(.+)$/,
  /^The (.+?) field (?:is )?(.+)$/,
];

/** The API key's words as the messages spell them: `min_purchase_amount` → "min purchase amount". */
function spokenKey(field: string): string {
  const key = withoutBatchIndex(field);
  return (key.split('.').pop() ?? key).replace(/_/g, ' ').toLowerCase();
}

function trimmedReason(reason: string): string {
  const text = reason.trim().replace(/\.$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The reason of a problem without the field it names ("required", "must be at least 0.0001"), to
 * show beside the field or after its label. A message naming no field is kept as it is.
 */
export function problemReason(
  field: string,
  message: string,
  locale: Locale = 'en',
  say?: ProblemSay | null,
): string {
  // English stays the message's own words (the command line prints them); the catalogue's
  // English is the same reason word for word.
  if (say && locale !== 'en') return sayReason(say, locale);
  // The app's own line about links the marketplace failed to attach (kept in English).
  const links = locale === 'en' ? null : failedLinksIn(message, locale);
  if (links) return links;
  const text = message.trim();
  const reason = (raw: string) => {
    const english = sameWordsAsOurs(raw);
    return locale === 'ru' ? russianReason(english) : english;
  };
  // Before the subject forms: "The product has no field 999." is not about a field named "product".
  if (/^The product has no field\b/.test(text)) return reason('not a field of this product');
  for (const form of SUBJECT_FORMS) {
    const match = form.exec(text);
    if (match) return reason(trimmedReason(match[2]!));
  }
  // "The min purchase amount must be at least …": the key's words without "field".
  const spoken = spokenKey(field);
  if (spoken && text.toLowerCase().startsWith(`the ${spoken} `)) {
    return reason(trimmedReason(text.slice(`the ${spoken} `.length).replace(/^is /, '')));
  }
  return text;
}

/** Numbers in a reason as the reader writes them ("0,0001"), never grouped (ids, limits). */
function valuesIn(locale: Locale, values: MessageValues | undefined): MessageValues | undefined {
  if (!values) return values;
  const said: Record<string, MessageValues[string]> = {};
  for (const [name, value] of Object.entries(values)) {
    said[name] =
      typeof value === 'number'
        ? new Intl.NumberFormat(intlTag[locale], {
            maximumFractionDigits: 10,
            useGrouping: false,
          }).format(value)
        : value;
  }
  return said;
}

/** A rule's reason (no field named) in the reader's language. */
export function sayReason(say: ProblemSay, locale: Locale): string {
  return translate(locale, say.key, valuesIn(locale, say.values));
}

/**
 * A problem as one sentence beside its line or field, in the reader's language: a rule's reason
 * from its catalogue message ("Должно быть не меньше 0,1."), with the values a select allows;
 * the English message as written otherwise.
 */
export function problemSentence(
  problem: { message: string; say?: ProblemSay | null; allowedValues?: readonly string[] },
  locale: Locale,
): string {
  if (locale === 'en' || !problem.say) return problem.message;
  const reason = `${capitalised(sayReason(problem.say, locale).replace(/\.$/, ''))}.`;
  return problem.allowedValues?.length
    ? `${reason} ${translate(locale, 'editor.allowedValues', { values: problem.allowedValues.join(', ') })}`
    : reason;
}

/** A bound the marketplace wrote ("0.0001") as the reader's reasons write numbers: "0,0001". */
function russianNumber(text: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  return String(valuesIn('ru', { bound: Number(text) })!.bound);
}

/**
 * The marketplace's own reasons (its 400 bodies carry no message key) in the forms its answers
 * take, in Russian; another reason stays as the marketplace worded it.
 */
const RUSSIAN_REASONS: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^required$/, () => 'обязательное поле'],
  [/^must be a number$/, () => 'должно быть числом'],
  [/^must be at least (.+)$/, (m) => `должно быть не меньше ${russianNumber(m[1]!)}`],
  [/^must not be longer than (\S+) characters$/, (m) => `не длиннее ${m[1]} символов`],
  [/^must not be greater than (.+)$/, (m) => `должно быть не больше ${russianNumber(m[1]!)}`],
  [/^must be exactly 1 for an account offer$/, () => 'для аккаунта должно быть ровно 1'],
  [/^not one of its options$/, () => 'нет среди вариантов'],
  [/^not a field of this product$/, () => 'у товара нет такого поля'],
  [/^must be less than the price per step$/, () => 'должна быть меньше цены за шаг'],
  [/^is for account offers only$|^for account offers only$/, () => 'только для аккаунтов'],
];

/**
 * The marketplace's "must not be greater than 650 characters" is a length limit: said in the
 * rules' one wording for it (editor.rule.maxCharacters), so the seller never reads two.
 */
function sameWordsAsOurs(reason: string): string {
  return reason.replace(
    /^must not be greater than (\S+) characters$/,
    'must not be longer than $1 characters',
  );
}

function russianReason(english: string): string {
  for (const [pattern, say] of RUSSIAN_REASONS) {
    const match = pattern.exec(english);
    if (match) return say(match);
  }
  return english;
}

/** The label a message itself gives its field (a product field's quoted title), if any. */
function quotedTitle(message: string): string | null {
  const match = /^(?:The field |The value of )?"([^"]+)"/.exec(message.trim());
  return match ? match[1]! : null;
}

/**
 * One problem in the seller's words: "Name shown to buyers: required", "Account title: required".
 * A problem of the whole offer is its message.
 */
export function sellerProblem(
  problem: { field?: string | null; message: string; say?: ProblemSay | null },
  product?: LabelledProduct | null,
  locale: Locale = 'en',
): string {
  const label = problemLabel(problem, product, locale);
  if (!label)
    return problem.say && locale !== 'en' ? problemSentence(problem, locale) : problem.message;
  return `${label}: ${problemReason(problem.field ?? '', problem.message, locale, problem.say)}`;
}

/**
 * The label of a problem's field; without the product at hand, a product field is named by the
 * title its message quotes. '' for a problem of the whole offer.
 */
export function problemLabel(
  problem: { field?: string | null; message: string },
  product?: LabelledProduct | null,
  locale: Locale = 'en',
): string {
  const field = problem.field ?? '';
  const label = fieldLabel(field, product, locale);
  if (/^data\./.test(withoutBatchIndex(field)) && label === wordsIn[locale].productField) {
    return quotedTitle(problem.message) ?? label;
  }
  return label;
}

/** The reason alone, as a sentence, for a message shown beside its field's input. */
export function reasonBesideField(
  field: string,
  message: string,
  locale: Locale = 'en',
  say?: ProblemSay | null,
): string {
  const reason = problemReason(field, message, locale, say);
  if (reason === message.trim()) return message;
  return `${capitalised(reason)}.`;
}
