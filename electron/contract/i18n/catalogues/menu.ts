// The application menu's own words (electron/main/menu.ts; the platform's roles, Copy, Paste,
// Quit…, bring the OS's words), the badge's description, and what the window says when a
// command has nothing to act on where the seller is.
import type { Messages } from '../messages';

export const en = {
  'menu.file': 'File',
  'menu.edit': 'Edit',
  'menu.view': 'View',
  'menu.window': 'Window',
  'menu.help': 'Help',
  'menu.help.seller': 'Seller Help',
  'menu.checkForUpdates': 'Check for Updates…',
  'menu.newOffer': 'New Offer',
  'menu.importOffers': 'Import Offers…',
  'menu.importCredentials': 'Import Credentials…',
  'menu.syncNow': 'Sync Now',
  'menu.search': 'Find',
  'menu.save': 'Save',
  'menu.settings': 'Settings…',
  'menu.switchProfile': 'Switch Profile…',
  'menu.badge':
    '{count, plural, one {# offer needs your attention} other {# offers need your attention}}',
  'menu.importOffersWhere':
    'Offers are imported into one product: choose it in the catalogue, then "Import offers…".',
  'menu.importCredentialsWhere':
    'Credentials belong to one account offer: open it, then add accounts from a file.',
} as const;

export const ru: Messages<typeof en> = {
  'menu.file': 'Файл',
  'menu.edit': 'Правка',
  'menu.view': 'Вид',
  'menu.window': 'Окно',
  'menu.help': 'Справка',
  'menu.help.seller': 'Помощь продавцу',
  'menu.checkForUpdates': 'Проверить обновления…',
  'menu.newOffer': 'Новое предложение',
  'menu.importOffers': 'Импорт предложений…',
  'menu.importCredentials': 'Импорт аккаунтов…',
  'menu.syncNow': 'Синхронизировать',
  'menu.search': 'Найти',
  'menu.save': 'Сохранить',
  'menu.settings': 'Настройки…',
  'menu.switchProfile': 'Сменить профиль…',
  'menu.badge':
    '{count, plural, one {# предложение требует внимания} few {# предложения требуют внимания} many {# предложений требуют внимания} other {# предложения требуют внимания}}',
  'menu.importOffersWhere':
    'Предложения импортируются в один товар: выберите его в каталоге, затем «Импорт предложений…».',
  'menu.importCredentialsWhere':
    'Аккаунты относятся к одному предложению с аккаунтами: откройте его и добавьте аккаунты из файла.',
};
