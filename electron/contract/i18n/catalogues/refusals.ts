// What a use case says when it cannot do what the seller asked (UseCaseFailure.detail.say), in
// the app's language. The English here is the use case's own message word for word: the command
// line prints that message, unchanged; the app says this catalogue's words.
import type { Messages } from '../messages';

export const en = {
  'refusals.sales.startInPast': 'The start of the period must be in the past.',
  'refusals.sales.bucket': 'Show sales per day, per week or per month.',
  'refusals.sales.deadDays': 'Choose a whole number of days from 1 to {max}.',
  'refusals.profit.cost': 'A cost is an amount from 0 to {max}.',
  'refusals.profit.supplier': 'A supplier name is at most {max} characters.',
  'refusals.sales.tooLong':
    'That period is too long to show per {bucket, select, day {day} week {week} other {month}}: choose a shorter one or a longer step.',
  'refusals.credentials.notSent':
    'This offer has not reached the marketplace yet; sync first, then edit its credentials.',
  'refusals.credentials.multipleOnly':
    '{action, select, replace {Replace all} change {Changing a credential} other {Deleting a credential}} works only for offers with several credentials (credential system Multiple); this offer has no credential system (delivery by chat).',
  'refusals.credentials.nothingToChange': 'Nothing to change: name at least one field.',
  'refusals.credentials.cannotSave': 'This credential cannot be saved as it is.',
  'refusals.credentials.previewExpired': 'This preview has expired; read the file again.',
  'refusals.credentials.badRows':
    '{count, plural, one {# bad row(s)} other {# bad row(s)}}; nothing was queued.',
  'refusals.activity.limit': 'Show between 1 and {max} entries.',
  'refusals.activity.span':
    'Give a time span such as 30m, 12h, 1d or 2w (minutes, hours, days, weeks).',
  'refusals.profiles.badName':
    'A profile name is 1 to 64 characters, without / or \\, and does not start with a space.',
  'refusals.profiles.taken': 'There is already a profile named "{name}".',
  'refusals.profiles.missing': 'There is no profile named "{name}". Profiles: {names}.',
  'refusals.profiles.missingNone':
    'There is no profile named "{name}"; this data folder has no profile for this marketplace yet.',
  'refusals.profiles.removed': 'This profile was removed.',
  'refusals.profiles.listUnreadable':
    'The list of profiles ({path}) cannot be read; it was left as it is.',
  'refusals.profiles.listBusy':
    'Another Seller Desk process is changing the list of profiles; try again in a moment.',
  'refusals.profiles.unconfirmed':
    'Seller Desk cannot confirm that this API token belongs to profile "{name}" ({seller, select, none {its seller} other {seller {seller}}}): the token\'s seller has no offers on the marketplace yet, so nothing names them. Nothing was sent.',
  'refusals.profiles.otherSeller':
    'This API token belongs to seller {tokenSeller, select, none {(no offers yet)} other {{tokenSeller}}}{hasOwner, select, yes { of profile "{owner}"} other {, who has no profile here yet}}, not to profile "{name}" ({seller, select, none {its seller} other {seller {seller}}}). Nothing was sent.',
  'refusals.profiles.notTheirs':
    'Profile "{name}" holds offers of another seller than {seller, select, none {its seller} other {seller {seller}}} this API token belongs to, so its queue is not sent under this token. Nothing was sent.',
  'refusals.offers.sellerStatuses':
    'A seller may set the status to 1 (Draft), 2 (Active), 3 (Not Active) or 5 (On Review).',
  'refusals.offers.keepWhich': 'Keep "mine" (this change) or "theirs" (the marketplace).',
  'refusals.offers.noConflicts': 'This offer has no conflicts.',
  'refusals.offers.noConflictOn': 'This offer has no conflict on {field}.',
  'refusals.offers.noConflictOnListed':
    'This offer has no conflict on {field}. Its conflicts: {open}.',
  'refusals.offers.gone': 'This offer no longer exists.',
  'refusals.offers.waitingDelete': 'This offer is waiting to be deleted.',
  'refusals.offers.sortColumn': 'Offers cannot be sorted by "{column}": choose one of {columns}.',
  'refusals.offers.order': 'The order is asc (smallest first) or desc.',
  'refusals.offers.offset': 'The offset is a whole number, 0 or more.',
  'refusals.offers.limit': 'The limit is a whole number, at least 1.',
  'refusals.offers.chooseOne': 'Choose at least one offer.',
  'refusals.offers.atMost': 'At most {max} offers can change at once.',
  'refusals.offers.chooseHow': 'Choose the offers: by id, by product or by status.',
  'refusals.offers.noStatus': 'There is no status {status}: statuses are {statuses}.',
  'refusals.offers.noneOfProduct': 'No offers of product {product} in the local data.',
  'refusals.offers.noneWithStatus': 'No offers with status {status} in the local data.',
  'refusals.offers.noneOfProductWithStatus':
    'No offers of product {product} with status {status} in the local data.',
  'refusals.offers.viewUnreadable': 'These view settings cannot be kept: they do not read.',
  'refusals.offers.nothingToUndo': 'There is nothing to undo.',
  'refusals.offers.undo.sent':
    'Cannot undo "{label}": Some of these changes were already sent to the marketplace, so they can no longer be undone here. Change the offers again to put them back.',
  'refusals.offers.undo.changedSince':
    'Cannot undo "{label}": These offers were changed again since (an edit, screenshots or credentials), and undoing would lose that. Change them back by hand.',
  'refusals.offers.undo.deletedThere':
    'Cannot undo "{label}": Some of these offers were deleted on the marketplace since, so they cannot be put back here.',
  'refusals.offers.undo.stillApplying':
    'Cannot undo "{label}": This change is still being applied. Undo it once it has finished, or stop it first.',
  'refusals.offers.cannotUndo': 'Cannot undo "{label}": {reason}',
  'refusals.offers.notCopied': '{offer} could not be copied: {fields}',
  'refusals.session.insecure':
    'This computer has no system keyring, so the token could only be stored with a fixed key that any program running as you could read. Install and unlock a keyring (GNOME Keyring or KWallet) and restart Seller Desk, or accept storing it this way.',
  'refusals.screenshots.refused':
    '{count, plural, one {# screenshot(s)} other {# screenshot(s)}} refused; nothing was queued.',
  'refusals.screenshots.missing':
    'This offer has no screenshot {screenshot}. Its screenshots: {stored}.',
  'refusals.screenshots.missingNone':
    'This offer has no screenshot {screenshot}. Its screenshots: none.',
  'refusals.screenshots.removalSent':
    'This screenshot’s removal is already on its way to the marketplace; it cannot be taken back.',
  'refusals.screenshots.noRemoval': 'No removal of this screenshot is waiting to be sent.',
  'refusals.catalogue.noProduct':
    "Product {product} is not in the marketplace's catalogue. Refresh the catalogue and check the product's number.",
  'refusals.transfers.noOffers': 'There are no offers to export.',
  'refusals.transfers.oneProduct':
    'Your offers are of {count, plural, one {# products} other {# products}}; choose one: an export holds the columns of one product.',
  'refusals.transfers.cannotWrite': 'Cannot write {path} ({code}).',
  'refusals.transfers.deliveryTime':
    'The delivery time must be a whole number of milliseconds, at least 1.',
  'refusals.transfers.noValidRow':
    'No row of the file can be taken: {count, plural, =1 {its only row has a problem} one {all # rows have problems} other {all # rows have problems}} (listed by line). Nothing was taken.',
  'refusals.transfers.importStopped': 'The import was stopped; nothing was queued.',
  'refusals.stock.lowLevel': 'The low-stock level must be a whole number, 0 or more.',
  'refusals.stock.gone': 'This offer is no longer in the local data.',
  'refusals.stock.keep': '"Keep on sale" must be a whole number from 0 to {max}.',
  'refusals.stock.noUncertain': 'No accounts of this offer wait for that choice.',
  'refusals.app.connectFirst': 'Connect to the marketplace or try the sandbox first.',
  'refusals.app.httpsOnly': 'Only https links open in the browser.',
  'refusals.app.noSandbox': 'The sandbox marketplace is not available in this build.',
  'refusals.app.noTokenKept':
    "This profile has no API token kept; add it again with its seller's token.",
  'refusals.app.noProfileNamed': 'There is no profile named "{name}".',
  'refusals.app.profileNoToken':
    '"{name}" has no API token kept on this computer: add it again with its seller\'s token.',
  'refusals.app.sandboxOneProfile': 'The sandbox has one profile only.',
  'refusals.app.exportCancelled': 'Export cancelled.',
  'refusals.app.exportFolderUnknown': 'Seller Desk can open only the folder of a file it exported.',
  'refusals.app.noActivity': 'No activity matches this filter.',
  'refusals.app.previewExpired': 'This preview has expired; drop the file again.',
  'refusals.app.connectForSettings':
    "Connect first: these settings are kept for each seller's profile.",
  'refusals.offers.priceNotNumber': 'The change must be a number, like 10 or -5.',
  'refusals.offers.priceZero': 'A change of zero changes nothing.',
  'refusals.offers.priceDrop100': 'A price cannot drop by 100 % or more.',
} as const;

export const ru: Messages<typeof en> = {
  'refusals.sales.startInPast': 'Начало периода должно быть в прошлом.',
  'refusals.sales.bucket': 'Продажи показываются по дням, по неделям или по месяцам.',
  'refusals.sales.deadDays': 'Укажите целое число дней от 1 до {max}.',
  'refusals.profit.cost': 'Себестоимость — сумма от 0 до {max}.',
  'refusals.profit.supplier': 'Имя поставщика — не длиннее {max} символов.',
  'refusals.sales.tooLong':
    'Этот период слишком длинный, чтобы показать его {bucket, select, day {по дням} week {по неделям} other {по месяцам}}: выберите период короче или шаг крупнее.',
  'refusals.credentials.notSent':
    'Это предложение ещё не отправлено на маркетплейс: сначала синхронизируйте, потом меняйте его данные для выдачи.',
  'refusals.credentials.multipleOnly':
    '{action, select, replace {Замена всех данных} change {Изменение данных для выдачи} other {Удаление данных для выдачи}} возможно только у предложений с несколькими данными для выдачи (система выдачи «Несколько»); у этого предложения системы выдачи нет (выдача в чате).',
  'refusals.credentials.nothingToChange': 'Менять нечего: укажите хотя бы одно поле.',
  'refusals.credentials.cannotSave': 'Эти данные для выдачи нельзя сохранить в таком виде.',
  'refusals.credentials.previewExpired': 'Этот предпросмотр устарел: прочитайте файл ещё раз.',
  'refusals.credentials.badRows':
    '{count, plural, one {# строка с ошибкой} few {# строки с ошибками} many {# строк с ошибками} other {# строки с ошибками}}; ничего не поставлено в очередь.',
  'refusals.activity.limit': 'Можно показать от 1 до {max} записей.',
  'refusals.activity.span':
    'Укажите промежуток, например 30m, 12h, 1d или 2w (минуты, часы, дни, недели).',
  'refusals.profiles.badName':
    'Имя профиля — от 1 до 64 символов, без / и \\, и не начинается с пробела.',
  'refusals.profiles.taken': 'Профиль с именем «{name}» уже есть.',
  'refusals.profiles.missing': 'Профиля с именем «{name}» нет. Профили: {names}.',
  'refusals.profiles.missingNone':
    'Профиля с именем «{name}» нет: в этой папке данных ещё нет профилей для этого маркетплейса.',
  'refusals.profiles.removed': 'Этот профиль удалён.',
  'refusals.profiles.listUnreadable': 'Список профилей ({path}) не читается; он оставлен как есть.',
  'refusals.profiles.listBusy':
    'Список профилей сейчас меняет другой процесс Seller Desk; попробуйте ещё раз через минуту.',
  'refusals.profiles.unconfirmed':
    'Seller Desk не может подтвердить, что этот API-токен принадлежит профилю «{name}» ({seller, select, none {его продавцу} other {продавцу {seller}}}): у продавца токена ещё нет предложений на маркетплейсе, так что ничто его не называет. Ничего не отправлено.',
  'refusals.profiles.otherSeller':
    'Этот API-токен принадлежит продавцу {tokenSeller, select, none {(пока без предложений)} other {{tokenSeller}}}{hasOwner, select, yes { из профиля «{owner}»} other {, у которого здесь ещё нет профиля}}, а не профилю «{name}» ({seller, select, none {его продавцу} other {продавцу {seller}}}). Ничего не отправлено.',
  'refusals.profiles.notTheirs':
    'В профиле «{name}» предложения другого продавца, не {seller, select, none {того, кому принадлежит этот API-токен} other {продавца {seller}, которому принадлежит этот API-токен}}, поэтому его очередь не отправляется с этим токеном. Ничего не отправлено.',
  'refusals.offers.sellerStatuses':
    'Продавец может поставить статус 1 (Черновик), 2 (Активно), 3 (Неактивно) или 5 (На проверке).',
  'refusals.offers.keepWhich':
    'Оставьте «mine» (это изменение) или «theirs» (версию маркетплейса).',
  'refusals.offers.noConflicts': 'У этого предложения нет конфликтов.',
  'refusals.offers.noConflictOn': 'У этого предложения нет конфликта в поле {field}.',
  'refusals.offers.noConflictOnListed':
    'У этого предложения нет конфликта в поле {field}. Его конфликты: {open}.',
  'refusals.offers.gone': 'Этого предложения больше нет.',
  'refusals.offers.waitingDelete': 'Это предложение ждёт удаления.',
  'refusals.offers.sortColumn':
    'Предложения нельзя сортировать по «{column}»: выберите одно из {columns}.',
  'refusals.offers.order': 'Порядок — asc (по возрастанию) или desc.',
  'refusals.offers.offset': 'Смещение — целое число, 0 или больше.',
  'refusals.offers.limit': 'Предел — целое число, не меньше 1.',
  'refusals.offers.chooseOne': 'Выберите хотя бы одно предложение.',
  'refusals.offers.atMost': 'За раз можно изменить не больше {max} предложений.',
  'refusals.offers.chooseHow': 'Выберите предложения: по номеру, по товару или по статусу.',
  'refusals.offers.noStatus': 'Статуса {status} нет: есть статусы {statuses}.',
  'refusals.offers.noneOfProduct': 'В локальных данных нет предложений товара {product}.',
  'refusals.offers.noneWithStatus': 'В локальных данных нет предложений со статусом {status}.',
  'refusals.offers.noneOfProductWithStatus':
    'В локальных данных нет предложений товара {product} со статусом {status}.',
  'refusals.offers.viewUnreadable': 'Эти настройки вида нельзя сохранить: они не читаются.',
  'refusals.offers.nothingToUndo': 'Отменять нечего.',
  'refusals.offers.undo.sent':
    'Нельзя отменить «{label}»: часть изменений уже отправлена на маркетплейс, поэтому здесь их не отменить. Измените предложения ещё раз, чтобы вернуть как было.',
  'refusals.offers.undo.changedSince':
    'Нельзя отменить «{label}»: эти предложения с тех пор менялись (правка, скриншоты или данные для выдачи), и отмена потеряла бы это. Верните их вручную.',
  'refusals.offers.undo.deletedThere':
    'Нельзя отменить «{label}»: часть этих предложений с тех пор удалена на маркетплейсе, поэтому здесь их не вернуть.',
  'refusals.offers.undo.stillApplying':
    'Нельзя отменить «{label}»: изменение ещё применяется. Отмените его, когда оно закончится, или сначала остановите.',
  'refusals.offers.cannotUndo': 'Нельзя отменить «{label}»: {reason}',
  'refusals.offers.notCopied': 'Не удалось скопировать {offer}: {fields}',
  'refusals.session.insecure':
    'На этом компьютере нет системного хранилища ключей, поэтому токен можно сохранить только с постоянным ключом, который может прочитать любая программа, запущенная от вашего имени. Установите и разблокируйте хранилище ключей (GNOME Keyring или KWallet) и перезапустите Seller Desk — или согласитесь хранить токен так.',
  'refusals.screenshots.refused':
    '{count, plural, one {# скриншот отклонён} few {# скриншота отклонены} many {# скриншотов отклонены} other {# скриншота отклонены}}; ничего не поставлено в очередь.',
  'refusals.screenshots.missing':
    'У этого предложения нет скриншота {screenshot}. Его скриншоты: {stored}.',
  'refusals.screenshots.missingNone':
    'У этого предложения нет скриншота {screenshot}. Скриншотов у него нет.',
  'refusals.screenshots.removalSent':
    'Удаление этого скриншота уже отправляется на маркетплейс; отменить его нельзя.',
  'refusals.screenshots.noRemoval': 'Удаление этого скриншота не ждёт отправки.',
  'refusals.catalogue.noProduct':
    'Товара {product} нет в каталоге маркетплейса. Обновите каталог и проверьте номер товара.',
  'refusals.transfers.noOffers': 'Нет предложений для экспорта.',
  'refusals.transfers.oneProduct':
    'Ваши предложения относятся к {count, plural, one {# товару} few {# товарам} many {# товарам} other {# товара}}; выберите один: экспорт содержит колонки одного товара.',
  'refusals.transfers.cannotWrite': 'Не удалось записать {path} ({code}).',
  'refusals.transfers.deliveryTime': 'Время выдачи — целое число миллисекунд, не меньше 1.',
  'refusals.transfers.noValidRow':
    'Ни одну строку файла нельзя принять: {count, plural, =1 {в единственной строке ошибка} one {ошибки во всех # строке} few {ошибки во всех # строках} many {ошибки во всех # строках} other {ошибки во всех # строках}} (перечислены по номерам строк). Ничего не принято.',
  'refusals.transfers.importStopped': 'Импорт остановлен; ничего не поставлено в очередь.',
  'refusals.stock.lowLevel': 'Порог малого остатка — целое число, 0 или больше.',
  'refusals.stock.gone': 'Этого предложения больше нет в локальных данных.',
  'refusals.stock.keep': '«Держать в продаже» — целое число от 0 до {max}.',
  'refusals.stock.noUncertain': 'У этого предложения нет аккаунтов, ждущих такого решения.',
  'refusals.app.connectFirst': 'Подключитесь к маркетплейсу или попробуйте песочницу.',
  'refusals.app.httpsOnly': 'В браузере открываются только ссылки https.',
  'refusals.app.noSandbox': 'Песочница маркетплейса недоступна в этой сборке.',
  'refusals.app.noTokenKept':
    'У этого профиля не сохранён API-токен; добавьте его снова с токеном продавца.',
  'refusals.app.noProfileNamed': 'Профиля с именем «{name}» нет.',
  'refusals.app.profileNoToken':
    '«{name}»: на этом компьютере не сохранён API-токен; добавьте его снова с токеном продавца.',
  'refusals.app.sandboxOneProfile': 'В песочнице только один профиль.',
  'refusals.app.exportCancelled': 'Экспорт отменён.',
  'refusals.app.exportFolderUnknown':
    'Seller Desk открывает только папку файла, который он сам экспортировал.',
  'refusals.app.noActivity': 'Под этот фильтр не подходит ни одна запись журнала.',
  'refusals.app.previewExpired': 'Этот предпросмотр устарел: перетащите файл ещё раз.',
  'refusals.app.connectForSettings':
    'Сначала подключитесь: эти настройки хранятся в профиле каждого продавца.',
  'refusals.offers.priceNotNumber': 'Изменение должно быть числом, например 10 или -5.',
  'refusals.offers.priceZero': 'Изменение на ноль ничего не меняет.',
  'refusals.offers.priceDrop100': 'Цена не может упасть на 100 % и больше.',
};
