// The core's sentences the app shows: the connection line, rate-limit waits, the notifications
// a sync gives (refusals, outages, a refused token, low stock). The CLI prints its own English.
import type { Messages } from '../messages';

export const en = {
  'notices.connection.notConnected': 'Not connected',
  'notices.connection.tokenRefused': 'Token refused',
  'notices.connection.tokenRefusedReason':
    'The marketplace no longer accepts your API token. Your changes are kept; paste a new token to send them.',
  'notices.connection.unreachable': 'Cannot reach the marketplace',
  'notices.connection.no_network': 'This computer has no network connection.',
  'notices.connection.not_answering': 'The marketplace is not answering.',
  'notices.connection.marketplace_error': 'The marketplace answered with an error.',
  'notices.connection.nextRetry': 'next retry',
  'notices.connection.waiting': 'Waiting for the rate limit',
  'notices.connection.syncing': 'Syncing…',
  'notices.connection.online': 'Online',

  'notices.rate.offers': 'The marketplace allows {limit, number} offers a minute',
  'notices.rate.offersNext':
    '{count, plural, =0 {the next offers go out} one {the next offer goes out} other {the next # go out}}',
  'notices.rate.links': 'The marketplace allows {limit, number} screenshot links a minute',
  'notices.rate.linksNext': 'the next links go out',
  'notices.rate.askedToWait': 'The marketplace asked Seller Desk to wait',
  'notices.rate.resumes': 'sending resumes',
  'notices.rate.requests': 'The marketplace allows {limit, number} requests a minute',
  'notices.rate.requestNext': 'the next request goes out',
  'notices.wait.sentence': '{reason}.',
  'notices.wait.askedToWait': 'The marketplace asked us to wait before trying again.',
  'notices.wait.rateLimit': "Waiting for the marketplace's rate limit.",
  'notices.pause.asked': 'The marketplace asked us to pause for {asked}',
  'notices.pause.capped':
    'The marketplace asked us to pause for {asked}; Seller Desk waits at most {held} and then tries again',
  'notices.duration.unlimited': 'an unlimited time',
  'notices.duration.years': '{n, plural, one {# year} other {# years}}',
  'notices.duration.days': '{n, plural, one {# day} other {# days}}',
  'notices.duration.hours': '{n, number} h',
  'notices.duration.minutes': '{n, number} min',
  'notices.duration.seconds': '{n, number} s',

  'notices.unreachable.title': 'Seller Desk cannot reach the marketplace',
  'notices.unreachable.body':
    '{reason} {count, plural, one {# change} other {# changes}} wait here; Seller Desk tries again by itself.',
  'notices.token.title': 'Seller Desk needs a new token',
  'notices.refused.conflicts':
    '{count, plural, one {# offer} other {# offers}} changed here and on the marketplace: choose which value to keep.',
  'notices.refused.attention': 'Some offers need your attention',
  'notices.refused.one': '{first} was refused',
  'notices.refused.more': '{first} and {count, number} more were refused',
  'notices.refused.count': '{count, plural, one {# offer was} other {# offers were}} refused',
  'notices.refused.body': "The marketplace's reasons are in Sync, under Needs attention.",
  'notices.notActive.title': '{count, plural, one {# offer} other {# offers}} went Not Active',
  'notices.notActive.body':
    'Sold out or hidden on the marketplace; add credentials or change the status to sell again.',
  'notices.stock.soldOut': 'Sold out: went Not Active',
  'notices.stock.low': 'Low stock: {count, plural, one {# credential} other {# credentials}} left',
  'notices.stock.poolDry': 'Restock pool empty: nothing left to restock from',
  'notices.stock.poolDryTail': ', restock pool empty',
  'notices.stock.poolDryBody':
    'Add credentials to its restock pool in its Credentials section to keep it selling.',
  'notices.token.backgroundBody':
    "The marketplace no longer accepts this profile's API token. Its changes are kept; add the token again to send them.",
  'notices.stock.title': '{title}: {reason}',
  'notices.stock.soldOutBody':
    'The marketplace hid it. Add credentials in its Credentials section and set it Active to sell again.',
  'notices.stock.lowBody': 'Add credentials in its Credentials section to keep it selling.',
} as const;

export const ru: Messages<typeof en> = {
  'notices.connection.notConnected': 'Не подключено',
  'notices.connection.tokenRefused': 'Токен отклонён',
  'notices.connection.tokenRefusedReason':
    'Маркетплейс больше не принимает ваш API-токен. Ваши изменения сохранены; вставьте новый токен, чтобы отправить их.',
  'notices.connection.unreachable': 'Нет связи с маркетплейсом',
  'notices.connection.no_network': 'У этого компьютера нет подключения к сети.',
  'notices.connection.not_answering': 'Маркетплейс не отвечает.',
  'notices.connection.marketplace_error': 'Маркетплейс ответил ошибкой.',
  'notices.connection.nextRetry': 'следующая попытка',
  'notices.connection.waiting': 'Пауза из-за лимита запросов',
  'notices.connection.syncing': 'Синхронизация…',
  'notices.connection.online': 'В сети',

  'notices.rate.offers': 'Маркетплейс принимает {limit, number} предложений в минуту',
  'notices.rate.offersNext':
    '{count, plural, =0 {следующие предложения уйдут} one {следующее # предложение уйдёт} few {следующие # предложения уйдут} many {следующие # предложений уйдут} other {следующие # предложения уйдут}}',
  'notices.rate.links': 'Маркетплейс принимает {limit, number} ссылок на скриншоты в минуту',
  'notices.rate.linksNext': 'следующие ссылки уйдут',
  'notices.rate.askedToWait': 'Маркетплейс попросил Seller Desk подождать',
  'notices.rate.resumes': 'отправка возобновится',
  'notices.rate.requests': 'Маркетплейс принимает {limit, number} запросов в минуту',
  'notices.rate.requestNext': 'следующий запрос уйдёт',
  'notices.wait.sentence': '{reason}.',
  'notices.wait.askedToWait': 'Маркетплейс попросил подождать, прежде чем пробовать снова.',
  'notices.wait.rateLimit': 'Ждём, пока позволит лимит запросов маркетплейса.',
  'notices.pause.asked': 'Маркетплейс попросил сделать паузу на {asked}',
  'notices.pause.capped':
    'Маркетплейс попросил сделать паузу на {asked}; Seller Desk ждёт не больше {held} и затем пробует снова',
  'notices.duration.unlimited': 'неограниченное время',
  'notices.duration.years': '{n, plural, one {# год} few {# года} many {# лет} other {# года}}',
  'notices.duration.days': '{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}',
  'notices.duration.hours': '{n, number} ч',
  'notices.duration.minutes': '{n, number} мин',
  'notices.duration.seconds': '{n, number} с',

  'notices.unreachable.title': 'Seller Desk не может связаться с маркетплейсом',
  'notices.unreachable.body':
    '{reason} {count, plural, one {# изменение ждёт} few {# изменения ждут} many {# изменений ждут} other {# изменения ждут}} здесь; Seller Desk сам попробует снова.',
  'notices.token.title': 'Seller Desk нужен новый токен',
  'notices.refused.conflicts':
    '{count, plural, one {# предложение изменилось} few {# предложения изменились} many {# предложений изменились} other {# предложения изменились}} и здесь, и на маркетплейсе: выберите, какое значение оставить.',
  'notices.refused.attention': 'Некоторым предложениям нужно ваше внимание',
  'notices.refused.one': '{first}: отклонено',
  'notices.refused.more': '{first} и ещё {count, number}: отклонены',
  'notices.refused.count':
    '{count, plural, one {# предложение отклонено} few {# предложения отклонены} many {# предложений отклонено} other {# предложения отклонено}}',
  'notices.refused.body':
    'Причины отказа — в разделе «Синхронизация», в списке «Требуют внимания».',
  'notices.notActive.title':
    '{count, plural, one {# предложение стало} few {# предложения стали} many {# предложений стали} other {# предложения стали}} неактивными',
  'notices.notActive.body':
    'Распродано или скрыто на маркетплейсе; добавьте данные аккаунтов или смените статус, чтобы снова продавать.',
  'notices.stock.soldOut': 'Распродано: стало неактивным',
  'notices.stock.low':
    'Мало в запасе: {count, plural, one {остался # аккаунт} few {осталось # аккаунта} many {осталось # аккаунтов} other {осталось # аккаунта}}',
  'notices.stock.poolDry': 'Резерв для пополнения пуст: пополнять больше нечем',
  'notices.stock.poolDryTail': ', резерв для пополнения пуст',
  'notices.stock.poolDryBody':
    'Добавьте аккаунты в резерв для пополнения в разделе «Данные аккаунтов», чтобы предложение продолжало продаваться.',
  'notices.token.backgroundBody':
    'Маркетплейс больше не принимает API-токен этого профиля. Его изменения сохранены; добавьте токен снова, чтобы отправить их.',
  'notices.stock.title': '{title}: {reason}',
  'notices.stock.soldOutBody':
    'Маркетплейс скрыл его. Добавьте аккаунты в разделе «Данные аккаунтов» и сделайте предложение активным, чтобы снова продавать.',
  'notices.stock.lowBody':
    'Добавьте аккаунты в разделе «Данные аккаунтов», чтобы предложение продолжало продаваться.',
};
