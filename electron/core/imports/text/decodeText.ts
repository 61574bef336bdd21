// Sellers' account lists come from everywhere: Excel on a Russian Windows (windows-1251), Notepad
// (UTF-16 with BOM), scripts (UTF-8). Decode by BOM, then strict UTF-8, then a detected legacy
// encoding; the seller can override when the guess is wrong.
import chardet from 'chardet';
import { ImportError, MAX_IMPORT_BYTES } from '../importError';

export interface DecodedText {
  text: string;
  /** WHATWG label of the encoding used, e.g. `utf-8`, `utf-16le`, `windows-1251`. */
  encoding: string;
  /** How it was chosen, so the preview can say "detected" vs "from BOM" vs "your choice". */
  source: 'bom' | 'utf-8' | 'detected' | 'override';
}

const SAMPLE_BYTES = 64 * 1024;

export function checkImportSize(byteLength: number): void {
  if (byteLength > MAX_IMPORT_BYTES) {
    const mb = (byteLength / 1024 / 1024).toFixed(1);
    throw new ImportError('too-large', `the file is ${mb} MB; files over 50 MB are not imported`);
  }
}

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** A NUL byte never occurs in a text file outside UTF-16/32, which only a BOM lets us accept. */
function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, SAMPLE_BYTES * 16).includes(0);
}

function decodeWith(encoding: string, bytes: Uint8Array, fatal: boolean): string {
  if (!isSupported(encoding)) {
    throw new ImportError('encoding', `the encoding "${encoding}" is not supported`);
  }
  return new TextDecoder(encoding, { fatal, ignoreBOM: false }).decode(bytes);
}

/** Turns the bytes of an import file into text, or explains why it cannot. */
export function decodeImportText(bytes: Uint8Array, encodingOverride?: string): DecodedText {
  checkImportSize(bytes.length);
  if (encodingOverride) {
    const text = decodeWith(encodingOverride, bytes, false);
    return { text, encoding: encodingOverride.toLowerCase(), source: 'override' };
  }
  const bom = bomEncoding(bytes);
  if (bom) {
    // The decoder strips the BOM itself (ignoreBOM: false).
    return { text: decodeWith(bom.encoding, bytes, false), encoding: bom.encoding, source: 'bom' };
  }
  if (looksBinary(bytes)) {
    throw new ImportError('binary', 'this is a binary file, not a text, CSV, JSON or XLSX file');
  }
  try {
    return { text: decodeWith('utf-8', bytes, true), encoding: 'utf-8', source: 'utf-8' };
  } catch (error) {
    if (error instanceof ImportError) throw error;
  }
  const detected = chardet.detect(nonAsciiWords(bytes.subarray(0, SAMPLE_BYTES)))?.toLowerCase();
  const encoding =
    detected && detected !== 'utf-8' && isSupported(detected) ? detected : 'windows-1252';
  return { text: decodeWith(encoding, bytes, false), encoding, source: 'detected' };
}

/**
 * Only the words that hold non-ASCII bytes. Account lists are mostly ASCII (logins, emails,
 * field names), which drowns the statistics chardet relies on: "Alliance;Имя" alone reads as
 * Italian Latin-1, while "Имя" alone reads as windows-1251.
 */
function nonAsciiWords(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const byte = i < bytes.length ? bytes[i]! : 0x20;
    const isLetter =
      byte >= 0x80 || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
    if (isLetter) continue;
    const word = bytes.subarray(start, i);
    if (word.some((b) => b >= 0x80)) out.push(...word, 0x20);
    start = i + 1;
  }
  return out.length > 0 ? Uint8Array.from(out) : bytes;
}

function isSupported(encoding: string): boolean {
  try {
    new TextDecoder(encoding);
    return true;
  } catch {
    return false;
  }
}
