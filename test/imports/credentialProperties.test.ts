// Property tests: any credential set round-trips through every format (an empty one is refused
// in every format); random and mutated files never escape as anything but an ImportError and
// never yield a row the file did not hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CredentialInput } from '../../electron/contract/marketplace/wire';
import {
  LINE_SEPARATORS,
  parseCredentialFile,
  previewCredentials,
  WHOLE_LINE,
} from '../../electron/core/imports/credentials';
import { ImportError } from '../../electron/core/imports/importError';
import { decodeImportText } from '../../electron/core/imports/text/decodeText';
import { csvFile, jsonFile, linesFile, xlsxFile } from './credentialWriters';
import { utf16leWithBom, windows1251 } from './encodings';

const tricky = [
  'a',
  'Z',
  '7',
  ' ',
  ',',
  ';',
  ':',
  '|',
  '\t',
  '"',
  "'",
  '#',
  '-',
  '@',
  '.',
  'é',
  'Ж',
  'ё',
  '😀',
  '\n',
  '\r',
];

/** Text of the given characters; logins and emails come out trimmed, as the importer keeps them. */
function text(chars: readonly string[], options: { minLength?: number; maxLength?: number } = {}) {
  return fc.string({
    unit: fc.constantFrom(...chars),
    maxLength: options.maxLength ?? 12,
    minLength: options.minLength ?? 0,
  });
}

function credential(chars: readonly string[], opts: { twoFactor: boolean; comment: boolean }) {
  const trimmed = text(chars, { minLength: 1 })
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: null });
  return fc.record({
    login: trimmed.filter((s) => !s.startsWith('#')),
    game_password: text(chars, { minLength: 1 }),
    email: optional(trimmed),
    email_password: optional(text(chars, { minLength: 1 })),
    is_2fa_active: opts.twoFactor ? fc.option(fc.boolean(), { nil: null }) : fc.constant(null),
    comment: opts.comment ? optional(text(chars, { minLength: 1 })) : fc.constant(null),
  }) as fc.Arbitrary<CredentialInput>;
}

const parsed = async (bytes: Uint8Array, options: Parameters<typeof parseCredentialFile>[1]) =>
  (await parseCredentialFile(bytes, options)).rows.map((r) => r.credential);

/** A format's round trip: any list of these characters, written as `file` writes it, reads back equal. */
interface RoundTrip {
  chars: readonly string[];
  /** Whether the format carries the 2FA flag and the comment. */
  twoFactor: boolean;
  comment: boolean;
  maxLength: number;
  numRuns: number;
  file(list: CredentialInput[]): Uint8Array | Promise<Uint8Array>;
  options?: Parameters<typeof parseCredentialFile>[1];
}

const everything = { chars: tricky, twoFactor: true, comment: true } as const;
const utf8 = (s: string) => Buffer.from(s, 'utf8');
// Legacy encodings are detected statistically, from real words, as real lists hold them.
const russianWords = [
  'пароль',
  'Иван',
  'почта',
  'секрет',
  'игрок',
  'ёжик',
  'Москва',
  'щит',
  '2024',
  '.',
  ' ',
];

const roundTrips: [string, RoundTrip][] = [
  ...LINE_SEPARATORS.map((separator): [string, RoundTrip] => [
    `lines separated by ${JSON.stringify(separator)}`,
    {
      chars: tricky.filter((c) => !separator.includes(c) && c !== '\n' && c !== '\r'),
      twoFactor: false,
      comment: true,
      maxLength: 15,
      numRuns: 60,
      file: (list) => utf8(linesFile(list, separator)),
      options: { format: 'lines', separator },
    },
  ]),
  ...[',', ';', '\t'].map((delimiter): [string, RoundTrip] => [
    `CSV delimited by ${JSON.stringify(delimiter)}, with quotes and line breaks in cells`,
    { ...everything, maxLength: 15, numRuns: 80, file: (list) => utf8(csvFile(list, delimiter)) },
  ]),
  [
    'CSV in UTF-16 with BOM',
    {
      ...everything,
      maxLength: 10,
      numRuns: 40,
      file: (list) => utf16leWithBom(csvFile(list, ',')),
    },
  ],
  [
    'lines in windows-1251',
    {
      chars: russianWords,
      twoFactor: false,
      comment: false,
      maxLength: 15,
      numRuns: 40,
      file: (list) => windows1251(linesFile(list, ':')),
      options: { format: 'lines' },
    },
  ],
  ['JSON', { ...everything, maxLength: 15, numRuns: 80, file: (list) => utf8(jsonFile(list)) }],
  [
    'XLSX',
    {
      ...everything,
      chars: tricky.filter((c) => c !== '\r' && c !== '#'),
      maxLength: 8,
      numRuns: 8,
      file: xlsxFile,
    },
  ],
];

describe('any credential set round-trips', () => {
  it.each(roundTrips)('%s', async (_name, format) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(credential(format.chars, format), { minLength: 1, maxLength: format.maxLength }),
        async (list) => {
          expect(await parsed(await format.file(list), format.options ?? {})).toEqual(list);
        },
      ),
      { numRuns: format.numRuns },
    );
  });
});

/**
 * A value the file may legitimately yield: found in the decoded text once quotes are set aside
 * (CSV quoting and lenient stray quotes), or as JSON writes it.
 */
function cameFromFile(unquotedText: string, value: string): boolean {
  const unquoted = (s: string) => s.replaceAll('"', '');
  return (
    unquotedText.includes(unquoted(value)) ||
    unquotedText.includes(unquoted(JSON.stringify(value).slice(1, -1)))
  );
}

const seedFiles = [
  linesFile(
    [
      {
        login: 'alpha',
        game_password: 'pw:1',
        email: 'a@m.test',
        email_password: 'mp',
        comment: 'note',
      },
      { login: 'beta', game_password: 'pw2' },
    ],
    ':',
  ),
  csvFile(
    [
      {
        login: 'gamma',
        game_password: 'p,"q"\nr',
        email: null,
        email_password: null,
        is_2fa_active: true,
        comment: null,
      },
      {
        login: 'delta',
        game_password: 'x;y',
        email: 'd@m.test',
        email_password: 'z',
        is_2fa_active: null,
        comment: '#c',
      },
    ],
    ',',
  ),
  jsonFile([
    {
      login: 'eps',
      game_password: 'pw',
      email: null,
      email_password: null,
      is_2fa_active: false,
      comment: 'c',
    },
  ]),
  'login\tpassword\nzeta\tpw\t\n',
  '# comment\r\n\r\nuser----pass----mail@x.test----mp\r\n',
];
const mutationChars = [
  '"',
  ',',
  ';',
  ':',
  '|',
  '\t',
  '\n',
  '\r',
  '#',
  '[',
  ']',
  '{',
  '}',
  '\u0000',
  'я',
  '\u00ff',
];

/** Bytes that damage UTF-8: stray continuation bytes, lead bytes without their tail, 0xFF. */
const damageBytes = [0x80, 0xbf, 0xc3, 0xd0, 0xe2, 0xf0, 0xfe, 0xff];

const mutatedFile = fc
  .tuple(
    fc.constantFrom(...seedFiles),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom('insert', 'delete', 'replace'),
        fc.constantFrom(...mutationChars),
      ),
      { minLength: 1, maxLength: 6 },
    ),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...damageBytes)), { maxLength: 2 }),
    // Bytes cut off the end, as a copy that stopped short leaves a file.
    fc.constantFrom(0, 0, 0, 1, 2),
  )
  .map(([seed, edits, damage, cut]) => {
    let s = seed;
    for (const [at, op, ch] of edits) {
      const i = s.length === 0 ? 0 : at % (s.length + 1);
      if (op === 'insert') s = s.slice(0, i) + ch + s.slice(i);
      else if (op === 'delete') s = s.slice(0, i) + s.slice(i + 1);
      else s = s.slice(0, i) + ch + s.slice(i + 1);
    }
    const bytes = [...Buffer.from(s, 'utf8')];
    for (const [at, byte] of damage) bytes.splice(at % (bytes.length + 1), 0, byte);
    return Buffer.from(bytes.slice(0, Math.max(0, bytes.length - cut)));
  });

const randomFile = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  text(tricky, { maxLength: 300 }).map((s) => Buffer.from(s, 'utf8')),
);

describe('random and mutated files', () => {
  it('10k files: only ImportErrors, every row comes from the file, no damaged value is sendable', async () => {
    const started = performance.now();
    const refused: Record<string, number> = {};
    const files = { mutated: 0, random: 0 };
    let rows = 0;
    let sendable = 0;
    let damagedRows = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutatedFile.map((bytes) => ({ bytes, kind: 'mutated' as const })),
          randomFile.map((bytes) => ({ bytes, kind: 'random' as const })),
        ),
        async ({ bytes, kind }) => {
          files[kind]++;
          let result;
          try {
            result = await parseCredentialFile(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
            const key = `${kind} ${(error as ImportError).code}`;
            refused[key] = (refused[key] ?? 0) + 1;
            return;
          }
          const decoded = decodeImportText(bytes).text;
          const unquotedText = decoded.replaceAll('"', '');
          const lineCount = decoded.split(/\r\n|\n|\r/).length;
          const preview = previewCredentials(result.rows);
          for (const row of preview.rows) {
            rows++;
            expect(row.line).toBeGreaterThanOrEqual(1);
            expect(row.line).toBeLessThanOrEqual(lineCount);
            const c = row.credential;
            const values = [c.login, c.game_password, c.email ?? '', c.email_password ?? ''];
            for (const value of values) expect(cameFromFile(unquotedText, value)).toBe(true);
            if (row.problems.some((p) => p.field === WHOLE_LINE)) damagedRows++;
            if (row.problems.length > 0 || row.duplicateOf) continue;
            sendable++;
            // Neither the seeds nor the edits hold U+FFFD: one in a sendable value is damage let through.
            for (const value of [...values, c.comment ?? '']) expect(value).not.toContain('\ufffd');
          }
        },
      ),
      { numRuns: 10_000 },
    );
    const errors = Object.values(refused).reduce((a, b) => a + b, 0);
    console.info(
      `credential fuzz: ${files.mutated} mutated and ${files.random} random files, ` +
        `${errors} refused ${JSON.stringify(refused)}, ` +
        `${rows} rows (${sendable} sendable, ${damagedRows} refused as damaged), ` +
        `${Math.round(performance.now() - started)} ms`,
    );
    // The generators really exercise every outcome.
    expect(errors).toBeGreaterThan(100);
    expect(rows).toBeGreaterThan(5_000);
    expect(damagedRows).toBeGreaterThan(100);
  }, 60_000);

  it('mutated XLSX files are refused cleanly or read', async () => {
    const workbook = await xlsxFile([
      {
        login: 'a',
        game_password: 'b',
        email: null,
        email_password: null,
        is_2fa_active: null,
        comment: null,
      },
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(workbook.length - 1), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (edits) => {
          const bytes = Buffer.from(workbook);
          for (const [at, value] of edits) bytes[at] = value;
          try {
            const file = await parseCredentialFile(bytes);
            expect(file.rows.length).toBeLessThanOrEqual(2);
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
