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
