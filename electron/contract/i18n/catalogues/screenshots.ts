// An offer's screenshots: the drop zone, the strip of thumbnails, each tile.
import type { Messages } from '../messages';

export const en = {
  'screenshots.zone': 'Add screenshots',
  'screenshots.dropFiles': 'Drop to add these files',
  'screenshots.dropLinks': 'Drop to add these images',
  'screenshots.adding': 'Adding…',
  'screenshots.full': 'This offer holds {max, number} screenshots; remove one to add another',
  'screenshots.lead': 'Drop JPEG or PNG files here, or images dragged from a browser',
  'screenshots.hint': 'Up to {max, number} per offer, at most 5 MB each',
  'screenshots.hintFull': 'Up to {max, number} per offer, at most 5 MB each · this offer is full',
  'screenshots.hintRoom':
    'Up to {max, number} per offer, at most 5 MB each · room for {room, number} more',
  'screenshots.chooseFiles': 'Choose files…',
  'screenshots.imageLinks': 'Image links',
  'screenshots.pasteLinks': 'Paste image links (several at once is fine)',
  'screenshots.addLinks': 'Add links',
  'screenshots.dismiss': 'Dismiss',
  'screenshots.cannotRead':
    'cannot be read from here; save it to a folder first, then drop it again',
  'screenshots.droppedFile': 'dropped file',
  'screenshots.nothingToAdd': 'Nothing to add.',
  'screenshots.added': '{count, plural, one {# screenshot} other {# screenshots}} added.',
  'screenshots.nothingAdded':
    'Nothing added: {refused, plural, one {# item was} other {# items were}} refused.',
  'screenshots.addedRefused':
    '{count, plural, one {# screenshot} other {# screenshots}} added; {refused, plural, one {# item was} other {# items were}} refused.',
  'screenshots.title': 'Screenshots',
  'screenshots.count': '{total, number} of {max, number}',
  'screenshots.queuedCount': '· {count, number} queued',
  'screenshots.failedCount': '· {count, number} failed',
  'screenshots.leavingCount': '· {count, number} being removed',
  'screenshots.none': 'No screenshots yet.',
  'screenshots.accountNeedsOne': 'An account offer needs at least one to go to review.',
  'screenshots.couldNotRemove': 'Could not remove {label}: {error}',
  'screenshots.couldNotKeep': 'Could not keep {label}: {error}',
  'screenshots.leaving': 'Removing',
  'screenshots.leavingHint': 'Removed on the next sync; Undo keeps it',
  'screenshots.leavingSent': 'Its removal is on its way to the marketplace',
  'screenshots.keep': 'Undo',
  'screenshots.keepLabel': 'Keep screenshot {label}',
  'screenshots.removeLastTitle': 'Remove the last screenshot?',
  'screenshots.removeLastConfirm': 'Remove and move to Draft',
  'screenshots.appearing': 'Appearing…',
  'screenshots.notYet': 'Preview not available yet',
  'screenshots.retryLabel': 'Load the preview of {label} again',
  'screenshots.retry': 'Retry',
  'screenshots.noPreview': 'No preview',
  'screenshots.queuedHint': 'Waiting to be sent on the next sync',
  'screenshots.queued': 'Queued',
  'screenshots.failed': 'Failed',
  'screenshots.removeLabel': 'Remove screenshot {label}',
  'screenshots.remove': 'Remove',
  'screenshots.warn.lastToDraft':
    'This is the offer’s last screenshot. An account offer without screenshots goes to Draft and is hidden from buyers until you add one and send it to review again.',
  'screenshots.warn.backToReview':
    'Adding files edits this account offer on the marketplace, which sends it back to review: buyers will not see it until the review passes.',
  'screenshots.warn.mayTakeTime': 'Images attached from links may take a short time to appear.',

  // Why one dropped file or link was refused, after its name (contract/rules/screenshots,
  // core/screenshots); the English is theirs word for word.
  'screenshots.reason.tooLong': 'is longer than {max} characters',
  'screenshots.reason.notWebAddress': 'is not a web address (it should start with https://)',
  'screenshots.reason.protocol':
    'is a {protocol} link; the marketplace downloads only http and https links',
  'screenshots.reason.noHost': 'has no host name',
  'screenshots.domainRefused.warning':
    'The marketplace refused links from {domain} before. It takes links only from sites its support has approved for your shop; ask the marketplace’s support to approve {domain}.',
  'screenshots.domainRefused.addAnyway': 'Add anyway',
  'screenshots.domainRefused.dontAdd': 'Don’t add',
  'screenshots.reason.hasLogin': 'contains a login; use a public link',
  'screenshots.reason.folder': 'is a folder, not an image file',
  'screenshots.reason.notRegular': 'is not a regular file',
  'screenshots.reason.empty': 'is empty',
  'screenshots.reason.tooBig': 'is {size} MB; the marketplace accepts screenshots up to {max} MB',
  'screenshots.reason.otherFormat':
    'is {format, select, gif {a GIF image} webp {a WebP image} avif {an AVIF/HEIC image} bmp {a BMP image} pdf {a PDF document} other {a ZIP archive (or an Office document)}}; the marketplace accepts only JPEG and PNG screenshots',
  // An attach the marketplace answered with failed links (rules/screenshots failedLinksIn): its
  // English is failedLinksMessage's, word for word.
  'screenshots.linksNotAttached':
    '{failed} of {sent} screenshot links could not be attached: {links}',
  'screenshots.linkFailed.either':
    '{url} — either {host} is not approved for your account (images are accepted only from domains approved for your account; ask marketplace support to approve {host}), or the image could not be downloaded',
  'screenshots.linkFailed.unreadable': '{url} — the marketplace could not read this link',
  'screenshots.reason.notFound': 'was not found (was it moved or deleted?)',
  'screenshots.reason.denied': 'cannot be read: permission denied',
  'screenshots.reason.unreadable': 'cannot be read',
  'screenshots.reason.notCopied': 'cannot be copied',
  'screenshots.reason.notImage':
    'is not a JPEG or PNG image (its contents say so, whatever its name)',
  'screenshots.reason.twice': 'was dropped twice; added once',
  'screenshots.reason.cap': 'would exceed the {max} screenshots an offer can hold',
} as const;

export const ru: Messages<typeof en> = {
  'screenshots.zone': 'Добавить скриншоты',
  'screenshots.dropFiles': 'Отпустите, чтобы добавить эти файлы',
  'screenshots.dropLinks': 'Отпустите, чтобы добавить эти изображения',
  'screenshots.adding': 'Добавляем…',
  'screenshots.full':
    'В предложении уже {max, number} скриншотов; удалите один, чтобы добавить другой',
  'screenshots.lead': 'Перетащите сюда файлы JPEG или PNG либо изображения из браузера',
  'screenshots.hint': 'До {max, number} на предложение, не больше 5 МБ каждый',
  'screenshots.hintFull':
    'До {max, number} на предложение, не больше 5 МБ каждый · мест больше нет',
  'screenshots.hintRoom':
    'До {max, number} на предложение, не больше 5 МБ каждый · можно добавить ещё {room, number}',
  'screenshots.chooseFiles': 'Выбрать файлы…',
  'screenshots.imageLinks': 'Ссылки на изображения',
  'screenshots.pasteLinks': 'Вставьте ссылки на изображения (можно несколько сразу)',
  'screenshots.addLinks': 'Добавить ссылки',
  'screenshots.dismiss': 'Скрыть',
  'screenshots.cannotRead':
    'отсюда не прочитать; сначала сохраните файл в папку, затем перетащите снова',
  'screenshots.droppedFile': 'перетащенный файл',
  'screenshots.nothingToAdd': 'Добавлять нечего.',
  'screenshots.added':
    '{count, plural, one {Добавлен # скриншот} few {Добавлено # скриншота} many {Добавлено # скриншотов} other {Добавлено # скриншота}}.',
  'screenshots.nothingAdded':
    'Ничего не добавлено: {refused, plural, one {# элемент отклонён} few {# элемента отклонены} many {# элементов отклонено} other {# элемента отклонено}}.',
  'screenshots.addedRefused':
    '{count, plural, one {Добавлен # скриншот} few {Добавлено # скриншота} many {Добавлено # скриншотов} other {Добавлено # скриншота}}; {refused, plural, one {# элемент отклонён} few {# элемента отклонены} many {# элементов отклонено} other {# элемента отклонено}}.',
  'screenshots.title': 'Скриншоты',
  'screenshots.count': '{total, number} из {max, number}',
  'screenshots.queuedCount': '· в очереди: {count, number}',
  'screenshots.failedCount': '· с ошибкой: {count, number}',
  'screenshots.leavingCount': '· удаляется: {count, number}',
  'screenshots.none': 'Скриншотов пока нет.',
  'screenshots.accountNeedsOne': 'Предложению аккаунта нужен хотя бы один, чтобы уйти на проверку.',
  'screenshots.couldNotRemove': 'Не удалось удалить {label}: {error}',
  'screenshots.couldNotKeep': 'Не удалось оставить {label}: {error}',
  'screenshots.leaving': 'Удаляется',
  'screenshots.leavingHint': 'Будет удалён при следующей синхронизации; «Вернуть» его оставит',
  'screenshots.leavingSent': 'Удаление уже отправляется на маркетплейс',
  'screenshots.keep': 'Вернуть',
  'screenshots.keepLabel': 'Оставить скриншот {label}',
  'screenshots.removeLastTitle': 'Удалить последний скриншот?',
  'screenshots.removeLastConfirm': 'Удалить и перевести в черновик',
  'screenshots.appearing': 'Появляется…',
  'screenshots.notYet': 'Превью пока недоступно',
  'screenshots.retryLabel': 'Загрузить превью {label} ещё раз',
  'screenshots.retry': 'Повторить',
  'screenshots.noPreview': 'Нет превью',
  'screenshots.queuedHint': 'Будет отправлен при следующей синхронизации',
  'screenshots.queued': 'В очереди',
  'screenshots.failed': 'Ошибка',
  'screenshots.removeLabel': 'Удалить скриншот {label}',
  'screenshots.remove': 'Удалить',
  'screenshots.warn.lastToDraft':
    'Это последний скриншот предложения. Предложение аккаунта без скриншотов уходит в черновик и скрыто от покупателей, пока вы не добавите скриншот и снова не отправите его на проверку.',
  'screenshots.warn.backToReview':
    'Добавление файлов изменяет это предложение аккаунта на маркетплейсе и отправляет его на повторную проверку: покупатели не увидят его, пока она не пройдёт.',
  'screenshots.warn.mayTakeTime':
    'Изображения, прикреплённые по ссылкам, могут появиться не сразу.',

  'screenshots.reason.tooLong': 'длиннее {max} символов',
  'screenshots.reason.notWebAddress': 'не веб-адрес (ссылка должна начинаться с https://)',
  'screenshots.reason.protocol':
    'ссылка {protocol}; маркетплейс скачивает только ссылки http и https',
  'screenshots.reason.noHost': 'в ссылке нет имени сайта',
  'screenshots.domainRefused.warning':
    'Маркетплейс уже отклонял ссылки с {domain}. Он принимает ссылки только с сайтов, которые его поддержка одобрила для вашего магазина; попросите поддержку маркетплейса одобрить {domain}.',
  'screenshots.domainRefused.addAnyway': 'Всё равно добавить',
  'screenshots.domainRefused.dontAdd': 'Не добавлять',
  'screenshots.reason.hasLogin': 'в ссылке есть логин; нужна общедоступная ссылка',
  'screenshots.reason.folder': 'это папка, а не файл изображения',
  'screenshots.reason.notRegular': 'это не обычный файл',
  'screenshots.reason.empty': 'файл пустой',
  'screenshots.reason.tooBig': 'весит {size} МБ; маркетплейс принимает скриншоты до {max} МБ',
  'screenshots.reason.otherFormat':
    'это {format, select, gif {изображение GIF} webp {изображение WebP} avif {изображение AVIF/HEIC} bmp {изображение BMP} pdf {документ PDF} other {архив ZIP (или документ Office)}}; маркетплейс принимает скриншоты только в JPEG и PNG',
  'screenshots.linksNotAttached':
    'Не удалось прикрепить ссылки на скриншоты ({failed} из {sent}): {links}',
  'screenshots.linkFailed.either':
    '{url} — либо {host} не одобрен для вашего аккаунта (изображения принимаются только с одобренных для аккаунта доменов; попросите поддержку маркетплейса одобрить {host}), либо изображение не удалось скачать',
  'screenshots.linkFailed.unreadable': '{url} — маркетплейс не смог прочитать эту ссылку',
  'screenshots.reason.notFound': 'не найден (его переместили или удалили?)',
  'screenshots.reason.denied': 'не читается: нет доступа',
  'screenshots.reason.unreadable': 'не читается',
  'screenshots.reason.notCopied': 'не удалось скопировать',
  'screenshots.reason.notImage':
    'это не изображение JPEG или PNG (так говорит содержимое, как бы файл ни назывался)',
  'screenshots.reason.twice': 'перетащен дважды; добавлен один раз',
  'screenshots.reason.cap': 'превысил бы предел в {max} скриншотов на предложение',
};
