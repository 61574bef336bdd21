import { describe, expect, it } from 'vitest';
import { changedPrice } from '../../electron/contract/rules/prices';
import { parsePriceChange } from '../../renderer/src/lib/priceChange';

describe('bulk price change', () => {
  it('reads percent and amount changes as the seller writes them', () => {
    expect(parsePriceChange('percent', '+10')).toEqual({ ok: true, value: 10 });
    expect(parsePriceChange('amount', '-0,5')).toEqual({ ok: true, value: -0.5 });
    expect(parsePriceChange('amount', 'ten')).toMatchObject({ ok: false });
    expect(parsePriceChange('amount', '')).toMatchObject({ ok: false });
  });

  it("refuses what the core's rule refuses, in its words", () => {
    expect(parsePriceChange('percent', '-100')).toEqual({
      ok: false,
      message: 'A price cannot drop by 100 % or more.',
    });
    expect(parsePriceChange('amount', '0')).toEqual({
      ok: false,
      message: 'A change of zero changes nothing.',
    });
  });

  it('previews the new price with the rule the core applies, rounded to the API precision', () => {
    expect(changedPrice(120, 'percent', 10, 1)).toBe(132);
    expect(changedPrice(1.2345, 'amount', 0.00001, 1)).toBe(1.2345);
    expect(changedPrice(10, 'amount', -2.5, 1)).toBe(7.5);
    // Gold to 0.0001, account to 0.01.
    expect(changedPrice(0.05, 'percent', 3.33, 1)).toBe(0.0517);
    expect(changedPrice(60, 'percent', 3.33, 2)).toBe(62);
  });
});
