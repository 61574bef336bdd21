// The format account shops trade in: one account a line, `login:password[:email[:email_password]]`,
// with whatever separator the seller's source used.
import { credentialFromCells, type ParsedCredentialRow } from './credentialRow';
import { POSITIONAL_COLUMNS } from './credentialColumns';

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
export function detectLineSeparator(lines: readonly string[]): LineSeparator {
  let best: LineSeparator = ':';
  let bestCount = 0;
  const sample = lines.filter((line) => !isSkippedLine(line)).slice(0, SAMPLE_LINES);
  for (const separator of LINE_SEPARATORS) {
    const count = sample.filter((line) => line.includes(separator)).length;
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

export function splitTextLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

export interface ParsedCredentialLines {
  separator: LineSeparator;
  rows: ParsedCredentialRow[];
}

/**
 * Fields past the fourth go to the comment (joined by the separator), so that a trailing note
 * never shifts the split.
 */
export function parseCredentialLines(
  text: string,
  options: { separator?: LineSeparator; onProgress?: (rowsRead: number) => void } = {},
): ParsedCredentialLines {
  const lines = splitTextLines(text);
  const separator = options.separator ?? detectLineSeparator(lines);
  const rows: ParsedCredentialRow[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (isSkippedLine(line)) continue;
    const parts = line.split(separator);
    const cells =
      parts.length > 4 ? [...parts.slice(0, 4), '', parts.slice(4).join(separator)] : parts;
    rows.push(credentialFromCells(cells, POSITIONAL_COLUMNS, index + 1));
    if (options.onProgress && rows.length % PROGRESS_EVERY_ROWS === 0)
      options.onProgress(rows.length);
  }
  return { separator, rows };
}
