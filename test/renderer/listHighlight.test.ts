import { describe, expect, it } from 'vitest';
import { clampHighlight, moveHighlight } from '../../renderer/src/lib/listHighlight';

describe('the highlighted entry of a filtered list', () => {
  it('moves with the arrows and stops at either end', () => {
    expect(moveHighlight('ArrowDown', 0, 3)).toBe(1);
    expect(moveHighlight('ArrowDown', 2, 3)).toBe(2);
    expect(moveHighlight('ArrowUp', 0, 3)).toBe(0);
    expect(moveHighlight('End', 0, 3)).toBe(2);
    expect(moveHighlight('Home', 2, 3)).toBe(0);
  });

  it('ignores other keys and empty lists', () => {
    expect(moveHighlight('a', 0, 3)).toBeNull();
    expect(moveHighlight('ArrowDown', 0, 0)).toBeNull();
  });

  it('falls back to the first entry when the filter shortened the list past it', () => {
    expect(clampHighlight(5, 2)).toBe(0);
    expect(clampHighlight(1, 2)).toBe(1);
    expect(clampHighlight(0, 0)).toBe(-1);
  });
});
