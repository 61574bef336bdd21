import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  extendTo,
  isSelected,
  rangeBetween,
  resolveSelection,
  selectAllMatching,
  selectedCount,
  selectOnly,
  toggle,
} from '../../renderer/src/lib/selection';

describe('selection', () => {
  it('a plain click selects only that offer', () => {
    const s = selectOnly(7, 3);
    expect(isSelected(s, 7)).toBe(true);
    expect(isSelected(s, 8)).toBe(false);
    expect(selectedCount(s, 100)).toBe(1);
    expect(s.anchor).toBe(3);
  });

  it('Ctrl/Cmd-click adds and removes one offer, keeping the others', () => {
    let s = selectOnly(1, 0);
    s = toggle(s, 2, 1);
    expect([...s.ids].sort()).toEqual([1, 2]);
    s = toggle(s, 1, 0);
    expect([...s.ids]).toEqual([2]);
  });

  it('shift-click adds the rows between the anchor and the click', () => {
    const s = extendTo(selectOnly(10, 4), [10, 11, 12, 13], 7);
    expect(selectedCount(s, 100)).toBe(4);
    expect(s.anchor).toBe(4);
    expect(rangeBetween(7, 4)).toEqual([4, 7]);
    expect(rangeBetween(null, 4)).toEqual([4, 4]);
  });

  it('select all counts every matching offer, minus those clicked away', () => {
    let s = selectAllMatching();
    expect(selectedCount(s, 100_000)).toBe(100_000);
    s = toggle(s, 5, 0);
    expect(isSelected(s, 5)).toBe(false);
    expect(isSelected(s, 6)).toBe(true);
    expect(selectedCount(s, 100_000)).toBe(99_999);
    expect(resolveSelection(s, [4, 5, 6])).toEqual([4, 6]);
    expect(() => resolveSelection(s)).toThrow(/needed/);
  });

  it('a range within "all" removes exclusions again', () => {
    let s = toggle(selectAllMatching(), 5, 2);
    s = extendTo(s, [4, 5, 6], 4);
    expect(isSelected(s, 5)).toBe(true);
    expect(selectedCount(s, 10)).toBe(10);
  });

  it('nothing is selected at first', () => {
    expect(selectedCount(emptySelection, 10)).toBe(0);
    expect(resolveSelection(emptySelection)).toEqual([]);
  });
});
