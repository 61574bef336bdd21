import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  pagesCovering,
  scrollTopToReveal,
  visibleWindow,
} from '../../renderer/src/lib/virtualWindow';

describe('visibleWindow', () => {
  it('renders only the rows in view plus the overscan, even for 100k rows', () => {
    const w = visibleWindow(440_000, 600, 44, 100_000, 8);
    expect(w.start).toBe(10_000 - 8);
    expect(w.end - w.start).toBeLessThan(40);
    expect(w.offsetTop).toBe(w.start * 44);
    expect(w.totalHeight).toBe(4_400_000);
  });

  it('clamps a scroll past the end and handles an empty list', () => {
    const w = visibleWindow(10_000_000, 600, 44, 50);
    expect(w.end).toBe(50);
    expect(w.start).toBeGreaterThanOrEqual(0);
    expect(visibleWindow(0, 600, 44, 0)).toEqual({
      start: 0,
      end: 0,
      offsetTop: 0,
      totalHeight: 0,
    });
  });

  it('always covers every row that is visible on screen', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 100, max: 2000 }),
        (total, scrollTop, height) => {
          const rowHeight = 44;
          const w = visibleWindow(scrollTop, height, rowHeight, total, 0);
          const maxTop = Math.max(0, total * rowHeight - height);
          const top = Math.min(scrollTop, maxTop);
          const firstVisible = Math.floor(top / rowHeight);
          const lastVisible = Math.min(total - 1, Math.floor((top + height - 1) / rowHeight));
          if (total === 0) return w.end === 0;
          return w.start <= firstVisible && w.end > lastVisible && w.end <= total;
        },
      ),
    );
  });
});

describe('pagesCovering', () => {
  it('lists the pages of a row range', () => {
    expect(pagesCovering(0, 10, 200)).toEqual([0]);
    expect(pagesCovering(190, 410, 200)).toEqual([0, 1, 2]);
    expect(pagesCovering(5, 5, 200)).toEqual([]);
  });
});

describe('scrollTopToReveal', () => {
  it('moves only as far as needed to show the row', () => {
    expect(scrollTopToReveal(0, 440, 400, 44)).toBe(0);
    expect(scrollTopToReveal(20, 0, 400, 44)).toBe(21 * 44 - 400);
    expect(scrollTopToReveal(5, 100, 400, 44)).toBe(100);
  });
});
