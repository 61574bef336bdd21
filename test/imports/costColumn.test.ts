// The optional cost column of a credential file: what the seller paid for each account, read
// beside the credential (never inside it, so it is never sealed or sent), in CSV, TSV, XLSX and
// the lines format with a header; English, Russian and API-style header names; a malformed cost
// refuses its row with a sentence; a file without the column reads as before.
import { describe, expect, it } from 'vitest';
import { parseCredentialFile } from '../../electron/core/imports/credentials';
import { writeWorkbook } from '../../electron/core/imports/sheets/xlsx';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('cost column of a credential file', () => {
  it.each([
    ['cost', ','],
    ['Cost', ';'],
    ['unit_cost', ','],
    ['Cost per account', '\t'],
    ['Себестоимость', ','],
    ['Цена закупки', ';'],
    ['стоимость', ','],
  ])('reads the header %j (delimiter %j) as the cost per account', async (header, d) => {
    const text = [
      `login${d}password${d}${header}`,
      `alpha${d}pw1${d}4.5`,
      `beta${d}pw2${d}${d === ',' ? '"7,25"' : '7,25'}`,
      `gamma${d}pw3${d}`,
    ].join('\n');
    const file = await parseCredentialFile(utf8(text));
    expect(file.rows.map((r) => [r.credential.login, r.cost])).toEqual([
      ['alpha', 4.5],
      ['beta', 7.25],
      ['gamma', undefined],
    ]);
    expect(file.rows.every((r) => r.problems.length === 0)).toBe(true);
    // The cost is not a credential field: nothing of it is sealed or sent.
    expect(file.rows.every((r) => !('cost' in r.credential))).toBe(true);
    expect(file.ignoredColumns).toEqual([]);
  });

  it('refuses a row whose cost is not an amount, with a sentence, and keeps the others', async () => {
    const text = 'login,password,cost\nalpha,pw1,abc\nbeta,pw2,-3\ngamma,pw3,1 250,50\n';
    const file = await parseCredentialFile(utf8(text.replace('1 250,50', '"1 250,50"')));
    const [alpha, beta, gamma] = file.rows;
    expect(alpha!.cost).toBeUndefined();
    expect(alpha!.problems).toEqual([
      expect.objectContaining({
        field: 'cost',
        code: 'invalid',
        message: 'Cost per account must be an amount from 0 to 2000000000, like 3.50',
        say: { key: 'imports.row.cost', values: { max: 2_000_000_000 } },
      }),
    ]);
    expect(beta!.problems.map((p) => p.field)).toEqual(['cost']);
    expect(gamma!.cost).toBe(1250.5);
    expect(gamma!.problems).toEqual([]);
  });

  it('reads the cost of an XLSX sheet, numbers and text alike', async () => {
    const bytes = await writeWorkbook([
      {
        name: 'Accounts',
        rows: [
          ['Login', 'Password', 'Cost'],
          ['alpha', 'pw1', 3.5],
          ['beta', 'pw2', '12'],
          ['gamma', 'pw3', 'many'],
        ],
      },
    ]);
    const file = await parseCredentialFile(bytes, { fileName: 'accounts.xlsx' });
    expect(file.rows.map((r) => r.cost)).toEqual([3.5, 12, undefined]);
    expect(file.rows[2]!.problems.map((p) => p.field)).toEqual(['cost']);
  });

  it('reads files without a cost column as before', async () => {
    const table = await parseCredentialFile(utf8('login,password,email\nalpha,pw1,a@m.test\n'));
    expect(table.rows[0]!.cost).toBeUndefined();
    expect(table.rows[0]!.problems).toEqual([]);
    const lines = await parseCredentialFile(utf8('alpha:pw1\nbeta:pw2\n'));
    expect(lines.rows.map((r) => r.cost)).toEqual([undefined, undefined]);
    // A Russian header that is not a cost stays an ignored column, named as before.
    const other = await parseCredentialFile(utf8('login,password,Заметка\nalpha,pw1,x\n'));
    expect(other.rows[0]!.cost).toBeUndefined();
    expect(other.ignoredColumns).toHaveLength(1);
  });
});
