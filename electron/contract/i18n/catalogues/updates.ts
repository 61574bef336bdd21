// What the update check says, in main's message boxes (electron/main/updates).
import type { Messages } from '../messages';

export const en = {
  'updates.title': 'Seller Desk updates',
  'updates.ready': 'Seller Desk {version} is ready to install.',
  'updates.readyDetail':
    'Restart now to use it, or choose Later: it is installed when you next quit Seller Desk. Nothing you queued is lost either way.',
  'updates.restartNow': 'Restart now',
  'updates.later': 'Later',
  'updates.ok': 'OK',
  'updates.notInstalled':
    'Updates come with an installed copy of Seller Desk; this one was started from its sources.',
  'updates.upToDate': 'Seller Desk {version} is the latest version.',
  'updates.rollingOut':
    'Seller Desk {version} is being released gradually; this copy will be offered it soon.',
  'updates.downloadFailed': 'The update could not be downloaded; try again later.',
  'updates.noRelease': 'No release has been published for this system yet.',
  'updates.unreachable': 'The update server could not be reached; try again later.',
  'updates.serverError': 'The update server answered with an error ({status}); try again later.',
  'updates.unreadable':
    'The update server sent something Seller Desk cannot read; try again later.',
  'updates.insecureSource':
    'This copy of Seller Desk is set to look for updates at an address that is not secure, so it does not look there.',
  'updates.untrusted':
    'An update was offered that is not signed by the makers of Seller Desk, or was changed on its way. It was not installed.',
} as const;

export const ru: Messages<typeof en> = {
  'updates.title': 'Обновления Seller Desk',
  'updates.ready': 'Seller Desk {version} готов к установке.',
  'updates.readyDetail':
    'Перезапустите сейчас, чтобы начать им пользоваться, или выберите «Позже»: он установится, когда вы в следующий раз закроете Seller Desk. Очередь изменений сохранится в любом случае.',
  'updates.restartNow': 'Перезапустить',
  'updates.later': 'Позже',
  'updates.ok': 'OK',
  'updates.notInstalled':
    'Обновления получает установленная копия Seller Desk; эта запущена из исходного кода.',
  'updates.upToDate': 'Seller Desk {version} — последняя версия.',
  'updates.rollingOut':
    'Seller Desk {version} выпускается постепенно; этой копии обновление предложат в ближайшее время.',
  'updates.downloadFailed': 'Не удалось скачать обновление; попробуйте позже.',
  'updates.noRelease': 'Для этой системы ещё не опубликовано ни одного выпуска.',
  'updates.unreachable': 'Сервер обновлений недоступен; попробуйте позже.',
  'updates.serverError': 'Сервер обновлений ответил ошибкой ({status}); попробуйте позже.',
  'updates.unreadable':
    'Сервер обновлений прислал данные, которые Seller Desk не может прочитать; попробуйте позже.',
  'updates.insecureSource':
    'Эта копия Seller Desk настроена искать обновления по незащищённому адресу, поэтому там их не ищет.',
  'updates.untrusted':
    'Предложено обновление, которое не подписано создателями Seller Desk или было изменено по пути. Оно не установлено.',
};
