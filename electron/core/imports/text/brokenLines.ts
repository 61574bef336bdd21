// Rows read from lines that the decoding could not stand for: bytes not valid in the encoding (a
// damaged byte, a character cut at the end of the file), or a UTF-8 line inside a file in another
// encoding. Their values are not what the seller wrote, so importers refuse them by line rather
// than send a login that works for nobody.
import type { ProblemSay } from '../../../contract/rules';
import type { DecodedText } from './decodeText';

/** Why a row is refused: the importers' English and its catalogue message (imports.row.*). */
export interface BrokenLine {
  message: string;
  say: ProblemSay;
}

/** Why the row on lines `first`–`last` is refused, or undefined when those lines are sound. */
export type BrokenLineCheck = (first: number, last: number) => BrokenLine | undefined;

type How = 'damaged' | 'mixed';

/** Undefined when every line is sound, so that importers skip the check on the common path. */
export function brokenLineCheck({
  brokenLines,
  utf8Lines,
  encoding,
}: Pick<DecodedText, 'brokenLines' | 'utf8Lines' | 'encoding'>): BrokenLineCheck | undefined {
  if (brokenLines.length === 0 && utf8Lines.length === 0) return undefined;
  const label = encoding.toUpperCase();
  const reasons = new Map<number, How>();
  for (const line of brokenLines) reasons.set(line, 'damaged');
  for (const line of utf8Lines) reasons.set(line, 'mixed');
  const words = (how: How) =>
    how === 'damaged'
      ? `not valid ${label} — the file may be damaged`
      : `written in UTF-8, not ${label} — the file mixes two encodings`;
  return (first, last): BrokenLine | undefined => {
    for (let line = first; line <= last; line++) {
      const how = reasons.get(line);
      if (!how) continue;
      return first === last
        ? {
            message: `${words(how)}; fix or remove this line`,
            say: { key: 'imports.row.brokenLine', values: { how, encoding: label } },
          }
        : {
            message: `line ${line} is ${words(how)}; fix or remove this row`,
            say: { key: 'imports.row.brokenRow', values: { how, encoding: label, line } },
          };
    }
    return undefined;
  };
}

/** The last line of a delimited record: quoted cells may hold line breaks. */
export function lastLineOf(record: { line: number; cells: readonly string[] }): number {
  let breaks = 0;
  for (const cell of record.cells) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  return record.line + breaks;
}
