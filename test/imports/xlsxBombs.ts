// Hostile workbooks made at test time, small to build and to hold: a ZIP written by hand so that a
// test controls what the archive declares, and deflate streams made of one compressed block
// repeated (each block ends in a full flush, which resets the compressor, so copies of it can be
// laid end to end) instead of compressing hundreds of megabytes.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A part's XML: `head`, then `body` `times` over, then `tail`. */
export interface PartSpec {
  name: string;
  head?: string;
  body?: string;
  times?: number;
  tail?: string;
  /** The uncompressed size the archive claims, when it should lie. */
  declaredSize?: number;
}

interface Deflated {
  name: string;
  data: Buffer;
  size: number;
  declaredSize: number;
  crc: number;
}

function deflatePart(spec: PartSpec): Deflated {
  const head = Buffer.from(spec.head ?? '');
  const body = Buffer.from(spec.body ?? '');
  const tail = Buffer.from(spec.tail ?? '');
  const times = spec.times ?? (body.length > 0 ? 1 : 0);
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(body, flush);
  const data = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: times }, () => block),
    deflateRawSync(tail),
  ]);
  let crc = crc32(head);
  for (let i = 0; i < times; i++) crc = crc32(body, crc);
  crc = crc32(tail, crc);
  const size = head.length + body.length * times + tail.length;
  return { name: spec.name, data, size, declaredSize: spec.declaredSize ?? size, crc };
}

/** A ZIP (deflate, no ZIP64) of the parts, their sizes as declared. */
export function zipOf(parts: readonly PartSpec[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts.map(deflatePart)) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // needed
    entry.writeUInt16LE(0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(0, 12);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(part.declaredSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    central.push(entry, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

export const SHEET_HEAD = `${DECLARATION}<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const STRINGS_HEAD = `${DECLARATION}<sst xmlns="${MAIN}">`;
export const STRINGS_TAIL = '</sst>';

/** A minimal workbook around the given sheet and shared strings (their names are set here). */
export function workbookOf(
  sheet: Omit<PartSpec, 'name'>,
  sharedStrings?: Omit<PartSpec, 'name'>,
  extra: PartSpec[] = [],
): Buffer {
  return zipOf([
    {
      name: '[Content_Types].xml',
      head: `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      head: `${DECLARATION}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      head: `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Bomb" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      head: `${DECLARATION}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', ...sharedStrings }] : []),
    ...extra,
  ]);
}

/** `length` bytes of `unit` repeated (whole units only). */
export function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.max(1, Math.floor(length / unit.length)));
}

/** A deterministic pseudo-random stream, so the low-ratio bombs are the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const MB = 1024 * 1024;

/**
 * The shared-strings bomb: about 400 KB of ZIP whose sharedStrings.xml inflates to
 * 400 MB of one string repeated (deflate's ceiling is about 1000:1).
 */
export function sharedStringsBomb(options: { declaredSize?: number } = {}): Buffer {
  return workbookOf(
    { head: SHEET_HEAD, body: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>', tail: SHEET_TAIL },
    {
      head: STRINGS_HEAD,
      body: repeatTo(`<si><t>${'A'.repeat(32_000)}</t></si>`, MB),
      times: 400,
      tail: STRINGS_TAIL,
      declaredSize: options.declaredSize,
    },
  );
}

/** A sheet of `megabytes` MB of ten-cell rows whose numbers compress about 3:1. */
export function cellBomb(megabytes: number): Buffer {
  const random = seededRandom(42);
  let block = '';
  while (block.length < MB) {
    block += '<row>';
    for (let i = 0; i < 10; i++) block += `<c><v>${Math.floor(random() * 10_000)}</v></c>`;
    block += '</row>';
  }
  return workbookOf({ head: SHEET_HEAD, body: block, times: megabytes, tail: SHEET_TAIL });
}

/** Millions of cells in a sheet that compresses like a bomb: its declared size gives it away. */
export function hugeSheetBomb(): Buffer {
  return workbookOf({
    head: SHEET_HEAD,
    body: repeatTo('<row><c><v>1</v></c><c><v>2</v></c><c><v>3</v></c></row>', MB),
    times: 600,
    tail: SHEET_TAIL,
  });
}

/**
 * One 32,000-character shared string shown by 20,000 cells: 600 KB inflated, but 640 million
 * characters once every cell is read.
 */
export function amplifiedStringBomb(): Buffer {
  const random = seededRandom(7);
  const long = Array.from({ length: 32_000 }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join('');
  return workbookOf(
    {
      head: SHEET_HEAD,
      body: repeatTo('<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>', 520_000),
      tail: SHEET_TAIL,
    },
    { head: `${STRINGS_HEAD}<si><t>${long}</t></si>${STRINGS_TAIL}` },
  );
}

/** An archive of `count` small files besides a valid workbook. */
export function manyEntriesBomb(count: number): Buffer {
  return workbookOf(
    { head: `${SHEET_HEAD}<row><c t="inlineStr"><is><t>a</t></is></c></row>${SHEET_TAIL}` },
    undefined,
    Array.from({ length: count }, (_, i) => ({ name: `xl/media/image${i}.bin`, head: 'x' })),
  );
}
