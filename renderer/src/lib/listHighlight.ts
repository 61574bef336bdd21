// The highlighted entry of a list driven from a filter box (the product picker): arrows move it,
// Enter takes it. The highlight stays on the list even when the filter shortens it.

/** The new highlighted index after `key`, or null when the key is not a list move. */
export function moveHighlight(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const from = clampHighlight(index, count);
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, from + 1);
    case 'ArrowUp':
      return Math.max(0, from - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** The index kept inside a list of `count` entries (the first when the list shrank past it). */
export function clampHighlight(index: number, count: number): number {
  if (count <= 0) return -1;
  return index >= 0 && index < count ? index : 0;
}
