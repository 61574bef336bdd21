// The preview's masked rows a page at a time: a 100k-line file's preview stays in the core, and
// the window asks only for the rows it is about to show. One answer of every row was 100k objects
// to validate, copy across threads and stringify, each long enough to hold every other answer up.
import type { MaskedRows } from './maskedRows';
import type { MaskedCredentialRow } from './previewForSeller';

/** What the seller may narrow the rows to: all, refused, left out as duplicates, to be sent. */
export const previewRowFilters = ['all', 'problem', 'duplicate', 'send'] as const;
export type PreviewRowFilter = (typeof previewRowFilters)[number];

/** Rows in the preview's first answer: enough to fill the table before it asks for more. */
export const FIRST_PREVIEW_PAGE = 100;
/** The most rows one page may ask for. */
export const MAX_PREVIEW_PAGE = 500;

export interface PreviewRowsPage {
  rows: MaskedCredentialRow[];
  /** Rows under the filter, all pages together. */
  total: number;
  offset: number;
}

// A filter's row positions, worked out once per preview: scrolling asks for many pages.
const indexes = new WeakMap<MaskedRows, Map<PreviewRowFilter, number[]>>();

function positionsOf(rows: MaskedRows, filter: PreviewRowFilter): number[] {
  let byFilter = indexes.get(rows);
  if (!byFilter) indexes.set(rows, (byFilter = new Map()));
  let positions = byFilter.get(filter);
  if (!positions) {
    positions = [];
    for (let i = 0; i < rows.length; i++) {
      if (rows.verdictAt(i) === filter) positions.push(i);
    }
    byFilter.set(filter, positions);
  }
  return positions;
}

export function previewRowsPage(
  rows: MaskedRows,
  request: { offset: number; limit: number; filter?: PreviewRowFilter },
): PreviewRowsPage {
  const filter = request.filter ?? 'all';
  const limit = Math.min(Math.max(0, Math.floor(request.limit)), MAX_PREVIEW_PAGE);
  const offset = Math.max(0, Math.floor(request.offset));
  if (filter === 'all') {
    return { rows: rows.slice(offset, offset + limit), total: rows.length, offset };
  }
  const positions = positionsOf(rows, filter);
  return {
    rows: positions.slice(offset, offset + limit).map((i) => rows.at(i)!),
    total: positions.length,
    offset,
  };
}
