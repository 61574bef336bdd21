// What the next sync will do to an offer, in the seller's words: "Delete", "Set Not Active",
// "Update price per step", "Add 3 credentials". The core says what (sync.queue); the words live here.
import type { QueuedChange } from '../../../electron/contract/ipc/models';
import type { OfferStatusValue } from '../../../electron/contract/marketplace/wire';
import { fieldLabel } from './fieldLabels';
import { currentLocale, t } from './i18nText';
import { statusInfo } from './offerStatus';

const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);

export function changeWords(change: QueuedChange): string {
  switch (change.kind) {
    case 'create':
      return t('offers.queueCreate');
    case 'update': {
      if (change.fields.length !== 1) {
        return t('offers.queueUpdateFields', { count: change.fields.length });
      }
      const label = fieldLabel(change.fields[0]!);
      // English runs the label on ("Update price per step"); Russian quotes it as it is.
      const field = currentLocale() === 'en' ? lowerFirst(label) : label;
      return label ? t('offers.queueUpdateField', { field }) : t('offers.queueUpdate');
    }
    case 'status':
      return t('offers.queueSetStatus', {
        status: statusInfo[change.status as OfferStatusValue]?.name ?? t('offers.queueNewStatus'),
      });
    case 'delete':
      return t('offers.queueDelete');
    case 'credentials':
      return change.replace
        ? t('offers.queueReplaceCredentials', { count: change.count })
        : t('offers.queueAddCredentials', { count: change.count });
    case 'upload':
      return t('offers.queueUpload', { count: change.count });
    case 'links':
      return t('offers.queueLinks', { count: change.count });
    case 'detach':
      return t('offers.queueDetach', { count: change.count });
  }
}

/** "Update price per step, Set Not Active": every change of one offer, in order. */
export function changesWords(changes: readonly QueuedChange[]): string {
  return changes.length === 0 ? t('offers.queueUpdate') : changes.map(changeWords).join(', ');
}
