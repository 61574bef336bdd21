// Plain sheets of text, numbers and booleans as an XLSX, with yazl for the ZIP. Only what an export
// or a template needs: a bold first row, inline strings, no formulas. Text that looks like a
// formula ("=1+1") is written as text and stays text: nothing here ever writes an `<f>`.
import yazl from 'yazl';
import { encodeSheetText, escapeXml } from './xlsxText';

export type SheetCell = string | number | boolean | null;

export interface SheetSpec {
  name: string;
  rows: SheetCell[][];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style 1 of styles.xml: the bold header. */
const BOLD = 1;

const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** 1 → "A", 27 → "AA". */
function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: SheetCell, reference: string, style: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value))
    return `<c r="${reference}"${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean')
    return `<c r="${reference}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${reference}"${style} t="inlineStr"><is><t xml:space="preserve">${encodeSheetText(String(value))}</t></is></c>`;
}

function sheetXml(rows: readonly SheetCell[][]): string {
  const out: string[] = [`${XML_DECLARATION}<worksheet xmlns="${MAIN}"><sheetData>`];
  rows.forEach((row, index) => {
    const r = index + 1;
    const style = r === 1 ? ` s="${BOLD}"` : '';
    out.push(`<row r="${r}">`);
    row.forEach((value, column) =>
      out.push(cellXml(value, `${columnName(column + 1)}${r}`, style)),
    );
    out.push('</row>');
  });
  out.push('</sheetData></worksheet>');
  return out.join('');
}

/** Excel's rules for a tab's name: 31 characters, none of : \ / ? * [ ], unique. */
function sheetNames(specs: readonly SheetSpec[]): string[] {
  const used = new Set<string>();
  return specs.map((spec, index) => {
    let name =
      spec.name
        .replace(/[:\\/?*[\]]/g, ' ')
        .trim()
        .slice(0, 31) || `Sheet${index + 1}`;
    while (used.has(name.toLowerCase())) name = `${name.slice(0, 27)} (${index + 1})`;
    used.add(name.toLowerCase());
    return name;
  });
}

function workbookParts(specs: readonly SheetSpec[]): [string, string][] {
  const names = sheetNames(specs);
  const sheets = names.map((_, i) => ({ id: i + 1, path: `worksheets/sheet${i + 1}.xml` }));
  const stylesId = `rId${sheets.length + 1}`;
  return [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="${CONTENT_TYPES}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${SPREADSHEET}.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="${SPREADSHEET}.styles+xml"/>${sheets
        .map(
          (s) => `<Override PartName="/xl/${s.path}" ContentType="${SPREADSHEET}.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${sheets
        .map(
          (s, i) => `<sheet name="${escapeXml(names[i]!)}" sheetId="${s.id}" r:id="rId${s.id}"/>`,
        )
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheets
        .map(
          (s) =>
            `<Relationship Id="rId${s.id}" Type="${RELATIONSHIPS}/worksheet" Target="${s.path}"/>`,
        )
        .join(
          '',
        )}<Relationship Id="${stylesId}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
    ...specs.map((spec, i): [string, string] => [`xl/${sheets[i]!.path}`, sheetXml(spec.rows)]),
  ];
}

/** A workbook whose first row of each sheet is a bold header. */
export function writeWorkbook(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const [path, xml] of workbookParts(sheets))
    zip.addBuffer(Buffer.from(xml, 'utf8'), path, { mtime, compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
