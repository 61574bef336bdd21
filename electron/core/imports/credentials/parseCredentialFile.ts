// One entry for every account file: finds the format (from the content, the file name as a hint,
// or the seller's choice) and the encoding, then hands over to the format's reader.
import { ImportError } from '../importError';
import { checkImportSize, decodeImportText } from '../text/decodeText';
import type { ParsedCredentialRow } from './credentialRow';
import { parseCredentialJson } from './parseCredentialJson';
import { parseCredentialLines, type LineSeparator } from './parseCredentialLines';
import {
  detectCredentialHeader,
  parseCredentialTable,
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
  encodingSource: 'bom' | 'utf-8' | 'detected' | 'override' | null;
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

export async function parseCredentialFile(
  bytes: Uint8Array,
  options: CredentialFileOptions = {},
): Promise<ParsedCredentialFile> {
  checkImportSize(bytes.length);
  const extension = extensionOf(options.fileName);
  if (options.format === 'xlsx' || (!options.format && isXlsx(bytes))) {
    if (!isXlsx(bytes)) throw new ImportError('format', 'the file is not an XLSX workbook');
    const sheet = await parseCredentialXlsx(bytes);
    return { format: 'xlsx', encoding: null, encodingSource: null, separator: null, ...sheet };
  }
  const decoded = decodeImportText(bytes, options.encoding);
  const detected = options.format
    ? { format: options.format as 'lines' | 'csv' | 'json', delimiter: undefined }
    : detectTextFormat(decoded.text, extension);
  const base = { encoding: decoded.encoding, encodingSource: decoded.source };
  const onProgress = options.onProgress;
  switch (detected.format) {
    case 'json':
      return {
        ...base,
        format: 'json',
        separator: null,
        ignoredColumns: [],
        rows: parseCredentialJson(decoded.text),
      };
    case 'csv': {
      const delimiter =
        (options.separator as TableDelimiter | undefined) ??
        detected.delimiter ??
        detectCredentialHeader(decoded.text) ??
        (extension === 'tsv' ? '\t' : ',');
      const table = parseCredentialTable(decoded.text, delimiter, { onProgress });
      return {
        ...base,
        format: 'csv',
        separator: delimiter,
        ignoredColumns: table.ignoredColumns,
        rows: table.rows,
      };
    }
    case 'lines': {
      const lines = parseCredentialLines(decoded.text, {
        separator: options.separator as LineSeparator | undefined,
        onProgress,
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
