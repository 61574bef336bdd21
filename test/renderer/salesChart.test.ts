import { describe, expect, it } from 'vitest';
import {
  chartColumns,
  periodStart,
  salesPeriods,
  stepLabel,
} from '../../renderer/src/lib/salesChart';

describe('sales chart data', () => {
  const series = [
    { start: '2026-11-22', units: 0, revenue: 0, net: 0 },
    { start: '2026-11-23', units: 5, revenue: 12.5, net: -1.25 },
  ];
  it('puts each step at its UTC midnight, in seconds, with the chosen figure', () => {
    expect(chartColumns(series, 'units')).toEqual([
      [Date.UTC(2026, 10, 22) / 1000, Date.UTC(2026, 10, 23) / 1000],
      [0, 5],
    ]);
    expect(chartColumns(series, 'revenue')[1]).toEqual([0, 12.5]);
    // A loss draws below the axis.
    expect(chartColumns(series, 'net')[1]).toEqual([0, -1.25]);
  });
  it('offers days for short periods and weeks for long ones', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(salesPeriods.map((p) => [p.id, p.bucket])).toEqual([
      ['7d', 'day'],
      ['30d', 'day'],
      ['12w', 'week'],
      ['52w', 'week'],
    ]);
    expect(now - periodStart(salesPeriods[0]!, now)).toBe(7 * 86_400_000);
    expect(stepLabel(Date.UTC(2026, 10, 23) / 1000, 'week')).toMatch(/^week of /);
  });
});
