// What an API token may look like before it is sent. The token travels in the Authorization
// header, and undici refuses to send a header value with a control character or a character
// beyond Latin-1 (it throws, and the failure would read as "the marketplace cannot be reached").
// A token is printable ASCII with no spaces; anything else was mangled on its way to us (a line
// break from a file, a stray character from a copy, a letter typed on another keyboard layout).

/** What is wrong with a token, as a word the catalogues say (failures.tokenMalformed's `why`). */
export type TokenProblemKind = 'empty' | 'control' | 'space' | 'notAscii';

/** Each kind in English, as the command line and the logs have always said it. */
export const tokenProblemWords: Readonly<Record<TokenProblemKind, string>> = {
  empty: 'it is empty',
  control: 'it contains a control character',
  space: 'it contains a space or a line break',
  notAscii:
    'it contains a character that is not plain ASCII (a letter from another keyboard layout or a typographic quote, perhaps)',
};

export function tokenProblemKind(token: string): TokenProblemKind | null {
  if (token.length === 0) return 'empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(token)) return 'control';
  if (/\s/.test(token)) return 'space';
  if (/[^\u0021-\u007e]/.test(token)) return 'notAscii';
  return null;
}

/** Why `token` cannot be a token, in words for the seller (never quoting it); null if it can. */
export function tokenProblem(token: string): string | null {
  const kind = tokenProblemKind(token);
  return kind ? tokenProblemWords[kind] : null;
}

/** The kind our own words name (a MarketplaceError carries them in its detail). */
export function tokenProblemKindOf(words: string): TokenProblemKind | null {
  const found = Object.entries(tokenProblemWords).find(([, english]) => english === words);
  return found ? (found[0] as TokenProblemKind) : null;
}
