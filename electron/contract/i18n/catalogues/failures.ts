// The failure sentences the app shows (core/app/failures.ts), keyed by what went wrong. The
// command line keeps printing its own English (usecases/failure.ts's message), unchanged.
import type { Messages } from '../messages';

export const en = {
  'failures.rateLimited':
    'The marketplace asked us to slow down; the app will carry on when the limit allows.',
  'failures.unreachable':
    'The marketplace cannot be reached right now. Nothing is lost: changes stay queued.',
  // `why`: a TokenProblemKind (core/api/tokenFormat.ts), its English that module's words.
  'failures.tokenMalformed':
    'The API token is malformed: {why, select, empty {it is empty} control {it contains a control character} space {it contains a space or a line break} other {it contains a character that is not plain ASCII (a letter from another keyboard layout or a typographic quote, perhaps)}}.',
  'failures.tokenMalformedCopy':
    'The API token is malformed: {why, select, empty {it is empty} control {it contains a control character} space {it contains a space or a line break} other {it contains a character that is not plain ASCII (a letter from another keyboard layout or a typographic quote, perhaps)}}. Copy it again from your seller dashboard.',
  'failures.noToken': 'No API token is set.',
  'failures.tokenRefused':
    'The marketplace did not accept the API token. It may be wrong or expired: paste a new one from your dashboard.',
  'failures.forbidden': 'The marketplace refused this for your account.',
  'failures.notFound': 'The marketplace does not know this offer any more.',
  'failures.fieldsRefused': 'The marketplace refused some fields.',
  'failures.cancelled': 'Cancelled.',
  'failures.unexpected':
    'Something went wrong: the marketplace gave an answer Seller Desk did not expect.',
  'failures.dataFolder': 'The data folder could not be used.',
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

  // A sealed credential or a data file the app cannot use (core/secrets, core/store), in the app's
  // words; the command line prints the core's own sentence.
  'failures.vault.locked':
    "This profile's credentials are locked by the app's keychain; send them from Seller Desk.",
  'failures.vault.keyMissing':
    "The key that opens this profile's queued credentials is missing, so they cannot be sent. Your offers and other changes are kept.",
  'failures.vault.unknownKey':
    'Some queued credentials were sealed with a key this computer does not have.',
  'failures.vault.damaged':
    'Some sealed credentials of this profile are damaged and cannot be opened.',
  'failures.store.corrupt':
    'The data file {file} is not a readable Seller Desk database; it was left untouched.',
  'failures.store.newer_version':
    'The data file {file} was written by a newer Seller Desk; update the app. The file was left untouched.',
  'failures.store.locked': 'The data file {file} is locked by another process.',
} as const;

export const ru: Messages<typeof en> = {
  'failures.rateLimited':
    'Маркетплейс попросил снизить темп; приложение продолжит, когда позволит лимит.',
  'failures.unreachable':
    'С маркетплейсом сейчас нет связи. Ничего не потеряно: изменения остаются в очереди.',
  'failures.tokenMalformed':
    'API-токен записан неверно: {why, select, empty {он пустой} control {в нём есть управляющий символ} space {в нём есть пробел или перенос строки} other {в нём есть символ не из ASCII (буква с другой раскладки или типографская кавычка?)}}.',
  'failures.tokenMalformedCopy':
    'API-токен записан неверно: {why, select, empty {он пустой} control {в нём есть управляющий символ} space {в нём есть пробел или перенос строки} other {в нём есть символ не из ASCII (буква с другой раскладки или типографская кавычка?)}}. Скопируйте его ещё раз из кабинета продавца.',
  'failures.noToken': 'API-токен не задан.',
  'failures.tokenRefused':
    'Маркетплейс не принял API-токен. Возможно, он неверен или истёк: вставьте новый из личного кабинета.',
  'failures.forbidden': 'Маркетплейс не разрешает это вашему аккаунту.',
  'failures.notFound': 'Маркетплейс больше не знает этого предложения.',
  'failures.fieldsRefused': 'Маркетплейс отклонил некоторые поля.',
  'failures.cancelled': 'Отменено.',
  'failures.unexpected':
    'Что-то пошло не так: маркетплейс дал ответ, которого Seller Desk не ожидал.',
  'failures.dataFolder': 'Не удалось использовать папку данных.',
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

  'failures.vault.locked':
    'Аккаунты этого профиля заперты связкой ключей приложения; отправьте их из Seller Desk.',
  'failures.vault.keyMissing':
    'Нет ключа, которым открываются аккаунты в очереди этого профиля, поэтому их нельзя отправить. Предложения и остальные изменения сохранены.',
  'failures.vault.unknownKey':
    'Часть аккаунтов в очереди запечатана ключом, которого на этом компьютере нет.',
  'failures.vault.damaged':
    'Часть запечатанных аккаунтов этого профиля повреждена и не открывается.',
  'failures.store.corrupt':
    'Файл данных {file} не читается как база Seller Desk; он оставлен как есть.',
  'failures.store.newer_version':
    'Файл данных {file} записан более новой версией Seller Desk; обновите приложение. Файл оставлен как есть.',
  'failures.store.locked': 'Файл данных {file} занят другим процессом.',
};
