// Which single-byte encoding a file that is not UTF-8 was written in, judged by what its
// non-ASCII characters become under each candidate. Account lists hold too little prose for
// chardet's statistics ("Alliance;Имя" reads to it as Italian Latin-1), but the right reading
// is easy to tell from a wrong one even in a few words:
// - windows-1251 and KOI8-R put the same letters in swapped case ranges, so a wrong reading
//   turns "Иван" into "иВАН" and "пароль" into rare capitals; real words are lower-case or
//   Capitalised and made mostly of the language's common letters;
// - windows-1252 turns Cyrillic into words made only of accents ("Ïàðîëü"), while Latin words
//   mix accents with ASCII letters ("müller");
// - a stray byte in an ASCII word reads as one odd letter in any of them, which is why the
//   caller also wants enough evidence before it trusts a reading.

/** The encodings sellers' tools write account lists in, besides UTF-8 and UTF-16. */
export const LEGACY_ENCODINGS = ['windows-1251', 'koi8-r', 'windows-1252'] as const;

export interface LegacyReading {
  encoding: string;
  /** 0–1: how much of the non-ASCII text reads as plausible words and punctuation. */
  score: number;
  /** Non-ASCII characters in plausible words: a score from two characters proves little. */
  evidence: number;
  /** 0–1: share of the non-ASCII characters in no word at all (mixed case or script, odd signs). */
  junk: number;
}

/** About 80% of the letters of Russian text; a wrong reading scatters into rare letters. */
const COMMON_RUSSIAN = new Set('оеаинтсрвлкмдпуОЕАИНТСРВЛКМДПУ');
/** Share of common letters that counts as fully Russian-looking (passwords are not prose). */
const COMMON_RUSSIAN_FULL = 0.8;
/** Punctuation of both Cyrillic and Western texts, outside ASCII. */
const COMMON_SYMBOLS = new Set('’‘“”„«»–—…•€£°©®™№§\u00a0');
/** Latin-1 letters that real Western words hardly use; a damaged byte often becomes one. */
const RARE_LATIN = new Set('ÿþðÞÐªºµƒ');

const WORD = /\p{L}+|[^\p{L}\p{ASCII}]/gu;
const CYRILLIC_WORD = /^\p{Script=Cyrillic}+$/u;
const LATIN_WORD = /^\p{Script=Latin}+$/u;

function nonAsciiCount(word: string): number {
  let count = 0;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 0x7f) count++;
  return count;
}

/**
 * Lower-case, Capitalised and camelCase words (every capital followed by lower-case: "иван",
 * "Иван", "ИванПетров") score 1, CAPITALS ½, anything else 0: a wrong reading swaps the case of
 * every letter, and "иВАНпЕТРОВ" is no word.
 */
const CASED_WORD = /^\p{Lu}?\p{Ll}+(?:\p{Lu}\p{Ll}+)*$/u;
function caseShape(word: string): number {
  if (word.length === 1 || CASED_WORD.test(word)) return 1;
  return /^\p{Lu}+$/u.test(word) ? 0.5 : 0;
}

function cyrillicWord(word: string): number {
  return CYRILLIC_WORD.test(word) ? caseShape(word) : 0;
}

function latinWord(word: string): number {
  if (!LATIN_WORD.test(word) || [...word].some((ch) => RARE_LATIN.has(ch))) return 0;
  return /[A-Za-z]/.test(word) || word.length === 1 ? caseShape(word) : 0;
}

function readingOf(sample: Uint8Array, encoding: string): LegacyReading {
  const text = new TextDecoder(encoding).decode(sample);
  const cyrillic = encoding !== 'windows-1252';
  let plausible = 0;
  let junk = 0;
  let total = 0;
  let letters = 0;
  let common = 0;
  for (const [token] of text.matchAll(WORD)) {
    const count = nonAsciiCount(token);
    if (count === 0) continue;
    total += count;
    if (!/\p{L}/u.test(token)) {
      if (COMMON_SYMBOLS.has(token)) plausible += count;
      else junk += count;
      continue;
    }
    const shape = cyrillic ? cyrillicWord(token) : latinWord(token);
    plausible += count * shape;
    if (shape === 0) junk += count;
    if (cyrillic && shape > 0) {
      for (const ch of token) {
        letters++;
        if (COMMON_RUSSIAN.has(ch)) common++;
      }
    }
  }
  if (total === 0) return { encoding, score: 0, evidence: 0, junk: 0 };
  const shapeScore = plausible / total;
  const score = cyrillic
    ? shapeScore * Math.min(1, letters ? common / letters / COMMON_RUSSIAN_FULL : 0)
    : shapeScore;
  return { encoding, score, evidence: plausible, junk: junk / total };
}

/** Every candidate's reading of the sample, the most plausible first. */
export function rankLegacyReadings(sample: Uint8Array): LegacyReading[] {
  return LEGACY_ENCODINGS.map((encoding) => readingOf(sample, encoding)).sort(
    (a, b) => b.score - a.score || b.evidence - a.evidence,
  );
}
