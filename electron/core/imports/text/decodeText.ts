// Sellers' account lists come from everywhere: Excel on a Russian Windows (windows-1251), Notepad
// (UTF-16 with BOM), scripts (UTF-8), and now and then a copy that lost a byte. The encoding is
// decided per file and never switched silently: a BOM or the seller's choice first; then UTF-8,
// where a few ill-formed sequences in an otherwise UTF-8 file are damage, reported by line (the
// lines are refused, never decoded some other way); then a legacy encoding, only when one reading
// is clearly right, and with any UTF-8 lines mixed into it refused as well. When no reading is
// clearly right, the seller is asked; bytes that are no text are refused.
import chardet from 'chardet';
import { ImportError, MAX_IMPORT_BYTES } from '../importError';
import { LEGACY_ENCODINGS, rankLegacyReadings, type LegacyReading } from './legacyEncodings';
import { scanUtf8, type Utf8Scan } from './utf8Scan';
import { quoteForMessage } from '../../util/echo';

export type DecodeSource = 'bom' | 'utf-8' | 'detected' | 'override';

export interface DecodedText {
  kind: 'text';
  text: string;
  /** WHATWG label of the encoding used, e.g. `utf-8`, `utf-16le`, `windows-1251`. */
  encoding: string;
  /** How it was chosen, so the preview can say "detected" vs "from BOM" vs "your choice". */
  source: DecodeSource;
  /** 0–1: 1 for a BOM, well-formed UTF-8 or the seller's choice, less for a detection. */
  confidence: number;
  /**
   * 1-based lines where the bytes were not valid in the encoding (each holds U+FFFD in `text`);
   * their content is damaged and must not be used.
   */
  brokenLines: number[];
  /**
   * 1-based lines that are UTF-8 in a file read in another encoding (a list pasted from another
   * source): their content in `text` is mojibake and must not be used either.
   */
  utf8Lines: number[];
}

/** Bytes that do not read as text in any encoding: a binary file, or garbage. */
export interface NotText {
  kind: 'not_text';
  reason: string;
}

/** No reading is clearly right: the seller names the encoding (most likely first). */
export interface EncodingUnsure {
  kind: 'unsure';
  candidates: string[];
}

export type DecodeResult = DecodedText | NotText | EncodingUnsure;

const SAMPLE_BYTES = 64 * 1024;
/** How much of a file the binary checks look at: a text file shows itself in far less. */
const BINARY_SAMPLE = 1024 * 1024;
/** Text holds hardly any control characters; random bytes hold one in ten. */
const MAX_CONTROL_SHARE = 0.01;
/** A legacy reading is trusted from this score, with the next at most this share of it... */
const CONFIDENT_SCORE = 0.6;
const CONFIDENT_RATIO = 0.6;
/** ...and on at least this many non-ASCII characters. */
const MIN_EVIDENCE = 3;
/** ASCII with a few lone bad bytes is UTF-8 with damage, or perhaps Latin-1 with an accent. */
const STRAY_BYTES_CONFIDENCE = 0.5;
/** chardet's confidence (0–100) for scripts beyond our candidates... */
const CHARDET_CONFIDENT = 60;
/** ...on texts long enough for its statistics (in non-ASCII bytes). */
const CHARDET_MIN_BYTES = 256;
/**
 * When at least this share of the non-ASCII characters makes no word in every reading, and
 * chardet has nothing better, the bytes are not text: random bytes leave about two thirds as
 * junk, account lists in any of the candidates almost none.
 */
const JUNK_SHARE = 0.5;
/** ...judged on at least this many non-ASCII bytes; fewer prove nothing (an odd password). */
const JUNK_MIN_BYTES = 64;

export function checkImportSize(byteLength: number): void {
  if (byteLength > MAX_IMPORT_BYTES) {
    const mb = (byteLength / 1024 / 1024).toFixed(1);
    throw new ImportError('too-large', `the file is ${mb} MB; files over 50 MB are not imported`);
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

export function isSupportedEncoding(encoding: string): boolean {
  try {
    new TextDecoder(encoding);
    return true;
  } catch {
    return false;
  }
}

function isControl(code: number): boolean {
  return (code < 0x20 && (code < 0x09 || code > 0x0d)) || (code >= 0x7f && code <= 0x9f);
}

/** Control characters (tab, line breaks and form feed aside) in the start of the text. */
function tooManyControls(text: string): boolean {
  const length = Math.min(text.length, BINARY_SAMPLE);
  let controls = 0;
  for (let i = 0; i < length; i++) if (isControl(text.charCodeAt(i))) controls++;
  return controls > length * MAX_CONTROL_SHARE;
}

const NOT_TEXT_CONTROLS: NotText = {
  kind: 'not_text',
  reason: 'this is a binary file, not a text, CSV, JSON or XLSX file (it holds control bytes)',
};

/** Lines holding a replacement character: where a decoder met bytes it could not read. */
function linesWithReplacements(text: string): number[] {
  const lines: number[] = [];
  if (!text.includes('\ufffd')) return lines;
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    if (line.includes('\ufffd')) lines.push(index + 1);
  });
  return lines;
}

/** Encodings whose lines can hold UTF-8 mixed in (all but UTF-8 and UTF-16 themselves). */
function mixesWithUtf8(encoding: string): boolean {
  return !['utf-8', 'utf-16le', 'utf-16be'].includes(encoding);
}

/** Well-formed text in `encoding`, unless it holds too many control characters to be text. */
function wellFormed(
  text: string,
  encoding: string,
  source: DecodeSource,
  confidence: number,
): DecodedText | NotText {
  if (tooManyControls(text)) return NOT_TEXT_CONTROLS;
  return { kind: 'text', text, encoding, source, confidence, brokenLines: [], utf8Lines: [] };
}

/** The bytes in `encoding`, checked for control characters and for lines it cannot stand for. */
function decodedAs(
  bytes: Uint8Array,
  encoding: string,
  source: DecodeSource,
  confidence: number,
  scan?: Utf8Scan,
): DecodedText | NotText {
  let text: string;
  let complete = true;
  // The decoder strips a BOM of its own encoding (ignoreBOM: false).
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes);
    complete = false;
  }
  const result = wellFormed(text, encoding, source, confidence);
  if (result.kind === 'not_text') return result;
  if (!complete && encoding === 'utf-8') {
    scan ??= scanUtf8(bytes.subarray(bomEncoding(bytes) === 'utf-8' ? 3 : 0));
    result.brokenLines = scan.brokenLines;
  } else if (!complete) {
    result.brokenLines = linesWithReplacements(text);
  }
  if (mixesWithUtf8(encoding)) result.utf8Lines = (scan ?? scanUtf8(bytes)).utf8Lines;
  return result;
}

function nonAsciiBytes(sample: Uint8Array): number {
  let count = 0;
  for (const byte of sample) if (byte > 0x7f) count++;
  return count;
}

function topChardetGuess(sample: Uint8Array): { name: string; confidence: number } | null {
  const top = chardet.analyse(sample)[0];
  if (!top) return null;
  const name = top.name.toLowerCase();
  return isSupportedEncoding(name) && name !== 'utf-8'
    ? { name, confidence: top.confidence }
    : null;
}

function isConfident(best: LegacyReading | undefined, next: LegacyReading | undefined): boolean {
  return (
    best !== undefined &&
    best.score >= CONFIDENT_SCORE &&
    best.evidence >= MIN_EVIDENCE &&
    (next?.score ?? 0) <= best.score * CONFIDENT_RATIO
  );
}

/**
 * Turns the bytes of an import file into text, or says why it cannot: not text at all, or an
 * encoding it cannot be sure of. With `encoding` the seller's choice is used as it is; the lines
 * it cannot stand for are reported all the same.
 */
export function decodeText(bytes: Uint8Array, options: { encoding?: string } = {}): DecodeResult {
  if (options.encoding) {
    const encoding = options.encoding.toLowerCase();
    if (!isSupportedEncoding(encoding)) {
      throw new ImportError(
        'encoding',
        `the encoding ${quoteForMessage(options.encoding)} is not supported`,
      );
    }
    return decodedAs(bytes, encoding, 'override', 1);
  }
  const bom = bomEncoding(bytes);
  if (bom) return decodedAs(bytes, bom, 'bom', 1);
  // A NUL byte never occurs in a text file outside UTF-16/32, which only a BOM lets us accept.
  if (bytes.subarray(0, BINARY_SAMPLE).includes(0)) {
    return {
      kind: 'not_text',
      reason: 'this is a binary file, not a text, CSV, JSON or XLSX file',
    };
  }
  try {
    return wellFormed(new TextDecoder('utf-8', { fatal: true }).decode(bytes), 'utf-8', 'utf-8', 1);
  } catch {
    // Not well-formed UTF-8: find out how before deciding what it is (and decoding it).
  }
  if (tooManyControls(new TextDecoder().decode(bytes.subarray(0, BINARY_SAMPLE)))) {
    return NOT_TEXT_CONTROLS;
  }
  const scan = scanUtf8(bytes);
  const asUtf8 = (confidence: number) => decodedAs(bytes, 'utf-8', 'utf-8', confidence, scan);
  // More well-formed multi-byte sequences than ill-formed ones: a UTF-8 file with damage.
  if (scan.validMultibyte >= scan.invalid) {
    return asUtf8(scan.validMultibyte / (scan.validMultibyte + scan.invalid));
  }
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const readings = rankLegacyReadings(sample);
  const [best, next] = readings;
  if (isConfident(best, next)) {
    return decodedAs(bytes, best!.encoding, 'detected', best!.score, scan);
  }
  // Only lone bad bytes (or a sequence cut at the end) in ASCII text that no legacy reading
  // explains: damage, not an encoding.
  if (scan.invalidRuns === 0) return asUtf8(STRAY_BYTES_CONFIDENCE);
  // Scripts beyond our candidates (Greek, Central European…): chardet, given enough text.
  const nonAscii = nonAsciiBytes(sample);
  const guess = nonAscii >= CHARDET_MIN_BYTES ? topChardetGuess(sample) : null;
  if (guess && guess.confidence >= CHARDET_CONFIDENT) {
    return decodedAs(bytes, guess.name, 'detected', guess.confidence / 100, scan);
  }
  if (nonAscii >= JUNK_MIN_BYTES && readings.every((reading) => reading.junk >= JUNK_SHARE)) {
    return {
      kind: 'not_text',
      reason: 'this file does not read as text in any encoding (is it binary or damaged?)',
    };
  }
  const candidates = [
    ...readings.filter((r) => r.score > 0).map((r) => r.encoding),
    ...(guess ? [guess.name] : []),
    ...(scan.validMultibyte > 0 ? ['utf-8'] : []),
  ];
  return {
    kind: 'unsure',
    candidates: [...new Set(candidates.length ? candidates : LEGACY_ENCODINGS)].slice(0, 4),
  };
}

/**
 * `decodeText` for importers that stop at the first problem: a file that is not text, or whose
 * encoding is unsure, becomes an ImportError (code `binary`, or `encoding-unsure` with the
 * candidates for the seller to choose from).
 */
export function decodeImportText(bytes: Uint8Array, encoding?: string): DecodedText {
  checkImportSize(bytes.length);
  const result = decodeText(bytes, { encoding });
  if (result.kind === 'text') return result;
  if (result.kind === 'not_text') throw new ImportError('binary', result.reason);
  throw new ImportError(
    'encoding-unsure',
    `the file's encoding cannot be told for sure (perhaps ${result.candidates.join(' or ')})`,
    undefined,
    result.candidates,
  );
}
