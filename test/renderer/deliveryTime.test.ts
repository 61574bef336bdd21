import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDelivery, humanToMs, msToHuman } from '../../renderer/src/lib/deliveryTime';

describe('delivery time', () => {
  it('shows stored milliseconds in the largest exact unit', () => {
    expect(msToHuman(3_600_000)).toEqual({ value: 1, unit: 'hours' });
    expect(msToHuman(90 * 60_000)).toEqual({ value: 90, unit: 'minutes' });
    expect(msToHuman(2 * 86_400_000)).toEqual({ value: 2, unit: 'days' });
    expect(formatDelivery(1_800_000)).toBe('30 min');
    expect(formatDelivery(86_400_000)).toBe('1 day');
    expect(formatDelivery(null)).toBe('—');
  });

  it('turns what the seller typed into integer milliseconds', () => {
    expect(humanToMs('2', 'hours')).toEqual({ ok: true, ms: 7_200_000 });
    expect(humanToMs('1,5', 'days')).toEqual({ ok: true, ms: 129_600_000 });
    expect(humanToMs('', 'hours')).toMatchObject({ ok: false });
    expect(humanToMs('abc', 'hours')).toMatchObject({ ok: false, message: /number/ });
    expect(humanToMs('0', 'minutes')).toMatchObject({ ok: false, message: /more than zero/ });
    expect(humanToMs('-3', 'minutes')).toMatchObject({ ok: false });
  });

  it('round-trips every whole number of minutes exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (minutes) => {
        const ms = minutes * 60_000;
        const human = msToHuman(ms);
        const back = humanToMs(String(human.value), human.unit);
        return back.ok && back.ms === ms;
      }),
    );
  });
});
