// Words every screen shares: buttons, empty values, durations.
import type { Messages } from '../messages';

export const en = {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.apply': 'Apply',
  'common.retry': 'Try again',
  'common.none': '—',
  'common.empty': '(empty)',
  'common.never': 'never',
  'common.justNow': 'just now',
  'common.minutesAgo': '{minutes} min ago',
  'common.hoursAgo': '{hours} h ago',
  'common.lessThanSecond': 'less than a second',
  'common.seconds': '{seconds} s',
  'common.minutes': '{minutes} min',
  'common.offers': '{count, plural, one {# offer} other {# offers}}',
} as const;

export const ru: Messages<typeof en> = {
  'common.cancel': 'Отмена',
  'common.close': 'Закрыть',
  'common.save': 'Сохранить',
  'common.apply': 'Применить',
  'common.retry': 'Повторить',
  'common.none': '—',
  'common.empty': '(пусто)',
  'common.never': 'никогда',
  'common.justNow': 'только что',
  'common.minutesAgo': '{minutes} мин назад',
  'common.hoursAgo': '{hours} ч назад',
  'common.lessThanSecond': 'меньше секунды',
  'common.seconds': '{seconds} с',
  'common.minutes': '{minutes} мин',
  'common.offers':
    '{count, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}}',
} as const;
