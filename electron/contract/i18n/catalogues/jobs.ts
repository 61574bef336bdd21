// Long jobs the seller started (a bulk change, an offer import's check, a credential file's commit): the task bar's words
// while one runs, its Stop button, and the toast after a stop.
import type { Messages } from '../messages';

export const en = {
  'jobs.running':
    '{kind, select, bulk_price {Changing prices…} bulk_status {Changing status…} bulk_delete {Deleting offers…} bulk_discard {Discarding local changes…} credential_import {Adding the file’s accounts…} pool_import {Adding the file’s accounts to the restock pool…} other {Checking the file’s offers…}}',
  'jobs.progress': '{done, number} of {total, number}',
  'jobs.stop': 'Stop',
  'jobs.stopping': 'Stopping…',
  /** After a stop: `verb` is the bulk change's own word ("Prices changed", "Deleted"). */
  'jobs.stopped':
    'Stopped. {verb}: {done, number} of {total, plural, one {# offer} other {# offers}}; the rest are as they were.',
} as const;

export const ru: Messages<typeof en> = {
  'jobs.running':
    '{kind, select, bulk_price {Меняем цены…} bulk_status {Меняем статус…} bulk_delete {Удаляем предложения…} bulk_discard {Сбрасываем локальные изменения…} credential_import {Добавляем аккаунты из файла…} pool_import {Добавляем аккаунты из файла в резерв…} other {Проверяем предложения из файла…}}',
  'jobs.progress': '{done, number} из {total, number}',
  'jobs.stop': 'Остановить',
  'jobs.stopping': 'Останавливаем…',
  'jobs.stopped':
    'Остановлено. {verb}: {done, number} из {total, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}; остальные не тронуты.',
};
