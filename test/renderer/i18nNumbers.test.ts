// Numbers as the seller types and reads them in their language.
import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatCount,
  formatDuration,
  formatPrice,
  parseDecimal,
} from '../../electron/contract/i18n';

describe('parseDecimal', () => {
  it.each([
    ['0,06', 'ru', 0.06],
    ['0.06', 'ru', 0.06],
    ['1 000,5', 'ru', 1000.5],
    ['1\u00a0000,5', 'ru', 1000.5],
    ['1\u202f000', 'ru', 1000],
    [',5', 'ru', 0.5],
    ['-3,25', 'ru', -3.25],
    ['  12 ', 'ru', 12],
    ['0.06', 'en', 0.06],
    ['0,06', 'en', 0.06],
    ['-0,5', 'en', -0.5],
    ['12,50', 'en', 12.5],
    ['1,000.5', 'en', 1000.5],
    ['1,000,000', 'en', 1_000_000],
    ['1000', 'en', 1000],
    ['−2.5', 'en', -2.5],
  ] as const)('%j in %s is %d', (text, locale, value) => {
    expect(parseDecimal(text, locale)).toEqual({ ok: true, value });
  });

  it('refuses an English "1,000" with a sentence saying how to write either reading', () => {
    expect(parseDecimal('1,000', 'en')).toEqual({
      ok: false,
      problem: '“1,000” is unclear: for one thousand write 1000, for a decimal use a dot (1.000).',
    });
  });

  it.each([
    ['abc', 'en'],
    ['1.2.3', 'en'],
    ['1,00,0', 'en'],
    ['1,000,5', 'en'],
    ['1,5.5', 'en'],
    ['1 00', 'ru'],
    ['1.000,5', 'ru'],
    ['12a', 'ru'],
    ['-', 'ru'],
    ['', 'en'],
  ] as const)('refuses %j in %s', (text, locale) => {
    const parsed = parseDecimal(text, locale);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem.length).toBeGreaterThan(5);
  });

  it('says what is wrong in Russian to a Russian reader', () => {
    expect(parseDecimal('abc', 'ru')).toEqual({ ok: false, problem: '«abc» — не число.' });
  });
});

describe('formatting per language', () => {
  it('writes prices and counts as each language does', () => {
    expect(formatPrice('en', 1234.5)).toBe('1,234.5');
    expect(formatPrice('ru', 1234.5)).toBe('1\u00a0234,5');
    expect(formatPrice('ru', null)).toBe('—');
    expect(formatCount('en', 2_000_000_000)).toBe('2B');
    expect(formatCount('ru', 2_000_000_000)).toBe('2\u00a0млрд');
  });

  it('says how long ago and how long to wait in the language', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(formatAgo('en', ago(5), now)).toBe('5 min ago');
    expect(formatAgo('ru', ago(5), now)).toBe('5 мин назад');
    expect(formatAgo('ru', null, now)).toBe('никогда');
    expect(formatDuration('ru', 500)).toBe('меньше секунды');
    expect(formatDuration('en', 12_000)).toBe('12 s');
    expect(formatDuration('ru', 180_000)).toBe('3 мин');
  });
});
