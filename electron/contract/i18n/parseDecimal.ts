// A number as the seller types it in their language. Russian writes "0,06" and groups thousands
// with spaces ("1 000,5"); a dot is taken too, since keyboards and habits mix. In English a comma
// groups thousands, so "1,000" may be a thousand or, from a seller used to decimal commas, one:
// it is refused with a sentence saying how to write either, never guessed. A comma no grouping
// could make ("0,06", "12,5") can only be a decimal comma, and is read as one.
import { translate } from './translate';
import type { Locale } from './locale';

export type ParsedDecimal = { ok: true; value: number } | { ok: false; problem: string };

/** Spaces a number may be grouped with: typed, or copied from a formatted Russian number. */
const groupSpaces = /[\s\u00a0\u202f\u2009]/g;

function digitsGroupedBySpaces(integer: string): string | null {
  if (!groupSpaces.test(integer)) return integer;
  groupSpaces.lastIndex = 0;
  const groups = integer.split(groupSpaces);
  groupSpaces.lastIndex = 0;
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first ?? '') || !rest.every((group) => /^\d{3}$/.test(group))) {
    return null;
  }
  return groups.join('');
}

export function parseDecimal(text: string, locale: Locale): ParsedDecimal {
  const problem = (key: Parameters<typeof translate>[1], values?: Record<string, string>) =>
    ({ ok: false, problem: translate(locale, key, values) }) as const;
  const trimmed = text.trim().replace(/\u2212/g, '-');
  if (trimmed === '') return problem('number.empty');
  const notANumber = () => problem('number.notANumber', { text: trimmed });
  const signMatch = /^[-+]?/.exec(trimmed);
  const sign = signMatch?.[0] === '-' ? '-' : '';
  let body = trimmed.slice(signMatch?.[0].length ?? 0);

  if (locale === 'ru') {
    const separators = body.match(/[.,]/g) ?? [];
    if (separators.length > 1) return problem('number.twoSeparators', { text: trimmed });
    const [integer = '', fraction] = body.split(/[.,]/);
    const digits = digitsGroupedBySpaces(integer);
    if (digits === null || !/^\d*$/.test(digits)) return notANumber();
    if (fraction !== undefined && !/^\d+$/.test(fraction)) return notANumber();
    if (digits === '' && fraction === undefined) return notANumber();
    body = fraction === undefined ? digits : `${digits || '0'}.${fraction}`;
  } else {
    const dot = body.indexOf('.');
    const integerText = dot === -1 ? body : body.slice(0, dot);
    const fraction = dot === -1 ? undefined : body.slice(dot + 1);
    if (fraction !== undefined && !/^\d+$/.test(fraction)) return notANumber();
    let integer = digitsGroupedBySpaces(integerText);
    if (integer === null) return notANumber();
    if (integer.includes(',')) {
      if (fraction === undefined && /^\d{1,3},\d{3}$/.test(integer)) {
        return problem('number.ambiguousComma', {
          text: trimmed,
          thousand: `${sign}${integer.replace(',', '')}`,
          decimal: `${sign}${integer.replace(',', '.')}`,
        });
      }
      if (fraction === undefined && /^\d*,\d+$/.test(integer)) {
        // "0,06", "12,5": a comma no thousands grouping could make, so the decimal comma.
        const [whole = '', decimals] = integer.split(',');
        body = `${whole || '0'}.${decimals}`;
        const value = Number(`${sign}${body}`);
        return Number.isFinite(value) ? { ok: true, value } : notANumber();
      }
      if (!/^\d{1,3}(,\d{3})+$/.test(integer)) return notANumber();
      integer = integer.replace(/,/g, '');
    }
    if (!/^\d*$/.test(integer) || (integer === '' && fraction === undefined)) return notANumber();
    body = fraction === undefined ? integer : `${integer || '0'}.${fraction}`;
  }
  const value = Number(`${sign}${body}`);
  return Number.isFinite(value) ? { ok: true, value } : notANumber();
}
