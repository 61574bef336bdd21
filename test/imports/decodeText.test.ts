// The encoding of a file is decided with confidence or not at all: damaged UTF-8 is reported by
// line and never re-read in a legacy encoding, a legacy file is recognised when one reading is
// clearly right, the seller is asked when none is, and bytes that are not text are refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, type DecodeResult } from '../../electron/core/imports/text/decodeText';
import {
  koi8r,
  randomBytes,
  utf16leWithBom,
  utf8WithBom,
  windows1251,
  windows1252,
} from './encodings';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

function decoded(result: DecodeResult) {
  if (result.kind !== 'text') throw new Error(`expected text, got ${JSON.stringify(result)}`);
  return result;
}

/** A UTF-8 account list with Cyrillic and accents, as a seller's script writes it. */
const accounts = [
  'логин_1:пароль-один:first@mail.test',
  'josé:contraseña',
  'user3:pw3',
  'игрок:секрет:player@mail.test:почта',
  'last:pw5',
];

describe('UTF-8 with damage: the broken lines are named, the rest is read exactly', () => {
  it.each([
    ['a stray 0xFF', [0xff]],
    ['a stray continuation byte', [0x80]],
    ['a lead byte without its tail', [0xd0]],
    ['half of a three-byte character', [0xe2, 0x82]],
  ])('%s on line 3', (_name, damage) => {
    const lines = accounts.map((line) => utf8(line));
    lines[2] = Buffer.concat([utf8('user3:p'), Buffer.from(damage), utf8('w3')]);
    const result = decoded(decodeText(Buffer.concat(lines.flatMap((l) => [l, utf8('\n')]))));
    expect(result).toMatchObject({ encoding: 'utf-8', source: 'utf-8', brokenLines: [3] });
    const read = result.text.split('\n');
    expect(read[2]).toContain('\ufffd');
    expect(read.filter((_, i) => i !== 2)).toEqual([...accounts.filter((_, i) => i !== 2), '']);
  });

  it('a stray byte in a file that is otherwise plain ASCII', () => {
    const bytes = Buffer.concat([
      utf8('alpha:pw1\nbeta:p'),
      Buffer.of(0xff),
      utf8('w2\ngamma:pw3\n'),
    ]);
    expect(decoded(decodeText(bytes))).toMatchObject({ encoding: 'utf-8', brokenLines: [2] });
  });

  it.each([
    ['a two-byte letter', 'last:пароль', 1],
    ['a three-byte sign', 'last:price€', 2],
    ['a four-byte emoji', 'last:pw😀', 3],
  ])('a file cut inside %s: its last line is broken', (_name, lastLine, cutBytes) => {
    const full = utf8([...accounts.slice(0, 4), lastLine].join('\n'));
    const result = decoded(decodeText(full.subarray(0, full.length - cutBytes)));
    expect(result).toMatchObject({ encoding: 'utf-8', brokenLines: [5] });
    expect(result.text.split('\n').slice(0, 4)).toEqual(accounts.slice(0, 4));
  });

  it('reports broken lines after a BOM and under the seller’s own choice of UTF-8', () => {
    const bytes = Buffer.concat([utf8('a:b\nc:'), Buffer.of(0xc3), utf8('d\n')]);
    expect(decoded(decodeText(utf8WithBom('x:y\n')))).toMatchObject({ source: 'bom' });
    expect(decoded(decodeText(Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), bytes])))).toMatchObject({
      source: 'bom',
      brokenLines: [2],
    });
    expect(decoded(decodeText(bytes, { encoding: 'UTF-8' }))).toMatchObject({
      source: 'override',
      encoding: 'utf-8',
      brokenLines: [2],
    });
  });

  it('counts lines as the parsers do: CRLF, LF and a lone CR each end one', () => {
    const bytes = Buffer.concat([utf8('a:1\r\nb:2\rc:3\nd:'), Buffer.of(0xff), utf8('\r\n')]);
    expect(decoded(decodeText(bytes)).brokenLines).toEqual([4]);
  });
});

describe('legacy encodings, when one reading is clearly right', () => {
  const russian = 'Иван:пароль\nПётр:секрет2024:petr@mail.test\nМосква:ИванПетров\n';

  it.each([
    ['windows-1251', windows1251(russian), russian],
    ['koi8-r', koi8r(russian), russian],
    ['windows-1251', windows1251('щит:2024\n'), 'щит:2024\n'],
    ['koi8-r', koi8r('иван:пароль\n'), 'иван:пароль\n'],
    ['windows-1252', windows1252('müller:pässwörd\njosé:contraseña\n'), null],
  ])('reads %s', (encoding, bytes, text) => {
    const result = decoded(decodeText(bytes));
    expect(result).toMatchObject({ encoding, source: 'detected', brokenLines: [] });
    expect(result.confidence).toBeGreaterThan(0.5);
    if (text) expect(result.text).toBe(text);
  });

  it('names the UTF-8 lines mixed into a windows-1251 file, detected or chosen', () => {
    const bytes = Buffer.concat([windows1251(russian), utf8('Сергей:пароль-3\nplain:ascii\n')]);
    const detected = decoded(decodeText(bytes));
    expect(detected).toMatchObject({ encoding: 'windows-1251', brokenLines: [], utf8Lines: [4] });
    expect(detected.text.split('\n').slice(0, 3)).toEqual(russian.split('\n').slice(0, 3));
    const chosen = decoded(decodeText(utf8('a:b\nпароль:секрет\n'), { encoding: 'koi8-r' }));
    expect(chosen).toMatchObject({ source: 'override', utf8Lines: [2] });
  });

  it('asks when the readings are as good as each other (Cyrillic all in capitals)', () => {
    const result = decodeText(windows1251('ИВАН:ПАРОЛЬ\nПЕТЯ:СЕКРЕТ\n'));
    expect(result.kind).toBe('unsure');
    expect(result.kind === 'unsure' && result.candidates).toEqual(
      expect.arrayContaining(['windows-1251', 'koi8-r']),
    );
  });

  it("takes the seller's choice as it is", () => {
    const bytes = windows1251('ИВАН:ПАРОЛЬ\n');
    expect(decoded(decodeText(bytes, { encoding: 'windows-1251' }))).toMatchObject({
      text: 'ИВАН:ПАРОЛЬ\n',
      source: 'override',
      confidence: 1,
    });
    expect(() => decodeText(bytes, { encoding: 'no-such-encoding' })).toThrow(/not supported/);
  });

  it('reads UTF-16 by its BOM', () => {
    expect(decoded(decodeText(utf16leWithBom('Иван:пароль\n')))).toMatchObject({
      encoding: 'utf-16le',
      text: 'Иван:пароль\n',
    });
  });
});

describe('bytes that are not text', () => {
  const seeds = [1, 2, 3, 42, 2026];

  it.each([64, 256, 4096, 65_536, 1_048_576])(
    'random bytes without NUL, %i bytes: not text',
    (size) => {
      for (const seed of seeds) {
        const bytes = randomBytes(seed, size, 1, 255);
        expect(bytes.includes(0)).toBe(false);
        expect(decodeText(bytes).kind).toBe('not_text');
      }
    },
  );

  it.each([512, 4096, 65_536])(
    'random bytes without NUL or control bytes, %i bytes: not text',
    (size) => {
      for (const seed of seeds) {
        expect(decodeText(randomBytes(seed, size, 0x20, 0xff)).kind).toBe('not_text');
      }
    },
  );

  it('a NUL byte, or control bytes in valid UTF-8, or under a chosen encoding', () => {
    expect(decodeText(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')).kind).toBe(
      'not_text',
    );
    expect(decodeText(utf8('login:\u0001\u0002\u0003\u0004pw\u0005\u0006\n')).kind).toBe(
      'not_text',
    );
    expect(decodeText(randomBytes(7, 4096, 1, 255), { encoding: 'windows-1251' }).kind).toBe(
      'not_text',
    );
  });
});

describe('properties', () => {
  const isControl = (cp: number) =>
    (cp < 0x20 && (cp < 0x09 || cp > 0x0d)) || (cp >= 0x7f && cp <= 0x9f);
  /** Any code point a line holds: every plane, no lone surrogate, no control, no line break. */
  const textChar = fc
    .integer({ min: 0, max: 0x10ffff })
    .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && !isControl(cp) && cp !== 0x0a && cp !== 0x0d)
    .map((cp) => String.fromCodePoint(cp));
  const line = fc.string({
    unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('a', '1', ':', ' ') }, textChar),
    maxLength: 40,
  });
  const lines = fc.array(line, { minLength: 1, maxLength: 12 });
  // A file that opens with U+FEFF opens with the UTF-8 BOM, which is not content.
  const noBom = (text: string) => !text.startsWith('\ufeff');

  it('any valid UTF-8 text round-trips exactly', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(lines, fc.constantFrom('\n', '\r\n', '\r', '\t'))
          .map(([l, separator]) => l.join(separator))
          .filter(noBom),
        (text) => {
          const result = decoded(decodeText(utf8(text)));
          expect(result).toMatchObject({ text, encoding: 'utf-8', brokenLines: [] });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('one bad byte in a line of valid UTF-8: that line alone is broken, the others read exactly', () => {
    fc.assert(
      fc.property(
        lines.filter((l) => noBom(l.join('\n'))),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(0x80, 0xa9, 0xbf, 0xc0, 0xc3, 0xd0, 0xe2, 0xed, 0xf0, 0xf4, 0xf8, 0xff),
        (texts, lineAt, charAt, bad) => {
          const k = lineAt % texts.length;
          const chars = [...texts[k]!];
          const cut = charAt % (chars.length + 1);
          const damaged = texts.map((text, i) =>
            i === k
              ? Buffer.concat([
                  utf8(chars.slice(0, cut).join('')),
                  Buffer.of(bad),
                  utf8(chars.slice(cut).join('')),
                ])
              : utf8(text),
          );
          const bytes = Buffer.concat(damaged.flatMap((b, i) => (i > 0 ? [utf8('\n'), b] : [b])));
          const result = decoded(decodeText(bytes));
          expect(result.encoding).toBe('utf-8');
          expect(result.brokenLines).toEqual([k + 1]);
          const read = result.text.split('\n');
          texts.forEach((text, i) => {
            if (i !== k) expect(read[i]).toBe(text);
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
