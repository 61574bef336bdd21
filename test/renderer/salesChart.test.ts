import { describe, expect, it } from 'vitest';
import {
  chartColumns,
  periodStart,
  yIncrs,
  yRange,
  salesPeriods,
  stepLabel,
} from '../../renderer/src/lib/salesChart';

describe('sales chart data', () => {
  const series = [
    { start: '2026-11-22', revenue: 0, net: 0, gold: { units: 0 }, accounts: { units: 0 } },
    {
      start: '2026-11-23',
      revenue: 12.5,
      net: -1.25,
      gold: { units: 400 },
      accounts: { units: 2 },
    },
  ];
  it('puts each step at its UTC midnight, in seconds, with the chosen figure', () => {
    expect(chartColumns(series, 'gold')).toEqual([
      [Date.UTC(2026, 10, 22) / 1000, Date.UTC(2026, 10, 23) / 1000],
      [0, 400],
    ]);
    // Accounts are never added to gold units: each is a series of its own.
    expect(chartColumns(series, 'accounts')[1]).toEqual([0, 2]);
    expect(chartColumns(series, 'revenue')[1]).toEqual([0, 12.5]);
    // A loss draws below the axis.
    expect(chartColumns(series, 'net')[1]).toEqual([0, -1.25]);
  });
  it('counts in whole steps: an empty count axis never reads 0.25 of a unit', () => {
    for (const metric of ['gold', 'accounts'] as const) {
      expect(yIncrs(metric)!.every((step) => Number.isInteger(step) && step >= 1)).toBe(true);
      const [bottom, top] = yRange(metric, 0, 0);
      expect([bottom, Number.isInteger(top)]).toEqual([0, true]);
      expect(Number.isInteger(yRange(metric, 0, 7)[1])).toBe(true);
    }
    // Money keeps uPlot's own steps, and a loss shows below the axis.
    expect(yIncrs('net')).toBeUndefined();
    expect(yRange('net', -1.25, 0)[0]).toBeLessThan(-1.25);
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
