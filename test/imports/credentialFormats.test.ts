import { describe, expect, it } from 'vitest';
import {
  chunkCredentials,
  credentialsToSend,
  parseCredentialFile,
  previewCredentials,
} from '../../electron/core/imports/credentials';
import { ImportError } from '../../electron/core/imports/importError';
import { writeWorkbook, type SheetCell } from '../../electron/core/imports/sheets/xlsx';
import { hashCredential } from '../../electron/core/credentials/hash';
import { utf16beWithBom, utf16leWithBom, utf8WithBom, windows1251 } from './encodings';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('one account a line', () => {
  it.each([
    [':', 'alpha:pw1:alpha@mail.test:mailpw1\nbeta:pw2\n'],
    [';', 'alpha;pw1;alpha@mail.test;mailpw1\nbeta;pw2\n'],
    ['|', 'alpha|pw1|alpha@mail.test|mailpw1\nbeta|pw2\n'],
    ['\t', 'alpha\tpw1\talpha@mail.test\tmailpw1\nbeta\tpw2\n'],
    ['----', 'alpha----pw1----alpha@mail.test----mailpw1\nbeta----pw2\n'],
  ])('detects the separator %j', async (separator, text) => {
    const file = await parseCredentialFile(utf8(text));
    expect(file.format).toBe('lines');
    expect(file.separator).toBe(separator);
    expect(file.rows.map((r) => r.credential)).toEqual([
      {
        login: 'alpha',
        game_password: 'pw1',
        email: 'alpha@mail.test',
        email_password: 'mailpw1',
        is_2fa_active: null,
        comment: null,
      },
      {
        login: 'beta',
        game_password: 'pw2',
        email: null,
        email_password: null,
        is_2fa_active: null,
        comment: null,
      },
    ]);
  });

  it('keeps fields after the fourth in the comment, skips blanks and # comments, handles CRLF', async () => {
    const text =
      '# exported 2026-11-20\r\n\r\nalpha:pw1:a@m.test:mp:level 30:EU\r\n   \r\nbeta:pw2\r\n';
    const file = await parseCredentialFile(utf8(text));
    expect(file.rows).toHaveLength(2);
    expect(file.rows[0]).toMatchObject({
      line: 3,
      credential: { login: 'alpha', game_password: 'pw1', comment: 'level 30:EU' },
    });
    expect(file.rows[1]).toMatchObject({
      line: 5,
      credential: { login: 'beta', game_password: 'pw2' },
    });
    expect(file.rows[1]!.credential.game_password).not.toContain('\r');
  });

  it('honours a separator chosen by the seller', async () => {
    const file = await parseCredentialFile(utf8('a:b;c\n'), { separator: ';' });
    expect(file.rows[0]!.credential).toMatchObject({ login: 'a:b', game_password: 'c' });
  });
});

describe('encodings', () => {
  const text = 'логин:пароль:почта@пример.рф:секрет\nЁжик:Ёлка2024\n';
  const expected = [
    { login: 'логин', game_password: 'пароль', email: 'почта@пример.рф', email_password: 'секрет' },
    { login: 'Ёжик', game_password: 'Ёлка2024' },
  ];

  it('detects windows-1251', async () => {
    const file = await parseCredentialFile(windows1251(text + 'Пользователь:Пароль\n'.repeat(5)));
    expect(file.encoding).toBe('windows-1251');
    expect(file.encodingSource).toBe('detected');
    expect(file.rows.slice(0, 2).map((r) => r.credential)).toMatchObject(expected);
  });

  it.each([
    ['UTF-16 LE with BOM', utf16leWithBom(text), 'utf-16le'],
    ['UTF-16 BE with BOM', utf16beWithBom(text), 'utf-16be'],
    ['UTF-8 with BOM', utf8WithBom(text), 'utf-8'],
    ['UTF-8 without BOM', utf8(text), 'utf-8'],
  ])('reads %s', async (_name, bytes, encoding) => {
    const file = await parseCredentialFile(bytes);
    expect(file.encoding).toBe(encoding);
    expect(file.rows.map((r) => r.credential)).toMatchObject(expected);
    expect(file.rows[0]!.credential.login.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('detects Latin-1 and KOI8-R too', async () => {
    const latin = await parseCredentialFile(
      Buffer.from('müller:pässwörd\njosé:contraseña\n', 'latin1'),
    );
    expect(latin.rows.map((r) => r.credential.login)).toEqual(['müller', 'josé']);
    const koi8 = Buffer.from([
      0xc9, 0xd7, 0xc1, 0xce, 0x3a, 0xd0, 0xc1, 0xd2, 0xcf, 0xcc, 0xd8, 0x0a,
    ]); // иван:пароль
    const file = await parseCredentialFile(koi8);
    expect(file.rows[0]!.credential).toMatchObject({ login: 'иван', game_password: 'пароль' });
  });

  it('lets the seller override the encoding', async () => {
    const bytes = windows1251('Ёжик:пароль\n');
    const file = await parseCredentialFile(bytes, { encoding: 'koi8-r' });
    expect(file.encodingSource).toBe('override');
    expect(file.rows[0]!.credential.login).not.toBe('Ёжик');
    const right = await parseCredentialFile(bytes, { encoding: 'windows-1251' });
    expect(right.rows[0]!.credential.login).toBe('Ёжик');
  });
});

describe('CSV and TSV with a header', () => {
  it('reads quoted cells with separators, quotes and line breaks inside passwords', async () => {
    const csv =
      'Login,Password,E-Mail,Mail Pass,2FA,Note,Server\r\n' +
      'alpha,"p,w;1""x",a@m.test,"m:p|1",yes,"two\r\nlines",EU\r\n' +
      '# a comment row\r\n' +
      '\r\n' +
      'beta,"#notacomment",,,0,,US\r\n';
    const file = await parseCredentialFile(utf8(csv), { fileName: 'accounts.csv' });
    expect(file.format).toBe('csv');
    expect(file.separator).toBe(',');
    expect(file.ignoredColumns).toEqual(['Server']);
    expect(file.rows.map((r) => [r.line, r.credential])).toEqual([
      [
        2,
        {
          login: 'alpha',
          game_password: 'p,w;1"x',
          email: 'a@m.test',
          email_password: 'm:p|1',
          is_2fa_active: true,
          comment: 'two\r\nlines',
        },
      ],
      [
        6,
        {
          login: 'beta',
          game_password: '#notacomment',
          email: null,
          email_password: null,
          is_2fa_active: false,
          comment: null,
        },
      ],
    ]);
  });

  it('reads TSV and semicolon CSV with header synonyms', async () => {
    const tsv = 'username\tgame_password\tmail\temail_password\r\nu1\tp,w;1\tm@x.test\tmp\r\n';
    const file = await parseCredentialFile(utf8(tsv), { fileName: 'list.tsv' });
    expect(file.separator).toBe('\t');
    expect(file.rows[0]!.credential).toMatchObject({
      login: 'u1',
      game_password: 'p,w;1',
      email: 'm@x.test',
      email_password: 'mp',
    });
    const semi = await parseCredentialFile(utf8('LOGIN;PWD;comment\nx;"a;b";hello\n'));
    expect(semi.separator).toBe(';');
    expect(semi.rows[0]!.credential).toMatchObject({
      login: 'x',
      game_password: 'a;b',
      comment: 'hello',
    });
  });

  it('reports an unterminated quote by line, without quoting the content', async () => {
    const csv = 'login,password\nok,fine\nbad,"secret-pw\n';
    const error = await parseCredentialFile(utf8(csv)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe('line 3: a quoted cell is never closed');
    expect((error as ImportError).message).not.toContain('secret-pw');
  });

  it('refuses a forced CSV whose first row is not a header, without quoting it', async () => {
    const error = await parseCredentialFile(utf8('user1,Secret-pw\nuser2,pw\n'), {
      format: 'csv',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'no-header', line: 1 });
    expect((error as Error).message).not.toContain('Secret-pw');
  });

  it('flags a bad 2FA value as a row problem', async () => {
    const file = await parseCredentialFile(utf8('login,password,2fa\na,b,maybe\n'));
    expect(file.rows[0]!.problems).toMatchObject([{ field: 'is_2fa_active' }]);
  });
});

describe('JSON', () => {
  it('reads an array of objects with synonyms and booleans', async () => {
    const json = JSON.stringify([
      { login: 'a', password: 'p:1', email: 'a@x.test', mail_pass: 'mp', '2fa': true, note: 'n' },
      { Username: 'b', pwd: 12345 },
    ]);
    const file = await parseCredentialFile(utf8(json));
    expect(file.format).toBe('json');
    expect(file.rows.map((r) => r.credential)).toEqual([
      {
        login: 'a',
        game_password: 'p:1',
        email: 'a@x.test',
        email_password: 'mp',
        is_2fa_active: true,
        comment: 'n',
      },
      {
        login: 'b',
        game_password: '12345',
        email: null,
        email_password: null,
        is_2fa_active: null,
        comment: null,
      },
    ]);
  });

  it('refuses broken JSON without echoing its text', async () => {
    const error = await parseCredentialFile(utf8('[{"login":"a","password":"topsecret"'), {
      format: 'json',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/not valid JSON/);
    expect((error as Error).message).not.toContain('topsecret');
    await expect(parseCredentialFile(utf8('{"login":"a"}'), { format: 'json' })).rejects.toThrow(
      /must be an array/,
    );
  });
});

describe('XLSX', () => {
  function workbook(rows: SheetCell[][]): Promise<Buffer> {
    return writeWorkbook([{ name: 'Accounts', rows }]);
  }

  it('reads the first sheet with a header row, whatever the file name says', async () => {
    const bytes = await workbook([
      ['Login', 'Password', 'Email', 'Email password', '2FA'],
      ['alpha', 'p;w,1', 'a@m.test', 'mp', true],
      [],
      ['beta', 'pw2', null, null, 'no'],
    ]);
    const file = await parseCredentialFile(bytes, { fileName: 'accounts.txt' });
    expect(file.format).toBe('xlsx');
    expect(file.rows.map((r) => [r.line, r.credential])).toEqual([
      [
        2,
        {
          login: 'alpha',
          game_password: 'p;w,1',
          email: 'a@m.test',
          email_password: 'mp',
          is_2fa_active: true,
          comment: null,
        },
      ],
      [
        4,
        {
          login: 'beta',
          game_password: 'pw2',
          email: null,
          email_password: null,
          is_2fa_active: false,
          comment: null,
        },
      ],
    ]);
  });

  it('reads a sheet without a header in line order', async () => {
    const file = await parseCredentialFile(await workbook([['a', 'b', 'c@d.test', 'e']]));
    expect(file.rows[0]!.credential).toMatchObject({
      login: 'a',
      game_password: 'b',
      email: 'c@d.test',
      email_password: 'e',
    });
  });

  it('refuses a zip that is not a workbook', async () => {
    const zip = Buffer.concat([Buffer.of(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(100, 1)]);
    await expect(parseCredentialFile(zip)).rejects.toThrow(/not a readable XLSX/);
  });
});

describe('files that are not account lists', () => {
  it('refuses a binary file', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await expect(parseCredentialFile(png)).rejects.toMatchObject({ code: 'binary' });
  });

  it('refuses a file over 50 MB before parsing it', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x61);
    const started = Date.now();
    await expect(parseCredentialFile(big)).rejects.toMatchObject({
      code: 'too-large',
      message: /50 MB/,
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('preview', () => {
  it('lists each row with its problems, duplicates in the file and against uploaded hashes, and totals', async () => {
    const text = [
      'good1:pw',
      'good2:pw:g2@mail.test:mpw',
      ':nopassword-login',
      'nologin-password:',
      `long:${'x'.repeat(256)}`,
      'mailonly:pw:m@mail.test',
      'GOOD1:other', // good1 but for case: another account to the server, warned here
      'again:pw:g2@mail.test:x', // same email as good2
      'uploaded:pw',
    ].join('\n');
    const file = await parseCredentialFile(utf8(text));
    const preview = previewCredentials(file.rows, [hashCredential({ login: 'uploaded' })]);
    const byLine = new Map(preview.rows.map((r) => [r.line, r]));
    expect(byLine.get(1)).toMatchObject({ problems: [] });
    expect(byLine.get(1)!.duplicateOf).toBeUndefined();
    expect(byLine.get(3)!.problems.map((p) => p.field)).toEqual(['login']);
    expect(byLine.get(4)!.problems.map((p) => p.field)).toEqual(['game_password']);
    expect(byLine.get(5)!.problems).toMatchObject([{ field: 'game_password', code: 'too_long' }]);
    expect(byLine.get(6)!.problems).toMatchObject([{ field: 'email_password' }]);
    // Hashed as stored (the document names no normalisation): a case-only twin is no
    // duplicate to the marketplace; the preview names the earlier line and leaves it out.
    expect(byLine.get(7)!.duplicateOf).toBeUndefined();
    expect(byLine.get(7)!.caseOnlyOf).toBe(1);
    expect(byLine.get(8)!.duplicateOf).toBe('file');
    expect(byLine.get(9)!.duplicateOf).toBe('uploaded');
    expect(preview.totals).toEqual({
      rows: 9,
      valid: 2,
      invalid: 4,
      duplicatesInFile: 1,
      duplicatesUploaded: 1,
      caseOnlyDuplicates: 1,
    });
    expect(credentialsToSend(preview).map((c) => c.login)).toEqual(['good1', 'good2']);
    // The seller may override the warning: then it is sent too.
    expect(credentialsToSend(preview, { keepCaseOnly: true }).map((c) => c.login)).toEqual([
      'good1',
      'good2',
      'GOOD1',
    ]);
    for (const row of preview.rows) {
      for (const problem of row.problems) expect(problem.message).not.toContain('x'.repeat(20));
    }
  });

  it('flags a comment over 1000 characters', async () => {
    const file = await parseCredentialFile(utf8(`a:b:::${'c'.repeat(1001)}\n`));
    expect(previewCredentials(file.rows).rows[0]!.problems).toMatchObject([
      { field: 'comment', code: 'too_long' },
    ]);
  });

  it('chunks credentials by 1000', () => {
    const list = Array.from({ length: 2501 }, (_, i) => i);
    const chunks = chunkCredentials(list, 1000);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 501]);
    expect(chunks.flat()).toEqual(list);
    expect(chunkCredentials([])).toEqual([]);
    expect(() => chunkCredentials(list, 0)).toThrow(RangeError);
  });
});
