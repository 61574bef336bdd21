// The Sync view, the connection line, the offers' sync chips and the conflicts table: what the
// seller reads about sending, waiting and the marketplace being away.
import type { Messages } from '../messages';

export const en = {
  'sync.title': 'Sync',
  'sync.lastSync': 'Last sync {ago}',
  'sync.noContactSince':
    'No contact with the marketplace since {time}{next, select, none {} other { · next try in {next}}}',
  'sync.cancel': 'Cancel sync',
  'sync.now': 'Sync now',
  'sync.progress.title': 'Progress',
  'sync.progress.reading': 'Reading the marketplace: {done, number} of {total, number}',
  'sync.progress.sending': 'Sending changes: {done, number} of {total, number}',
  'sync.progress.label': 'Sync progress',
  'sync.progress.starting': 'Starting…',
  'sync.progress.waiting': '{count, plural, one {# change} other {# changes}} waiting to be sent.',
  'sync.progress.allSent': 'Everything is sent.',
  'sync.budget.title': 'Rate budget',
  'sync.budget.explain':
    'The marketplace allows so much per rolling minute; Seller Desk waits rather than being refused.',
  'sync.budget.requests': 'Requests left this minute',
  'sync.budget.offers': 'Offers that can be sent this minute',
  'sync.budget.links': 'Screenshot links this minute',
  'sync.budget.roomAgain': 'Room again in {wait}.',
  'sync.budget.moreRoom': 'More room in {wait}.',
  'sync.problems.title': 'Needs attention ({count, number})',
  'sync.problems.explain':
    'The marketplace refused these changes. Fix the offer, send the change again, or let it go.',
  'sync.problems.fix': 'Fix',
  'sync.problems.retry': 'Retry',
  'sync.problems.retryHint': 'Send the refused change again as it is',
  'sync.problems.dismiss': 'Dismiss',
  'sync.problems.dismissHint':
    'Let the refused change go; the offer keeps what the marketplace has',
  'sync.problems.discard': 'Discard',
  'sync.problems.retried': 'Sent again with the next sync.',
  'sync.problems.dismissed': 'Refusal dismissed.',
  'sync.discarded': 'Local change discarded.',
  'sync.discard.title': 'Discard this change?',
  'sync.discard.message':
    'Throw away the unsent change of "{title}"? The offer goes back to what the marketplace has.',
  'sync.stock.title': 'Needs attention: stock ({count, number})',
  'sync.stock.explain':
    "These account offers are running out of credentials. Add credentials in the offer's Credentials section to keep them selling.",
  'sync.open': 'Open',
  'sync.conflicts.title': 'Conflicts ({count, number})',
  'sync.conflicts.explain':
    'These offers changed on the marketplace and here. Choose per field which value to keep.',
  'sync.queue.title':
    'Queue · {count, plural, =0 {nothing to send} one {# change to send} other {# changes to send}}',
  'sync.queue.empty': 'No local changes waiting.',
  'sync.queue.heldCount': ' · {count, plural, one {# offer} other {# offers}} held back',
  'sync.queue.heldTitle': 'Held back: no sync sends these yet',
  'sync.queue.heldByRefusal':
    'Held until you fix, retry or dismiss the refusal of {offer} (under Needs attention).',
  'sync.progress.allSentHeld':
    'Nothing to send now: {count, plural, one {# offer waits} other {# offers wait}} for you (see Queue).',
  'sync.queue.heldByConflict': 'Held until you resolve the conflict of {offer} (under Conflicts).',
  'sync.queue.sending': '(sending)',
  'sync.queue.more': '…and {count, number} more.',

  'sync.conflict.field': 'Field',
  'sync.conflict.before': 'Before',
  'sync.conflict.yours': 'Yours',
  'sync.conflict.theirs': 'On the marketplace',
  'sync.conflict.keep': 'Keep',
  'sync.conflict.take': 'Take',
  'sync.conflict.keepLabel': 'Keep yours for {field}: {value}',
  'sync.conflict.takeLabel': "Take the marketplace's for {field}: {value}",

  'sync.connection.pasteToken': 'Paste a new token',
  'sync.connection.retry': 'Retry now',
  'sync.connection.replaceToken': 'Replace the token',
  'sync.countdown.in': 'in {wait}',
  'sync.countdown.now': 'now',
  'sync.countdown.waiting': '{reason}; {label} {when}',
  'sync.countdown.defaultReason': 'Waiting for the rate limit',
  'sync.countdown.tryingNow': 'Trying again now…',
  'sync.countdown.nextRetry': 'Next retry in {wait}.',
  'sync.countdown.sendingAgain': 'Sending again…',
  'sync.countdown.short': '{label} in {wait}',
  'sync.seconds': '{n, number} s',
  'sync.minutes': '{n, number} min',

  'sync.run.attention': '{count, plural, one {# needs attention} other {# need attention}}',
  'sync.run.changesWait': '{count, plural, one {# change waits} other {# changes wait}}',
  'sync.run.unreachable': 'Could not reach the marketplace',
  'sync.run.unreachableWaiting': 'Could not reach the marketplace: {waiting}',
  'sync.run.tokenRefused': 'The marketplace refused the token',
  'sync.run.tokenRefusedWaiting': 'The marketplace refused the token: {waiting}',
  'sync.run.cancelled': 'Cancelled after sending {count, plural, one {# change} other {# changes}}',
  'sync.run.cancelledWaiting':
    'Cancelled after sending {count, plural, one {# change} other {# changes}}; {waiting}',
  'sync.run.error': 'The last sync stopped on an error',
  'sync.run.sent': 'Sent {count, plural, one {# change} other {# changes}}',
  'sync.run.refused': '{count, plural, one {# change} other {# changes}} refused',
  'sync.run.nothingSent': 'Nothing sent yet',
  'sync.run.upToDate': 'Up to date, nothing to send',

  'sync.away.unreachable': 'The marketplace cannot be reached right now',
  'sync.away.tokenRefused': 'The marketplace refused the API token',
  'sync.away.waitingLabel': 'Waiting to send',
  'sync.away.waitingMeaning':
    '{why}; Seller Desk checks whether it arrived before sending it again.',
  'sync.away.localLabel': 'Local change',
  'sync.away.localMeaning': 'Saved on this computer. {why}; it waits here.',
} as const;

export const ru: Messages<typeof en> = {
  'sync.title': 'Синхронизация',
  'sync.lastSync': 'Последняя синхронизация: {ago}',
  'sync.noContactSince':
    'Нет связи с маркетплейсом с {time}{next, select, none {} other { · следующая попытка через {next}}}',
  'sync.cancel': 'Остановить',
  'sync.now': 'Синхронизировать',
  'sync.progress.title': 'Ход работы',
  'sync.progress.reading': 'Читаем маркетплейс: {done, number} из {total, number}',
  'sync.progress.sending': 'Отправляем изменения: {done, number} из {total, number}',
  'sync.progress.label': 'Ход синхронизации',
  'sync.progress.starting': 'Начинаем…',
  'sync.progress.waiting':
    '{count, plural, one {# изменение ждёт} few {# изменения ждут} many {# изменений ждут} other {# изменения ждут}} отправки.',
  'sync.progress.allSent': 'Всё отправлено.',
  'sync.budget.title': 'Лимиты запросов',
  'sync.budget.explain':
    'Маркетплейс ограничивает число запросов за скользящую минуту; Seller Desk ждёт, а не получает отказ.',
  'sync.budget.requests': 'Запросов осталось в эту минуту',
  'sync.budget.offers': 'Предложений можно отправить в эту минуту',
  'sync.budget.links': 'Ссылок на скриншоты в эту минуту',
  'sync.budget.roomAgain': 'Снова можно через {wait}.',
  'sync.budget.moreRoom': 'Лимит пополнится через {wait}.',
  'sync.problems.title': 'Требуют внимания ({count, number})',
  'sync.problems.explain':
    'Маркетплейс отклонил эти изменения. Исправьте предложение, отправьте изменение снова или откажитесь от него.',
  'sync.problems.fix': 'Исправить',
  'sync.problems.retry': 'Повторить',
  'sync.problems.retryHint': 'Отправить отклонённое изменение ещё раз как есть',
  'sync.problems.dismiss': 'Отклонить',
  'sync.problems.dismissHint':
    'Отказаться от отклонённого изменения; в предложении останется то, что на маркетплейсе',
  'sync.problems.discard': 'Удалить',
  'sync.problems.retried': 'Будет отправлено снова при следующей синхронизации.',
  'sync.problems.dismissed': 'Отказ принят к сведению.',
  'sync.discarded': 'Локальное изменение удалено.',
  'sync.discard.title': 'Удалить это изменение?',
  'sync.discard.message':
    'Удалить неотправленное изменение «{title}»? В предложении останется то, что на маркетплейсе.',
  'sync.stock.title': 'Требуют внимания: запас ({count, number})',
  'sync.stock.explain':
    'У этих предложений аккаунтов заканчиваются данные для входа. Добавьте их в разделе «Данные аккаунтов» предложения, чтобы продажи не остановились.',
  'sync.open': 'Открыть',
  'sync.conflicts.title': 'Конфликты ({count, number})',
  'sync.conflicts.explain':
    'Эти предложения изменились и на маркетплейсе, и здесь. Выберите для каждого поля, какое значение оставить.',
  'sync.queue.title':
    'Очередь · {count, plural, =0 {отправлять нечего} one {# изменение к отправке} few {# изменения к отправке} many {# изменений к отправке} other {# изменения к отправке}}',
  'sync.queue.empty': 'Локальных изменений в очереди нет.',
  'sync.queue.heldCount':
    ' · {count, plural, one {# предложение задержано} few {# предложения задержаны} many {# предложений задержано} other {# предложения задержаны}}',
  'sync.queue.heldTitle': 'Задержаны: синхронизация их пока не отправит',
  'sync.queue.heldByRefusal':
    'Ждут, пока вы не разберётесь с отказом по предложению {offer}: «Исправить», «Повторить» или «Отклонить» (в разделе «Требуют внимания»).',
  'sync.progress.allSentHeld':
    'Отправлять сейчас нечего: {count, plural, one {# предложение ждёт} few {# предложения ждут} many {# предложений ждут} other {# предложения ждут}} вас (см. «Очередь»).',
  'sync.queue.heldByConflict':
    'Ждут, пока вы разрешите конфликт предложения {offer} (в разделе «Конфликты»).',
  'sync.queue.sending': '(отправляется)',
  'sync.queue.more': '…и ещё {count, number}.',

  'sync.conflict.field': 'Поле',
  'sync.conflict.before': 'Было',
  'sync.conflict.yours': 'Ваше',
  'sync.conflict.theirs': 'На маркетплейсе',
  'sync.conflict.keep': 'Оставить',
  'sync.conflict.take': 'Взять',
  'sync.conflict.keepLabel': 'Оставить ваше значение поля «{field}»: {value}',
  'sync.conflict.takeLabel': 'Взять значение маркетплейса для поля «{field}»: {value}',

  'sync.connection.pasteToken': 'Вставить новый токен',
  'sync.connection.retry': 'Повторить сейчас',
  'sync.connection.replaceToken': 'Заменить токен',
  'sync.countdown.in': 'через {wait}',
  'sync.countdown.now': 'сейчас',
  'sync.countdown.waiting': '{reason}; {label} {when}',
  'sync.countdown.defaultReason': 'Пауза из-за лимита запросов',
  'sync.countdown.tryingNow': 'Пробуем снова…',
  'sync.countdown.nextRetry': 'Следующая попытка через {wait}.',
  'sync.countdown.sendingAgain': 'Снова отправляем…',
  'sync.countdown.short': '{label} через {wait}',
  'sync.seconds': '{n, number} с',
  'sync.minutes': '{n, number} мин',

  'sync.run.attention':
    '{count, plural, one {# требует внимания} few {# требуют внимания} many {# требуют внимания} other {# требуют внимания}}',
  'sync.run.changesWait':
    '{count, plural, one {# изменение ждёт} few {# изменения ждут} many {# изменений ждут} other {# изменения ждут}}',
  'sync.run.unreachable': 'Не удалось связаться с маркетплейсом',
  'sync.run.unreachableWaiting': 'Не удалось связаться с маркетплейсом: {waiting}',
  'sync.run.tokenRefused': 'Маркетплейс отклонил токен',
  'sync.run.tokenRefusedWaiting': 'Маркетплейс отклонил токен: {waiting}',
  'sync.run.cancelled':
    'Остановлено после отправки {count, plural, one {# изменения} few {# изменений} many {# изменений} other {# изменения}}',
  'sync.run.cancelledWaiting':
    'Остановлено после отправки {count, plural, one {# изменения} few {# изменений} many {# изменений} other {# изменения}}; {waiting}',
  'sync.run.error': 'Последняя синхронизация остановилась из-за ошибки',
  'sync.run.sent':
    'Отправлено: {count, plural, one {# изменение} few {# изменения} many {# изменений} other {# изменения}}',
  'sync.run.refused':
    'Отклонено: {count, plural, one {# изменение} few {# изменения} many {# изменений} other {# изменения}}',
  'sync.run.nothingSent': 'Пока ничего не отправлено',
  'sync.run.upToDate': 'Всё актуально, отправлять нечего',

  'sync.away.unreachable': 'С маркетплейсом сейчас нет связи',
  'sync.away.tokenRefused': 'Маркетплейс отклонил API-токен',
  'sync.away.waitingLabel': 'Ждёт отправки',
  'sync.away.waitingMeaning':
    '{why}; прежде чем отправить снова, Seller Desk проверит, дошло ли изменение.',
  'sync.away.localLabel': 'Локальное изменение',
  'sync.away.localMeaning': 'Сохранено на этом компьютере. {why}; изменение ждёт здесь.',
};
