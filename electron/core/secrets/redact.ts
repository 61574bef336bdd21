// The secrets the process knows — the API token, the logins and passwords a request carries —
// kept out of every text it stores or prints. A server that quotes a value back may spell it any
// way: as sent, JSON-escaped as PHP writes it (`\"`, `\\`, `\/`, `\u00e9`), escaped twice,
// URL-encoded, HTML-escaped, in base64, in another case. Each of those spellings is replaced;
// then what is left is decoded the usual ways and looked at once more, and a text in which a
// secret still shows is withheld whole: this fails closed.
import type { CredentialInput } from '../../contract/marketplace/wire';

export const REDACTED = '[redacted]';
export const WITHHELD = '[not shown: the text quoted a secret]';
/** Shorter values are left alone: they would eat ordinary words out of every message. */
const MIN_SECRET_LENGTH = 3;

export type Redact = (text: string) => string;

/** The redactor for a process that knows no secret. */
export const keepText: Redact = (text) => text;

/**
 * The values of a credential that must never be repeated (the comment is not secret), and the
 * pairs as a server writes them together (`login:password`, in base64 for a Basic header).
 */
export function credentialSecrets(c: Partial<CredentialInput>): string[] {
  // A single-credential update may carry a part of one (a new password alone).
  const pairs: string[] = [];
  if (c.login && c.game_password) pairs.push(`${c.login}:${c.game_password}`);
  if (c.email && c.email_password) pairs.push(`${c.email}:${c.email_password}`);
  return [c.login, c.game_password, c.email, c.email_password, ...pairs].filter((s): s is string =>
    Boolean(s),
  );
}

/**
 * Redacts every secret of the list in each text it is given; built once, used for many. The same
 * set of secrets gets the same redactor back while it is among the last few asked for: the token
 * alone is asked for by every request, a manage request's credentials by its answer's check and
 * again by the recording of its results, and the spellings of a thousand credentials take tens of
 * milliseconds to index.
 */
export function createRedactor(secrets: Iterable<string | null | undefined>): Redact {
  const known = new Set<string>();
  for (const secret of secrets) if (secret && secret.length >= MIN_SECRET_LENGTH) known.add(secret);
  if (known.size === 0) return keepText;
  // In any order: the client and the push list a request's credentials each their own way.
  const key = known.size === 1 ? [...known][0]! : [...known].sort().join('\u0000');
  const recent = recentRedactors.get(key);
  if (recent) {
    recentRedactors.delete(key);
    recentRedactors.set(key, recent);
    return recent;
  }
  const redact = buildRedactor(known);
  recentRedactors.set(key, redact);
  if (recentRedactors.size > RECENT_REDACTORS) {
    recentRedactors.delete(recentRedactors.keys().next().value!);
  }
  return redact;
}

/**
 * The redactors of the last few sets of secrets, by their sorted values. Few and short-lived on
 * purpose: the secrets they hold are those of the requests of the moment, which the process
 * holds anyway while it sends them.
 */
const RECENT_REDACTORS = 8;
const recentRedactors = new Map<string, Redact>();

/** Both redactors, one after the other (a request's token, then its credentials). */
export function bothRedactors(first: Redact, second: Redact): Redact {
  if (first === keepText) return second;
  if (second === keepText) return first;
  return (text) => second(first(text));
}

/**
 * Builds a redactor's index now rather than at its first text: a request carrying many secrets
 * (a manage write's credentials) has it built while the request is on its way, when the core's
 * thread would otherwise wait, not after its answer came (which every window after it waits for).
 */
export function prepareRedaction(redact: Redact): void {
  preparers.get(redact)?.();
}
const preparers = new WeakMap<Redact, () => void>();

function buildRedactor(known: Set<string>): Redact {
  // Built on first use (or prepareRedaction): most requests end without any text to redact.
  let built: { spellings: SpellingIndex; plain: SpellingIndex } | null = null;
  const build = () =>
    (built ??= {
      spellings: new SpellingIndex([...known].flatMap(spellingsOf)),
      plain: new SpellingIndex(known),
    });
  const redact: Redact = (text) => {
    if (text.length < MIN_SECRET_LENGTH) return text;
    const index = build();
    // Shorter than every spelling, and its decoded views are never longer than it: nothing to
    // find (a manage answer's many short messages, against a token of forty characters).
    if (text.length < index.spellings.shortest && text.length < index.plain.shortest) return text;
    const redacted = index.spellings.replace(text, REDACTED);
    return stillQuotes(redacted, index.plain) ? WITHHELD : redacted;
  };
  preparers.set(redact, build);
  return redact;
}

/** Every string of a JSON-like value redacted, object keys included. */
export function redactStrings<T>(value: T, redact: Redact): T {
  if (redact === keepText) return value;
  return redactValue(value, redact) as T;
}

/** A value with nothing to redact comes back as it was: a manage answer is a hundred objects. */
function redactValue(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const redacted = redactValue(item, redact);
      if (redacted !== item) out ??= value.slice(0, i);
      out?.push(redacted);
    }
    return out ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    const entries = Object.entries(value);
    const redacted = entries.map(([key, item]) => [redact(key), redactValue(item, redact)]);
    const changed = redacted.some(
      ([key, item], i) => key !== entries[i]![0] || item !== entries[i]![1],
    );
    return changed ? Object.fromEntries(redacted) : value;
  }
  return value;
}

// ---- Spellings ------------------------------------------------------------------------------

/** The ways a secret is commonly written back; matching also ignores case. */
function spellingsOf(secret: string): string[] {
  // Letters, digits and `-_.` read the same JSON-escaped, URL-encoded and HTML-escaped: only the
  // cases and base64 differ (most logins and passwords; computed apart, it is 5× quicker).
  if (PLAIN_EVERYWHERE.test(secret)) {
    return [secret, secret.toUpperCase(), secret.toLowerCase(), ...base64Spellings(secret)];
  }
  // Matching ignores case letter by letter; these two catch the letters whose case is longer
  // (`ß` → `SS`, `İ` → `i̇`).
  const spellings = new Set<string>([secret, secret.toUpperCase(), secret.toLowerCase()]);
  const json = jsonEscape(secret);
  const jsonForms = [
    json,
    json.replace(/\//g, '\\/'),
    asciiOnly(json),
    asciiOnly(json).replace(/\//g, '\\/'), // PHP's json_encode
  ];
  for (const form of jsonForms) {
    spellings.add(form);
    spellings.add(jsonEscape(form)); // a JSON document inside a JSON string
  }
  for (const form of urlSpellings(secret)) spellings.add(form);
  for (const entities of HTML_ENTITY_SETS) {
    spellings.add(secret.replace(/[&<>"']/g, (c) => entities[c as keyof typeof entities]));
  }
  for (const form of base64Spellings(secret)) spellings.add(form);
  return [...spellings].filter((s) => s.length >= MIN_SECRET_LENGTH);
}

const PLAIN_EVERYWHERE = /^[A-Za-z0-9\-_.]*$/;

function base64Spellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const base64 = bytes.toString('base64');
  const base64url = bytes.toString('base64url');
  return [
    base64,
    base64.replace(/=+$/, ''),
    base64url,
    base64url + '='.repeat(base64.length - base64url.length),
  ];
}

function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function asciiOnly(text: string): string {
  return text.replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** encodeURIComponent leaves `!'()*~` as they are; the encoders below differ on those. */
function percentOf(chars: RegExp): (text: string) => string {
  return (text) => text.replace(chars, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
const rfc3986 = percentOf(/[!'()*]/g);
const formChars = percentOf(/[!'()~]/g);
const phpChars = percentOf(/[!'()*~]/g);

function urlSpellings(secret: string): string[] {
  let component: string;
  try {
    component = encodeURIComponent(secret);
  } catch {
    return []; // a lone surrogate: no URL can carry it
  }
  const plus = (text: string) => text.replace(/%20/g, '+');
  return [
    component,
    encodeURI(secret),
    rfc3986(component), // rawurlencode
    rfc3986(component).replace(/%2F/g, '/'), // Python's quote
    plus(formChars(component)), // HTML forms, URLSearchParams
    plus(phpChars(component)), // PHP's urlencode
  ];
}

const HTML_ENTITY_SETS = [
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' }, // PHP's htmlspecialchars
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' },
  { '&': '&#38;', '<': '&#60;', '>': '&#62;', '"': '&#34;', "'": '&#39;' },
  { '&': '&#x26;', '<': '&#x3c;', '>': '&#x3e;', '"': '&#x22;', "'": '&#x27;' },
] as const;

// ---- The check after redaction ---------------------------------------------------------------

/**
 * Whether a secret still shows once the text is decoded the usual ways (backslash escapes,
 * percent-encoding, HTML entities, up to two layers). The redaction marks are left out, so that
 * a secret such as `dac` does not find itself in them.
 */
function stillQuotes(text: string, plain: SpellingIndex): boolean {
  return text.split(REDACTED).some((piece) => decodedViews(piece).some((v) => plain.occursIn(v)));
}

function decodedViews(text: string): string[] {
  const views = new Set([text]);
  let layer = [text];
  for (let depth = 0; depth < 2; depth++) {
    const next: string[] = [];
    for (const view of layer) {
      for (const decode of DECODERS) {
        const decoded = decode(view);
        if (!views.has(decoded)) {
          views.add(decoded);
          next.push(decoded);
        }
      }
    }
    layer = next;
  }
  return [...views];
}

const DECODERS: ((text: string) => string)[] = [
  (text) => (text.includes('\\') ? unescapeBackslashes(text) : text),
  (text) => (text.includes('%') ? percentDecode(text) : text),
  (text) =>
    text.includes('%') || text.includes('+') ? percentDecode(text.replace(/\+/g, ' ')) : text,
  (text) => (text.includes('&') ? unescapeHtml(text) : text),
];

function unescapeBackslashes(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_, code: string) => {
    if (code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
    return { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[code] ?? code;
  });
}

function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) =>
    Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'),
  );
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

// ---- Finding spellings, ignoring case --------------------------------------------------------

/**
 * Lower-cased with every character keeping its length, so that positions in the folded text are
 * positions in the original (`İ` is the one letter whose lower case is longer: kept as it is).
 */
function fold(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const char of text) {
    const low = char.toLowerCase();
    out += low.length === char.length ? low : char;
  }
  return out;
}

/**
 * Folded spellings by how they begin: the first three code units, and for the longer ones the
 * first eight. A regular expression of thousands of case-insensitive alternatives takes seconds to
 * build and milliseconds per text; this takes a map lookup or two per character, after a bitmap
 * has turned most characters away, and a thousand credentials' spellings rarely share eight.
 */
class SpellingIndex {
  private readonly heads = new Uint8Array(1 << 16);
  private readonly byStart = new Map<string, string[]>();
  private readonly shortByHead = new Map<number, string[]>();
  /** The length of the shortest spelling held (folding keeps lengths). */
  readonly shortest: number = Infinity;

  constructor(spellings: Iterable<string>) {
    for (const folded of new Set(Array.from(spellings, fold))) {
      if (folded.length < this.shortest) this.shortest = folded.length;
      this.heads[headHash(folded, 0)] = 1;
      if (folded.length >= LONG) addTo(this.byStart, folded.slice(0, LONG), folded);
      else addTo(this.shortByHead, headKey(folded, 0), folded);
    }
    // Longest first: `secret-long` wins over `secret` at the same position.
    for (const list of this.byStart.values()) list.sort((a, b) => b.length - a.length);
    for (const list of this.shortByHead.values()) list.sort((a, b) => b.length - a.length);
  }

  /** The length of the longest spelling that starts at `at` in the folded text, or 0. */
  private matchAt(folded: string, at: number): number {
    if (this.heads[headHash(folded, at)] === 0) return 0;
    for (const candidate of this.byStart.get(folded.slice(at, at + LONG)) ?? []) {
      if (folded.startsWith(candidate, at)) return candidate.length;
    }
    for (const candidate of this.shortByHead.get(headKey(folded, at)) ?? []) {
      if (folded.startsWith(candidate, at)) return candidate.length;
    }
    return 0;
  }

  occursIn(text: string): boolean {
    const folded = fold(text);
    for (let i = 0; i + MIN_SECRET_LENGTH <= folded.length; i++) {
      if (this.matchAt(folded, i) > 0) return true;
    }
    return false;
  }

  replace(text: string, mark: string): string {
    const folded = fold(text);
    let out = '';
    let copied = 0;
    for (let i = 0; i + MIN_SECRET_LENGTH <= folded.length;) {
      const length = this.matchAt(folded, i);
      if (length === 0) {
        i++;
        continue;
      }
      out += text.slice(copied, i) + mark;
      i += length;
      copied = i;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}

/** Spellings at least this long are indexed by this many first code units. */
const LONG = 8;

function addTo<K>(map: Map<K, string[]>, key: K, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function headKey(text: string, at: number): number {
  return (text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1)) * 65536 + text.charCodeAt(at + 2);
}

function headHash(text: string, at: number): number {
  return (
    (text.charCodeAt(at) * 961 + text.charCodeAt(at + 1) * 31 + text.charCodeAt(at + 2)) & 0xffff
  );
}
