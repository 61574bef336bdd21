// An account offer's credentials: counts, a file's preview, Add / Replace all, the low-stock
// level and one credential changed by its id. Russian counts credentials as accounts (аккаунты).
import type { Messages } from '../messages';

export const en = {
  'credentials.title': 'Credentials',
  'credentials.waitingCount': 'waiting to upload',
  'credentials.uploadedCount': 'uploaded',
  'credentials.uploadedHint':
    'Uploaded from Seller Desk; the marketplace may hold others it does not list',
  'credentials.manualDelivery':
    'This offer uses manual delivery in chat (no credential system). Accounts you add are kept by the marketplace but not delivered automatically.',
  'credentials.refused': "The marketplace refused this offer's credentials:",
  'credentials.accountsWait':
    '{count, plural, one {# account waits} other {# accounts wait}} to upload (encrypted on this computer until the marketplace accepts them).',
  'credentials.sending': 'Sending',
  'credentials.nextSync': 'Sent at the next sync.',
  'credentials.reading': 'Reading {name}…',
  'credentials.theFile': 'the file',
  'credentials.readingFile': 'Reading the file',
  'credentials.cancel': 'Cancel',
  'credentials.caseOnly':
    '{count, plural, one {# login differs} other {# logins differ}} from an earlier row only by upper/lower case. The marketplace counts them as different accounts, but they are most likely the same account, which could then be sold twice; they are left out unless you send them.',
  'credentials.sendAnyway': 'Send them anyway',
  'credentials.add': 'Add {count, plural, one {# account} other {# accounts}}',
  'credentials.replaceAll': 'Replace all…',
  'credentials.discardPreview': 'Discard preview',
  'credentials.noneSendable': 'No row of this file can be sent.',
  'credentials.unsureTitle': "We could not tell this file's encoding — choose one",
  'credentials.unsureExplain':
    '{name} holds letters that read differently in each encoding, and none is clearly right. Choose the one it was saved in: the preview shows the result, and you can change it there.',
  'credentials.chooseEncoding': 'Choose an encoding…',
  'credentials.dropLabel': 'Add accounts from a file',
  'credentials.dropLead': 'Drop an account file here',
  'credentials.dropHint':
    'Text (login:password[:email[:email password]] one per line), CSV with a header, JSON or XLSX. Nothing is sent before you confirm, and passwords never leave this computer except to the marketplace.',
  'credentials.onlyFirst': 'Only {name} was read: drop one file at a time.',
  'credentials.cannotRead':
    '{name} cannot be read from here; save it to a folder first, then drop it again.',
  'credentials.lowAt': 'Low stock at',
  'credentials.lowAtHint':
    'credentials left or fewer: Seller Desk notifies you and lists the offer under Needs attention.',
  'credentials.saved': 'Saved.',
  'credentials.replaceTitle': 'Replace every credential on this offer?',
  'credentials.replaceConfirm': 'Remove all and add {count, number}',

  'credentials.encoding': 'Encoding',
  'credentials.encoding.detect': 'Detect automatically',
  'credentials.encoding.cyrillic': 'Windows-1251 (Cyrillic)',
  'credentials.encoding.western': 'Windows-1252 (Western)',
  'credentials.encoding.likely': '{label} — likely',
  'credentials.format.lines': 'Lines',
  'credentials.format.csv': 'CSV table',
  'credentials.format.tsv': 'TSV table',
  'credentials.format.xlsx': 'Excel sheet',
  'credentials.readAs': '{format} · text encoding {encoding}',
  'credentials.damaged':
    '{count, plural, one {# row does} other {# rows do}} not read as {encoding} — the file may be damaged or mix encodings; {count, plural, one {it} other {they}} will not be sent. If the file is in another encoding, choose it.',
  'credentials.caseOnlyLabel':
    'Same login as line {line} but for case: {kept, select, true {sent too} other {left out}}',
  'credentials.filter.all': 'All rows',
  'credentials.filter.problem': 'With problems',
  'credentials.filter.duplicate': 'Duplicates',
  'credentials.filter.send': 'To send',
  'credentials.dupInFile': 'Duplicate in this file',
  'credentials.dupUploaded': 'Already on this offer',
  'credentials.totals': '{rows, plural, one {# row} other {# rows}}: {parts}.',
  'credentials.totals.valid': '{count, plural, one {# account} other {# accounts}} to send',
  'credentials.totals.invalid': '{count, plural, one {# row} other {# rows}} with problems',
  'credentials.totals.dupFile':
    '{count, plural, one {# duplicate} other {# duplicates}} inside the file',
  'credentials.totals.dupUploaded':
    '{count, plural, one {# account} other {# accounts}} already on this offer',
  'credentials.totals.caseOnly':
    '{count, plural, one {# login} other {# logins}} differing only by case',
  'credentials.replaceKnown':
    'Seller Desk knows of {count, plural, one {# credential} other {# credentials}} on this offer (uploaded or waiting), but the marketplace may hold more.',
  'credentials.replaceUnknown':
    'Seller Desk does not know of any credential on this offer, but the marketplace may hold some.',
  'credentials.replaceMessage':
    'Every credential now on this offer will be removed — sold-out and unsold alike — and replaced by the {count, plural, one {# account} other {# accounts}} of this file.\n\n{now} This cannot be undone.',
  'credentials.committedReplace':
    '{count, plural, one {# account} other {# accounts}} queued to replace every credential on this offer',
  'credentials.committedAdd':
    '{count, plural, one {# account} other {# accounts}} queued for upload',
  'credentials.committedDup': '{count, plural, one {# duplicate} other {# duplicates}} skipped',
  'credentials.committedInvalid':
    '{count, plural, one {# row} other {# rows}} not sendable (problems)',
  'credentials.idMissing': 'Enter the credential id.',
  'credentials.idInvalid': 'A credential id is a positive whole number.',
  'credentials.transferred':
    'This offer was transferred: the marketplace lets nobody change its credentials, so these accounts cannot go onto it. Put them on another offer instead.',

  'credentials.table.show': 'Show',
  'credentials.table.noRows': 'No rows',
  'credentials.table.rows': 'Rows {first, number}–{last, number} of {total, number}',
  'credentials.table.previous': 'Previous',
  'credentials.table.next': 'Next',
  'credentials.table.line': 'Line',
  'credentials.table.login': 'Login',
  'credentials.table.email': 'Email',
  'credentials.table.check': 'Check',
  'credentials.table.yes': 'yes',
  'credentials.table.no': 'no',
  'credentials.table.toSend': 'To send',

  'credentials.single.summary': 'Change or delete one credential by its id',
  'credentials.single.note':
    "The marketplace does not give out the list of an offer's credentials, so Seller Desk cannot show them. If you know a credential's id, you can change or delete it here: fill in only what changes, empty fields keep their value. This is sent at once (not queued) and needs a connection.",
  'credentials.single.notOnServer':
    'This offer has not reached the marketplace yet: sync it first.',
  'credentials.single.id': 'Credential id',
  'credentials.single.login': 'New login',
  'credentials.single.password': 'New password',
  'credentials.single.email': 'New email',
  'credentials.single.emailPassword': 'Its email password',
  'credentials.single.comment': 'New comment',
  'credentials.single.twoFactor': 'Two-factor authentication',
  'credentials.single.keep': 'Keep as it is',
  'credentials.single.on': 'On',
  'credentials.single.off': 'Off',
  'credentials.single.save': 'Save changes',
  'credentials.single.delete': 'Delete credential',
  'credentials.single.nothing':
    'Nothing to change: fill in the fields to change; empty ones keep their value.',
  'credentials.single.emailNeedsPassword': 'A new email needs its email password.',
  'credentials.single.deleteTitle': 'Delete this credential?',
  'credentials.single.deleteMessage':
    'Credential {id} is deleted on the marketplace at once; buyers can no longer receive it. This cannot be undone.',
} as const;

export const ru: Messages<typeof en> = {
  'credentials.title': 'Данные аккаунтов',
  'credentials.waitingCount': 'ждут загрузки',
  'credentials.uploadedCount': 'загружено',
  'credentials.uploadedHint':
    'Загружено из Seller Desk; на маркетплейсе могут быть и другие, которых он не показывает',
  'credentials.manualDelivery':
    'Это предложение выдаётся вручную в чате (без системы выдачи). Добавленные аккаунты маркетплейс хранит, но автоматически не выдаёт.',
  'credentials.refused': 'Маркетплейс отклонил данные аккаунтов этого предложения:',
  'credentials.accountsWait':
    '{count, plural, one {# аккаунт ждёт} few {# аккаунта ждут} many {# аккаунтов ждут} other {# аккаунта ждут}} загрузки (зашифрованы на этом компьютере, пока маркетплейс их не примет).',
  'credentials.sending': 'Отправка',
  'credentials.nextSync': 'Уйдут при следующей синхронизации.',
  'credentials.reading': 'Читаем {name}…',
  'credentials.theFile': 'файл',
  'credentials.readingFile': 'Чтение файла',
  'credentials.cancel': 'Отмена',
  'credentials.caseOnly':
    '{count, plural, one {# логин отличается} few {# логина отличаются} many {# логинов отличаются} other {# логина отличаются}} от более ранней строки только регистром букв. Маркетплейс считает их разными аккаунтами, но скорее всего это один и тот же аккаунт, и его могут продать дважды; они не отправляются, если вы не решите иначе.',
  'credentials.sendAnyway': 'Всё равно отправить',
  'credentials.add':
    'Добавить {count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}}',
  'credentials.replaceAll': 'Заменить все…',
  'credentials.discardPreview': 'Не добавлять',
  'credentials.noneSendable': 'Ни одну строку этого файла отправить нельзя.',
  'credentials.unsureTitle': 'Не удалось определить кодировку файла — выберите её',
  'credentials.unsureExplain':
    'В {name} есть буквы, которые в разных кодировках читаются по-разному, и ни одна не подходит явно. Выберите ту, в которой файл сохранён: предпросмотр покажет результат, и там её можно сменить.',
  'credentials.chooseEncoding': 'Выберите кодировку…',
  'credentials.dropLabel': 'Добавить аккаунты из файла',
  'credentials.dropLead': 'Перетащите сюда файл с аккаунтами',
  'credentials.dropHint':
    'Текст (логин:пароль[:почта[:пароль почты]] по одному в строке), CSV с заголовком, JSON или XLSX. Ничего не отправляется без вашего подтверждения, а пароли не покидают этот компьютер — только уходят на маркетплейс.',
  'credentials.onlyFirst': 'Прочитан только {name}: перетаскивайте по одному файлу.',
  'credentials.cannotRead':
    '{name} отсюда не прочитать; сначала сохраните его в папку, затем перетащите снова.',
  'credentials.lowAt': 'Мало в запасе при',
  'credentials.lowAtHint':
    'аккаунтах и меньше: Seller Desk сообщит и покажет предложение в «Требуют внимания».',
  'credentials.saved': 'Сохранено.',
  'credentials.replaceTitle': 'Заменить все данные аккаунтов в этом предложении?',
  'credentials.replaceConfirm': 'Удалить все и добавить {count, number}',

  'credentials.encoding': 'Кодировка',
  'credentials.encoding.detect': 'Определить автоматически',
  'credentials.encoding.cyrillic': 'Windows-1251 (кириллица)',
  'credentials.encoding.western': 'Windows-1252 (западная)',
  'credentials.encoding.likely': '{label} — вероятно',
  'credentials.format.lines': 'Строки',
  'credentials.format.csv': 'Таблица CSV',
  'credentials.format.tsv': 'Таблица TSV',
  'credentials.format.xlsx': 'Лист Excel',
  'credentials.readAs': '{format} · кодировка {encoding}',
  'credentials.damaged':
    '{count, plural, one {# строка не читается} few {# строки не читаются} many {# строк не читаются} other {# строки не читаются}} как {encoding} — файл может быть повреждён или смешивать кодировки; {count, plural, one {она не будет отправлена} few {они не будут отправлены} many {они не будут отправлены} other {они не будут отправлены}}. Если файл в другой кодировке, выберите её.',
  'credentials.caseOnlyLabel':
    'Тот же логин, что в строке {line}, но в другом регистре: {kept, select, true {тоже отправится} other {не отправится}}',
  'credentials.filter.all': 'Все строки',
  'credentials.filter.problem': 'С ошибками',
  'credentials.filter.duplicate': 'Дубликаты',
  'credentials.filter.send': 'К отправке',
  'credentials.dupInFile': 'Дубликат в этом файле',
  'credentials.dupUploaded': 'Уже есть в предложении',
  'credentials.totals':
    '{rows, plural, one {# строка} few {# строки} many {# строк} other {# строки}}: {parts}.',
  'credentials.totals.valid':
    '{count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}} к отправке',
  'credentials.totals.invalid':
    '{count, plural, one {# строка} few {# строки} many {# строк} other {# строки}} с ошибками',
  'credentials.totals.dupFile':
    '{count, plural, one {# дубликат} few {# дубликата} many {# дубликатов} other {# дубликата}} внутри файла',
  'credentials.totals.dupUploaded':
    '{count, plural, one {# аккаунт} few {# аккаунта} many {# аккаунтов} other {# аккаунта}} уже в предложении',
  'credentials.totals.caseOnly':
    '{count, plural, one {# логин отличается} few {# логина отличаются} many {# логинов отличаются} other {# логина отличаются}} только регистром',
  'credentials.replaceKnown':
    'Seller Desk знает о {count, plural, one {# аккаунте} few {# аккаунтах} many {# аккаунтах} other {# аккаунта}} в этом предложении (загруженных или ждущих), но на маркетплейсе их может быть больше.',
  'credentials.replaceUnknown':
    'Seller Desk не знает ни об одном аккаунте в этом предложении, но на маркетплейсе они могут быть.',
  'credentials.replaceMessage':
    'Все данные аккаунтов в этом предложении будут удалены — и проданные, и непроданные — и заменены {count, plural, one {# аккаунтом} few {# аккаунтами} many {# аккаунтами} other {# аккаунта}} из этого файла.\n\n{now} Это нельзя отменить.',
  'credentials.committedReplace':
    '{count, plural, one {# аккаунт поставлен} few {# аккаунта поставлены} many {# аккаунтов поставлено} other {# аккаунта поставлено}} в очередь на замену всех данных аккаунтов в этом предложении',
  'credentials.committedAdd':
    '{count, plural, one {# аккаунт поставлен} few {# аккаунта поставлены} many {# аккаунтов поставлено} other {# аккаунта поставлено}} в очередь на загрузку',
  'credentials.committedDup':
    '{count, plural, one {# дубликат пропущен} few {# дубликата пропущены} many {# дубликатов пропущено} other {# дубликата пропущено}}',
  'credentials.committedInvalid':
    '{count, plural, one {# строку нельзя отправить} few {# строки нельзя отправить} many {# строк нельзя отправить} other {# строки нельзя отправить}} (ошибки)',
  'credentials.idMissing': 'Введите id аккаунта.',
  'credentials.idInvalid': 'Id аккаунта — целое положительное число.',
  'credentials.transferred':
    'Это предложение было передано: маркетплейс никому не даёт менять его данные аккаунтов, поэтому эти аккаунты в него не добавить. Добавьте их в другое предложение.',

  'credentials.table.show': 'Показать',
  'credentials.table.noRows': 'Строк нет',
  'credentials.table.rows': 'Строки {first, number}–{last, number} из {total, number}',
  'credentials.table.previous': 'Назад',
  'credentials.table.next': 'Далее',
  'credentials.table.line': 'Строка',
  'credentials.table.login': 'Логин',
  'credentials.table.email': 'Почта',
  'credentials.table.check': 'Проверка',
  'credentials.table.yes': 'да',
  'credentials.table.no': 'нет',
  'credentials.table.toSend': 'К отправке',

  'credentials.single.summary': 'Изменить или удалить один аккаунт по его id',
  'credentials.single.note':
    'Маркетплейс не выдаёт список данных аккаунтов предложения, поэтому Seller Desk не может их показать. Если вы знаете id аккаунта, его можно изменить или удалить здесь: заполните только то, что меняется, пустые поля сохранят значение. Это отправляется сразу (без очереди) и требует связи.',
  'credentials.single.notOnServer':
    'Это предложение ещё не попало на маркетплейс: сначала синхронизируйте его.',
  'credentials.single.id': 'Id аккаунта',
  'credentials.single.login': 'Новый логин',
  'credentials.single.password': 'Новый пароль',
  'credentials.single.email': 'Новая почта',
  'credentials.single.emailPassword': 'Пароль от почты',
  'credentials.single.comment': 'Новый комментарий',
  'credentials.single.twoFactor': 'Двухфакторная аутентификация',
  'credentials.single.keep': 'Оставить как есть',
  'credentials.single.on': 'Вкл.',
  'credentials.single.off': 'Выкл.',
  'credentials.single.save': 'Сохранить изменения',
  'credentials.single.delete': 'Удалить аккаунт',
  'credentials.single.nothing':
    'Менять нечего: заполните поля, которые нужно изменить; пустые сохранят значение.',
  'credentials.single.emailNeedsPassword': 'Для новой почты нужен пароль от неё.',
  'credentials.single.deleteTitle': 'Удалить этот аккаунт?',
  'credentials.single.deleteMessage':
    'Аккаунт {id} сразу удаляется на маркетплейсе; покупатели больше не смогут его получить. Это нельзя отменить.',
};
