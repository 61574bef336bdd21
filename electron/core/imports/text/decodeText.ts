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
  const encoding = detectLegacyEncoding(nonAsciiWords(bytes.subarray(0, SAMPLE_BYTES)));
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

const CYRILLIC = new Set(['windows-1251', 'koi8-r', 'iso-8859-5', 'ibm866']);
/** Below this chardet confidence (0–100), a short sample's guess is not trusted. */
const CONFIDENT = 60;

/**
 * chardet's guess, with one correction learned from sellers' files: a few Russian words
 * (logins, comments) are too little for its statistics and come out as Arabic or Latin-1. Words
 * made only of high bytes are what Cyrillic looks like in a single-byte encoding (Latin-1 words
 * mix accents with ASCII letters: "müller", "café"), so an unsure guess goes to windows-1251, or
 * KOI8-R when most letters sit in KOI8-R's lower-case range.
 */
function detectLegacyEncoding(words: Uint8Array): string {
  const matches = chardet.analyse(words);
  const top = matches[0];
  const name = top?.name.toLowerCase();
  if (
    top &&
    name &&
    isSupported(name) &&
    name !== 'utf-8' &&
    (CYRILLIC.has(name) || top.confidence >= CONFIDENT)
  ) {
    return name;
  }
  const split = Buffer.from(words)
    .toString('latin1')
    .split(' ')
    .filter((w) => w !== '');
  const allHigh = split.filter((w) => [...w].every((ch) => ch.charCodeAt(0) >= 0x80)).length;
  if (split.length > 0 && allHigh / split.length >= 0.8) {
    let upperHalf = 0;
    let lowerHalf = 0;
    for (const byte of words) {
      if (byte >= 0xe0) upperHalf++;
      else if (byte >= 0xc0) lowerHalf++;
    }
    return lowerHalf > upperHalf ? 'koi8-r' : 'windows-1251';
  }
  return name && name !== 'utf-8' && isSupported(name) ? name : 'windows-1252';
}

function isSupported(encoding: string): boolean {
  try {
    new TextDecoder(encoding);
    return true;
  } catch {
    return false;
  }
}
