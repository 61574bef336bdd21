// Every message the seller can see exists in English and Russian, parses as ICU, takes the same
// values in both, and counts in Russian with all its plural forms (1 предложение, 2 предложения,
// 5 предложений, 21 предложение).
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  catalogues,
  intlTag,
  locales,
  pickLocale,
  resolveLocale,
  translate,
  type MessageKey,
} from '../../electron/contract/i18n';
import { catalogueAreas } from '../../electron/contract/i18n/catalogues';

type Ast = ReturnType<IntlMessageFormat['getAst']>;
type Element = Ast[number];

/** Each ICU argument of a message with its kind (plural, select, number, plain …). */
function argumentsOf(ast: Ast, into = new Map<string, number>()): Map<string, number> {
  for (const element of ast as Element[]) {
    if ('value' in element && typeof element.value === 'string' && element.type !== 0) {
      // 0 is literal text; '#' (type 7) has no name.
      into.set(element.value, element.type);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options as Record<string, { value: Ast }>)) {
        argumentsOf(option.value, into);
      }
    }
    if ('children' in element) argumentsOf(element.children as Ast, into);
  }
  return into;
}

/** The plural elements of a message with the categories each covers. */
function pluralsOf(ast: Ast, into: string[][] = []): string[][] {
  for (const element of ast as Element[]) {
    if ('options' in element) {
      const options = element.options as Record<string, { value: Ast }>;
      if (element.type === 6) into.push(Object.keys(options));
      for (const option of Object.values(options)) pluralsOf(option.value, into);
    }
    if ('children' in element) pluralsOf(element.children as Ast, into);
  }
  return into;
}

const keys = Object.keys(catalogues.en) as MessageKey[];

describe('message catalogues', () => {
  it('has messages, and reads their arguments and plurals (else the checks below prove nothing)', () => {
    expect(keys.length).toBeGreaterThan(10);
    const ast = (key: MessageKey) => new IntlMessageFormat(catalogues.ru[key], 'ru').getAst();
    expect([...argumentsOf(ast('number.ambiguousComma')).keys()].sort()).toEqual([
      'decimal',
      'text',
      'thousand',
    ]);
    expect(pluralsOf(ast('common.offers'))).toEqual([['one', 'few', 'many', 'other']]);
  });

  it.each(Object.entries(catalogueAreas))(
    'area %s: the same keys in en and ru, each named "<area>.<name>"',
    (area, messages) => {
      expect(Object.keys(messages.ru).sort()).toEqual(Object.keys(messages.en).sort());
      for (const key of Object.keys(messages.en)) expect(key.startsWith(`${area}.`)).toBe(true);
    },
  );

  it('no key is defined by two areas (the later would silently win)', () => {
    const all = Object.values(catalogueAreas).flatMap((messages) => Object.keys(messages.en));
    expect(all.length).toBe(new Set(all).size);
  });

  it.each(keys)('%s parses in both languages and takes the same values', (key) => {
    const [en, ru] = locales.map((locale) => {
      const text = catalogues[locale][key];
      expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
      return new IntlMessageFormat(text, intlTag[locale]).getAst();
    });
    expect([...argumentsOf(ru!).entries()].sort()).toEqual([...argumentsOf(en!).entries()].sort());
    for (const categories of pluralsOf(en!))
      expect(categories).toEqual(expect.arrayContaining(['one', 'other']));
    for (const categories of pluralsOf(ru!)) {
      expect(categories, `${key}: Russian plurals need one, few, many and other`).toEqual(
        expect.arrayContaining(['one', 'few', 'many', 'other']),
      );
    }
  });

  it('a Russian message has Russian words, not an English copy', () => {
    const untranslated = keys.filter(
      (key) =>
        // Names of products (ours, Telegram) stay as they are in every language.
        /[A-Za-z]{3,}/.test(
          catalogues.ru[key].replace(/\{[^{}]*\}/g, '').replace(/Seller Desk|Telegram/g, ''),
        ) && !/[А-Яа-яЁё]/.test(catalogues.ru[key]),
    );
    expect(untranslated).toEqual([]);
  });

  it('counts offers in Russian with the right form for 1, 2, 5, 21 and 0', () => {
    const say = (count: number) => translate('ru', 'common.offers', { count });
    expect([1, 2, 5, 21, 0, 11, 22, 1000].map(say)).toEqual([
      '1 предложение',
      '2 предложения',
      '5 предложений',
      '21 предложение',
      '0 предложений',
      '11 предложений',
      '22 предложения',
      '1\u00a0000 предложений',
    ]);
    expect([1, 2, 1000].map((count) => translate('en', 'common.offers', { count }))).toEqual([
      '1 offer',
      '2 offers',
      '1,000 offers',
    ]);
  });
});

describe('the language the app speaks', () => {
  it.each([
    [['ru-RU', 'en-US'], 'ru'],
    [['ru'], 'ru'],
    [['de-DE', 'ru'], 'ru'],
    [['en-GB', 'ru'], 'en'],
    [['uk-UA'], 'en'],
    [['be', 'ru-BY'], 'ru'],
    [[], 'en'],
  ] as const)('%j → %s', (preferred, locale) => {
    expect(pickLocale(preferred)).toBe(locale);
  });

  it('a choice in Settings wins over the OS; "system" follows it', () => {
    expect(resolveLocale('en', ['ru-RU'])).toBe('en');
    expect(resolveLocale('ru', ['en-US'])).toBe('ru');
    expect(resolveLocale('system', ['ru-RU'])).toBe('ru');
  });
});
