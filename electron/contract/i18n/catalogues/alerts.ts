// Alerts: what the seller is told on Telegram, a webhook or the desktop when something happens
// while they are away (written in the language the alerts are set to), and the Settings section
// that sets them up.
import type { Messages } from '../messages';

export const en = {
  'alerts.offer': '{name} (offer {id})',
  'alerts.title.sale': 'Sale',
  'alerts.title.soldOut': 'Sold out',
  'alerts.title.lowStock': 'Low stock',
  'alerts.title.poolLow': 'Restock pool running low',
  'alerts.title.poolDry': 'Restock pool empty',
  'alerts.title.needDetails': 'Back to Need Details',
  'alerts.title.refused': 'Change refused',
  'alerts.title.tokenRefused': 'API token refused',
  'alerts.title.syncFailing': 'Sync failing',
  'alerts.title.stopping': 'Seller Desk stopped',
  'alerts.title.test': 'Test alert',
  'alerts.sale':
    '{offer}: sold {units, plural, one {# unit} other {# units}}, about {revenue, number, ::.00} (estimated from the price before the sale).',
  'alerts.soldOut':
    '{offer}: sold out. The marketplace turned it Not Active; add credentials to sell it again.',
  'alerts.lowStock':
    '{offer}: {count, plural, one {# credential} other {# credentials}} left on sale.',
  'alerts.poolLow':
    '{offer}: {count, plural, one {# credential} other {# credentials}} left in the restock pool, fewer than the {keep, number} it keeps on sale.',
  'alerts.poolDry': '{offer}: the restock pool is empty; the next sale will not be restocked.',
  'alerts.needDetails': '{offer}: the marketplace sent it back to Need Details.',
  'alerts.needDetailsComment':
    '{offer}: the marketplace sent it back to Need Details. Reviewer: “{comment}”',
  'alerts.refused': '{offer}: the marketplace refused a change: {reason}',
  'alerts.tokenRefused':
    'The marketplace refuses the API token of {profile}. Nothing is sent or restocked until you replace it; your changes are kept.',
  'alerts.syncFailing':
    'Syncing {profile} has failed for {minutes, plural, one {# minute} other {# minutes}}: {reason}. Your changes are kept and Seller Desk keeps trying.',
  'alerts.failing.unreachable': 'the marketplace cannot be reached',
  'alerts.failing.error': 'the sync stops with an error',
  'alerts.stopping.watcher':
    'The watcher for {profile} stopped: offers are not synced or restocked until it runs again.',
  'alerts.stopping.app':
    'Seller Desk quit: {profile} is not synced or restocked until it runs again.',
  'alerts.test': 'Test alert from Seller Desk for {profile}: this channel works.',

  'alerts.settings.title': 'Alerts',
  'alerts.settings.explain':
    'Hear of sales, sold-out offers, empty restock pools, refusals and a refused token on Telegram or a webhook of your own, also while the window is closed. Secrets are kept protected by your system keychain.',
  'alerts.settings.forProfile': 'For {profile}',
  'alerts.settings.none': 'No alert channels yet.',
  'alerts.settings.telegram': 'Telegram',
  'alerts.settings.webhook': 'Webhook',
  'alerts.settings.chatId': 'Chat id',
  'alerts.settings.botToken': 'Bot token',
  'alerts.settings.apiBase': 'Bot API server (optional)',
  'alerts.settings.apiBaseHint': 'Leave empty for Telegram’s own.',
  'alerts.settings.url': 'Webhook address',
  'alerts.settings.secret': 'Signing secret',
  'alerts.settings.secretHint':
    'Each alert is signed with it (X-Seller-Desk-Signature, HMAC-SHA256); at least 16 characters.',
  'alerts.settings.addTelegram': 'Add Telegram',
  'alerts.settings.addWebhook': 'Add webhook',
  'alerts.settings.remove': 'Remove',
  'alerts.settings.sendTest': 'Send a test alert',
  'alerts.settings.sending': 'Sending…',
  'alerts.settings.testReached': 'Test alert delivered.',
  'alerts.settings.testMissed': 'Test alert not delivered: {reason}. Seller Desk will try again.',
  'alerts.settings.delivered':
    'Sent: {sent, number} · waiting: {pending, number} · given up: {failed, number}',
  'alerts.settings.language': 'Alerts are written in the app’s language.',
  'alerts.problem.chatId': 'A chat id is a number (e.g. -1001234567890) or @channelname.',
  'alerts.problem.botToken': 'A bot token looks like 123456789:AA… (as BotFather gives it).',
  'alerts.problem.url': 'Give an address starting with https:// (or http:// on this computer).',
  'alerts.problem.secret': 'The signing secret needs at least 16 characters.',
  'alerts.problem.unknownChannel': 'There is no alert channel {id}.',
  'alerts.problem.noChannels': 'No alert channel is set up: add one first.',
  'alerts.send.http': 'the server answered {status, number}',
  'alerts.send.network': 'the server could not be reached',
  'alerts.send.timeout': 'the server did not answer in time',

  'alerts.tray.open': 'Open Seller Desk',
  'alerts.tray.syncNow': 'Sync Now',
  'alerts.tray.quit': 'Quit Seller Desk',
  'alerts.tray.online': 'Seller Desk: online',
  'alerts.tray.waiting': 'Seller Desk: {title}',
  'alerts.tray.attention':
    '{count, plural, =0 {Seller Desk: {title}} one {Seller Desk: # offer needs you} other {Seller Desk: # offers need you}}',
  'alerts.settings.backgroundTitle': 'When the window is closed',
  'alerts.settings.keepRunning':
    'Keep running in the tray (menu bar): sync, restock and alerts go on',
  'alerts.settings.keepRunningHint':
    'Off: closing the window quits Seller Desk, and nothing is synced until you open it again.',
  'alerts.settings.startAtLogin': 'Start Seller Desk when I log in',
} as const;

export const ru: Messages<typeof en> = {
  'alerts.offer': '{name} (предложение {id})',
  'alerts.title.sale': 'Продажа',
  'alerts.title.soldOut': 'Всё продано',
  'alerts.title.lowStock': 'Заканчиваются данные',
  'alerts.title.poolLow': 'Запас для пополнения на исходе',
  'alerts.title.poolDry': 'Запас для пополнения пуст',
  'alerts.title.needDetails': 'Снова «Нужны детали»',
  'alerts.title.refused': 'Изменение отклонено',
  'alerts.title.tokenRefused': 'API-токен не принят',
  'alerts.title.syncFailing': 'Синхронизация не проходит',
  'alerts.title.stopping': 'Seller Desk остановлен',
  'alerts.title.test': 'Проверочное оповещение',
  'alerts.sale':
    '{offer}: {units, plural, one {продана # единица} few {проданы # единицы} many {продано # единиц} other {продано # единицы}}, примерно {revenue, number, ::.00} (оценка по цене до продажи).',
  'alerts.soldOut':
    '{offer}: всё продано. Маркетплейс сделал его неактивным; добавьте данные, чтобы продавать снова.',
  'alerts.lowStock':
    '{offer}: в продаже {count, plural, one {осталась # учётная запись} few {осталось # учётные записи} many {осталось # учётных записей} other {осталось # учётной записи}}.',
  'alerts.poolLow':
    '{offer}: в запасе для пополнения {count, plural, one {осталась # учётная запись} few {осталось # учётные записи} many {осталось # учётных записей} other {осталось # учётной записи}} — меньше, чем {keep, number} в продаже.',
  'alerts.poolDry': '{offer}: запас для пополнения пуст; следующая продажа не будет пополнена.',
  'alerts.needDetails': '{offer}: маркетплейс вернул его в «Нужны детали».',
  'alerts.needDetailsComment':
    '{offer}: маркетплейс вернул его в «Нужны детали». Проверяющий: «{comment}»',
  'alerts.refused': '{offer}: маркетплейс отклонил изменение: {reason}',
  'alerts.tokenRefused':
    'Маркетплейс не принимает API-токен профиля {profile}. Пока вы его не замените, ничего не отправляется и не пополняется; ваши изменения сохранены.',
  'alerts.syncFailing':
    'Синхронизация {profile} не проходит уже {minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}: {reason}. Изменения сохранены, Seller Desk продолжает пытаться.',
  'alerts.failing.unreachable': 'маркетплейс недоступен',
  'alerts.failing.error': 'синхронизация останавливается с ошибкой',
  'alerts.stopping.watcher':
    'Наблюдатель профиля {profile} остановлен: предложения не синхронизируются и не пополняются, пока он не запущен снова.',
  'alerts.stopping.app':
    'Seller Desk закрыт: {profile} не синхронизируется и не пополняется, пока он не запущен снова.',
  'alerts.test': 'Проверочное оповещение Seller Desk для {profile}: этот канал работает.',

  'alerts.settings.title': 'Оповещения',
  'alerts.settings.explain':
    'Узнавайте о продажах, распроданных предложениях, пустом запасе, отказах и непринятом токене в Telegram или на свой вебхук, даже когда окно закрыто. Секреты защищены системной связкой ключей.',
  'alerts.settings.forProfile': 'Для {profile}',
  'alerts.settings.none': 'Каналов оповещений пока нет.',
  'alerts.settings.telegram': 'Telegram',
  'alerts.settings.webhook': 'Вебхук',
  'alerts.settings.chatId': 'ID чата',
  'alerts.settings.botToken': 'Токен бота',
  'alerts.settings.apiBase': 'Сервер Bot API (необязательно)',
  'alerts.settings.apiBaseHint': 'Оставьте пустым для собственного сервера Telegram.',
  'alerts.settings.url': 'Адрес вебхука',
  'alerts.settings.secret': 'Секрет подписи',
  'alerts.settings.secretHint':
    'Им подписывается каждое оповещение (X-Seller-Desk-Signature, HMAC-SHA256); не короче 16 символов.',
  'alerts.settings.addTelegram': 'Добавить Telegram',
  'alerts.settings.addWebhook': 'Добавить вебхук',
  'alerts.settings.remove': 'Удалить',
  'alerts.settings.sendTest': 'Отправить проверочное оповещение',
  'alerts.settings.sending': 'Отправка…',
  'alerts.settings.testReached': 'Проверочное оповещение доставлено.',
  'alerts.settings.testMissed':
    'Проверочное оповещение не доставлено: {reason}. Seller Desk попробует ещё раз.',
  'alerts.settings.delivered':
    'Отправлено: {sent, number} · ждут: {pending, number} · не удалось: {failed, number}',
  'alerts.settings.language': 'Оповещения пишутся на языке приложения.',
  'alerts.problem.chatId': 'ID чата — число (например, -1001234567890) или @имяканала.',
  'alerts.problem.botToken': 'Токен бота выглядит так: 123456789:AA… (как его выдаёт BotFather).',
  'alerts.problem.url': 'Укажите адрес, начинающийся с https:// (или http:// на этом компьютере).',
  'alerts.problem.secret': 'Секрет подписи должен быть не короче 16 символов.',
  'alerts.problem.unknownChannel': 'Канала оповещений {id} нет.',
  'alerts.problem.noChannels': 'Ни один канал оповещений не настроен: сначала добавьте канал.',
  'alerts.send.http': 'сервер ответил {status, number}',
  'alerts.send.network': 'сервер недоступен',
  'alerts.send.timeout': 'сервер не ответил вовремя',

  'alerts.tray.open': 'Открыть Seller Desk',
  'alerts.tray.syncNow': 'Синхронизировать',
  'alerts.tray.quit': 'Выйти из Seller Desk',
  'alerts.tray.online': 'Seller Desk: в сети',
  'alerts.tray.waiting': 'Seller Desk: {title}',
  'alerts.tray.attention':
    '{count, plural, =0 {Seller Desk: {title}} one {Seller Desk: # предложение ждёт вас} few {Seller Desk: # предложения ждут вас} many {Seller Desk: # предложений ждут вас} other {Seller Desk: # предложения ждут вас}}',
  'alerts.settings.backgroundTitle': 'Когда окно закрыто',
  'alerts.settings.keepRunning':
    'Продолжать работу в трее (строке меню): синхронизация, пополнение и оповещения не останавливаются',
  'alerts.settings.keepRunningHint':
    'Выключено: закрытие окна завершает Seller Desk, и ничего не синхронизируется, пока вы его не откроете.',
  'alerts.settings.startAtLogin': 'Запускать Seller Desk при входе в систему',
};
