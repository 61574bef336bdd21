// The first sheet of an XLSX as rows of text, read as a stream: yauzl lists the archive from its
// central directory (declared sizes and the entry count, before anything is inflated) and inflates
// one part at a time; saxes parses each part as it inflates; only the shared strings and the kept
// cells stay in memory. Every cap is in xlsxLimits.ts. Formulas are never evaluated: a cell reads
// as the value Excel stored with it.
//
// Runs on whatever thread calls it; the app and the CLI call it through readXlsxInWorker, whose
// heap limit backs up these caps.
import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportError } from '../importError';
import { XLSX_LIMITS, type XlsxLimits } from './xlsxLimits';
import { decodeSheetText } from './xlsxText';

export interface SheetRow {
  /** 1-based row number in the sheet, as Excel shows it. */
  row: number;
  cells: string[];
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function tooLarge(reason: string): ImportError {
  return new ImportError(
    'too-large',
    `This workbook is too large to read safely: ${reason}. Save its first sheet as CSV, or split it into smaller files.`,
  );
}

function unreadable(reason = ''): ImportError {
  return new ImportError('format', `the file is not a readable XLSX workbook${reason}`);
}

/** Thrown by a part's handlers once they have what they came for. */
const ENOUGH = Symbol('enough');

// ---- the archive -------------------------------------------------------------------------------

class Archive {
  private inflatedTotal = 0;

  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly limits: XlsxLimits,
  ) {}

  static async open(bytes: Uint8Array, limits: XlsxLimits): Promise<Archive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        { lazyEntries: true, decodeStrings: true, validateEntrySizes: true },
      );
    } catch {
      throw unreadable();
    }
    // The end-of-central-directory record gives the count before a single entry is read.
    if (zip.entryCount > limits.maxEntries) {
      throw tooLarge(
        `it is an archive of ${count(zip.entryCount)} files, where a workbook has a few dozen`,
      );
    }
    const entries = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) entries.set(partKey(entry.fileName), entry);
    } catch {
      throw unreadable();
    }
    return new Archive(zip, entries, limits);
  }

  has(path: string): boolean {
    return this.entries.has(partKey(path));
  }

  /**
   * Streams one part through an XML parser, within the caps. Returns false when the part is
   * missing. The handlers may throw ENOUGH to stop early.
   */
  async parse(path: string, handlers: (parser: SaxesParser) => void): Promise<boolean> {
    const entry = this.entries.get(partKey(path));
    if (!entry) return false;
    const { limits } = this;
    const declared = entry.uncompressedSize;
    if (declared > limits.maxPartBytes)
      throw tooLarge(
        `${path} inflates to ${megabytes(declared)}; the limit is ${megabytes(limits.maxPartBytes)}`,
      );
    if (this.inflatedTotal + declared > limits.maxTotalBytes)
      throw tooLarge(`its parts inflate to more than ${megabytes(limits.maxTotalBytes)} together`);
    if (
      declared > limits.ratioFloorBytes &&
      declared / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio
    )
      throw tooLarge(
        `${path} is compressed ${Math.round(declared / Math.max(1, entry.compressedSize))}:1, which only a ZIP bomb is`,
      );
    if (!entry.canDecodeFileData())
      throw unreadable(': it is encrypted or compressed in an unusual way');

    let stream: NodeJS.ReadableStream;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw unreadable();
    }
    const parser = new SaxesParser({ position: false });
    handlers(parser);
    const guard = new TokenGuard(limits.maxTokenChars, path);
    let decoder: TextDecoder | undefined;
    let inflated = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        // Counted as inflated, whatever the header said: yauzl also stops a part at its declared
        // size, and these hold even if it did not.
        inflated += chunk.length;
        this.inflatedTotal += chunk.length;
        if (inflated > limits.maxPartBytes)
          throw tooLarge(`${path} inflates to more than ${megabytes(limits.maxPartBytes)}`);
        if (this.inflatedTotal > limits.maxTotalBytes)
          throw tooLarge(
            `its parts inflate to more than ${megabytes(limits.maxTotalBytes)} together`,
          );
        if (
          inflated > limits.ratioFloorBytes &&
          inflated / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio
        )
          throw tooLarge(
            `${path} is compressed more than ${limits.maxCompressionRatio}:1, which only a ZIP bomb is`,
          );
        decoder ??= new TextDecoder(sniffEncoding(chunk));
        const text = decoder.decode(chunk, { stream: true });
        guard.feed(text);
        parser.write(text);
      }
      const rest = decoder?.decode() ?? '';
      guard.feed(rest);
      parser.write(rest).close();
    } catch (error) {
      (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
      if (error === ENOUGH) return true;
      if (error instanceof ImportError) throw error;
      if (/too many bytes in the stream/.test(String((error as Error)?.message)))
        throw unreadable(
          `: ${path} inflates to more than the archive declares, so it is damaged or crafted`,
        );
      throw unreadable();
    }
    return true;
  }
}

/** OPC part names are case-insensitive and may be written with a leading slash. */
function partKey(path: string): string {
  return path.replace(/^\/+/, '').toLowerCase();
}

function sniffEncoding(first: Buffer): string {
  if (first[0] === 0xff && first[1] === 0xfe) return 'utf-16le';
  if (first[0] === 0xfe && first[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * Bounds what saxes holds before an event: it buffers a whole text node, tag, comment, CDATA
 * section or processing instruction. Counts the characters of the token in progress from the raw
 * stream, and refuses a DTD, which OOXML never has and which is the way to entity-expansion bombs.
 */
class TokenGuard {
  private closer: '' | '-->' | ']]>' | '?>' = '';
  private run = 0;
  private carry = '';

  constructor(
    private readonly max: number,
    private readonly part: string,
  ) {}

  feed(chunk: string): void {
    const text = this.carry + chunk;
    this.carry = '';
    let at = 0;
    while (at < text.length) {
      if (this.closer) {
        const end = text.indexOf(this.closer, at);
        if (end < 0) {
          // Keep what could be the start of the closer for the next chunk.
          const keep = Math.min(this.closer.length - 1, text.length - at);
          this.run += text.length - at - keep;
          this.carry = text.slice(text.length - keep);
          break;
        }
        this.run += end - at;
        this.check();
        at = end + this.closer.length;
        this.closer = '';
        this.run = 0;
        continue;
      }
      const open = text.indexOf('<', at);
      if (open < 0) {
        this.run += text.length - at;
        break;
      }
      this.run += open - at;
      this.check();
      this.run = 0;
      const head = text.slice(open, open + 9);
      if (head.length < 2) {
        // A lone '<' at the chunk's end: told apart with the next chunk.
        this.carry = head;
        break;
      }
      if (head[1] !== '!' && head[1] !== '?') {
        this.run = 1;
        at = open + 1;
        continue;
      }
      if (head[1] === '?') {
        this.closer = '?>';
        at = open + 2;
      } else if (head.startsWith('<!--')) {
        this.closer = '-->';
        at = open + 4;
      } else if (head.startsWith('<![CDATA[')) {
        this.closer = ']]>';
        at = open + 9;
      } else if ('<!--'.startsWith(head) || '<![CDATA['.startsWith(head)) {
        // Cut by the chunk's end before it can be told apart.
        this.carry = head;
        break;
      } else {
        throw unreadable(`: ${this.part} declares a DTD, which no workbook does`);
      }
    }
    this.check();
  }

  private check(): void {
    if (this.run > this.max)
      throw tooLarge(
        `${this.part} has a run of more than ${count(this.max)} characters without markup`,
      );
  }
}

// ---- XML helpers -------------------------------------------------------------------------------

/** SpreadsheetML is sometimes written with a prefix (`x:row`); only the local name matters. */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  return (tag.attributes as Record<string, string>)[name];
}

/** The relationship id of a `<sheet>`: `r:id`, whatever the prefix. */
function relationshipIdOf(tag: SaxesTagPlain): string | undefined {
  for (const [name, value] of Object.entries(tag.attributes as Record<string, string>))
    if (name.endsWith(':id')) return value;
  return undefined;
}

/** A relationship's target as a part name, relative to the part that holds the relationship. */
function resolveTarget(sourcePart: string, target: string): string {
  const base = target.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(segment);
  }
  return base.join('/');
}

function relationshipsOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

interface Relationship {
  type: string;
  target: string;
}

/** The relationships of a part that `wanted` picks, by their Id and Type. */
async function readRelationships(
  archive: Archive,
  part: string,
  wanted: (id: string, type: string) => boolean,
): Promise<Map<string, Relationship>> {
  const found = new Map<string, Relationship>();
  await archive.parse(relationshipsOf(part), (parser) => {
    parser.on('opentag', (tag) => {
      if (localName(tag.name) !== 'Relationship') return;
      const id = attribute(tag, 'Id') ?? '';
      const type = attribute(tag, 'Type') ?? '';
      const target = attribute(tag, 'Target');
      if (target !== undefined && attribute(tag, 'TargetMode') !== 'External' && wanted(id, type))
        found.set(id, { type, target: resolveTarget(part, target) });
    });
  });
  return found;
}

// ---- the workbook ------------------------------------------------------------------------------

async function findWorkbook(archive: Archive): Promise<string> {
  const root = await readRelationships(archive, '', (_, type) => type.endsWith('/officeDocument'));
  const workbook = [...root.values()][0]?.target ?? 'xl/workbook.xml';
  if (!archive.has(workbook)) throw unreadable();
  return workbook;
}

/**
 * The relationship id of the sheet named `name`, or of the first in the workbook's order (the
 * order of Excel's tabs).
 */
async function sheetIdOf(
  archive: Archive,
  workbook: string,
  name: string | undefined,
): Promise<string | null> {
  let id: string | null = null;
  await archive.parse(workbook, (parser) => {
    parser.on('opentag', (tag) => {
      if (localName(tag.name) !== 'sheet') return;
      if (name !== undefined && attribute(tag, 'name') !== name) return;
      id = relationshipIdOf(tag) ?? null;
      throw ENOUGH;
    });
  });
  return id;
}

interface TextBudget {
  chars: number;
}

function checkString(length: number, limits: XlsxLimits): void {
  if (length > limits.maxStringLength)
    throw tooLarge(
      `a cell holds more than ${count(limits.maxStringLength)} characters, Excel's own limit`,
    );
}

function spendText(budget: TextBudget, length: number, limits: XlsxLimits): void {
  budget.chars += length;
  if (budget.chars > limits.maxTextChars)
    throw tooLarge(`it holds more than ${count(limits.maxTextChars)} characters of text`);
}

/** Each `<si>`'s text: its runs joined, phonetic guides (`<rPh>`) left out. */
async function readSharedStrings(
  archive: Archive,
  part: string,
  budget: TextBudget,
  limits: XlsxLimits,
): Promise<string[]> {
  const strings: string[] = [];
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let text = '';
  await archive.parse(part, (parser) => {
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') {
        inItem = true;
        text = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inItem && phonetic === 0) inText = !tag.isSelfClosing;
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        inItem = false;
        if (strings.length >= limits.maxSharedStrings)
          throw tooLarge(`it holds more than ${count(limits.maxSharedStrings)} shared strings`);
        const value = decodeSheetText(text);
        spendText(budget, value.length, limits);
        strings.push(value);
      }
    });
    const onText = (chunk: string) => {
      if (!inText) return;
      text += chunk;
      checkString(text.length, limits);
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
  });
  return strings;
}

/** "AB12" → 28; undefined when the reference names no column. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20; // lower case
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
    if (column > 1e6) break;
  }
  return column === 0 ? undefined : column;
}

function cellValue(type: string, raw: string, shared: readonly string[]): string {
  switch (type) {
    case 's':
      return shared[Number(raw)] ?? '';
    case 'inlineStr':
    case 'str':
      return decodeSheetText(raw);
    case 'b':
      return raw === '' ? '' : raw === '1' || raw === 'true' ? 'true' : 'false';
    case 'e':
    case 'd':
      return raw;
    default: {
      // Numbers read as JavaScript prints them: "1.10" and "1.1E0" are both 1.1.
      const trimmed = raw.trim();
      const number = trimmed === '' ? NaN : Number(trimmed);
      return Number.isFinite(number) ? String(number) : raw;
    }
  }
}

async function readSheet(
  archive: Archive,
  part: string,
  shared: readonly string[],
  budget: TextBudget,
  limits: XlsxLimits,
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let cellCount = 0;
  let inData = false;
  let rowNumber = 0;
  let cells: string[] = [];
  let column = 0;
  let cellType = '';
  let cellColumn: number | undefined;
  // Where the cell's text comes from: its <v>, or the <t>s of its inline <is>.
  let capture: 'v' | 'is' | null = null;
  let inCell = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  let raw = '';

  const keepRow = () => {
    if (cells.length === 0) return;
    if (rows.length >= limits.maxRows)
      throw tooLarge(`its first sheet has more than ${count(limits.maxRows)} rows`);
    rows.push({ row: rowNumber, cells });
  };
  const keepCell = () => {
    const at = cellColumn ?? column + 1;
    if (at > limits.maxColumns)
      throw tooLarge(`a cell lies beyond column ${count(limits.maxColumns)}, Excel's last`);
    column = at;
    const value = cellValue(cellType, raw, shared);
    if (value === '') return;
    checkString(value.length, limits);
    spendText(budget, value.length, limits);
    if (at > cells.length) {
      cellCount += at - cells.length;
      if (cellCount > limits.maxCells)
        throw tooLarge(`its first sheet has more than ${count(limits.maxCells)} cells`);
      while (cells.length < at - 1) cells.push('');
      cells.push(value);
    } else cells[at - 1] = value;
  };

  await archive.parse(part, (parser) => {
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (!inData) {
        if (name === 'sheetData') inData = !tag.isSelfClosing;
        return;
      }
      if (name === 'row') {
        const r = Number(attribute(tag, 'r'));
        rowNumber = Number.isInteger(r) && r >= 1 ? r : rowNumber + 1;
        if (rowNumber > limits.maxRows)
          throw tooLarge(`its first sheet has more than ${count(limits.maxRows)} rows`);
        cells = [];
        column = 0;
        if (tag.isSelfClosing) keepRow();
      } else if (name === 'c') {
        inCell = true;
        cellType = attribute(tag, 't') ?? 'n';
        const reference = attribute(tag, 'r');
        cellColumn = reference === undefined ? undefined : columnOf(reference);
        raw = '';
        capture = null;
        if (tag.isSelfClosing) {
          inCell = false;
          keepCell();
        }
      } else if (!inCell) return;
      else if (name === 'v') capture = tag.isSelfClosing ? null : 'v';
      else if (name === 'is') inInline = !tag.isSelfClosing;
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && inInline && phonetic === 0) {
        inText = !tag.isSelfClosing;
        capture = 'is';
      }
    });
    parser.on('closetag', (tag) => {
      if (!inData) return;
      const name = localName(tag.name);
      if (name === 'sheetData') inData = false;
      else if (name === 'row') keepRow();
      else if (name === 'c') {
        inCell = false;
        keepCell();
      } else if (name === 'v') {
        if (capture === 'v') capture = null;
      } else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    });
    const onText = (chunk: string) => {
      if (capture === 'v' || (capture === 'is' && inText)) {
        raw += chunk;
        checkString(raw.length, limits);
      }
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
  });
  return rows;
}

/**
 * The first sheet's non-empty rows as text cells, within the caps; or those of the sheet named
 * `sheetName` (tests read a template's other sheets so).
 */
export async function readFirstSheet(
  bytes: Uint8Array,
  limits: XlsxLimits = XLSX_LIMITS,
  sheetName?: string,
): Promise<SheetRow[]> {
  const archive = await Archive.open(bytes, limits);
  const workbook = await findWorkbook(archive);
  const sheetId = await sheetIdOf(archive, workbook, sheetName);
  const relationships = await readRelationships(
    archive,
    workbook,
    (id, type) => id === sheetId || type.endsWith('/sharedStrings'),
  );
  const sheet = sheetId === null ? undefined : relationships.get(sheetId)?.target;
  if (sheet === undefined || !archive.has(sheet)) return [];
  const sharedPart =
    [...relationships.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ??
    resolveTarget(workbook, 'sharedStrings.xml');
  const budget: TextBudget = { chars: 0 };
  const shared = archive.has(sharedPart)
    ? await readSharedStrings(archive, sharedPart, budget, limits)
    : [];
  // The table's own text is counted once; cells count again what they show.
  return readSheet(archive, sheet, shared, budget, limits);
}
