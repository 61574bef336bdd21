// The app's frame: starting up, the sidebar, the connect screen and token form, dialogs' shared
// buttons, toasts, the task bar, and what a failed call to the core tells the seller.
import type { Messages } from '../messages';

export const en = {
  'app.opening': 'Opening Seller Desk…',
  'app.noAppElement': 'The page has no #app element.',
  'app.tokenRefused':
    'The marketplace no longer accepts your token (it is wrong or has expired). Your changes are kept and wait here.',
  'app.replaceToken': 'Replace the token',
  'app.close': 'Close',
  'app.cancel': 'Cancel',
  'app.dismiss': 'Dismiss',
  'app.noCoreTitle': 'Seller Desk is not running behind this window',
  'app.noCoreBody':
    "This window shows Seller Desk's screens, but the part that keeps your offers and talks to the marketplace is not running behind it, so there is nothing to show yet.",
  'app.noCoreStartBefore': 'Start Seller Desk with',
  'app.noCoreStartAfter': '(desktop app) or through the browser host, then reload this window.',
  'app.sections': 'Sections',
  'app.navOffers': 'Offers',
  'app.navCatalogue': 'Catalogue',
  'app.navSync': 'Sync',
  'app.navSales': 'Sales',
  'app.navActivity': 'Activity',
  'app.navSettings': 'Settings',
  'app.modeSandbox': 'Sandbox marketplace',
  'app.modeMarketplace': 'Marketplace',
  'app.attentionCount': 'Offers that need your attention',
  'app.toSendCount': 'Changes to send (offers with unsent changes)',
  'app.connectTitle': 'Connect to the marketplace',
  'app.connectIntro':
    'Paste the API token from your seller dashboard. It is checked with the marketplace, then kept encrypted on this computer; this window never sees it, and it goes only to the marketplace.',
  'app.connect': 'Connect',
  'app.or': 'or',
  'app.trySandbox': 'Try the sandbox marketplace',
  'app.sandboxNote':
    'The sandbox is a practice marketplace on this computer with sample products. Nothing you do there reaches real customers.',
  'app.tokenLabel': 'API token',
  'app.tokenPlaceholder': 'Paste your token',
  'app.checking': 'Checking…',
  'app.tokenNotAccepted': 'The marketplace did not accept this token.',
  'app.tokenNotAcceptedHelp':
    'It is wrong or has expired. Create a new token in your seller dashboard, copy it whole, and paste it here.',
  'app.cannotEncrypt': 'This computer cannot encrypt the token.',
  'app.cannotEncryptHelp':
    'The system keychain offers only plain-text storage, so anyone who can read your files could read the token. Store it anyway only if this computer is yours alone.',
  'app.storeUnencrypted': 'Store it unencrypted',
  'app.notNow': 'Not now',
  'app.unreachable': 'The marketplace cannot be reached.',
  'app.unreachableHelp': 'Check your internet connection and try again.',
  'app.errorUnauthorized':
    'The marketplace did not accept the token: it is wrong or has expired. Create a new one in your seller dashboard and paste it in Settings.',
  'app.errorOffline':
    'The marketplace cannot be reached right now. Nothing is lost: changes wait in the queue.',
  'app.errorRateLimited':
    'The marketplace asked us to slow down. Seller Desk waits and retries by itself.',
  'app.errorInsecureStorage':
    'This computer offers no encrypted keychain, so the token could only be stored in plain text.',
  'app.errorInternal': 'Something went wrong inside Seller Desk. It was logged.',
  // The technical words of an unexpected failure, after the sentence that says it (errorText.ts).
  'app.errorDetail': 'Details: {detail}',
  'app.errorCancelled': 'Cancelled.',
} as const;

export const ru: Messages<typeof en> = {
  'app.opening': 'Открываем Seller Desk…',
  'app.noAppElement': 'На странице нет элемента #app.',
  'app.tokenRefused':
    'Маркетплейс больше не принимает ваш токен (он неверный или истёк). Ваши изменения сохранены и ждут здесь.',
  'app.replaceToken': 'Заменить токен',
  'app.close': 'Закрыть',
  'app.cancel': 'Отмена',
  'app.dismiss': 'Скрыть',
  'app.noCoreTitle': 'За этим окном не запущен Seller Desk',
  'app.noCoreBody':
    'Это окно показывает экраны Seller Desk, но часть, которая хранит ваши предложения и общается с маркетплейсом, за ним не запущена, поэтому показать пока нечего.',
  'app.noCoreStartBefore': 'Запустите Seller Desk командой',
  'app.noCoreStartAfter':
    '(настольное приложение) или через браузерный хост, затем перезагрузите это окно.',
  'app.sections': 'Разделы',
  'app.navOffers': 'Предложения',
  'app.navCatalogue': 'Каталог',
  'app.navSync': 'Синхронизация',
  'app.navSales': 'Продажи',
  'app.navActivity': 'Журнал',
  'app.navSettings': 'Настройки',
  'app.modeSandbox': 'Тестовый маркетплейс',
  'app.modeMarketplace': 'Маркетплейс',
  'app.attentionCount': 'Предложения, которым нужно ваше внимание',
  'app.toSendCount': 'Изменения к отправке (предложения с неотправленными изменениями)',
  'app.connectTitle': 'Подключение к маркетплейсу',
  'app.connectIntro':
    'Вставьте API-токен из кабинета продавца. Маркетплейс проверит его, затем токен хранится на этом компьютере в зашифрованном виде; это окно его не видит, и уходит он только на маркетплейс.',
  'app.connect': 'Подключить',
  'app.or': 'или',
  'app.trySandbox': 'Попробовать тестовый маркетплейс',
  'app.sandboxNote':
    'Тестовый маркетплейс работает на этом компьютере, с примерами товаров. Ничто из сделанного там не дойдёт до настоящих покупателей.',
  'app.tokenLabel': 'API-токен',
  'app.tokenPlaceholder': 'Вставьте токен',
  'app.checking': 'Проверяем…',
  'app.tokenNotAccepted': 'Маркетплейс не принял этот токен.',
  'app.tokenNotAcceptedHelp':
    'Он неверный или истёк. Создайте новый токен в кабинете продавца, скопируйте его целиком и вставьте сюда.',
  'app.cannotEncrypt': 'Этот компьютер не может зашифровать токен.',
  'app.cannotEncryptHelp':
    'Системное хранилище ключей умеет хранить только открытый текст: любой, кто может читать ваши файлы, прочтёт и токен. Сохраняйте так, только если компьютером пользуетесь только вы.',
  'app.storeUnencrypted': 'Сохранить без шифрования',
  'app.notNow': 'Не сейчас',
  'app.unreachable': 'Маркетплейс недоступен.',
  'app.unreachableHelp': 'Проверьте подключение к интернету и попробуйте ещё раз.',
  'app.errorUnauthorized':
    'Маркетплейс не принял токен: он неверный или истёк. Создайте новый в кабинете продавца и вставьте его в Настройках.',
  'app.errorOffline':
    'Маркетплейс сейчас недоступен. Ничего не потеряно: изменения ждут в очереди.',
  'app.errorRateLimited': 'Маркетплейс попросил снизить темп. Seller Desk подождёт и повторит сам.',
  'app.errorInsecureStorage':
    'На этом компьютере нет зашифрованного хранилища ключей, поэтому токен можно сохранить только открытым текстом.',
  'app.errorInternal': 'Внутри Seller Desk что-то пошло не так. Ошибка записана в журнал.',
  'app.errorDetail': 'Подробности: {detail}',
  'app.errorCancelled': 'Отменено.',
} as const;
