// The failure sentences the app shows (core/app/failures.ts), keyed by what went wrong. The
// command line keeps printing its own English (usecases/failure.ts's message), unchanged.
import type { Messages } from '../messages';

export const en = {
  'failures.rateLimited':
    'The marketplace asked us to slow down; the app will carry on when the limit allows.',
  'failures.unreachable':
    'The marketplace cannot be reached right now. Nothing is lost: changes stay queued.',
  'failures.tokenMalformed': 'The API token is malformed: {why}.',
  'failures.noToken': 'No API token is set.',
  'failures.tokenRefused':
    'The marketplace did not accept the API token. It may be wrong or expired: paste a new one from your dashboard.',
  'failures.forbidden': 'The marketplace refused this for your account.',
  'failures.notFound': 'The marketplace does not know this offer any more.',
  'failures.fieldsRefused': 'The marketplace refused some fields.',
  'failures.cancelled': 'Cancelled.',
  'failures.unexpected': 'The marketplace answered unexpectedly: {said}',
  'failures.dataFolder': 'The data folder could not be used: {detail}',
  'failures.file.ENOENT': 'The file was not found: {path}',
  'failures.file.EACCES': 'Seller Desk may not read this file: {path}',
  'failures.file.EPERM': 'Seller Desk may not read this file: {path}',
  'failures.file.EISDIR': 'This is a folder, not a file: {path}',
  'failures.file.tooLarge': 'The file is {mb, number} MB; files over 50 MB are not imported.',
  'failures.file.over50': 'This file is larger than 50 MB; split it into smaller files.',
  'failures.file.cannotRead': 'Cannot read {path}.',
  'failures.file.unreadable': 'The file could not be read.',
  'failures.file.noHeader': 'The file is empty: the first row must name the columns.',
  'failures.atLine': '{message} (line {line})',
  'failures.line': 'line {line}',
  'failures.notSaved': 'The offer was not saved: some fields need fixing.',
  'failures.conflictNotResolved': 'The conflict was not resolved: some fields need fixing.',
  'failures.token.notAccepted':
    'The marketplace did not accept this token. Check that you copied all of it, or generate a new one in your dashboard.',
  'failures.token.notAllowed': 'This token is not allowed to use the Seller API.',
  'failures.token.unreachable':
    'The marketplace could not be reached to check the token. Try again when you are online.',
} as const;

export const ru: Messages<typeof en> = {
  'failures.rateLimited':
    'Маркетплейс попросил снизить темп; приложение продолжит, когда позволит лимит.',
  'failures.unreachable':
    'С маркетплейсом сейчас нет связи. Ничего не потеряно: изменения остаются в очереди.',
  'failures.tokenMalformed': 'API-токен записан неверно: {why}.',
  'failures.noToken': 'API-токен не задан.',
  'failures.tokenRefused':
    'Маркетплейс не принял API-токен. Возможно, он неверен или истёк: вставьте новый из личного кабинета.',
  'failures.forbidden': 'Маркетплейс не разрешает это вашему аккаунту.',
  'failures.notFound': 'Маркетплейс больше не знает этого предложения.',
  'failures.fieldsRefused': 'Маркетплейс отклонил некоторые поля.',
  'failures.cancelled': 'Отменено.',
  'failures.unexpected': 'Маркетплейс ответил неожиданно: {said}',
  'failures.dataFolder': 'Не удалось использовать папку данных: {detail}',
  'failures.file.ENOENT': 'Файл не найден: {path}',
  'failures.file.EACCES': 'Нет доступа к файлу: {path}',
  'failures.file.EPERM': 'Нет доступа к файлу: {path}',
  'failures.file.EISDIR': 'Это папка, а не файл: {path}',
  'failures.file.tooLarge': 'Размер файла — {mb, number} МБ; файлы больше 50 МБ не импортируются.',
  'failures.file.over50': 'Файл больше 50 МБ; разделите его на файлы поменьше.',
  'failures.file.cannotRead': 'Не удалось прочитать {path}.',
  'failures.file.unreadable': 'Не удалось прочитать файл.',
  'failures.file.noHeader': 'Файл пуст: в первой строке должны быть названия столбцов.',
  'failures.atLine': '{message} (строка {line})',
  'failures.line': 'строка {line}',
  'failures.notSaved': 'Предложение не сохранено: некоторые поля нужно исправить.',
  'failures.conflictNotResolved': 'Конфликт не разрешён: некоторые поля нужно исправить.',
  'failures.token.notAccepted':
    'Маркетплейс не принял этот токен. Проверьте, что скопировали его целиком, или создайте новый в личном кабинете.',
  'failures.token.notAllowed': 'Этому токену не разрешено пользоваться Seller API.',
  'failures.token.unreachable':
    'Не удалось связаться с маркетплейсом, чтобы проверить токен. Попробуйте снова, когда будете в сети.',
};
