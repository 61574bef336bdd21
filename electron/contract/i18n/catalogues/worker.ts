// The core's background worker (electron/corehost): what the seller is told when it stopped
// unexpectedly and was started again, or stopped too often to be started again.
import type { Messages } from '../messages';

export const en = {
  'worker.restarted': 'Seller Desk restarted its background worker; nothing was lost.',
  'worker.stopped':
    "Seller Desk's background worker stopped several times and was not started again. Quit and reopen Seller Desk; your changes are kept.",
  'worker.unavailable':
    "Seller Desk's background worker stopped while answering. It is starting again; try once more.",
} as const;

export const ru: Messages<typeof en> = {
  'worker.restarted': 'Seller Desk перезапустил фоновый процесс; ничего не потеряно.',
  'worker.stopped':
    'Фоновый процесс Seller Desk несколько раз остановился и больше не запускается. Закройте и снова откройте Seller Desk; ваши изменения сохранены.',
  'worker.unavailable':
    'Фоновый процесс Seller Desk остановился, не успев ответить. Он уже запускается снова; попробуйте ещё раз.',
};
