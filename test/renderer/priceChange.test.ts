import { describe, expect, it } from 'vitest';
import { applyPriceChange, parsePriceChange } from '../../renderer/src/lib/priceChange';

describe('bulk price change', () => {
  it('reads percent and amount changes as the seller writes them', () => {
    expect(parsePriceChange('percent', '+10')).toEqual({ ok: true, value: 10 });
    expect(parsePriceChange('amount', '-0,5')).toEqual({ ok: true, value: -0.5 });
    expect(parsePriceChange('percent', '-100')).toMatchObject({ ok: false });
    expect(parsePriceChange('amount', '0')).toMatchObject({ ok: false });
    expect(parsePriceChange('amount', 'ten')).toMatchObject({ ok: false });
    expect(parsePriceChange('amount', '')).toMatchObject({ ok: false });
  });

  it('previews the new price rounded to the API precision', () => {
    expect(applyPriceChange(120, 'percent', 10)).toBe(132);
    expect(applyPriceChange(1.2345, 'amount', 0.00001)).toBe(1.2345);
    expect(applyPriceChange(10, 'amount', -2.5)).toBe(7.5);
    // The core's rounding: gold to 0.0001, account to 0.01.
    expect(applyPriceChange(0.05, 'percent', 3.33, 1)).toBe(0.0517);
    expect(applyPriceChange(60, 'percent', 3.33, 2)).toBe(62);
  });
});
