// The restock pool in an account offer's credentials section (CredentialPool.svelte).
import type { Messages } from '../messages';

export const en = {
  'pool.title': 'Restock pool',
  'pool.summary':
    '{count, plural, one {# credential} other {# credentials}} waiting · keep {keep, number} on sale',
  'pool.off': '{count, plural, one {# credential} other {# credentials}} waiting · not restocking',
  'pool.explain':
    'Seller Desk keeps this many accounts on sale for you: each sync uploads the oldest waiting ones as buyers take them, and puts a sold-out offer back on sale. Fewer accounts are exposed at once. They wait encrypted on this computer.',
  'pool.keep': 'Keep',
  'pool.keepHint': 'on sale (0: stop restocking)',
  'pool.saved': 'Saved.',
  'pool.onSale': 'On sale now: about {count, number}.',
  'pool.queued':
    '{count, plural, one {# more waits} other {# more wait}} to be sent at the next sync.',
  'pool.hidden':
    'Not on sale now: the offer is {status}, buyers do not see it. About {count, number} on the marketplace, {queued, number} waiting to be sent.',
  'pool.hiddenSoldOut':
    'Not on sale now: it sold out and the marketplace hid it. {queued, plural, one {# account goes} other {# accounts go}} at the next sync, then Seller Desk puts it back on sale.',
  'pool.unsure':
    '{count, plural, one {# account} other {# accounts}} may already be on sale: the marketplace’s answer was lost and a buyer bought from this offer since. Sending again could sell one account twice.',
  'pool.unsureSendAgain': 'Send again',
  'pool.unsureDrop': 'Drop',
  'pool.unsureSent':
    '{count, plural, one {# account goes} other {# accounts go}} again at the next sync.',
  'pool.unsureDropped':
    '{count, plural, one {# account dropped} other {# accounts dropped}}: never sent from here.',
  'pool.dry':
    'The restock pool is empty: when the accounts on sale are sold, the offer stops selling. Add accounts to keep it going.',
  'pool.dropLabel': 'Add accounts to the restock pool from a file',
  'pool.dropLead': 'Drop an account file here to fill the restock pool',
  'pool.dropHint':
    'The same files as above (text, CSV, JSON or XLSX). Nothing is kept before you confirm.',
  'pool.reading': 'Reading {name}…',
  'pool.unreadable':
    '{name} cannot be read from here; save it to a folder first, then drop it again.',
  'pool.totals':
    '{rows, plural, one {# row} other {# rows}}: {count, plural, one {# account} other {# accounts}} to add',
  'pool.totals.known':
    '{count, plural, one {# already on the offer or in the pool} other {# already on the offer or in the pool}}',
  'pool.totals.inFile': '{count, plural, one {# duplicate} other {# duplicates}} in the file',
  'pool.totals.invalid': '{count, plural, one {# row} other {# rows}} with problems',
  'pool.add': 'Add {count, plural, one {# account} other {# accounts}} to the pool',
  'pool.discard': 'Discard preview',
  'pool.added': '{count, plural, one {# account} other {# accounts}} added to the restock pool.',
  'pool.clear': 'Empty the pool…',
  'pool.clearTitle': 'Empty the restock pool?',
  'pool.clearMessage':
    '{count, plural, one {# account waiting in the pool is} other {# accounts waiting in the pool are}} deleted from this computer and never uploaded. Accounts already on sale stay.',
  'pool.clearConfirm': 'Empty the pool',
  'pool.cleared': 'The restock pool is empty.',
  'pool.badge': 'Pool: {count, number}',
  'pool.badgeBacked': 'Pool tops up: {count, number}',
  'pool.badgeTitle':
    '{count, plural, one {# account waits} other {# accounts wait}} in the restock pool',
  'pool.cost': 'Cost per account',
  'pool.supplier': 'Supplier',
  'pool.costHint':
    'Optional, for your profit figures: kept on this computer, never sent to the marketplace. A cost column in the file wins for its rows.',
  'pool.costBad': 'Cost per account: enter an amount of 0 or more.',
} as const;

export const ru: Messages<typeof en> = {
  'pool.title': 'Резерв для пополнения',
  'pool.summary':
    'в резерве {count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}} · держать в продаже {keep, number}',
  'pool.off':
    'в резерве {count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}} · пополнение выключено',
  'pool.explain':
    'Seller Desk держит в продаже столько аккаунтов за вас: при каждой синхронизации он загружает самые старые из резерва взамен купленных и снова включает распроданное предложение. Одновременно выставлено меньше аккаунтов. До загрузки они хранятся на этом компьютере в зашифрованном виде.',
  'pool.keep': 'Держать',
  'pool.keepHint': 'в продаже (0 — не пополнять)',
  'pool.saved': 'Сохранено.',
  'pool.onSale': 'Сейчас в продаже: около {count, number}.',
  'pool.queued':
    'Ещё {count, plural, one {# аккаунт будет отправлен} few {# аккаунта будут отправлены} many {# аккаунтов будут отправлены} other {# аккаунта будут отправлены}} при следующей синхронизации.',
  'pool.hidden':
    'Сейчас не продаётся: предложение в статусе «{status}», покупатели его не видят. На маркетплейсе около {count, number}, ждут отправки: {queued, number}.',
  'pool.hiddenSoldOut':
    'Сейчас не продаётся: всё распродано, и маркетплейс скрыл предложение. {queued, plural, one {# аккаунт уйдёт} few {# аккаунта уйдут} many {# аккаунтов уйдут} other {# аккаунта уйдут}} при следующей синхронизации, затем Seller Desk снова выставит его на продажу.',
  'pool.unsure':
    '{count, plural, one {# аккаунт, возможно, уже} few {# аккаунта, возможно, уже} many {# аккаунтов, возможно, уже} other {# аккаунта, возможно, уже}} в продаже: ответ маркетплейса потерялся, а покупатель с тех пор уже купил в этом предложении. Повторная отправка может продать один аккаунт дважды.',
  'pool.unsureSendAgain': 'Отправить снова',
  'pool.unsureDrop': 'Не отправлять',
  'pool.unsureSent':
    '{count, plural, one {# аккаунт будет отправлен} few {# аккаунта будут отправлены} many {# аккаунтов будут отправлены} other {# аккаунта будут отправлены}} снова при следующей синхронизации.',
  'pool.unsureDropped':
    '{count, plural, one {# аккаунт убран} few {# аккаунта убраны} many {# аккаунтов убраны} other {# аккаунта убраны}}: отсюда они не будут отправлены.',
  'pool.dry':
    'Резерв пуст: когда аккаунты в продаже раскупят, предложение перестанет продаваться. Добавьте аккаунты, чтобы продажи шли дальше.',
  'pool.dropLabel': 'Добавить аккаунты в резерв из файла',
  'pool.dropLead': 'Перетащите сюда файл с аккаунтами, чтобы пополнить резерв',
  'pool.dropHint':
    'Те же файлы, что и выше (текст, CSV, JSON или XLSX). Ничего не сохраняется, пока вы не подтвердите.',
  'pool.reading': 'Читаем {name}…',
  'pool.unreadable': 'Файл {name} отсюда не прочитать: сохраните его в папку и перетащите снова.',
  'pool.totals':
    '{rows, plural, one {# строка} few {# строки} many {# строк} other {# строки}}: {count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}} к добавлению',
  'pool.totals.known':
    '{count, plural, one {# уже в предложении или в резерве} few {# уже в предложении или в резерве} many {# уже в предложении или в резерве} other {# уже в предложении или в резерве}}',
  'pool.totals.inFile':
    '{count, plural, one {# дубликат} few {# дубликата} many {# дубликатов} other {# дубликата}} внутри файла',
  'pool.totals.invalid':
    '{count, plural, one {# строка} few {# строки} many {# строк} other {# строки}} с ошибками',
  'pool.add':
    'Добавить в резерв {count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}}',
  'pool.discard': 'Не добавлять',
  'pool.added':
    'В резерв {count, plural, one {добавлен # аккаунт} few {добавлено # аккаунта} many {добавлено # аккаунтов} other {добавлено # аккаунта}}.',
  'pool.clear': 'Очистить резерв…',
  'pool.clearTitle': 'Очистить резерв для пополнения?',
  'pool.clearMessage':
    '{count, plural, one {# аккаунт из резерва будет удалён} few {# аккаунта из резерва будут удалены} many {# аккаунтов из резерва будут удалены} other {# аккаунта из резерва будут удалены}} с этого компьютера и не будут загружены. Аккаунты, уже выставленные на продажу, останутся.',
  'pool.clearConfirm': 'Очистить резерв',
  'pool.cleared': 'Резерв пуст.',
  'pool.badge': 'Резерв: {count, number}',
  'pool.badgeBacked': 'Пополняется из резерва: {count, number}',
  'pool.badgeTitle':
    'В резерве для пополнения {count, plural, one {ждёт # аккаунт} few {ждут # аккаунта} many {ждут # аккаунтов} other {ждут # аккаунта}}',
  'pool.cost': 'Цена закупки за аккаунт',
  'pool.supplier': 'Поставщик',
  'pool.costHint':
    'Необязательно, для расчёта прибыли: хранится только на этом компьютере и никогда не отправляется на маркетплейс. Колонка цены закупки в файле важнее для своих строк.',
  'pool.costBad': 'Цена закупки за аккаунт: введите сумму не меньше 0.',
};
