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
  'activity.exported': '{count, plural, one {# entry} other {# entries}} saved to {file}.',
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
} as const;

export const ru: Messages<typeof en> = {
  'activity.title': 'Журнал',
  'activity.explain':
    'Все запросы к маркетплейсу и его ответы, сначала новые. Токены, пароли и логины здесь не хранятся.',
  'activity.search': 'Поиск по операциям, предложениям, ответам',
  'activity.searchLabel': 'Поиск в журнале',
  'activity.outcome': 'Результат',
  'activity.allOutcomes': 'Все результаты',
  'activity.outcome.accepted': 'Принят',
  'activity.outcome.refused': 'Отклонён',
  'activity.outcome.unreachable': 'Нет связи',
  'activity.outcome.rate_limited': 'Превышен лимит',
  'activity.export': 'Экспорт в CSV',
  'activity.exported':
    '{count, plural, one {# запись сохранена} few {# записи сохранены} many {# записей сохранено} other {# записи сохранено}} в {file}.',
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
};
