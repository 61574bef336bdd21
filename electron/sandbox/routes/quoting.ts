// A marketplace that quotes what it refuses back in its errors, as many services do (`The login
// "…" is invalid.`), and in the spellings such services write: PHP's json_encode (`\"`, `\\`,
// `\/`, `\u00e9`), urlencode, htmlspecialchars, base64, upper case. Off unless a test turns it on
// (control.quoteValuesInErrors): the seller's side must keep every one of these spellings of a
// password or a token out of what it prints, stores and shows.
import type { CredentialLike } from '../../contract/rules/credentialRules';
import { json, withMoreCount, type Reply } from '../reply';

/** PHP's json_encode of a string, without its quotes: `/` and every non-ASCII unit escaped. */
export function phpJson(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** PHP's urlencode: everything but letters, digits and `-_.` percent-encoded, space as `+`. */
function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP's htmlspecialchars with ENT_QUOTES. */
function htmlspecialchars(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!,
  );
}

function base64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64');
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * 422 for credentials (a batch, or one credential when `prefix` is ''), every login, email and
 * password quoted back: in the message, and per field.
 */
export function refusalQuotingCredentials(list: CredentialLike[], prefix: string): Reply {
  const errors: Record<string, string[]> = {};
  list.forEach((c, i) => {
    const at = prefix === '' ? '' : `${prefix}.${i}.`;
    const login = text(c.login);
    const password = text(c.game_password);
    errors[`${at}login`] = [
      `The login "${phpJson(login)}" is not accepted (LOGIN ${login.toUpperCase()}, sent as ${phpUrlencode(login)}).`,
    ];
    errors[`${at}game_password`] = [
      `The game password "${phpJson(password)}" is on a list of leaked passwords ` +
        `(&quot;${htmlspecialchars(password)}&quot;, ${phpUrlencode(password)}, ${base64(password)}).`,
    ];
    if (text(c.email) !== '') {
      errors[`${at}email_password`] = [
        `The email "${phpJson(text(c.email))}" with password "${phpJson(text(c.email_password))}" ` +
          `could not sign in (${base64(`${text(c.email)}:${text(c.email_password)}`)}).`,
      ];
    }
  });
  const first = list[0] ?? {};
  return json(422, {
    message: withMoreCount([
      `The credential "${phpJson(text(first.login))}:${phpJson(text(first.game_password))}" was refused.`,
      ...Object.values(errors).flat().slice(1),
    ]),
    errors,
  });
}

/** A 500 as a framework's debug page writes it: the request's headers quoted. */
export function serverErrorQuotingToken(token: string): Reply {
  return json(500, {
    message:
      `Server Error while handling {"headers":{"authorization":"Bearer ${phpJson(token)}"}} ` +
      `(token=${phpUrlencode(token)}; basic ${base64(token)})`,
  });
}
