// Settings (renderer/src/components/SettingsView.svelte): the app's language and theme, the
// connection and token, each profile's sending and sync interval, notifications, the command
// line's access, the data folder and the version.
import type { Messages } from '../messages';

export const en = {
  'settings.title': 'Settings',
  'settings.saved': 'Saved.',

  'settings.appTitle': 'Language and appearance',
  'settings.language': 'Language',
  'settings.languageSystem': 'Same as the system',
  'settings.languageHint':
    'Menus and notifications follow too. The command line stays in English, for scripts.',
  'settings.theme': 'Theme',
  'settings.themeSystem': 'Same as the system',
  'settings.themeLight': 'Light',
  'settings.themeDark': 'Dark',

  'settings.connectionTitle': 'Marketplace connection',
  'settings.connectedTo': 'Connected to',
  'settings.sandboxHere': 'The sandbox marketplace on this computer',
  'settings.theMarketplace': 'The marketplace',
  'settings.token': 'Token',
  'settings.tokenLine': '{state}, {storage}',
  'settings.tokenSet': 'set',
  'settings.tokenNone': 'none',
  'settings.tokenRefused': 'refused by the marketplace: replace it below',
  'settings.storageNone': 'not stored',
  'settings.storagePlain': 'stored without encryption (you accepted this)',
  'settings.storageFile': 'encrypted with a key kept in your data folder',
  'settings.storageKeychain': 'encrypted by the system keychain ({backend})',

  'settings.replaceTitle': 'Replace the token',
  'settings.replaceHint':
    "The new token is checked with the marketplace before it replaces the current one. Another seller's token opens that seller's own profile instead (see the list at the top of the sidebar).",
  'settings.replaceRefusedHint':
    'The marketplace refused the token of "{profile}". Paste its seller\'s new token: the profile keeps its changes and sends them with it. Another seller\'s token is refused here; add that seller from the list at the top of the sidebar.',
  'settings.replaceButton': 'Replace token',
  'settings.replaced': 'Token replaced.',

  'settings.sendingTitle': 'Sending changes',
  'settings.sendingTitleFor': 'Sending changes for {profile}',
  'settings.holdHint':
    'A change waits this long before the background sync sends it, so Undo (Ctrl/Cmd+Z) can still take it back. "Sync now" sends at once.',
  'settings.holdBefore': 'Wait before sending',
  'settings.holdAfter': 'seconds',
  'settings.holdLabel': 'Seconds to wait before sending',
  'settings.holdInvalid': 'The wait is a whole number of seconds from 0 to 600.',
  'settings.sendAutomatically': 'Send changes automatically',
  'settings.sendAutomaticallyHint':
    'When this is off, the app still brings your offers up to date but sends your changes only when you press "Sync now".',
  'settings.otherProfilesNote':
    'Your other profiles keep their own choices: switch to one to see or change them.',
  'settings.intervalBefore': 'Sync in the background every',
  'settings.intervalLabel': 'Minutes between background syncs',
  'settings.intervalMinutes': '{count, plural, one {# minute} other {# minutes}}',
  'settings.intervalHint':
    'Your changes do not wait for this: they go out right after the wait above. The new interval counts from the next sync.',

  'settings.notificationsTitle': 'Notifications',
  'settings.notificationsHint':
    'Which events Seller Desk tells you about with a system notification. What it finds is always in Sync, whatever you choose here.',
  'settings.notifySyncRefusals': 'Changes the marketplace refused',
  'settings.notifySyncRefusalsHint': 'Offers that went to Needs attention after a sync.',
  'settings.notifyConnectionLost': 'Connection lost or token refused',
  'settings.notifyConnectionLostHint': 'Once per outage; Seller Desk keeps trying by itself.',
  'settings.notifyLowStock': 'Low stock and sold out',
  'settings.notifyLowStockHint': 'An account offer reaching its low-stock level, then selling out.',
  'settings.notifyPoolDry': 'Restock pool empty',
  'settings.notifyPoolDryHint': 'The credentials Seller Desk kept in reserve for an offer ran out.',
  'settings.notifySales': 'Offers that went Not Active',
  'settings.notifySalesHint': 'Sold out or hidden on the marketplace.',

  'settings.commandLineTitle': 'Command line',
  'settings.commandLineTitleFor': 'Command line for {profile}',
  'settings.commandLineHintStart':
    'Account credentials you queue here are encrypted with a key that only this app can unlock, through the system keychain. Turn this on to let',
  'settings.commandLineHintEnd':
    'send them too: the key is then also kept in a file in your data folder that only your user account can read. Turning it off deletes that file.',
  'settings.onlyThisProfile': 'This applies to {profile} only.',
  'settings.commandLineToggle': 'Let the command line send credentials',
  'settings.commandLineOn': 'The command line can now send credentials queued here.',
  'settings.commandLineOff': 'The command line can no longer open credentials queued here.',

  'settings.aboutTitle': 'About Seller Desk',
  'settings.dataFolder': 'Data folder',
  'settings.openFolder': 'Open folder',
  'settings.dataFolderHint':
    'Your profiles, settings and queued changes live here. The command line reads the same folder.',
  'settings.version': 'Version',

  'settings.disconnectTitle': 'Disconnect',
  'settings.disconnectHint':
    "Removes this profile's token from this computer. Its offers and unsent changes stay here and are sent once you connect again; any other seller you connected stays connected.",
  'settings.removeToken': 'Remove token…',
  'settings.removeConfirmTitle': 'Remove the token?',
  'settings.removeConfirmMessage':
    'Seller Desk stops talking to the marketplace until you paste a token again. Nothing you saved is lost.',
  'settings.removeConfirmButton': 'Remove token',
} as const;

export const ru: Messages<typeof en> = {
  'settings.title': 'Настройки',
  'settings.saved': 'Сохранено.',

  'settings.appTitle': 'Язык и оформление',
  'settings.language': 'Язык',
  'settings.languageSystem': 'Как в системе',
  'settings.languageHint':
    'Меню и уведомления тоже переключатся. Командная строка остаётся на английском — ради скриптов.',
  'settings.theme': 'Тема',
  'settings.themeSystem': 'Как в системе',
  'settings.themeLight': 'Светлая',
  'settings.themeDark': 'Тёмная',

  'settings.connectionTitle': 'Подключение к маркетплейсу',
  'settings.connectedTo': 'Подключено',
  'settings.sandboxHere': 'Учебный маркетплейс на этом компьютере',
  'settings.theMarketplace': 'Маркетплейс',
  'settings.token': 'Токен',
  'settings.tokenLine': '{state}, {storage}',
  'settings.tokenSet': 'задан',
  'settings.tokenNone': 'не задан',
  'settings.tokenRefused': 'маркетплейс его отклонил: замените его ниже',
  'settings.storageNone': 'не сохранён',
  'settings.storagePlain': 'хранится без шифрования (вы на это согласились)',
  'settings.storageFile': 'зашифрован ключом из вашей папки данных',
  'settings.storageKeychain': 'зашифрован системной связкой ключей ({backend})',

  'settings.replaceTitle': 'Заменить токен',
  'settings.replaceHint':
    'Новый токен сначала проверяется маркетплейсом и только потом заменяет текущий. Токен другого продавца открывает его собственный профиль (список — вверху боковой панели).',
  'settings.replaceRefusedHint':
    'Маркетплейс отклонил токен профиля «{profile}». Вставьте новый токен его продавца: профиль сохранит свои изменения и отправит их с ним. Токен другого продавца здесь не принимается; добавьте этого продавца из списка вверху боковой панели.',
  'settings.replaceButton': 'Заменить токен',
  'settings.replaced': 'Токен заменён.',

  'settings.sendingTitle': 'Отправка изменений',
  'settings.sendingTitleFor': 'Отправка изменений: {profile}',
  'settings.holdHint':
    'Столько секунд каждое изменение ждёт, прежде чем фоновая синхронизация его отправит: пока оно не ушло, его можно отменить (Ctrl/Cmd+Z). «Синхронизировать» отправляет сразу.',
  'settings.holdBefore': 'Ждать перед отправкой',
  'settings.holdAfter': 'с',
  'settings.holdLabel': 'Сколько секунд ждать перед отправкой',
  'settings.holdInvalid': 'Ожидание — целое число секунд от 0 до 600.',
  'settings.sendAutomatically': 'Отправлять изменения автоматически',
  'settings.sendAutomaticallyHint':
    'Если выключить, приложение по-прежнему обновляет ваши предложения, но отправляет изменения только по кнопке «Синхронизировать».',
  'settings.otherProfilesNote':
    'У других ваших профилей свои настройки: переключитесь на профиль, чтобы их увидеть или изменить.',
  'settings.intervalBefore': 'Синхронизировать в фоне раз в',
  'settings.intervalLabel': 'Минут между фоновыми синхронизациями',
  'settings.intervalMinutes':
    '{count, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}',
  'settings.intervalHint':
    'Ваши изменения этого не ждут: они уходят сразу после ожидания выше. Новый интервал считается со следующей синхронизации.',

  'settings.notificationsTitle': 'Уведомления',
  'settings.notificationsHint':
    'О каких событиях Seller Desk сообщает системным уведомлением. Всё найденное в любом случае видно в разделе «Синхронизация».',
  'settings.notifySyncRefusals': 'Изменения, отклонённые маркетплейсом',
  'settings.notifySyncRefusalsHint':
    'Предложения, попавшие после синхронизации в «Требуют внимания».',
  'settings.notifyConnectionLost': 'Потеря связи или отклонённый токен',
  'settings.notifyConnectionLostHint': 'Один раз за перебой; Seller Desk сам пробует снова.',
  'settings.notifyLowStock': 'Мало на складе и распродано',
  'settings.notifyLowStockHint':
    'Предложение с аккаунтами дошло до порога «мало на складе», а затем распродано.',
  'settings.notifyPoolDry': 'Резерв для пополнения пуст',
  'settings.notifyPoolDryHint':
    'Закончились аккаунты, которые Seller Desk держал в резерве для предложения.',
  'settings.notifySales': 'Предложения, ставшие неактивными',
  'settings.notifySalesHint': 'Распроданы или скрыты на маркетплейсе.',

  'settings.commandLineTitle': 'Командная строка',
  'settings.commandLineTitleFor': 'Командная строка: {profile}',
  'settings.commandLineHintStart':
    'Аккаунты, которые вы ставите здесь в очередь, зашифрованы ключом, который может открыть только это приложение через системную связку ключей. Включите, чтобы',
  'settings.commandLineHintEnd':
    'тоже мог их отправлять: тогда ключ хранится ещё и в файле в папке данных, доступном только вашей учётной записи. Выключение удаляет этот файл.',
  'settings.onlyThisProfile': 'Это касается только профиля {profile}.',
  'settings.commandLineToggle': 'Разрешить командной строке отправлять аккаунты',
  'settings.commandLineOn': 'Теперь командная строка может отправлять аккаунты из здешней очереди.',
  'settings.commandLineOff':
    'Командная строка больше не может открывать аккаунты из здешней очереди.',

  'settings.aboutTitle': 'О Seller Desk',
  'settings.dataFolder': 'Папка данных',
  'settings.openFolder': 'Открыть папку',
  'settings.dataFolderHint':
    'Здесь хранятся ваши профили, настройки и неотправленные изменения. Командная строка читает ту же папку.',
  'settings.version': 'Версия',

  'settings.disconnectTitle': 'Отключиться',
  'settings.disconnectHint':
    'Удаляет токен этого профиля с компьютера. Предложения и неотправленные изменения остаются здесь и уйдут, когда вы подключитесь снова; другие подключённые продавцы остаются подключены.',
  'settings.removeToken': 'Удалить токен…',
  'settings.removeConfirmTitle': 'Удалить токен?',
  'settings.removeConfirmMessage':
    'Seller Desk перестанет обращаться к маркетплейсу, пока вы снова не вставите токен. Всё сохранённое останется.',
  'settings.removeConfirmButton': 'Удалить токен',
};
