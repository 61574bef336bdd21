// Echoing untrusted text into a message (core/util/echo): one line, bounded, and never a line
// that looks like account credentials.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerWriteColumns } from '../../electron/core/imports/offers/offerColumns';
import {
  boundText,
  columnLabel,
  CREDENTIALS_NOT_SHOWN,
  ECHO_MAX,
  looksLikeCredentials,
  quoteForMessage,
} from '../../electron/core/util/echo';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;
const codePoints = (text: string) => [...text].length;

/** A part of an account line: no whitespace, none of the separators. */
const partArb = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
  .filter((s) => !/[\s:;|,]|----/.test(s) && s !== '');

describe('boundText', () => {
  it('keeps at most max characters on one line, and counts the rest', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.nat({ max: 120 }),
        (text, max) => {
          const out = boundText(text, max);
          expect(out).not.toMatch(CONTROL);
          const suffix = /… \((\d+) more characters?\)$/.exec(out);
          if (suffix) expect(codePoints(out.slice(0, suffix.index))).toBeLessThanOrEqual(max);
          else expect(codePoints(out)).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('leaves a short, clean text as it is', () => {
    fc.assert(
      // Printable ASCII: nothing to take out.
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: ECHO_MAX }), (text) => {
        expect(boundText(text)).toBe(text.trim());
      }),
    );
  });

  it('says how much of a long header it left out, in a few bytes', () => {
    const out = boundText('x'.repeat(409 * 1024));
    expect(out).toBe(`${'x'.repeat(ECHO_MAX)}… (${409 * 1024 - ECHO_MAX} more characters)`);
    expect(boundText('a\r\nb\u202eevil\u0000')).toBe('a b evil');
    // A surrogate pair is one character, never cut in half.
    expect(boundText('😀😀😀', 2)).toBe('😀😀… (1 more character)');
  });
});

describe('looksLikeCredentials', () => {
  it('recognises login<sep>password lines, with or without more fields', () => {
    fc.assert(
      fc.property(
        partArb,
        partArb,
        fc.constantFrom(':', ';', '|', '\t', '----'),
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
        (login, password, separator, rest) => {
          const line = [login, password, ...rest].join(separator);
          expect(looksLikeCredentials(line)).toBe(true);
          expect(quoteForMessage(line)).toBe(CREDENTIALS_NOT_SHOWN);
        },
      ),
    );
  });

  it('recognises an email followed by a value', () => {
    expect(looksLikeCredentials('john.doe@mail.example,Secret1')).toBe(true);
    expect(looksLikeCredentials('john.doe@mail.example Secret1')).toBe(true);
    expect(looksLikeCredentials('https://user:pass@images.example/a.png')).toBe(true);
  });

  it('lets headers, titles, sentences and plain links through', () => {
    for (const header of [
      ...Object.keys(offerWriteColumns),
      'data.12',
      'Realm',
      'Rank (solo)',
      'Server: EU',
      'Price per step',
      'https://images.sandbox.test/a.png',
      'john.doe@mail.example',
      'The value is not one of its options.',
    ]) {
      expect([header, looksLikeCredentials(header)]).toEqual([header, false]);
    }
  });

  it('judges a hostile line in linear time', () => {
    const started = performance.now();
    looksLikeCredentials(`x@${'a.'.repeat(200_000)}`);
    looksLikeCredentials(`${'a'.repeat(200_000)}@b.c${',;'.repeat(100_000)}`);
    looksLikeCredentials(`https://${'a?'.repeat(200_000)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('quoteForMessage and columnLabel', () => {
  it('quote what may be shown and name the rest by position', () => {
    expect(quoteForMessage('Realm')).toBe('"Realm"');
    expect(quoteForMessage('y'.repeat(100), { max: 5 })).toBe('"yyyyy… (95 more characters)"');
    expect(columnLabel('Realm', 0)).toBe('Realm');
    expect(columnLabel('john:Secr3t', 2)).toBe('#3');
  });
});
