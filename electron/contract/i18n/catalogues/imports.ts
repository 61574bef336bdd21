// Offers in and out of spreadsheets: the import dialog, the export menu, the file drop zone.
import type { Messages } from '../messages';

export const en = {
  'imports.notASheet':
    '{name} is not a CSV or XLSX file. Export your sheet as CSV or XLSX (Excel workbook) first.',
  'imports.thisFile': 'This file',
  'imports.importAll': 'Import {count, plural, one {# offer} other {# offers}}',
  'imports.importGood': 'Import only the {count, plural, one {# good row} other {# good rows}}',
  'imports.summary.unusable': 'The file cannot be imported as it is: see the problems below.',
  'imports.summary.empty': 'The file holds no offer rows.',
  'imports.summary.good':
    '{rows, plural, one {# offer} other {# offers}} in the file, {good, number} good',
  'imports.summary.bad': '{good}, {bad, number} with problems.',
  'imports.summary.clean': '{good}.',
  'imports.summary.skipped': '{summary} {quiet} will be skipped.',
  'imports.duplicates':
    '{count, plural, one {# duplicate row} other {# duplicate rows}} (already there)',
  'imports.unchanged': '{count, plural, one {# unchanged row} other {# unchanged rows}}',
  'imports.and': '{first} and {second}',
  'imports.result.queued':
    '{count, plural, one {# offer} other {# offers}} added to your local changes',
  'imports.result.skipped': '; {count, plural, one {# row} other {# rows}} with problems left out',
  'imports.result.quiet': '; {quiet} skipped',
  'imports.result': '{queued}{skipped}{quiet}. They are sent at the next sync.',
  'imports.exported':
    '{count, plural, one {# offer} other {# offers}} saved as “{file}” in the folder {folder}.',
  'imports.templateSaved': 'Template saved as “{file}” in the folder {folder}.',
  'imports.openFolder': 'Open folder',
  // Headers of an offers sheet that are not the form's labels (the rest are: fieldLabels.ts).
  'imports.column.offerNumber': 'Offer number',
  'imports.column.deliveryHours': 'Delivery time (hours)',

  'imports.dialogTitle': 'Import offers: {product}',
  'imports.delivery': 'Guaranteed delivery time for rows that give none',
  'imports.deliveryUnit': 'Delivery time unit',
  'imports.unit.minutes': 'minutes',
  'imports.unit.hours': 'hours',
  'imports.unit.days': 'days',
  'imports.checking': 'Checking {name}…',
  'imports.theFile': 'the file',
  'imports.checkingFile': 'Checking the file',
  'imports.cancel': 'Cancel',
  'imports.forecast': 'When they reach the marketplace: {forecast}',
  'imports.changesExplain': 'Offers on the marketplace this file changes. {rule}',
  'imports.line': 'Line {line}',
  'imports.leftOut': 'Line {line}, {offer}: left out. {reason}',
  'imports.problemCount':
    "{count, plural, one {# problem} other {# problems}} on {lines, plural, one {# line} other {# lines}}. Line numbers are the file's own (line 1 is the header).",
  'imports.col.line': 'Line',
  'imports.col.column': 'Column',
  'imports.col.problem': 'Problem',
  'imports.problemsPage': 'Problems {first, number}–{last, number} of {total, number}',
  'imports.previous': 'Previous',
  'imports.next': 'Next',
  'imports.dropLabel': 'Offers spreadsheet',
  'imports.dropLead': 'Drop a CSV or XLSX file of offers here',
  'imports.dropHint':
    "The columns of the product's template (Template… gives you one). Nothing changes until you confirm.",
  'imports.cannotRead':
    '{name} cannot be read from here; save it to a folder first, then drop it again.',
  'imports.undone': 'Undone: {label}. Nothing of it will be sent.',
  'imports.undo': 'Undo this import',
  'imports.another': 'Import another file',
  'imports.done': 'Done',
  'imports.chooseAnother': 'Choose another file',
  'imports.allMustBeGood': 'Every row must be good to import all of them',

  'imports.export': 'Export…',
  'imports.template': 'Template…',
  'imports.exportAs': 'Export offers as',
  'imports.templateAs': 'Download template as',
  'imports.offersCsv': 'Offers as CSV',
  'imports.offersXlsx': 'Offers as Excel (XLSX)',
  'imports.templateCsv': 'Template as CSV',
  'imports.templateXlsx': 'Template as Excel (XLSX)',
  'imports.spreadsheets': 'Spreadsheets',
  'imports.importOffers': 'Import offers…',

  'imports.dropToRead': 'Drop to read this file',
  'imports.chooseFile': 'Choose file…',

  // A problem of an offers file's header or row (core/imports parseOfferSheet), said in the
  // app's language; the English is the parser's, word for word.
  'imports.row.credentialsNotHeader':
    "the first row looks like account credentials (a login and a password), not a row of column names; it is not repeated here. Account credentials are imported into an offer's credentials, not as offers.",
  'imports.row.notAHeader':
    "the first row names no offer field ({count, plural, one {# column} other {# columns}}): an offers file starts with a row naming its columns, e.g. price_per_step, amount, description, or a field title or data.'<'field id'>'; its cells are not repeated here.",
  'imports.row.credentialsColumn':
    'its name looks like account credentials, so it is not repeated here; it is not an offer field',
  'imports.row.unknownColumn':
    "not an offer field, nor a field of this product (use a field title or data.'<'field id'>')",
  'imports.row.twoColumns': 'this field has two columns',
  'imports.row.moreUnknown':
    'and {count, plural, one {# more column that is} other {# more columns that are}} not offer fields',
  'imports.row.deliveryAtLeastOne': 'the delivery time must be more than zero',
  // A line the file's encoding could not read (core/imports/text/brokenLines): its values are
  // not what the seller wrote. `how`: damaged bytes, or a UTF-8 line in a file of another encoding.
  'imports.row.brokenLine':
    '{how, select, mixed {written in UTF-8, not {encoding} — the file mixes two encodings} other {not valid {encoding} — the file may be damaged}}; fix or remove this line',
  'imports.row.brokenRow':
    'line {line} is {how, select, mixed {written in UTF-8, not {encoding} — the file mixes two encodings} other {not valid {encoding} — the file may be damaged}}; fix or remove this row',
  'imports.row.severalAccounts':
    'this line holds {count} accounts (login:password pairs); put each account on a line of its own',
  'imports.row.twoFactor': '2FA must be yes/no, true/false or 1/0',
  'imports.row.cost': 'Cost per account must be an amount from 0 to {max, number}, like 3.50',
} as const;

export const ru: Messages<typeof en> = {
  'imports.notASheet':
    '{name} — не файл CSV или XLSX. Сначала сохраните таблицу в CSV или XLSX (книга Excel).',
  'imports.thisFile': 'Этот файл',
  'imports.importAll':
    'Импортировать {count, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}}',
  'imports.importGood':
    'Импортировать только {count, plural, one {# исправную строку} few {# исправные строки} many {# исправных строк} other {# исправной строки}}',
  'imports.summary.unusable': 'Файл нельзя импортировать как есть: ошибки перечислены ниже.',
  'imports.summary.empty': 'В файле нет строк с предложениями.',
  'imports.summary.good':
    'В файле {rows, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}}, исправных: {good, number}',
  'imports.summary.bad': '{good}, с ошибками: {bad, number}.',
  'imports.summary.clean': '{good}.',
  'imports.summary.skipped': '{summary} Будут пропущены: {quiet}.',
  'imports.duplicates':
    '{count, plural, one {# повторяющаяся строка} few {# повторяющиеся строки} many {# повторяющихся строк} other {# повторяющейся строки}} (уже есть)',
  'imports.unchanged':
    '{count, plural, one {# строка без изменений} few {# строки без изменений} many {# строк без изменений} other {# строки без изменений}}',
  'imports.and': '{first} и {second}',
  'imports.result.queued':
    '{count, plural, one {# предложение добавлено} few {# предложения добавлены} many {# предложений добавлено} other {# предложения добавлено}} в ваши локальные изменения',
  'imports.result.skipped':
    '; {count, plural, one {# строка с ошибками не вошла} few {# строки с ошибками не вошли} many {# строк с ошибками не вошло} other {# строки с ошибками не вошло}}',
  'imports.result.quiet': '; пропущено: {quiet}',
  'imports.result': '{queued}{skipped}{quiet}. Они уйдут при следующей синхронизации.',
  'imports.exported':
    '{count, plural, one {# предложение сохранено} few {# предложения сохранены} many {# предложений сохранено} other {# предложения сохранено}} в файл «{file}» в папке {folder}.',
  'imports.templateSaved': 'Шаблон сохранён в файл «{file}» в папке {folder}.',
  'imports.openFolder': 'Открыть папку',
  'imports.column.offerNumber': 'Номер предложения',
  'imports.column.deliveryHours': 'Время выдачи (часы)',

  'imports.dialogTitle': 'Импорт предложений: {product}',
  'imports.delivery': 'Гарантированное время выдачи для строк, где оно не указано',
  'imports.deliveryUnit': 'Единица времени выдачи',
  'imports.unit.minutes': 'минуты',
  'imports.unit.hours': 'часы',
  'imports.unit.days': 'дни',
  'imports.checking': 'Проверяем {name}…',
  'imports.theFile': 'файл',
  'imports.checkingFile': 'Проверка файла',
  'imports.cancel': 'Отмена',
  'imports.forecast': 'Когда они попадут на маркетплейс: {forecast}',
  'imports.changesExplain': 'Предложения на маркетплейсе, которые меняет этот файл. {rule}',
  'imports.line': 'Строка {line}',
  'imports.leftOut': 'Строка {line}, {offer}: не войдёт. {reason}',
  'imports.problemCount':
    '{count, plural, one {# ошибка} few {# ошибки} many {# ошибок} other {# ошибки}} в {lines, plural, one {# строке} few {# строках} many {# строках} other {# строки}}. Номера строк — как в самом файле (строка 1 — заголовок).',
  'imports.col.line': 'Строка',
  'imports.col.column': 'Столбец',
  'imports.col.problem': 'Ошибка',
  'imports.problemsPage': 'Ошибки {first, number}–{last, number} из {total, number}',
  'imports.previous': 'Назад',
  'imports.next': 'Далее',
  'imports.dropLabel': 'Таблица предложений',
  'imports.dropLead': 'Перетащите сюда файл CSV или XLSX с предложениями',
  'imports.dropHint':
    'Столбцы — как в шаблоне товара (его даёт «Шаблон…»). Ничего не меняется, пока вы не подтвердите.',
  'imports.cannotRead':
    '{name} отсюда не прочитать; сначала сохраните его в папку, затем перетащите снова.',
  'imports.undone': 'Отменено: {label}. Ничего из этого не будет отправлено.',
  'imports.undo': 'Отменить этот импорт',
  'imports.another': 'Импортировать другой файл',
  'imports.done': 'Готово',
  'imports.chooseAnother': 'Выбрать другой файл',
  'imports.allMustBeGood': 'Чтобы импортировать все строки, все они должны быть без ошибок',

  'imports.export': 'Экспорт…',
  'imports.template': 'Шаблон…',
  'imports.exportAs': 'Экспортировать предложения как',
  'imports.templateAs': 'Скачать шаблон как',
  'imports.offersCsv': 'Предложения в CSV',
  'imports.offersXlsx': 'Предложения в Excel (XLSX)',
  'imports.templateCsv': 'Шаблон в CSV',
  'imports.templateXlsx': 'Шаблон в Excel (XLSX)',
  'imports.spreadsheets': 'Таблицы',
  'imports.importOffers': 'Импорт предложений…',

  'imports.dropToRead': 'Отпустите, чтобы прочитать файл',
  'imports.chooseFile': 'Выбрать файл…',

  'imports.row.credentialsNotHeader':
    'первая строка похожа на данные аккаунта (логин и пароль), а не на строку с названиями столбцов; здесь она не повторяется. Данные аккаунтов импортируются в аккаунты предложения, а не как предложения.',
  'imports.row.notAHeader':
    "в первой строке нет ни одного поля предложения ({count, plural, one {# столбец} few {# столбца} many {# столбцов} other {# столбца}}): файл предложений начинается со строки с названиями столбцов, например price_per_step, amount, description, или с названием поля товара либо data.'<'id поля'>'; её ячейки здесь не повторяются.",
  'imports.row.credentialsColumn':
    'название похоже на данные аккаунта, поэтому здесь не повторяется; это не поле предложения',
  'imports.row.unknownColumn':
    "не поле предложения и не поле этого товара (укажите название поля или data.'<'id поля'>')",
  'imports.row.twoColumns': 'у этого поля два столбца',
  'imports.row.moreUnknown':
    'и ещё {count, plural, one {# столбец, который не является} few {# столбца, которые не являются} many {# столбцов, которые не являются} other {# столбца, которые не являются}} полями предложения',
  'imports.row.deliveryAtLeastOne': 'время выдачи должно быть больше нуля',
  'imports.row.brokenLine':
    '{how, select, mixed {строка записана в UTF-8, а не в {encoding} — в файле смешаны две кодировки} other {строка не читается как {encoding} — файл может быть повреждён}}; исправьте или удалите эту строку',
  'imports.row.brokenRow':
    '{how, select, mixed {строка {line} записана в UTF-8, а не в {encoding} — в файле смешаны две кодировки} other {строка {line} не читается как {encoding} — файл может быть повреждён}}; исправьте или удалите эту запись',
  'imports.row.severalAccounts':
    'в этой строке несколько аккаунтов ({count} пар логин:пароль); поставьте каждый аккаунт на отдельную строку',
  'imports.row.twoFactor': '2FA — это да/нет, true/false или 1/0',
  'imports.row.cost': 'Цена закупки за аккаунт — сумма от 0 до {max, number}, например 3,50',
};
