// What an API token may look like before it is sent. The token travels in the Authorization
// header, and undici refuses to send a header value with a control character or a character
// beyond Latin-1 (it throws, and the failure would read as "the marketplace cannot be reached").
// A token is printable ASCII with no spaces; anything else was mangled on its way to us (a line
// break from a file, a stray character from a copy, a letter typed on another keyboard layout).

/** Why `token` cannot be a token, in words for the seller (never quoting it); null if it can. */
export function tokenProblem(token: string): string | null {
  if (token.length === 0) return 'it is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(token)) return 'it contains a control character';
  if (/\s/.test(token)) return 'it contains a space or a line break';
  if (/[^\u0021-\u007e]/.test(token)) {
    return 'it contains a character that is not plain ASCII (a letter from another keyboard layout or a typographic quote, perhaps)';
  }
  return null;
}
