// The format account shops trade in: one account a line, `login:password[:email[:email_password]]`,
// with whatever separator the seller's source used.
import type { CredentialInput } from '../../../contract/marketplace/wire';
import type { BrokenLineCheck } from '../text/brokenLines';
import {
  WHOLE_LINE,
  wholeLineProblem,
  type CredentialProblem,
  type ParsedCredentialRow,
} from './credentialRow';

/** In order of preference when several fit equally: the rarer in passwords, the earlier. */
export const LINE_SEPARATORS = ['----', '\t', '|', ';', ':'] as const;
export type LineSeparator = (typeof LINE_SEPARATORS)[number];

const SAMPLE_LINES = 200;
export const PROGRESS_EVERY_ROWS = 5000;

function isSkippedLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/** The separator found on the most of the first lines; ties go to the earlier in the list. */
export function detectLineSeparator(lines: Iterable<string>): LineSeparator {
  let best: LineSeparator = ':';
  let bestCount = 0;
  const sample: string[] = [];
  for (const line of lines) {
    if (isSkippedLine(line)) continue;
    sample.push(line);
    if (sample.length === SAMPLE_LINES) break;
  }
  for (const separator of LINE_SEPARATORS) {
    const count = sample.filter((line) => line.includes(separator)).length;
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

/** Built directly rather than through the column map: this is the 100k-line hot path. */
function credentialFromLine(line: string, separator: string): CredentialInput {
  const parts = line.split(separator);
  const comment = parts.length > 4 ? parts.slice(4).join(separator) : '';
  return {
    login: (parts[0] ?? '').trim(),
    game_password: parts[1] ?? '',
    email: parts[2]?.trim() || null,
    email_password: parts[3] || null,
    is_2fa_active: null,
    comment: comment || null,
  };
}

// Several accounts on one line (an HTML page or a chat message pasted as is): split at the first
// separators, the first account's password would carry the others. Such a line is refused, never
// sent. A chunk is what whitespace, markup and the other separators leave; an account pair is a
// chunk with exactly one separator between two non-empty sides (not a link's `http://`, not a
// time of day).
const MARKUP = /<[^>]*>|&(?:nbsp|#160|#xa0);/gi;
const TIME_OF_DAY = /^\d{1,2}:\d{2}$/;

function pairsOn(line: string, pair: LineSeparator): number {
  // Most lines hold one separator or none: they cannot hold two pairs (the hot path).
  const first = line.indexOf(pair);
  if (first < 0 || line.indexOf(pair, first + pair.length) < 0) return 0;
  const apart = LINE_SEPARATORS.filter((s) => s !== pair && s !== '\t');
  let text = line.replace(MARKUP, ' ');
  for (const s of apart) text = text.split(s).join(' ');
  const chunks = pair === '\t' ? text.split(/ +/) : text.split(/\s+/);
  let pairs = 0;
  for (const chunk of chunks) {
    const sides = chunk.split(pair);
    if (sides.length !== 2 || sides[0] === '' || sides[1] === '') continue;
    if (sides[1]!.startsWith('//') || (pair === ':' && TIME_OF_DAY.test(chunk))) continue;
    pairs++;
  }
  return pairs;
}

/**
 * How many `login:password` pairs a line holds (by the file's separator, or by `:`) when it may
 * hold two or more; 0 for a line with fewer than two separators.
 */
export function accountPairsOnLine(line: string, separator: LineSeparator): number {
  return separator === ':'
    ? pairsOn(line, ':')
    : Math.max(pairsOn(line, separator), pairsOn(line, ':'));
}

function severalAccounts(count: number): CredentialProblem {
  return {
    field: WHOLE_LINE,
    code: 'invalid',
    message: `this line holds ${count} accounts (login:password pairs); put each account on a line of its own`,
    say: { key: 'imports.row.severalAccounts', values: { count } },
  };
}

export function splitTextLines(text: string): string[] {
  return [...eachTextLine(text)];
}

/**
 * The text's lines one at a time (breaks: CRLF, LF or CR), so that a 100k-line file is never held
 * twice, once as the text and again as an array of its lines.
 */
export function* eachTextLine(text: string): Generator<string> {
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    yield text.slice(start, i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  yield text.slice(start);
}

export interface ParsedCredentialLines {
  separator: LineSeparator;
  rows: ParsedCredentialRow[];
}

export interface CredentialLineOptions {
  separator?: LineSeparator;
  onProgress?: (rowsRead: number) => void;
  brokenLine?: BrokenLineCheck;
}

/**
 * Fields past the fourth go to the comment (joined by the separator), so that a trailing note
 * never shifts the split.
 */
export function parseCredentialLines(
  text: string,
  options: CredentialLineOptions = {},
): ParsedCredentialLines {
  const rows: ParsedCredentialRow[] = [];
  const { separator } = readCredentialLines(text, (row) => rows.push(row), options);
  return { separator, rows };
}

/**
 * The rows handed to `take` one at a time, as read, none kept: a preview packs each as it comes,
 * so a 100k-line file is never 100k row objects at once.
 */
export function readCredentialLines(
  text: string,
  take: (row: ParsedCredentialRow) => void,
  options: CredentialLineOptions = {},
): { separator: LineSeparator; rows: number } {
  const separator = options.separator ?? detectLineSeparator(eachTextLine(text));
  let rows = 0;
  let index = -1;
  for (const line of eachTextLine(text)) {
    index++;
    if (isSkippedLine(line)) continue;
    const broken = options.brokenLine?.(index + 1, index + 1);
    const pairs = accountPairsOnLine(line, separator);
    take({
      line: index + 1,
      credential: credentialFromLine(line, separator),
      problems: broken ? [wholeLineProblem(broken)] : pairs > 1 ? [severalAccounts(pairs)] : [],
    });
    rows++;
    if (options.onProgress && rows % PROGRESS_EVERY_ROWS === 0) options.onProgress(rows);
  }
  return { separator, rows };
}
