// The streaming workbook reader: what it reads from workbooks others write, each cap on its own
// (with small limits, so the files stay small), the worker's heap limit as the last line, and the
// writer's promise that text stays text.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../electron/core/imports/importError';
import { readFirstSheet } from '../../electron/core/imports/sheets/readXlsx';
import {
  readFirstSheetCells,
  resolveXlsxReadWorker,
  XLSX_READ_WORKER_FILE,
} from '../../electron/core/imports/sheets/readXlsxInWorker';
import { writeWorkbook } from '../../electron/core/imports/sheets/xlsx';
import { XLSX_LIMITS, type XlsxLimits } from '../../electron/core/imports/sheets/xlsxLimits';
import {
  repeatTo,
  seededRandom,
  SHEET_HEAD,
  SHEET_TAIL,
  STRINGS_HEAD,
  STRINGS_TAIL,
  workbookOf,
  zipOf,
} from './xlsxBombs';

const sheet = (rows: string) => workbookOf({ head: SHEET_HEAD + rows + SHEET_TAIL });
const limited = (limits: Partial<XlsxLimits>) => ({ ...XLSX_LIMITS, ...limits });

async function refusal(read: Promise<unknown>): Promise<ImportError> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

async function partText(bytes: Buffer, path: string): Promise<string> {
  const zip = await yauzl.fromBufferPromise(bytes);
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== path) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  throw new Error(`no ${path}`);
}

describe('reading workbooks that Excel and other tools write', () => {
  it('shared strings with rich runs and phonetic guides, formulas by their values, booleans, errors', async () => {
    const bytes = workbookOf(
      {
        head:
          SHEET_HEAD.replace('<worksheet ', '<worksheet xmlns:x14ac="urn:x14ac" ') +
          '<row r="1" spans="1:6" x14ac:dyDescent="0.25">' +
          '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>' +
          '<c r="C1" t="str"><f>A1&amp;"!"</f><v>login!</v></c>' +
          '<c r="D1"><f>1+1</f><v>2</v></c><c r="E1" t="b"><v>1</v></c><c r="F1" t="e"><v>#N/A</v></c>' +
          '</row>' +
          '<row r="3"><c r="B3" s="1"><v>1.10</v></c><c r="D3" t="inlineStr"><is><t xml:space="preserve"> a_x000D_\nb </t></is></c></row>' +
          '<row r="4"/><row r="5"><c r="A5" s="2"/><c r="B5"><v></v></c></row>' +
          '<row><c><v>7</v></c><c t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r></is></c></row>' +
          SHEET_TAIL,
      },
      {
        head:
          STRINGS_HEAD +
          '<si><t>login</t></si>' +
          '<si><r><rPr><b/></rPr><t>pass</t></r><r><t xml:space="preserve">word &amp; co</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>' +
          STRINGS_TAIL,
      },
    );
    expect(await readFirstSheet(bytes)).toEqual([
      { row: 1, cells: ['login', 'password & co', 'login!', '2', 'true', '#N/A'] },
      { row: 3, cells: ['', '1.1', '', ' a\r\nb '] },
      { row: 6, cells: ['7', 'inline'] },
    ]);
  });

  it('the first tab in the workbook order, wherever its part is, and a prefixed namespace', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
    const bytes = zipOf([
      {
        name: '_rels/.rels',
        head: `<Relationships xmlns="${pkg}"><Relationship Id="rId9" Type="${rel}/officeDocument" Target="/book/Workbook.xml"/></Relationships>`,
      },
      {
        name: 'book/Workbook.xml',
        head: `<x:workbook xmlns:x="${main}" xmlns:rel="${rel}"><x:sheets><x:sheet name="Second" sheetId="2" rel:id="r2"/><x:sheet name="First" sheetId="1" rel:id="r1"/></x:sheets></x:workbook>`,
      },
      {
        name: 'book/_rels/Workbook.xml.rels',
        head: `<Relationships xmlns="${pkg}"><Relationship Id="r1" Type="${rel}/worksheet" Target="sheets/one.xml"/><Relationship Id="r2" Type="${rel}/worksheet" Target="/book/sheets/two.xml"/></Relationships>`,
      },
      {
        name: 'book/sheets/one.xml',
        head: `<x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="1"><x:c t="inlineStr"><x:is><x:t>one</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      },
      {
        name: 'book/sheets/two.xml',
        head: `<x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>two</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      },
    ]);
    expect(await readFirstSheet(bytes)).toEqual([{ row: 2, cells: ['', 'two'] }]);
    expect(await readFirstSheet(bytes, XLSX_LIMITS, 'First')).toEqual([{ row: 1, cells: ['one'] }]);
  });

  it('refuses what is not a workbook as unreadable', async () => {
    const notZip = Buffer.concat([Buffer.of(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(100, 1)]);
    expect((await refusal(readFirstSheet(notZip))).message).toMatch(/not a readable XLSX/);
    const noWorkbook = zipOf([{ name: 'hello.txt', head: 'hi' }]);
    expect((await refusal(readFirstSheet(noWorkbook))).message).toMatch(/not a readable XLSX/);
    const broken = sheet('<row><c><v>1</v></row>');
    expect((await refusal(readFirstSheet(broken))).code).toBe('format');
  });
});

describe('each cap refuses on its own, with a plain message', () => {
  const tooLarge = async (read: Promise<unknown>, reason: RegExp) => {
    const error = await refusal(read);
    expect(error.code).toBe('too-large');
    expect(error.message).toMatch(/^This workbook is too large to read safely: /);
    expect(error.message).toMatch(reason);
    expect(error.message).toMatch(/Save its first sheet as CSV, or split it/);
  };
  const oneCell = sheet('<row><c t="inlineStr"><is><t>a</t></is></c></row>');

  it('entries, counted from the central directory', async () => {
    await tooLarge(readFirstSheet(oneCell, limited({ maxEntries: 4 })), /an archive of 5 files/);
    expect(await readFirstSheet(oneCell, limited({ maxEntries: 5 }))).toHaveLength(1);
  });

  it("a part's declared size, all parts' declared sizes, and the compression ratio", async () => {
    const rows = sheet(repeatTo('<row><c><v>1</v></c></row>', 20_000));
    await tooLarge(
      readFirstSheet(rows, limited({ maxPartBytes: 10_000 })),
      /sheet1\.xml inflates to 0 MB; the limit is 0 MB/,
    );
    await tooLarge(
      readFirstSheet(rows, limited({ maxTotalBytes: 15_000 })),
      /inflate to more than 0 MB together/,
    );
    await tooLarge(
      readFirstSheet(rows, limited({ ratioFloorBytes: 1_000, maxCompressionRatio: 20 })),
      /sheet1\.xml is compressed \d+:1, which only a ZIP bomb is/,
    );
  });

  it('a lying header: the part stops at the size it declared', async () => {
    const lying = workbookOf({
      head: SHEET_HEAD,
      body: '<row><c><v>1</v></c></row>',
      times: 1000,
      tail: SHEET_TAIL,
      declaredSize: 500,
    });
    const error = await refusal(readFirstSheet(lying));
    expect(error.code).toBe('format');
    expect(error.message).toMatch(/sheet1\.xml inflates to more than the archive declares/);
  });

  it('a text, comment or CDATA run that saxes would hold whole, and any DTD', async () => {
    const random = seededRandom(3);
    const letters = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
    const limits = limited({ maxTokenChars: 5_000 });
    const run = /sheet1\.xml has a run of more than 5,000 characters without markup/;
    await tooLarge(
      readFirstSheet(sheet(`<row><c t="str"><v>${letters(6_000)}</v></c></row>`), limits),
      run,
    );
    // '<' inside a comment or CDATA does not end it.
    const spaced = letters(6_000).replace(/(.{100})/g, '$1<');
    await tooLarge(readFirstSheet(sheet(`<!--${spaced}--><row/>`), limits), run);
    await tooLarge(
      readFirstSheet(sheet(`<row><c t="str"><v><![CDATA[${spaced}]]></v></c></row>`), limits),
      run,
    );
    const dtd = workbookOf({
      head: `<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">]>${SHEET_HEAD.replace(/^<\?xml[^>]*\?>/, '')}${SHEET_TAIL}`,
    });
    expect((await refusal(readFirstSheet(dtd))).message).toMatch(/declares a DTD/);
    // Under the cap, CDATA is text like any other.
    expect(
      await readFirstSheet(sheet(`<row><c t="str"><v><![CDATA[a<b]]></v></c></row>`), limits),
    ).toEqual([{ row: 1, cells: ['a<b'] }]);
  });

  it("a cell's text over Excel's 32,767 characters, inline or shared", async () => {
    const inline = (n: number) =>
      sheet(`<row><c t="inlineStr"><is><t>${'x'.repeat(n)}</t></is></c></row>`);
    expect((await readFirstSheet(inline(32_767)))[0]!.cells[0]).toHaveLength(32_767);
    await tooLarge(
      readFirstSheet(inline(32_768)),
      /more than 32,767 characters, Excel's own limit/,
    );
    const shared = workbookOf(
      { head: `${SHEET_HEAD}<row><c t="s"><v>0</v></c></row>${SHEET_TAIL}` },
      {
        head: `${STRINGS_HEAD}<si><r><t>${'x'.repeat(20_000)}</t></r><r><t>${'y'.repeat(20_000)}</t></r></si>${STRINGS_TAIL}`,
      },
    );
    await tooLarge(readFirstSheet(shared), /more than 32,767 characters/);
  });

  it('shared strings, characters of text, rows, columns and cells', async () => {
    const strings = workbookOf(
      { head: `${SHEET_HEAD}<row><c t="s"><v>0</v></c></row>${SHEET_TAIL}` },
      { head: `${STRINGS_HEAD}${'<si><t>s</t></si>'.repeat(4)}${STRINGS_TAIL}` },
    );
    await tooLarge(
      readFirstSheet(strings, limited({ maxSharedStrings: 3 })),
      /more than 3 shared strings/,
    );
    // A shared string counts again for each cell that shows it.
    const shown = workbookOf(
      { head: `${SHEET_HEAD}${'<row><c t="s"><v>0</v></c></row>'.repeat(10)}${SHEET_TAIL}` },
      { head: `${STRINGS_HEAD}<si><t>${'s'.repeat(10)}</t></si>${STRINGS_TAIL}` },
    );
    expect(await readFirstSheet(shown, limited({ maxTextChars: 110 }))).toHaveLength(10);
    await tooLarge(
      readFirstSheet(shown, limited({ maxTextChars: 109 })),
      /more than 109 characters of text/,
    );
    const rows = sheet('<row><c><v>1</v></c></row>'.repeat(4));
    await tooLarge(readFirstSheet(rows, limited({ maxRows: 3 })), /more than 3 rows/);
    await tooLarge(
      readFirstSheet(sheet('<row r="1048577"><c><v>1</v></c></row>')),
      /more than 1,048,576 rows/,
    );
    // Excel's last column is XFD; XFE is past it. The empty cells before one count as cells.
    expect(
      (await readFirstSheet(sheet('<row><c r="XFD1"><v>1</v></c></row>')))[0]!.cells,
    ).toHaveLength(16_384);
    await tooLarge(
      readFirstSheet(sheet('<row><c r="XFE1"><v>1</v></c></row>')),
      /beyond column 16,384/,
    );
    await tooLarge(
      readFirstSheet(sheet('<row><c r="J1"><v>1</v></c></row>'), limited({ maxCells: 9 })),
      /more than 9 cells/,
    );
  });
});

describe('the reading worker', () => {
  it('a worker that runs out of heap is a refusal, and the next workbook reads', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => [`login${i}`, `password${i}`, i]);
    const bytes = await writeWorkbook([{ name: 'Accounts', rows }]);
    const error = await refusal(readFirstSheetCells(bytes, { heapMb: 8 }));
    expect(error).toMatchObject({ code: 'too-large' });
    expect(error.message).toMatch(
      /^This workbook is too large to read safely: reading it used more memory than a workbook may/,
    );
    expect(await readFirstSheetCells(bytes)).toHaveLength(40_000);
  }, 60_000);

  const root = resolve(import.meta.dirname, '../..');
  const cacheDir = join(root, 'node_modules', '.cache');
  let dir: string;
  beforeAll(() => {
    mkdirSync(cacheDir, { recursive: true });
    dir = mkdtempSync(join(cacheDir, 'xlsx-worker-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('after an esbuild bundle, runs from the file next to the bundle', async () => {
    await build({
      entryPoints: {
        'xlsx-read-worker': join(root, 'electron/core/imports/sheets/xlsxReadWorker.ts'),
      },
      outdir: dir,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      packages: 'external',
      logLevel: 'silent',
    });
    const entry = resolveXlsxReadWorker(join(dir, 'index.cjs'));
    expect(entry).toEqual({ file: join(dir, XLSX_READ_WORKER_FILE) });
    const bytes = await writeWorkbook([{ name: 'A', rows: [['a', 1]] }]);
    expect(await readFirstSheetCells(bytes, { worker: entry })).toEqual([
      { row: 1, cells: ['a', '1'] },
    ]);
  });
});

describe('writing', () => {
  it('text that looks like a formula is written and read back as text, never as <f>', async () => {
    const risky = ['=1+1', '=HYPERLINK("http://x.test","y")', '+1', '-1+2', '@SUM(A1)', '\t=1'];
    const bytes = await writeWorkbook([
      { name: 'Offers', rows: [['h'], ...risky.map((r) => [r])] },
    ]);
    const xml = await partText(bytes, 'xl/worksheets/sheet1.xml');
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml.match(/t="inlineStr"/g)).toHaveLength(risky.length + 1);
    expect((await readFirstSheetCells(bytes)).slice(1).map((r) => r.cells[0])).toEqual(risky);
  });

  it('a bold header, numbers and booleans typed, sheet names Excel accepts', async () => {
    const bytes = await writeWorkbook([
      {
        name: 'Offers',
        rows: [
          ['a', 'b', 'c'],
          [1.5, true, null],
        ],
      },
      { name: 'Allowed: values/[1]? and a name far over thirty-one', rows: [['x']] },
    ]);
    const xml = await partText(bytes, 'xl/worksheets/sheet1.xml');
    expect(xml).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(xml).toContain('<c r="A2"><v>1.5</v></c><c r="B2" t="b"><v>1</v></c></row>');
    const workbook = await partText(bytes, 'xl/workbook.xml');
    expect(workbook).toContain('name="Allowed  values  1   and a name"');
  });
});
