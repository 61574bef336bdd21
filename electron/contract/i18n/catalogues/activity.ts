// The Activity view: every request sent to the marketplace and what it answered.
import type { Messages } from '../messages';

export const en = {
  'activity.title': 'Activity',
  'activity.explain':
    'Every request sent to the marketplace and its answer, newest first. Tokens, passwords and logins are never kept here.',
  'activity.search': 'Search operations, offers, answers',
  'activity.searchLabel': 'Search activity',
  'activity.outcome': 'Outcome',
  'activity.allOutcomes': 'All outcomes',
  'activity.outcome.accepted': 'Accepted',
  'activity.outcome.refused': 'Refused',
  'activity.outcome.unreachable': 'Unreachable',
  'activity.outcome.rate_limited': 'Rate limited',
  'activity.export': 'Export CSV',
  'activity.exported':
    '{count, plural, one {# entry} other {# entries}} saved as “{file}” in the folder {folder}.',
  'activity.table': 'Requests sent',
  'activity.col.time': 'Time',
  'activity.col.operation': 'Operation',
  'activity.col.offers': 'Offers',
  'activity.col.outcome': 'Outcome',
  'activity.col.answer': "Marketplace's answer",
  'activity.loading': 'Loading…',
  'activity.noMatch': 'No request matches.',
  'activity.empty': 'Nothing has been sent to the marketplace yet.',
  'activity.latestOnly': 'Showing the latest {count, number}; export CSV for all of them.',
  'activity.op.readProducts': 'Read products',
  'activity.op.readProduct': 'Read product {id}',
  'activity.op.readOffers': 'Read offers',
  'activity.op.createAndEdit':
    'Create {created, plural, one {# offer} other {# offers}} and edit {edited, plural, one {# offer} other {# offers}}',
  'activity.op.create': 'Create {count, plural, one {# offer} other {# offers}}',
  'activity.op.edit': 'Edit {count, plural, one {# offer} other {# offers}}',
  'activity.op.send': 'Send offers',
  'activity.op.setStatusTo': 'Set status to {status}',
  'activity.op.setStatus': 'Set status',
  'activity.op.deleteOffer': 'Delete offer',
  'activity.op.removeScreenshot': 'Remove screenshot',
  'activity.op.attachLinks':
    'Attach {count, plural, one {# screenshot link} other {# screenshot links}}',
  'activity.op.uploadCredentials':
    'Upload {count, plural, one {# credential} other {# credentials}}',
  'activity.op.replaceCredentials': 'Replace credentials with {count, number}',
  'activity.op.changeCredential': 'Change a credential',
  'activity.op.deleteCredential': 'Delete a credential',
  'activity.op.uploadScreenshot': 'Upload screenshot file',
  'activity.answer.offersRead': '{read, number} of {total, number} offers read',
  'activity.answer.productsRead':
    '{read, number} of {total, plural, one {# product} other {# products}} read',
  'activity.answer.accepted': '{count, plural, one {# offer} other {# offers}} accepted',
  'activity.answer.someRefused':
    '{accepted, number} accepted, {refused, number} refused: {reasons}',
  'activity.answer.linksAttached': '{count, plural, one {# link} other {# links}} attached',
  'activity.answer.someLinksRefused':
    '{attached, number} attached, {refused, number} refused: {links}',
  'activity.answer.productRead': 'Product read',
  'activity.answer.done': 'Done',
  'activity.answer.tooMany': 'Too many requests: {detail}',
  'activity.answer.notReached': 'Could not reach the marketplace: {detail}',
  'activity.answer.noAnswer':
    'No answer from the marketplace (it may have been received): {detail}',
  'activity.answer.tokenRefused': 'Token refused: {detail}',
  // What the log writes when the marketplace gave no reason (recordActivity failureOf).
  'activity.answer.noReason': 'no reason given',
  // A refusal of fields: {fields} is each field's label and reason, said in the language (the
  // HTTP status stays in the entry's values, never in the sentence).
  'activity.answer.fieldsRefused': '{fields}',
  // The client's own words after "Could not reach the marketplace:" and the like.
  'activity.detail.notSent': 'the connection failed before the request was sent',
  'activity.detail.maybeSent': 'the connection failed after the request was sent',
  'activity.detail.timeoutNotSent': 'no answer in time before the request was sent',
  'activity.detail.timeoutMaybeSent': 'no answer in time after the request was sent',
  'activity.detail.notStarted': 'the request could not be started',
  'activity.detail.tooLarge': 'the answer is too large',
  'activity.answer.fieldsRefusedNoStatus': '{fields}',
} as const;

export const ru: Messages<typeof en> = {
  'activity.title': 'Журнал',
  'activity.explain':
    'Все запросы к маркетплейсу и его ответы, сначала новые. Токены, пароли и логины здесь не хранятся.',
  'activity.search': 'Поиск в журнале',
  'activity.searchLabel': 'Поиск в журнале',
  'activity.outcome': 'Результат',
  'activity.allOutcomes': 'Все результаты',
  'activity.outcome.accepted': 'Принят',
  'activity.outcome.refused': 'Отклонён',
  'activity.outcome.unreachable': 'Нет связи',
  'activity.outcome.rate_limited': 'Превышен лимит',
  'activity.export': 'Экспорт в CSV',
  'activity.exported':
    '{count, plural, one {# запись сохранена} few {# записи сохранены} many {# записей сохранено} other {# записи сохранено}} в файл «{file}» в папке {folder}.',
  'activity.table': 'Отправленные запросы',
  'activity.col.time': 'Время',
  'activity.col.operation': 'Операция',
  'activity.col.offers': 'Предложения',
  'activity.col.outcome': 'Результат',
  'activity.col.answer': 'Ответ маркетплейса',
  'activity.loading': 'Загрузка…',
  'activity.noMatch': 'Подходящих запросов нет.',
  'activity.empty': 'На маркетплейс ещё ничего не отправлялось.',
  'activity.latestOnly': 'Показаны последние {count, number}; экспорт в CSV сохранит все.',
  'activity.op.readProducts': 'Чтение товаров',
  'activity.op.readProduct': 'Чтение товара {id}',
  'activity.op.readOffers': 'Чтение предложений',
  'activity.op.createAndEdit':
    'Создание {created, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}} и изменение {edited, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'activity.op.create':
    'Создание {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'activity.op.edit':
    'Изменение {count, plural, one {# предложения} few {# предложений} many {# предложений} other {# предложения}}',
  'activity.op.send': 'Отправка предложений',
  'activity.op.setStatusTo': 'Смена статуса на «{status}»',
  'activity.op.setStatus': 'Смена статуса',
  'activity.op.deleteOffer': 'Удаление предложения',
  'activity.op.removeScreenshot': 'Удаление скриншота',
  'activity.op.attachLinks':
    'Прикрепление {count, plural, one {# ссылки} few {# ссылок} many {# ссылок} other {# ссылки}} на скриншоты',
  'activity.op.uploadCredentials':
    'Загрузка {count, plural, one {# аккаунта} few {# аккаунтов} many {# аккаунтов} other {# аккаунта}}',
  'activity.op.replaceCredentials': 'Замена аккаунтов на {count, number}',
  'activity.op.changeCredential': 'Изменение аккаунта',
  'activity.op.deleteCredential': 'Удаление аккаунта',
  'activity.op.uploadScreenshot': 'Загрузка файла скриншота',
  'activity.answer.offersRead': 'Прочитано предложений: {read, number} из {total, number}',
  'activity.answer.productsRead':
    'Прочитано {read, number} из {total, plural, one {# товара} few {# товаров} many {# товаров} other {# товара}}',
  'activity.answer.accepted':
    '{count, plural, one {Принято # предложение} few {Принято # предложения} many {Принято # предложений} other {Принято # предложения}}',
  'activity.answer.someRefused':
    'Принято: {accepted, number}, отклонено: {refused, number}: {reasons}',
  'activity.answer.linksAttached':
    '{count, plural, one {Прикреплена # ссылка} few {Прикреплено # ссылки} many {Прикреплено # ссылок} other {Прикреплено # ссылки}}',
  'activity.answer.someLinksRefused':
    'Прикреплено: {attached, number}, отклонено: {refused, number}: {links}',
  'activity.answer.productRead': 'Товар прочитан',
  'activity.answer.done': 'Готово',
  'activity.answer.tooMany': 'Слишком много запросов: {detail}',
  'activity.answer.notReached': 'Не удалось связаться с маркетплейсом: {detail}',
  'activity.answer.noAnswer': 'Маркетплейс не ответил (запрос мог дойти): {detail}',
  'activity.answer.tokenRefused': 'Токен отклонён: {detail}',
  'activity.answer.noReason': 'причина не указана',
  'activity.answer.fieldsRefused': '{fields}',
  'activity.detail.notSent': 'соединение оборвалось до отправки запроса',
  'activity.detail.maybeSent': 'соединение оборвалось после отправки запроса',
  'activity.detail.timeoutNotSent': 'нет ответа вовремя, запрос не был отправлен',
  'activity.detail.timeoutMaybeSent': 'нет ответа вовремя после отправки запроса',
  'activity.detail.notStarted': 'запрос не удалось начать',
  'activity.detail.tooLarge': 'ответ слишком большой',
  'activity.answer.fieldsRefusedNoStatus': '{fields}',
};
