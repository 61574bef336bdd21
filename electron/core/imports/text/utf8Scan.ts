// Where a file that is not valid UTF-8 breaks, and how: a damaged UTF-8 file has many good
// multi-byte sequences and a few lone bad bytes (or one sequence cut at the end); a file in a
// single-byte encoding has no good sequences and runs of bad ones, one per letter of each word.

export interface Utf8Scan {
  /** Well-formed sequences of two to four bytes: evidence that the file is UTF-8. */
  validMultibyte: number;
  /** Ill-formed sequences, counted as a decoder replaces them (one U+FFFD each). */
  invalid: number;
  /** Runs of two or more ill-formed sequences in a row: what a word of a legacy encoding gives. */
  invalidRuns: number;
  /** 1-based lines holding an ill-formed sequence, in order. */
  brokenLines: number[];
  /**
   * 1-based lines of well-formed UTF-8 holding multi-byte sequences. In a file read in a
   * single-byte encoding they are another encoding mixed in: a windows-1251 line is almost never
   * well-formed UTF-8.
   */
  utf8Lines: number[];
}

const LF = 0x0a;
const CR = 0x0d;

/** Bounds of the second byte after each lead byte (Unicode Table 3-7); later bytes are 80–BF. */
function secondByteRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

function continuationCount(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 1;
  if (lead >= 0xe0 && lead <= 0xef) return 2;
  if (lead >= 0xf0 && lead <= 0xf4) return 3;
  return -1;
}

/**
 * One pass over the bytes, splitting ill-formed input into maximal subparts as the WHATWG
 * decoder does, so that the counts match the replacement characters in the decoded text. Line
 * breaks are counted as the parsers split lines (CRLF, LF or CR); none can hide inside a
 * multi-byte sequence, so the line numbers are the decoded text's. This loop runs over files of
 * up to 50 MB, hence one function without helpers per byte.
 */
export function scanUtf8(bytes: Uint8Array): Utf8Scan {
  const scan: Utf8Scan = {
    validMultibyte: 0,
    invalid: 0,
    invalidRuns: 0,
    brokenLines: [],
    utf8Lines: [],
  };
  const n = bytes.length;
  let line = 1;
  let lineHasValid = false;
  let lineHasInvalid = false;
  let lastInvalidEnd = -1;
  let runLength = 0;
  let i = 0;
  const endLine = () => {
    if (lineHasInvalid) scan.brokenLines.push(line);
    else if (lineHasValid) scan.utf8Lines.push(line);
    lineHasValid = false;
    lineHasInvalid = false;
    line++;
  };
  while (i < n) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      if (byte === LF || (byte === CR && bytes[i + 1] !== LF)) endLine();
      i++;
      continue;
    }
    const needed = continuationCount(byte);
    let end = i + 1;
    let ok = needed > 0;
    if (ok) {
      const [low, high] = secondByteRange(byte);
      for (let k = 0; k < needed; k++, end++) {
        const next = end < n ? bytes[end]! : -1;
        if (k === 0 ? next < low || next > high : next < 0x80 || next > 0xbf) {
          ok = false;
          break;
        }
      }
    }
    if (ok) {
      scan.validMultibyte++;
      lineHasValid = true;
    } else {
      scan.invalid++;
      lineHasInvalid = true;
      runLength = i === lastInvalidEnd ? runLength + 1 : 1;
      if (runLength === 2) scan.invalidRuns++;
      lastInvalidEnd = end;
    }
    i = end;
  }
  if (lineHasInvalid || lineHasValid) endLine();
  return scan;
}
