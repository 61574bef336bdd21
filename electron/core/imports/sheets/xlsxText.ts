// Text in SpreadsheetML. XML 1.0 cannot carry most control characters even as character
// references, so OOXML writes any UTF-16 unit as `_xHHHH_` (ECMA-376 Part 1, ST_Xstring), and a
// literal `_xHHHH_` in the text escapes its underscore as `_x005F_`. Excel writes a carriage return
// the same way, which is how a line break typed as CRLF survives.

const ESCAPED = /_x([0-9A-Fa-f]{4})_/g;

/** The text as written in a `<t>` or `<v>`, escapes decoded. */
export function decodeSheetText(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(ESCAPED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const hex4 = (code: number) => `_x${code.toString(16).toUpperCase().padStart(4, '0')}_`;

// Tab and line feed pass as themselves; every other character XML refuses, CR (which XML readers
// fold into LF), a lone surrogate, U+FFFE/U+FFFF, and the underscore of a would-be escape.
const NEEDS_ESCAPE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

/** XML character data for a cell's text, escaped so that decodeSheetText gives it back. */
export function encodeSheetText(text: string): string {
  return escapeXml(text.replace(NEEDS_ESCAPE, (char) => hex4(char.charCodeAt(0))));
}

/** The five XML escapes, for text and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
