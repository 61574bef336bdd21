// The API stores guarantee_delivery_time in milliseconds; sellers think in minutes, hours, days.
import { parseDecimal } from '../../../electron/contract/i18n';
import { currentLocale, t } from './i18nText';

export const deliveryUnits = ['minutes', 'hours', 'days'] as const;
export type DeliveryUnit = (typeof deliveryUnits)[number];

const unitMs: Record<DeliveryUnit, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

export interface HumanDuration {
  value: number;
  unit: DeliveryUnit;
}

/** The largest unit that shows the stored value exactly (so nothing is rounded away). */
export function msToHuman(ms: number): HumanDuration {
  for (const unit of ['days', 'hours', 'minutes'] as const) {
    if (ms >= unitMs[unit] && ms % unitMs[unit] === 0) return { value: ms / unitMs[unit], unit };
  }
  return { value: Math.round((ms / unitMs.minutes) * 1000) / 1000, unit: 'minutes' };
}

/** Milliseconds for a value the seller typed, or a reason it cannot be used. */
export function humanToMs(
  text: string,
  unit: DeliveryUnit,
): { ok: true; ms: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: t('editor.deliveryEmpty') };
  const parsed = parseDecimal(trimmed, currentLocale());
  if (!parsed.ok) {
    // "1,000" in English: the sentence saying how to write it says more than "a number".
    return {
      ok: false,
      message: /,/.test(trimmed) ? parsed.problem : t('editor.deliveryNotANumber'),
    };
  }
  const ms = Math.round(parsed.value * unitMs[unit]);
  if (ms < 1) return { ok: false, message: t('editor.deliveryZero') };
  if (!Number.isSafeInteger(ms)) return { ok: false, message: t('editor.deliveryTooLong') };
  return { ok: true, ms };
}

/** "2 h", "3 days", "45 min" for the table. */
export function formatDelivery(ms: number | null): string {
  if (ms === null) return '—';
  const { value, unit } = msToHuman(ms);
  if (unit === 'minutes') return t('editor.deliveryMinutes', { value });
  if (unit === 'hours') return t('editor.deliveryHours', { value });
  return t('editor.deliveryDays', { value });
}
