// Damaged, undecidable, binary and empty files through the credential and offer importers: a
// damaged line is a refused row named by its line (never decoded some other way, never sent),
// an undecidable encoding is asked for, binary and empty files are refused.
import { describe, expect, it } from 'vitest';
import {
  credentialsToSend,
  importCredentialsInWorker,
  parseCredentialFile,
  previewCredentials,
  WHOLE_LINE,
} from '../../electron/core/imports/credentials';
import { ImportError } from '../../electron/core/imports/importError';
import { readOfferFile } from '../../electron/core/imports/offers';
import { demoProducts } from '../../electron/sandbox/seed';
import { randomBytes, utf16leWithBom, windows1251 } from './encodings';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The text with `bad` inserted after the first occurrence of `after`. */
function damage(text: string, after: string, bad: number[]): Buffer {
  const at = text.indexOf(after) + after.length;
  return Buffer.concat([utf8(text.slice(0, at)), Buffer.from(bad), utf8(text.slice(at))]);
}

async function refusal(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof ImportError)) throw new Error(`expected an ImportError, got ${error}`);
  return error;
}

const list = [
  'alpha:Пароль-1',
  'beta:pw-2',
  '# bought on Monday',
  'gamma:pw-3:gamma@mail.test:почта',
  'delta:pw-4',
  'épsilon:pw-5',
].join('\n');

describe('credentials: a damaged line is refused by its number, the rest is read', () => {
  it('one bad byte on line 4: line 4 has a problem and is not sent, the others are', async () => {
    const file = await parseCredentialFile(damage(list, 'gamma:p', [0xff]));
    expect(file.encoding).toBe('utf-8');
    const preview = previewCredentials(file.rows);
    const byLine = new Map(preview.rows.map((row) => [row.line, row]));
    expect(byLine.get(4)!.problems).toEqual([
      {
        field: WHOLE_LINE,
        code: 'invalid',
        message: 'not valid UTF-8 — the file may be damaged; fix or remove this line',
        say: { key: 'imports.row.brokenLine', values: { how: 'damaged', encoding: 'UTF-8' } },
      },
    ]);
    expect(preview.totals).toMatchObject({ rows: 5, valid: 4, invalid: 1 });
    const sent = credentialsToSend(preview);
    expect(sent.map((c) => c.login)).toEqual(['alpha', 'beta', 'delta', 'épsilon']);
    expect(sent[0]!.game_password).toBe('Пароль-1');
    expect(JSON.stringify(sent)).not.toContain('\ufffd');
  });

  it('a file cut inside its last character: the last line is refused, the rest is fine', async () => {
    const cut = utf8(`${list}\nzeta:пароль`).subarray(0, -1); // "ь" loses its second byte
    const file = await parseCredentialFile(cut);
    const preview = previewCredentials(file.rows);
    expect(preview.rows.at(-1)).toMatchObject({ line: 7, problems: [{ field: WHOLE_LINE }] });
    expect(credentialsToSend(preview).map((c) => c.login)).toEqual([
      'alpha',
      'beta',
      'gamma',
      'delta',
      'épsilon',
    ]);
  });

  it('CSV: a bad byte inside a quoted cell that spans lines refuses that record', async () => {
    const csv = 'login,password,comment\r\nalpha,pw1,"two\r\nlines"\r\nbeta,pw2,\r\n';
    const file = await parseCredentialFile(damage(csv, 'two\r\nli', [0xc3]));
    expect(file.format).toBe('csv');
    const preview = previewCredentials(file.rows);
    expect(preview.rows[0]).toMatchObject({ line: 2, problems: [{ field: WHOLE_LINE }] });
    expect(preview.rows[0]!.problems[0]!.message).toMatch(/^line 3 is not valid UTF-8/);
    expect(credentialsToSend(preview).map((c) => c.login)).toEqual(['beta']);
  });

  it('CSV with a damaged header and damaged JSON are refused whole, naming the line', async () => {
    const csv = damage('login,password,заметка\nalpha,pw1,x\n', 'замет', [0xff]);
    expect(await refusal(parseCredentialFile(csv))).toMatchObject({ code: 'encoding', line: 1 });
    const json = damage(
      '[\n{"login":"a","password":"p1"},\n{"login":"b","password":"п2"}\n]',
      '"b',
      [0x80],
    );
    const error = await refusal(parseCredentialFile(json));
    expect(error).toMatchObject({ code: 'encoding', line: 3 });
    expect(error.message).toMatch(/^line 3 does not read as UTF-8/);
  });

  it('refuses UTF-8 lines pasted into a windows-1251 list, and reads the rest in windows-1251', async () => {
    const bytes = Buffer.concat([
      windows1251('Иван:пароль-1\nПётр:секрет-2\n'),
      utf8('Сергей:пароль-3\n'),
      windows1251('Москва:щит-4\nОльга:зимний-лес\nигрок:почта-6\n'),
    ]);
    const file = await parseCredentialFile(bytes);
    expect(file.encoding).toBe('windows-1251');
    const chosen = await parseCredentialFile(bytes, { encoding: 'windows-1251' });
    expect(chosen.rows.map((r) => r.problems)).toEqual(file.rows.map((r) => r.problems));
    const preview = previewCredentials(file.rows);
    expect(preview.rows[2]).toMatchObject({
      line: 3,
      problems: [
        {
          field: WHOLE_LINE,
          message:
            'written in UTF-8, not WINDOWS-1251 — the file mixes two encodings; fix or remove this line',
        },
      ],
    });
    expect(credentialsToSend(preview).map((c) => c.login)).toEqual([
      'Иван',
      'Пётр',
      'Москва',
      'Ольга',
      'игрок',
    ]);
  });

  it('reports a damaged UTF-16 line as well', async () => {
    const bytes = Buffer.concat([utf16leWithBom('a:b\nc:d\n'), Buffer.of(0x00, 0xd8, 0x41, 0x00)]);
    const preview = previewCredentials((await parseCredentialFile(bytes)).rows);
    expect(preview.rows.at(-1)!.line).toBe(3);
    expect(preview.rows.at(-1)!.problems[0]).toMatchObject({
      field: WHOLE_LINE,
      message: 'not valid UTF-16LE — the file may be damaged; fix or remove this line',
    });
  });
});

describe('credentials: encodings the importer cannot be sure of', () => {
  const capitals = windows1251('ИВАН:ПАРОЛЬ\nПЕТЯ:СЕКРЕТ\n');

  it('refuses to guess, naming the candidates, in process and across the worker', async () => {
    const error = await refusal(parseCredentialFile(capitals));
    expect(error.code).toBe('encoding-unsure');
    expect(error.candidates).toEqual(expect.arrayContaining(['windows-1251', 'koi8-r']));
    const fromWorker = await refusal(importCredentialsInWorker({ source: { bytes: capitals } }));
    expect(fromWorker).toMatchObject({ code: 'encoding-unsure', candidates: error.candidates });
  });

  it("reads the file in the seller's choice", async () => {
    const file = await parseCredentialFile(capitals, { encoding: 'windows-1251' });
    expect(file.rows.map((r) => r.credential.login)).toEqual(['ИВАН', 'ПЕТЯ']);
  });

  it('refuses random bytes as not text', async () => {
    for (const seed of [1, 2, 3]) {
      const error = await refusal(parseCredentialFile(randomBytes(seed, 2048, 1, 255)));
      expect(error.code).toBe('binary');
    }
  });
});

describe('credentials: a file without credentials is refused', () => {
  it.each([
    ['empty', ''],
    ['whitespace only', '  \n\t\r\n   \n'],
    ['comments only', '# nothing yet\n#\n'],
    ['a CSV header only', 'login,password,email\r\n'],
    ['an empty JSON array', '[]'],
  ])('%s', async (_name, text) => {
    const error = await refusal(parseCredentialFile(utf8(text)));
    expect(error.code).toBe('empty');
    expect(error.message).toMatch(/has no credentials/);
  });
});

describe('offers: a damaged line is a row problem, a damaged header a header problem', () => {
  const gold = demoProducts().find((p) => p.id === 1)!;
  const realm = gold.product_fields.find((f) => f.title === 'Realm')!.field_values[0]!.value;
  const faction = gold.product_fields.find((f) => f.title === 'Faction')!.field_values[0]!.value;
  const csv = [
    'price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note',
    `1,10,1,${realm},${faction},Первая`,
    `2,10,1,${realm},${faction},Вторая`,
    `3,10,1,${realm},${faction},Третья`,
  ].join('\n');

  it('refuses line 3 and keeps the others', async () => {
    const sheet = await readOfferFile(damage(csv, 'Втор', [0xff]), gold);
    expect(sheet.headerProblems).toEqual([]);
    expect(sheet.rows.map((r) => [r.line, r.problems.map((p) => p.message)])).toEqual([
      [2, []],
      [3, ['not valid UTF-8 — the file may be damaged; fix or remove this line']],
      [4, []],
    ]);
  });

  it('a damaged header is a header problem, so nothing is imported', async () => {
    const sheet = await readOfferFile(damage(csv, 'Deliv', [0x80]), gold);
    expect(sheet.headerProblems[0]).toMatchObject({ line: 1, column: '' });
  });

  it('an undecidable encoding is refused, and read in the one chosen', async () => {
    const capitals = windows1251(
      `price_per_step,amount,min_purchase_amount,Realm,Faction,Delivery note\n1,10,1,${realm},${faction},ПЕРВАЯ ПАРТИЯ\n`,
    );
    expect(await refusal(readOfferFile(capitals, gold))).toMatchObject({
      code: 'encoding-unsure',
    });
    const sheet = await readOfferFile(capitals, gold, { encoding: 'windows-1251' });
    const note = String(gold.product_fields.find((f) => f.title === 'Delivery note')!.id);
    expect(sheet.rows[0]!.offer.data![note]).toBe('ПЕРВАЯ ПАРТИЯ');
  });
});
