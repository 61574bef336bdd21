// Text from outside (a cell of the seller's file, the marketplace's answer) on its way into a
// message that is printed, stored in SQLite or shown in a toast. It arrives on one line, bounded,
// without control characters — and never when it looks like account credentials: a file of
// `login:password` lines read as an offers file must not have its first account repeated back as
// an "unknown column".

/** Characters of echoed text kept by default: enough to recognise a header or a cell. */
export const ECHO_MAX = 80;

/**
 * C0 and C1 controls, zero-width and bidirectional formatting characters (which can make a
 * terminal line read differently from what it holds), line and paragraph separators, BOM.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]+/g;

/** Separators account lists use between login and password (parseCredentialLines' list). */
const CREDENTIAL_SEPARATORS = ['----', '\t', '|', ';', ':'] as const;

// Each part excludes what ends it, so that no text makes the match backtrack.
const EMAIL_THEN_VALUE = /^[^\s@,;:|]+@[^\s@,;:|.]+(?:\.[^\s@,;:|.]+)+[\s,;:|]+[^\s,;:|]{3}/;
const URL_WITHOUT_LOGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*(?:[/?#]|$)/i;

/** How much of a text is read to judge it: an account line is short; what is shown is shorter. */
const JUDGED_PREFIX = 1000;

/**
 * True for a line that reads as an account: `login<sep>password…` with the two first parts free
 * of spaces (sep one of `----`, tab, `|`, `;`, `:`), or an email followed by a separator and a
 * value. A URL without a login in it is not an account; `https://user:pass@host` is.
 */
export function looksLikeCredentials(text: string): boolean {
  const line = text.slice(0, JUDGED_PREFIX).trim();
  if (line.length < 3) return false;
  if (EMAIL_THEN_VALUE.test(line)) return true;
  if (URL_WITHOUT_LOGIN.test(line)) return false;
  for (const separator of CREDENTIAL_SEPARATORS) {
    const at = line.indexOf(separator);
    if (at <= 0) continue;
    const login = line.slice(0, at);
    const password = line.slice(at + separator.length).split(separator)[0]!;
    if (password !== '' && !/\s/.test(login) && !/\s/.test(password)) return true;
  }
  return false;
}

/**
 * Untrusted text made fit for a message: control characters become a space, and past `max`
 * characters (code points) the rest is counted, not shown. Checks nothing else; see
 * quoteForMessage for a value that may be a secret.
 */
export function boundText(text: string, max = ECHO_MAX): string {
  const flat = text.replace(CONTROL_RUNS, ' ').trim();
  let end = 0;
  let kept = 0;
  for (const char of flat) {
    if (kept === max) break;
    end += char.length;
    kept++;
  }
  if (end >= flat.length) return flat;
  let more = 0;
  for (let i = end; i < flat.length; i++) {
    const unit = flat.charCodeAt(i);
    // The second half of a surrogate pair is not a character of its own.
    if (unit < 0xdc00 || unit > 0xdfff) more++;
  }
  return `${flat.slice(0, end).trimEnd()}… (${more} more character${more === 1 ? '' : 's'})`;
}

export const CREDENTIALS_NOT_SHOWN = 'a value that looks like account credentials (not shown)';

/**
 * A value from a file or the marketplace, ready to stand in a sentence: `"value"`, bounded, or a
 * description in its place when it looks like account credentials.
 */
export function quoteForMessage(value: string, opts: { max?: number } = {}): string {
  if (looksLikeCredentials(value)) return CREDENTIALS_NOT_SHOWN;
  return `"${boundText(value, opts.max)}"`;
}

/**
 * A column's header as a message may name it: bounded, or `#<position>` (counted from 1) when the
 * header looks like account credentials — a file of accounts read as a table has one for header.
 */
export function columnLabel(header: string, index: number): string {
  return looksLikeCredentials(header) ? `#${index + 1}` : boundText(header);
}
