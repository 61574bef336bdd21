// Undo of the last change to offers: the toast's button and what undo did.
import type { Messages } from '../messages';

export const en = {
  'undo.action': 'Undo',
  'undo.done':
    'Undone: {label}. {count, plural, one {# offer is back as it was} other {# offers are back as they were}}.',
  // A step's label, kept with the step (store/undoSteps label_say) or read from an older step's
  // English (usecases/offers/undo.ts).
  'undo.step.price':
    'Price {sign}{value, number}{percent, select, yes { %} other {}} on {count, plural, one {# offer} other {# offers}}',
  'undo.step.status': 'Status {status} on {count, plural, one {# offer} other {# offers}}',
  'undo.step.delete': 'Delete {count, plural, one {# offer} other {# offers}}',
  'undo.step.discard':
    'Discard of local changes on {count, plural, one {# offer} other {# offers}}',
  'undo.step.duplicate': 'Duplicate of {count, plural, one {# offer} other {# offers}}',
  'undo.step.import': 'Import of {count, plural, one {# offer} other {# offers}}',
  'undo.step.saveNew': 'Save of a new offer',
  'undo.step.save': 'Save of {offer}',
} as const;

export const ru: Messages<typeof en> = {
  'undo.action': 'Отменить',
  'undo.done':
    '{label} — отменено. {count, plural, one {# предложение вернулось} few {# предложения вернулись} many {# предложений вернулись} other {# предложения вернулись}} к прежнему виду.',
  'undo.step.price':
    'Цена {sign}{value, number}{percent, select, yes { %} other {}} у {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'undo.step.status':
    'Статус «{status}» у {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'undo.step.delete':
    'Удаление {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'undo.step.discard':
    'Сброс локальных изменений у {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'undo.step.duplicate':
    'Копирование {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'undo.step.import':
    'Импорт {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'undo.step.saveNew': 'Сохранение нового предложения',
  'undo.step.save': 'Сохранение: {offer}',
};
