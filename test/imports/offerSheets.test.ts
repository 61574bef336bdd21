import { describe, expect, it } from 'vitest';
import type { Product } from '../../electron/contract/marketplace/wire';
import {
  exportOffersCsv,
  exportOffersXlsx,
  offerTemplateCsv,
  offerTemplateXlsx,
  readOfferFile,
  type ExportedOffer,
} from '../../electron/core/imports/offers';
import { readFirstSheet } from '../../electron/core/imports/sheets/readXlsx';
import { readFirstSheetCells } from '../../electron/core/imports/sheets/xlsx';
import { XLSX_LIMITS } from '../../electron/core/imports/sheets/xlsxLimits';
import { demoProducts } from '../../electron/sandbox/seed';
import { delimitedRecords } from '../../electron/core/imports/text/delimited';
import { windows1251 } from './encodings';

function productById(id: number): Product {
  const product = demoProducts().find((p) => p.id === id);
  if (!product) throw new Error(`seed has no product ${id}`);
  return product;
}
function fieldId(product: Product, title: string): string {
  const field = product.product_fields.find((f) => f.title === title && f.deleted_at === null);
  if (!field) throw new Error(`product ${product.id} has no field ${title}`);
  return String(field.id);
}
function allowed(product: Product, title: string): string[] {
  return product.product_fields
    .find((f) => f.title === title)!
    .field_values.filter((v) => v.deleted_at === null)
    .map((v) => v.value);
}

const account = productById(10); // Valorant Accounts: selects, a multi-select, a number, a text
const gold = productById(1); // WoW Classic Era Gold: Realm, Faction selects, optional text
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('offers CSV import', () => {
  it('reads write fields, data fields by title and by data.<id>, lists and delivery time', async () => {
    const [rank] = allowed(account, 'Rank');
    const [region] = allowed(account, 'Region');
    const [platform] = allowed(account, 'Platform');
    const agents = allowed(account, 'Agents').slice(0, 2);
    const csv = [
      `price_per_step,amount,min_purchase_amount,outer_name,description,is_auto_activate_status,guarantee_delivery_time,screenshots,RANK,data.${fieldId(account, 'Region')},platform,Agents,Account level,Account title`,
      `"12,5",1,1,"Smurf, fresh",Line one,yes,3600000,https://images.sandbox.test/a.png | https://images.sandbox.test/b.png,${rank},${region},${platform},${agents.join('|')},30,Main`,
    ].join('\r\n');
    const sheet = await readOfferFile(utf8(csv), account);
    expect(sheet.headerProblems).toEqual([]);
    expect(sheet.rows).toHaveLength(1);
    const row = sheet.rows[0]!;
    expect(row.problems).toEqual([]);
    expect(row.line).toBe(2);
    expect(row.deliveryTimeMs).toBe(3_600_000);
    expect(row.offer).toEqual({
      price_per_step: 12.5,
      amount: 1,
      min_purchase_amount: 1,
      outer_name: 'Smurf, fresh',
      description: 'Line one',
      is_auto_activate_status: true,
      screenshots: ['https://images.sandbox.test/a.png', 'https://images.sandbox.test/b.png'],
      marketplace_type: 2,
      data: {
        [fieldId(account, 'Rank')]: rank,
        [fieldId(account, 'Region')]: region,
        [fieldId(account, 'Platform')]: platform,
        [fieldId(account, 'Agents')]: agents,
        [fieldId(account, 'Account level')]: 30,
        [fieldId(account, 'Account title')]: 'Main',
      },
    });
  });

  it('reports every bad cell by line and column with the allowed values', async () => {
    const csv = [
      'id,price_per_step,amount,min_purchase_amount,Realm,Faction,Color',
      '# a comment row',
      `,abc,1,1,Nowhere,${allowed(gold, 'Faction')[0]},x`,
      `77,5,1,1,,,`,
      `,0.00001,2,1,${allowed(gold, 'Realm')[0]},,`,
    ].join('\n');
    const sheet = await readOfferFile(utf8(csv), gold);
    expect(sheet.headerProblems).toEqual([
      expect.objectContaining({
        line: 1,
        column: 'Color',
        message: expect.stringMatching(/not an offer field/),
      }),
    ]);
    const [bad, edit, missing] = sheet.rows;
    expect(bad!.line).toBe(3);
    expect(bad!.problems).toEqual([
      {
        line: 3,
        column: 'price_per_step',
        message: 'Price per step must be a number',
        say: { key: 'editor.rule.number' },
      },
      expect.objectContaining({
        line: 3,
        column: 'Realm',
        message: expect.stringContaining(allowed(gold, 'Realm')[0]!),
      }),
    ]);
    expect(bad!.problems.find((p) => p.column === 'price_per_step')).toBeDefined();
    // An edit (id given) with empty data cells keeps the server's values: no data, no problem.
    expect(edit).toMatchObject({ line: 4, offer: { id: 77, price_per_step: 5 }, problems: [] });
    expect(edit!.offer.data).toBeUndefined();
    expect(missing!.problems.map((p) => p.column).sort()).toEqual(['Faction', 'price_per_step']);
    expect(missing!.problems.find((p) => p.column === 'price_per_step')!.message).toMatch(
      /at least/,
    );
  });

  it('refuses account-only fields on a gold product and reads ; and windows-1251', async () => {
    const realm = allowed(gold, 'Realm')[0]!;
    const faction = allowed(gold, 'Faction')[0]!;
    const csv = `price_per_step;amount;min_purchase_amount;Realm;Faction;outer_name;Delivery note\n1;10;1;${realm};${faction};Имя;Доставка быстро\n`;
    const sheet = await readOfferFile(windows1251(csv), gold);
    expect(sheet.rows[0]!.offer.data![fieldId(gold, 'Delivery note')]).toBe('Доставка быстро');
    expect(sheet.rows[0]!.problems).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'outer_name',
        message: expect.stringMatching(/account offers only/),
      }),
    ]);
  });

  it('refuses an empty file and a binary file', async () => {
    await expect(readOfferFile(utf8('\n\n'), gold)).rejects.toMatchObject({ code: 'no-header' });
    await expect(readOfferFile(Buffer.of(0, 1, 2, 3, 0), gold)).rejects.toMatchObject({
      code: 'binary',
    });
  });
});

function sampleAccountOffers(): ExportedOffer[] {
  const data = (i: number) => ({
    [fieldId(account, 'Rank')]: allowed(account, 'Rank')[i % 9]!,
    [fieldId(account, 'Region')]: allowed(account, 'Region')[i % 4]!,
    [fieldId(account, 'Platform')]: allowed(account, 'Platform')[i % 3]!,
    [fieldId(account, 'Agents')]: allowed(account, 'Agents').slice(0, (i % 3) + 1),
    [fieldId(account, 'Account level')]: 10 + i,
    [fieldId(account, 'Account title')]: `Title "${i}", with, commas\nand a line`,
  });
  return [
    {
      id: 501,
      price_per_step: 19.99,
      amount: 1,
      min_purchase_amount: 1,
      guarantee_delivery_time: 7_200_000,
      outer_name: '#1 smurf; fast',
      internal_name: 'int-1',
      description: 'Ready | to play',
      comment_for_reviewer: 'see screenshots',
      is_auto_activate_status: false,
      credential_system_type_id: 3,
      screenshots: ['https://images.sandbox.test/1.png', 'https://cdn.sandbox.test/2.png'],
      marketplace_type: 2,
      data: data(0),
    },
    {
      price_per_step: 0.5,
      amount: 1,
      min_purchase_amount: 1,
      outer_name: '  spaced  ',
      is_auto_activate_status: true,
      booster_price: 0.25,
      marketplace_type: 2,
      data: data(1),
    },
  ];
}

describe('export ∘ import round-trips', () => {
  it('CSV', async () => {
    const offers = sampleAccountOffers();
    const csv = exportOffersCsv(offers, account);
    expect(csv.split('\r\n')[0]).toContain('Account level');
    const sheet = await readOfferFile(utf8(csv), account);
    expect(sheet.headerProblems).toEqual([]);
    expect(sheet.rows.map((r) => r.problems)).toEqual([[], []]);
    expect(sheet.rows.map((r) => r.offer)).toEqual(
      offers.map(({ guarantee_delivery_time: _, ...o }) => o),
    );
    expect(sheet.rows.map((r) => r.deliveryTimeMs)).toEqual([7_200_000, undefined]);
  });

  it('XLSX', async () => {
    const offers = sampleAccountOffers();
    const sheet = await readOfferFile(await exportOffersXlsx(offers, account), account);
    expect(sheet.format).toBe('xlsx');
    expect(sheet.rows.map((r) => r.offer)).toEqual(
      offers.map(({ guarantee_delivery_time: _, ...o }) => o),
    );
    expect(sheet.rows.map((r) => r.line)).toEqual([2, 3]);
  });
});

describe('templates', () => {
  it('CSV template: the product columns and # rows with required fields and allowed values; it imports as empty', async () => {
    const csv = offerTemplateCsv(gold);
    const [header, ...notes] = csv.trimEnd().split('\r\n');
    // The seller's words, never the API's names: the delivery time in hours.
    expect(header).toBe(
      'Offer number,Price per step,Amount,Min purchase amount,Delivery time (hours),Comment for the reviewer,Activate after review,Credential system,Screenshots,Search description,Realm,Faction,Delivery note',
    );
    expect(notes.every((line) => line.startsWith('# '))).toBe(true);
    expect(notes.find((n) => n.startsWith('# Faction'))).toBe(
      `# Faction (required): ${allowed(gold, 'Faction').join(' | ')}`,
    );
    expect(csv).toContain(allowed(gold, 'Realm').at(-1)!);
    const sheet = await readOfferFile(utf8(csv), gold);
    expect(sheet).toMatchObject({ rows: [], headerProblems: [] });
  });

  it('XLSX template: an Offers sheet with the columns and an Allowed values sheet', async () => {
    const bytes = await offerTemplateXlsx(account);
    const offersSheet = await readFirstSheetCells(bytes);
    expect(offersSheet).toHaveLength(1);
    expect(offersSheet[0]!.cells).toContain('Name shown to buyers');
    expect(offersSheet[0]!.cells).toContain('Agents');
    expect(offersSheet[0]!.cells).not.toContain('Old skins field');
    const values = await readFirstSheet(bytes, XLSX_LIMITS, 'Allowed values');
    expect(values[0]!.cells).toEqual(['Rank', 'Region', 'Platform', 'Agents']);
    const regionColumn = values
      .slice(1)
      .map((row) => row.cells[1] ?? '')
      .filter((value) => value !== '');
    expect(regionColumn).toEqual(allowed(account, 'Region'));
  });
});

describe('headers in the seller words', () => {
  const realm = allowed(gold, 'Realm')[0]!;
  const faction = allowed(gold, 'Faction')[0]!;
  const offer: ExportedOffer = {
    id: 501,
    price_per_step: 0.0126,
    amount: 5000,
    min_purchase_amount: 100,
    guarantee_delivery_time: 5_400_000,
    marketplace_type: 1,
    data: { [fieldId(gold, 'Realm')]: realm, [fieldId(gold, 'Faction')]: faction },
  };

  it('exports the delivery time in hours under the words of the language, and reads it back', async () => {
    for (const [locale, price, delivery] of [
      ['en', 'Price per step', 'Delivery time (hours)'],
      ['ru', 'Цена за шаг', 'Время выдачи (часы)'],
    ] as const) {
      const csv = exportOffersCsv([offer], gold, locale);
      const [head, row] = [...delimitedRecords(csv, ',')];
      expect(head!.cells).toContain(price);
      expect(head!.cells.some((cell) => /_/.test(cell))).toBe(false);
      expect(row!.cells[head!.cells.indexOf(delivery)]).toBe('1.5');
      const sheet = await readOfferFile(utf8(csv), gold);
      expect(sheet.headerProblems).toEqual([]);
      expect(sheet.rows[0]).toMatchObject({
        deliveryTimeMs: 5_400_000,
        offer: { id: 501, price_per_step: 0.0126 },
        problems: [],
      });
    }
  });

  it('still reads the API names, the delivery time then in milliseconds', async () => {
    const csv = `id,price_per_step,guarantee_delivery_time\n501,0.5,7200000\n`;
    const sheet = await readOfferFile(utf8(csv), gold);
    expect(sheet.headerProblems).toEqual([]);
    expect(sheet.rows[0]).toMatchObject({ deliveryTimeMs: 7_200_000, offer: { id: 501 } });
  });
});
