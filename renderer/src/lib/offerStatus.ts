// The words the seller sees for the marketplace's statuses and our sync states. "Draft" is only
// ever the marketplace's status 1; a change the server has not seen is a "local change".
import {
  OfferStatus,
  offerStatusNames,
  type OfferStatusValue,
} from '../../../electron/contract/marketplace/wire';
import type { SyncState } from '../../../electron/contract/ipc/models';

export interface StatusInfo {
  name: string;
  meaning: string;
  tone: 'neutral' | 'good' | 'muted' | 'warn' | 'info' | 'done';
}

export const statusInfo: Record<OfferStatusValue, StatusInfo> = {
  [OfferStatus.Draft]: {
    name: offerStatusNames[OfferStatus.Draft],
    meaning: 'Saved on the marketplace, not visible to others.',
    tone: 'neutral',
  },
  [OfferStatus.Active]: {
    name: offerStatusNames[OfferStatus.Active],
    meaning: 'Visible to customers.',
    tone: 'good',
  },
  [OfferStatus.NotActive]: {
    name: offerStatusNames[OfferStatus.NotActive],
    meaning: 'Hidden from customers.',
    tone: 'muted',
  },
  [OfferStatus.NeedDetails]: {
    name: offerStatusNames[OfferStatus.NeedDetails],
    meaning: 'Review not passed: the marketplace needs more details.',
    tone: 'warn',
  },
  [OfferStatus.OnReview]: {
    name: offerStatusNames[OfferStatus.OnReview],
    meaning: 'Under review by the marketplace.',
    tone: 'info',
  },
  [OfferStatus.Sold]: {
    name: offerStatusNames[OfferStatus.Sold],
    meaning: 'Sold, or the order is completed.',
    tone: 'done',
  },
  [OfferStatus.ReviewPassed]: {
    name: offerStatusNames[OfferStatus.ReviewPassed],
    meaning: 'Review passed, waiting for activation.',
    tone: 'info',
  },
};

export const notYetSent: StatusInfo = {
  name: 'Not sent',
  meaning: 'The marketplace has not seen this offer yet; it is sent on the next sync.',
  tone: 'neutral',
};

export function describeStatus(status: OfferStatusValue | null): StatusInfo {
  return status === null ? notYetSent : statusInfo[status];
}

export const statusValues: OfferStatusValue[] = Object.values(OfferStatus);

export interface SyncStateInfo {
  label: string;
  meaning: string;
}

export const syncStateInfo: Record<SyncState, SyncStateInfo> = {
  synced: { label: 'Synced', meaning: 'The marketplace has exactly what you see.' },
  local: {
    label: 'Local change',
    meaning: 'Saved on this computer, waiting to be sent on the next sync.',
  },
  sending: { label: 'Sending', meaning: 'Being sent to the marketplace now.' },
  attention: {
    label: 'Needs attention',
    meaning: 'The marketplace refused this change; open the offer to fix or discard it.',
  },
  conflict: {
    label: 'Conflict',
    meaning: 'Changed here and on the marketplace; choose which value to keep per field.',
  },
};

/** What a queued deletion or status change will do, as the row says it. */
export function pendingStatusInfo(pending: {
  delete: boolean;
  status: number | null;
}): StatusInfo | null {
  if (pending.delete) {
    return {
      name: 'Will be deleted',
      meaning:
        'Deleted on the marketplace with the next sync. Discard the local change to keep it.',
      tone: 'warn',
    };
  }
  if (pending.status === null) return null;
  const target = statusInfo[pending.status as OfferStatusValue];
  const name = target?.name ?? `status ${pending.status}`;
  return {
    name: `Will be ${name}`,
    meaning: `Set to ${name} on the marketplace with the next sync.`,
    tone: target?.tone ?? 'neutral',
  };
}
