// Every cap on reading a workbook, in one place. An XLSX is a ZIP of XML: 50 MB of ZIP can inflate
// to gigabytes (deflate reaches about 1000:1), and one small part can name millions of cells. The
// reader checks the archive's declared sizes before inflating anything, counts the real bytes while
// inflating (declared sizes can lie), and counts what it keeps while parsing, so a crafted file is
// refused in seconds with memory to spare. The worker's heap limit is the last line, for a case
// these caps miss.

export interface XlsxLimits {
  /** Parts in the archive. Excel writes a dozen or two; thousands only come from a crafted file. */
  maxEntries: number;
  /**
   * Inflated bytes of any one part we read. The largest sheet the text caps below can yield is
   * well under this even in Excel's most verbose markup.
   */
  maxPartBytes: number;
  /** Inflated bytes of all the parts we read together (workbook, relationships, strings, sheet). */
  maxTotalBytes: number;
  /**
   * Inflated ÷ compressed for a part of over `ratioFloorBytes`. Real sheets compress 5–50:1; a
   * bomb is near deflate's ceiling of 1032:1.
   */
  maxCompressionRatio: number;
  ratioFloorBytes: number;
  /**
   * Characters between two markup boundaries. saxes holds a whole text node, attribute, comment
   * or CDATA section in memory before handing it over, so this bounds what it can hold: a cell's
   * 32,767 characters fit even written entirely as character references.
   */
  maxTokenChars: number;
  /** Excel's own limit on a cell's text. */
  maxStringLength: number;
  /** Entries in the shared-string table: at most one per cell we would keep. */
  maxSharedStrings: number;
  /**
   * Characters of text, counted once in the shared-string table and again for every cell that
   * shows them: the 50 MB we accept as a text file, as text.
   */
  maxTextChars: number;
  /** Excel's own limit on rows. */
  maxRows: number;
  /** Excel's own limit on columns (XFD): the most cells a row can hold. */
  maxColumns: number;
  /**
   * Cells kept, empty ones between filled ones included: a million two-column accounts, or
   * 40,000 offers of 50 columns.
   */
  maxCells: number;
}

export const XLSX_LIMITS: Readonly<XlsxLimits> = Object.freeze({
  maxEntries: 1_000,
  maxPartBytes: 256 * 1024 * 1024,
  maxTotalBytes: 320 * 1024 * 1024,
  maxCompressionRatio: 250,
  ratioFloorBytes: 1024 * 1024,
  maxTokenChars: 1024 * 1024,
  maxStringLength: 32_767,
  maxSharedStrings: 2_000_000,
  maxTextChars: 50 * 1024 * 1024,
  maxRows: 1_048_576,
  maxColumns: 16_384,
  maxCells: 2_000_000,
});

/**
 * The worker that reads a workbook gets this much heap. The caps above keep a real reading under
 * about half of it; past it the worker dies alone and the seller is told the workbook is too large.
 */
export const XLSX_WORKER_HEAP_MB = 512;
