// Byte encoders for test files in the encodings sellers' tools produce. Node only encodes UTF-8
// and UTF-16LE natively; windows-1251 is small enough to write out.

export function windows1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else if (code === 0x401) bytes.push(0xa8);
    else if (code === 0x451) bytes.push(0xb8);
    else throw new Error(`no windows-1251 byte for U+${code.toString(16)}`);
  }
  return Buffer.from(bytes);
}

export function utf16leWithBom(text: string): Buffer {
  return Buffer.concat([Buffer.of(0xff, 0xfe), Buffer.from(text, 'utf16le')]);
}

export function utf16beWithBom(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.of(0xfe, 0xff), Buffer.from(le).swap16()]);
}

export function utf8WithBom(text: string): Buffer {
  return Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), Buffer.from(text, 'utf8')]);
}

/** KOI8-R orders the letters by their Latin sound: а б ц д е ф г х …, lower case first. */
const KOI8R_LETTERS = 'юабцдефгхийклмнопярстужвьызшэщчъ';

export function koi8r(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const lower = KOI8R_LETTERS.indexOf(char);
    const upper = KOI8R_LETTERS.indexOf(char.toLowerCase());
    if (code < 0x80) bytes.push(code);
    else if (char === 'ё') bytes.push(0xa3);
    else if (char === 'Ё') bytes.push(0xb3);
    else if (lower >= 0) bytes.push(0xc0 + lower);
    else if (upper >= 0) bytes.push(0xe0 + upper);
    else throw new Error(`no KOI8-R byte for U+${code.toString(16)}`);
  }
  return Buffer.from(bytes);
}

/** windows-1252 agrees with Latin-1 on every letter a test needs. */
export function windows1252(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** Reproducible random bytes in [min, max] (mulberry32), for files that must not be text. */
export function randomBytes(seed: number, length: number, min = 0, max = 255): Buffer {
  let state = seed >>> 0;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    bytes[i] = min + Math.floor(unit * (max - min + 1));
  }
  return bytes;
}
