// Which offers the seller has picked in the table. "Select all" means every offer matching the
// current filter, including rows never loaded, so it is kept as a rule plus exceptions rather
// than as a list of 100k ids.

export interface Selection {
  /** True: everything matching the filter except `ids`; false: exactly `ids`. */
  allMatching: boolean;
  ids: ReadonlySet<number>;
  /** Row index of the last plain or Ctrl/Cmd click, where a shift-click range starts. */
  anchor: number | null;
}

export const emptySelection: Selection = { allMatching: false, ids: new Set(), anchor: null };

export function isSelected(sel: Selection, localId: number): boolean {
  return sel.allMatching ? !sel.ids.has(localId) : sel.ids.has(localId);
}

export function selectedCount(sel: Selection, totalMatching: number): number {
  return sel.allMatching ? Math.max(0, totalMatching - sel.ids.size) : sel.ids.size;
}

/** A plain click: only this row. */
export function selectOnly(localId: number, index: number): Selection {
  return { allMatching: false, ids: new Set([localId]), anchor: index };
}

/** Ctrl/Cmd-click: flip this row, keep the rest. */
export function toggle(sel: Selection, localId: number, index: number): Selection {
  const ids = new Set(sel.ids);
  if (ids.has(localId)) ids.delete(localId);
  else ids.add(localId);
  return { allMatching: sel.allMatching, ids, anchor: index };
}

/**
 * Shift-click: the rows from the anchor to `index` join the selection (the anchor stays, as in
 * file managers). `idsInRange` are the localIds of those rows, in any order.
 */
export function extendTo(sel: Selection, idsInRange: readonly number[], index: number): Selection {
  const ids = new Set(sel.ids);
  for (const id of idsInRange) {
    if (sel.allMatching) ids.delete(id);
    else ids.add(id);
  }
  return { allMatching: sel.allMatching, ids, anchor: sel.anchor ?? index };
}

export function selectAllMatching(): Selection {
  return { allMatching: true, ids: new Set(), anchor: null };
}

/** The row range a shift-click covers. */
export function rangeBetween(anchor: number | null, index: number): [number, number] {
  const from = anchor ?? index;
  return from <= index ? [from, index] : [index, from];
}

/**
 * The localIds of a selection, given every localId matching the filter (only needed when
 * `allMatching`; the caller pages through the query for it).
 */
export function resolveSelection(sel: Selection, allMatchingIds?: readonly number[]): number[] {
  if (!sel.allMatching) return [...sel.ids];
  if (!allMatchingIds) throw new Error('The ids matching the filter are needed to resolve "all".');
  return allMatchingIds.filter((id) => !sel.ids.has(id));
}
