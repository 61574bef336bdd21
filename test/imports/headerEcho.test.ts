// What an import says of a file's header: bounded, and never a line that looks like an account.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../electron/contract/marketplace/wire';
import { mapCredentialColumns } from '../../electron/core/imports/credentials/credentialColumns';
import { readOfferFile, UNKNOWN_COLUMNS_NAMED } from '../../electron/core/imports/offers';
import { demoProducts } from '../../electron/sandbox/seed';

const account = demoProducts().find((p) => p.id === 10) as Product;
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('offer import header problems', () => {
  it('takes an account line for what it is and repeats none of it', async () => {
    for (const line of [
      'jo.hn:Secr3t-Pass',
      'jo.hn;Secr3t-Pass;mail@example.test;MailPass',
      'jo.hn\tSecr3t-Pass',
      'mail@example.test,Secr3t-Pass',
    ]) {
      const sheet = await readOfferFile(utf8(`${line}\nsecond:account\n`), account);
      expect(sheet.headerProblems).toEqual([
        {
          line: 1,
          column: '',
          message: expect.stringMatching(/looks like account credentials/),
          say: { key: 'imports.row.credentialsNotHeader' },
        },
      ]);
      expect(JSON.stringify(sheet.headerProblems)).not.toMatch(/Secr3t|jo\.hn|mail@/);
    }
  });

  it('repeats no cell of a first row that names no offer field at all', async () => {
    const sheet = await readOfferFile(utf8('john,hunter2\n1,2\n'), account);
    expect(sheet.headerProblems).toEqual([
      {
        line: 1,
        column: '',
        message: expect.stringMatching(/names no offer field \(2 columns\)/),
        say: { key: 'imports.row.notAHeader', values: { count: 2 } },
      },
    ]);
    expect(JSON.stringify(sheet.headerProblems)).not.toMatch(/john|hunter2/);
  });

  it('names an account-like column among real ones by its position', async () => {
    const sheet = await readOfferFile(utf8('price_per_step,jo.hn:Secr3t\n1,2\n'), account);
    expect(sheet.headerProblems).toEqual([
      {
        line: 1,
        column: '#2',
        message: expect.stringMatching(/looks like account credentials/),
        say: { key: 'imports.row.credentialsColumn' },
      },
    ]);
  });

  it('names the first unknown columns and counts the rest', async () => {
    const unknown = Array.from({ length: 500 }, (_, i) => `col${i}`);
    const sheet = await readOfferFile(utf8(`price_per_step,${unknown.join(',')}\n1\n`), account);
    expect(sheet.headerProblems.map((p) => p.column)).toEqual([
      ...unknown.slice(0, UNKNOWN_COLUMNS_NAMED),
      '',
    ]);
    expect(sheet.headerProblems.at(-1)!.message).toBe(
      `and ${500 - UNKNOWN_COLUMNS_NAMED} more columns that are not offer fields`,
    );
  });

  it('bounds a header however long, known or not', async () => {
    const known = await readOfferFile(utf8(`price${' '.repeat(100_000)}per step\nabc\n`), account);
    const column = known.rows[0]!.problems[0]!.column;
    expect(column).toMatch(/^price… \(\d+ more characters\)$/);
    const wide = await readOfferFile(utf8(`amount,${'x'.repeat(409 * 1024)}\n1,2\n`), account);
    expect(JSON.stringify(wide.headerProblems).length).toBeLessThan(400);
  });
});

describe('an encoding the seller named', () => {
  it('is quoted bounded when it is not one we know', async () => {
    const error = await readOfferFile(utf8('amount\n1\n'), account, {
      encoding: `x${'y'.repeat(5000)}`,
    }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^the encoding "xy+… \(4921 more characters\)" is not supported$/,
    );
  });
});

describe('credential import ignored columns', () => {
  it('are bounded, and named by position when they look like an account', () => {
    const columns = mapCredentialColumns(['login', 'password', 'x'.repeat(5000), 'jo.hn:Secr3t']);
    expect(columns.ignored).toEqual([
      expect.stringMatching(/^x{80}… \(4920 more characters\)$/),
      '#4',
    ]);
  });
});
