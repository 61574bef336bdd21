// One entry for every account file: finds the format (from the content, the file name as a hint,
// or the seller's choice) and the encoding, then hands over to the format's reader.
import { ImportError } from '../importError';
import {
  checkImportSize,
  decodeImportText,
  type DecodedText,
  type DecodeSource,
} from '../text/decodeText';
import { brokenLineCheck } from '../text/brokenLines';
import type { ParsedCredentialRow } from './credentialRow';
import { parseCredentialJson } from './parseCredentialJson';
import { readCredentialLines, type LineSeparator } from './parseCredentialLines';
import {
  detectCredentialHeader,
  readCredentialTable,
  type TableDelimiter,
} from './parseCredentialTable';
import { parseCredentialXlsx } from './parseCredentialXlsx';
import { isXlsx } from '../sheets/xlsx';

export type CredentialFileFormat = 'lines' | 'csv' | 'json' | 'xlsx';

export interface CredentialFileOptions {
  /** Forces the format instead of detecting it. */
  format?: CredentialFileFormat;
  /** Forces the text encoding (a WHATWG label such as `windows-1251`). */
  encoding?: string;
  /** Forces the separator: for `lines`, one of LINE_SEPARATORS; for `csv`, a delimiter. */
  separator?: string;
  /** The file's name; its extension is a hint when the content alone is ambiguous. */
  fileName?: string;
  onProgress?: (rowsRead: number) => void;
}

export interface ParsedCredentialFile {
  format: CredentialFileFormat;
  /** Null for XLSX, which carries its own encoding. */
  encoding: string | null;
  encodingSource: DecodeSource | null;
  separator: string | null;
  ignoredColumns: string[];
  rows: ParsedCredentialRow[];
}

function extensionOf(fileName: string | undefined): string {
  return /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase() ?? '';
}

function detectTextFormat(
  text: string,
  extension: string,
): { format: 'lines' | 'csv' | 'json'; delimiter?: TableDelimiter } {
  const start = text.trimStart();
  if (start.startsWith('[') || (extension === 'json' && start.startsWith('{')))
    return { format: 'json' };
  const delimiter = detectCredentialHeader(text);
  if (delimiter) return { format: 'csv', delimiter };
  return { format: 'lines' };
}

/** JSON cannot be refused line by line: a damaged byte may sit in its structure. */
function refuseDamagedJson({ brokenLines, utf8Lines, encoding }: DecodedText): void {
  const lines = [...brokenLines, ...utf8Lines].sort((a, b) => a - b);
  if (lines.length === 0) return;
  const listed = lines.slice(0, 10).join(', ') + (lines.length > 10 ? ', …' : '');
  const where = lines.length === 1 ? `line ${listed} does` : `lines ${listed} do`;
  throw new ImportError(
    'encoding',
    `${where} not read as ${encoding.toUpperCase()} — the file may be damaged or mix encodings; ` +
      'fix the file (a JSON file is imported whole or not at all)',
    lines[0],
  );
}

/** What was read of a file whose rows went one at a time to a taker (readCredentialFile). */
export type CredentialFileRead = Omit<ParsedCredentialFile, 'rows'> & { rows: number };

/** An empty file, or blank lines, comments or a header alone: nothing to queue is no success. */
function refuseEmpty(file: CredentialFileRead): CredentialFileRead {
  if (file.rows > 0) return file;
  throw new ImportError(
    'empty',
    'the file has no credentials — it is empty, or holds only blank lines, # comments or a header',
  );
}

export async function parseCredentialFile(
  bytes: Uint8Array,
  options: CredentialFileOptions = {},
): Promise<ParsedCredentialFile> {
  const rows: ParsedCredentialRow[] = [];
  const read = await readCredentialFile({ bytes }, options, (row) => rows.push(row));
  return { ...read, rows };
}

/** The file's bytes, given up once decoded: a text file is then held once, as its text. */
export interface CredentialFileBytes {
  bytes: Uint8Array;
}

/**
 * The file's rows handed to `take` one at a time, in file order: lines and CSV are never held as
 * an array of rows (JSON and XLSX, read whole by their parsers, are let go of row by row).
 */
export async function readCredentialFile(
  file: CredentialFileBytes,
  options: CredentialFileOptions,
  take: (row: ParsedCredentialRow) => void,
): Promise<CredentialFileRead> {
  return refuseEmpty(await readRows(file, options, take));
}

function handOver(rows: ParsedCredentialRow[], take: (row: ParsedCredentialRow) => void): number {
  const count = rows.length;
  const each = rows as (ParsedCredentialRow | undefined)[];
  for (let i = 0; i < count; i++) {
    take(each[i]!);
    each[i] = undefined;
  }
  return count;
}

/** Decodes the file's bytes, then lets them go. */
function decodeOnce(file: CredentialFileBytes, encoding: string | undefined): DecodedText {
  const decoded = decodeImportText(file.bytes, encoding);
  file.bytes = new Uint8Array(0);
  return decoded;
}

async function readRows(
  file: CredentialFileBytes,
  options: CredentialFileOptions,
  take: (row: ParsedCredentialRow) => void,
): Promise<CredentialFileRead> {
  checkImportSize(file.bytes.length);
  const extension = extensionOf(options.fileName);
  if (options.format === 'xlsx' || (!options.format && isXlsx(file.bytes))) {
    if (!isXlsx(file.bytes)) throw new ImportError('format', 'the file is not an XLSX workbook');
    const sheet = await parseCredentialXlsx(file.bytes);
    return {
      format: 'xlsx',
      encoding: null,
      encodingSource: null,
      separator: null,
      ignoredColumns: sheet.ignoredColumns,
      rows: handOver(sheet.rows, take),
    };
  }
  const decoded = decodeOnce(file, options.encoding);
  const detected = options.format
    ? { format: options.format as 'lines' | 'csv' | 'json', delimiter: undefined }
    : detectTextFormat(decoded.text, extension);
  const base = { encoding: decoded.encoding, encodingSource: decoded.source };
  const onProgress = options.onProgress;
  const brokenLine = brokenLineCheck(decoded);
  switch (detected.format) {
    case 'json':
      refuseDamagedJson(decoded);
      return {
        ...base,
        format: 'json',
        separator: null,
        ignoredColumns: [],
        rows: handOver(parseCredentialJson(decoded.text), take),
      };
    case 'csv': {
      const delimiter =
        (options.separator as TableDelimiter | undefined) ??
        detected.delimiter ??
        detectCredentialHeader(decoded.text) ??
        (extension === 'tsv' ? '\t' : ',');
      const table = readCredentialTable(decoded.text, delimiter, take, { onProgress, brokenLine });
      return {
        ...base,
        format: 'csv',
        separator: delimiter,
        ignoredColumns: table.ignoredColumns,
        rows: table.rows,
      };
    }
    case 'lines': {
      const lines = readCredentialLines(decoded.text, take, {
        separator: options.separator as LineSeparator | undefined,
        onProgress,
        brokenLine,
      });
      return {
        ...base,
        format: 'lines',
        separator: lines.separator,
        ignoredColumns: [],
        rows: lines.rows,
      };
    }
  }
}
