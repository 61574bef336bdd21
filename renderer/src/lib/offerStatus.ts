// The words the seller sees for the marketplace's statuses and our sync states. "Draft" is only
// ever the marketplace's status 1; a change the server has not seen is a "local change".
import { OfferStatus, type OfferStatusValue } from '../../../electron/contract/marketplace/wire';
import type { SyncState } from '../../../electron/contract/ipc/models';
import type { MessageKey, MessageValues } from '../../../electron/contract/i18n';
import { t } from './i18nText';

export interface StatusInfo {
  name: string;
  meaning: string;
  tone: 'neutral' | 'good' | 'muted' | 'warn' | 'info' | 'done';
}

/** A status's words, read when shown: they follow the app's language. */
function described(
  name: MessageKey,
  meaning: MessageKey,
  tone: StatusInfo['tone'],
  values?: MessageValues,
): StatusInfo {
  return {
    get name() {
      return t(name, values);
    },
    get meaning() {
      return t(meaning, values);
    },
    tone,
  };
}

/** A marketplace status's words: catalogue keys offers.status<Word> and offers.meaning<Word>. */
function marketplaceStatus(
  word: 'Draft' | 'Active' | 'NotActive' | 'NeedDetails' | 'OnReview' | 'Sold' | 'ReviewPassed',
  tone: StatusInfo['tone'],
): StatusInfo {
  return described(`offers.status${word}`, `offers.meaning${word}`, tone);
}

export const statusInfo: Record<OfferStatusValue, StatusInfo> = {
  [OfferStatus.Draft]: marketplaceStatus('Draft', 'neutral'),
  [OfferStatus.Active]: marketplaceStatus('Active', 'good'),
  [OfferStatus.NotActive]: marketplaceStatus('NotActive', 'muted'),
  [OfferStatus.NeedDetails]: marketplaceStatus('NeedDetails', 'warn'),
  [OfferStatus.OnReview]: marketplaceStatus('OnReview', 'info'),
  [OfferStatus.Sold]: marketplaceStatus('Sold', 'done'),
  [OfferStatus.ReviewPassed]: marketplaceStatus('ReviewPassed', 'info'),
};

export const notYetSent: StatusInfo = described(
  'offers.notSent',
  'offers.notSentMeaning',
  'neutral',
);

export function describeStatus(status: OfferStatusValue | null): StatusInfo {
  return status === null ? notYetSent : statusInfo[status];
}

export const statusValues: OfferStatusValue[] = Object.values(OfferStatus);

export interface SyncStateInfo {
  label: string;
  meaning: string;
}

function syncWords(label: MessageKey, meaning: MessageKey): SyncStateInfo {
  return {
    get label() {
      return t(label);
    },
    get meaning() {
      return t(meaning);
    },
  };
}

export const syncStateInfo: Record<SyncState, SyncStateInfo> = {
  synced: syncWords('offers.syncSynced', 'offers.syncSyncedMeaning'),
  local: syncWords('offers.syncLocal', 'offers.syncLocalMeaning'),
  sending: syncWords('offers.syncSending', 'offers.syncSendingMeaning'),
  attention: syncWords('offers.syncAttention', 'offers.syncAttentionMeaning'),
  conflict: syncWords('offers.syncConflict', 'offers.syncConflictMeaning'),
};

/** What a queued deletion or status change will do, as the row says it. */
export function pendingStatusInfo(pending: {
  delete: boolean;
  status: number | null;
}): StatusInfo | null {
  if (pending.delete) {
    return described('offers.willBeDeleted', 'offers.willBeDeletedMeaning', 'warn');
  }
  if (pending.status === null) return null;
  const target = statusInfo[pending.status as OfferStatusValue];
  const status = target?.name ?? t('offers.unknownStatus', { status: pending.status });
  return described('offers.willBe', 'offers.willBeMeaning', target?.tone ?? 'neutral', { status });
}
