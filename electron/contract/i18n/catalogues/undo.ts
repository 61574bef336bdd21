// Undo of the last change to offers: the toast's button and what undo did.
import type { Messages } from '../messages';

export const en = {
  'undo.action': 'Undo',
  'undo.done': 'Undone: {label} ({count, plural, one {# offer} other {# offers}} as before).',
} as const;

export const ru: Messages<typeof en> = {
  'undo.action': 'Отменить',
  'undo.done':
    'Отменено: {label} ({count, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}} как было).',
};
