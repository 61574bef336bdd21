// Which rows of a long list are worth putting in the DOM: the ones in view plus a margin, so that
// a 100k-row table costs the same to draw as a 30-row one.

export interface VirtualWindow {
  /** First row index to render (inclusive). */
  start: number;
  /** One past the last row index to render. */
  end: number;
  /** Pixel offset of `start` from the top of the list. */
  offsetTop: number;
  /** Height of the whole list, so that the scrollbar tells the truth. */
  totalHeight: number;
}

export function visibleWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan = 8,
): VirtualWindow {
  const totalHeight = Math.max(0, total * rowHeight);
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalHeight - viewportHeight));
  const first = Math.floor(top / rowHeight);
  const inView = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + inView + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** Indices of the fixed-size pages that hold rows [start, end). */
export function pagesCovering(start: number, end: number, pageSize: number): number[] {
  if (end <= start) return [];
  const first = Math.floor(start / pageSize);
  const last = Math.floor((end - 1) / pageSize);
  const pages: number[] = [];
  for (let p = first; p <= last; p++) pages.push(p);
  return pages;
}

/** The scrollTop that brings row `index` into view with the least movement. */
export function scrollTopToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return rowBottom - viewportHeight;
  return scrollTop;
}
