// The one redaction of secrets the process knows (core/secrets/redact): every spelling a server
// may quote a secret back in is replaced, and what is left is checked once more, failing closed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRedactor,
  credentialSecrets,
  keepText,
  redactStrings,
  REDACTED,
  WITHHELD,
} from '../../electron/core/secrets/redact';

const redactSecrets = (text: string, secrets: (string | null | undefined)[]) =>
  createRedactor(secrets)(text);

/** The spellings, written here independently of the module under test. */
const spellings: Record<string, (s: string) => string> = {
  raw: (s) => s,
  json: (s) => JSON.stringify(s).slice(1, -1),
  phpJson: (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/\//g, '\\/')
      .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  phpJsonUpperHex: (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(
        /[^\x20-\x7e]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
      ),
  jsonTwice: (s) => JSON.stringify(JSON.stringify(s).slice(1, -1)).slice(1, -1),
  uriComponent: (s) => encodeURIComponent(s),
  uriComponentLowerHex: (s) =>
    encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  form: (s) => new URLSearchParams({ v: s }).toString().slice(2),
  phpUrlencode: (s) =>
    encodeURIComponent(s)
      .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+'),
  html: (s) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!,
    ),
  htmlHex: (s) => s.replace(/[&<>"']/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`),
  base64: (s) => Buffer.from(s).toString('base64'),
  base64url: (s) => Buffer.from(s).toString('base64url'),
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
};

/** A secret: at least 3 characters, any of them, with the hard ones common. */
const secretArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('"', '\\', '/', '+', '%', '&', "'", '<', ' ', 'é', 'ß', 'İ', 'Ж', '😀', '\n'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
      fc.string({ minLength: 1, maxLength: 3 }),
    ),
    { minLength: 2, maxLength: 8 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => s.length >= 3);

const spellingArb = fc.constantFrom(...Object.keys(spellings));

/** The text as a reader sees it, with the marks of redaction taken out. */
function shownPart(text: string): string {
  return text === WITHHELD ? '' : text.split(REDACTED).join('\u0000');
}

/** Lower case letter by letter (no final-sigma context), as a reader compares. */
function lowered(text: string): string {
  return Array.from(text, (c) => c.toLowerCase()).join('');
}

function containsIgnoringCase(text: string, part: string): boolean {
  return text.includes(part) || lowered(text).includes(lowered(part));
}

describe('redaction of known secrets', () => {
  it('removes a secret in every spelling a server uses, wherever it stands', () => {
    fc.assert(
      fc.property(
        secretArb,
        spellingArb,
        fc.string(),
        fc.string(),
        (secret, name, before, after) => {
          const spelled = spellings[name]!(secret);
          const out = redactSecrets(`${before}${spelled}${after}`, [secret]);
          expect(containsIgnoringCase(shownPart(out), spelled)).toBe(false);
          expect(containsIgnoringCase(shownPart(out), secret)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('removes several secrets at once, in mixed spellings, keeping the words around them', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(secretArb, { minLength: 1, maxLength: 5 }),
        fc.array(spellingArb, { minLength: 1, maxLength: 5 }),
        (secrets, names) => {
          const parts = secrets.map((s, i) => spellings[names[i % names.length]!]!(s));
          const out = redactSecrets(`The value ${parts.join(' and ')} is refused.`, secrets);
          for (const secret of secrets)
            expect(containsIgnoringCase(shownPart(out), secret)).toBe(false);
        },
      ),
    );
  });

  it('leaves a text without the secret as it was', () => {
    const letters = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnop'), minLength: 3 });
    const noLetters = fc.string({ unit: fc.constantFrom(...' .,!?-:;()[]{}') });
    fc.assert(
      fc.property(letters, noLetters, (secret, text) => {
        expect(redactSecrets(text, [secret])).toBe(text);
      }),
    );
    expect(redactSecrets('The login field is required.', ['hunter2'])).toBe(
      'The login field is required.',
    );
  });

  it('redacts the message of a marketplace quoting a password the PHP way', () => {
    const password = 'Pä"ss\\/+w';
    const quoted = `The game password "P\\u00e4\\"ss\\\\\\/+w" is on a list (P%C3%A4%22ss%5C%2F%2Bw).`;
    expect(redactSecrets(quoted, [password])).toBe(
      `The game password "${REDACTED}" is on a list (${REDACTED}).`,
    );
  });

  it('withholds a text in which a secret still shows once decoded', () => {
    // Percent-encoding of only some characters: no spelling of ours, but decoding shows it.
    const secret = 'abc/def';
    expect(redactSecrets('sent: a%62c%2Fdef', [secret])).toBe(WITHHELD);
    // Twice percent-encoded.
    expect(redactSecrets(`x=${encodeURIComponent(encodeURIComponent('ab"cd'))}`, ['ab"cd'])).toBe(
      WITHHELD,
    );
    // An entity for a letter.
    expect(redactSecrets('&#104;unter2 was refused', ['hunter2'])).toBe(WITHHELD);
  });

  it('does not find a short secret in its own marks', () => {
    expect(redactSecrets('red and dac', ['red', 'dac'])).toBe(`${REDACTED} and ${REDACTED}`);
  });

  it('ignores values too short to redact, and knows no secret by default', () => {
    expect(redactSecrets('ab is fine', ['ab', '', null, undefined])).toBe('ab is fine');
    expect(createRedactor([])).toBe(keepText);
  });

  it('prefers the longest secret at a position', () => {
    expect(redactSecrets('x secret-long y', ['secret', 'secret-long'])).toBe(`x ${REDACTED} y`);
  });

  it('names the pairs of a credential as a server writes them together', () => {
    const secrets = credentialSecrets({
      login: 'john',
      game_password: 'pw123',
      email: 'j@mail.test',
      email_password: 'mailpw',
    });
    expect(secrets).toEqual(
      expect.arrayContaining(['john', 'pw123', 'john:pw123', 'j@mail.test:mailpw']),
    );
    const basic = Buffer.from('john:pw123').toString('base64');
    expect(redactSecrets(`Authorization: Basic ${basic}`, secrets)).toBe(
      `Authorization: Basic ${REDACTED}`,
    );
  });

  it('redacts every string of a document, keys too, and keeps its shape', () => {
    const redact = createRedactor(['tok-secret-1']);
    const doc = {
      n: 1,
      ok: true,
      none: null,
      list: ['a tok-secret-1 b', { 'tok-secret-1': 'TOK-SECRET-1' }],
    };
    expect(redactStrings(doc, redact)).toEqual({
      n: 1,
      ok: true,
      none: null,
      list: [`a ${REDACTED} b`, { [REDACTED]: REDACTED }],
    });
    expect(redactStrings(doc, keepText)).toBe(doc);
    // Nothing to redact: the same document back, nothing copied (a manage answer is 100 objects).
    const clean = { results: [{ id: 1, status: 'ok', message: 'Offer created' }], total: 1 };
    expect(redactStrings(clean, redact)).toBe(clean);
    // A secret deep inside: that path is copied, the rest shared, the original left as it was.
    const deep = { results: [clean.results[0], { id: 2, message: 'tok-secret-1 refused' }] };
    const out = redactStrings(deep, redact);
    expect(out).toEqual({ results: [clean.results[0], { id: 2, message: `${REDACTED} refused` }] });
    expect(out.results[0]).toBe(clean.results[0]);
    expect(deep.results[1]!.message).toBe('tok-secret-1 refused');
  });

  it('removes a plain secret (letters, digits, -_.) in every spelling, as it removes any other', () => {
    // Such secrets have their spellings worked out the short way (redact.ts PLAIN_EVERYWHERE).
    const plainArb = fc.stringMatching(/^[A-Za-z0-9\-_.]{3,24}$/);
    fc.assert(
      fc.property(plainArb, spellingArb, fc.string(), (secret, name, around) => {
        const spelled = spellings[name]!(secret);
        const out = redactSecrets(`${around}${spelled}${around}`, [secret]);
        expect(containsIgnoringCase(shownPart(out), spelled)).toBe(false);
        expect(containsIgnoringCase(shownPart(out), secret)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same set of secrets, in any order, the redactor it built for it', () => {
    const secrets = ['token-abc', 'login-1', 'pw-1', 'login-1:pw-1'];
    const first = createRedactor(secrets);
    expect(createRedactor([...secrets].reverse())).toBe(first);
    expect(createRedactor([...secrets, 'pw-2'])).not.toBe(first);
    // Still the redactor of these secrets, not of the last set asked for.
    expect(first('a pw-1 b PW-2')).toBe(`a ${REDACTED} b PW-2`);
  });

  // No time limit here (it failed under load, and speed belongs to the benches): the redactor
  // runs on every write answer, so its cost shows in requests-per-intent and cli-push.
  it('redacts each of a thousand credentials inside a thousand messages', () => {
    const credentials = Array.from({ length: 1000 }, (_, i) => ({
      login: `login-${i}-ä"\\`,
      game_password: `pässwörd/${i}+"`,
      email: `mail${i}@example.test`,
      email_password: `mail-pw-${i}`,
    }));
    const redact = createRedactor(credentials.flatMap(credentialSecrets));
    for (let i = 0; i < 1000; i++) {
      const out = redact(
        `credentials.${i}.game_password: The game password "${JSON.stringify(credentials[i]!.game_password).slice(1, -1)}" is refused.`,
      );
      expect(out).not.toContain('pässwörd');
      expect(out).toContain(REDACTED);
    }
  });
});
