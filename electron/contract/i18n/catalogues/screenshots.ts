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
  'screenshots.none': 'No screenshots yet.',
  'screenshots.accountNeedsOne': 'An account offer needs at least one to go to review.',
  'screenshots.couldNotRemove': 'Could not remove {label}: {error}',
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
  'screenshots.none': 'Скриншотов пока нет.',
  'screenshots.accountNeedsOne': 'Предложению аккаунта нужен хотя бы один, чтобы уйти на проверку.',
  'screenshots.couldNotRemove': 'Не удалось удалить {label}: {error}',
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
};
