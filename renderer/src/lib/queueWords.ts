// What the next sync will do to an offer, in the seller's words: "Delete", "Set Not Active",
// "Update price per step", "Add 3 credentials". The core says what (sync.queue); the words live here.
import type { QueuedChange } from '../../../electron/contract/ipc/models';
import type { OfferStatusValue } from '../../../electron/contract/marketplace/wire';
import { fieldLabel } from './fieldLabels';
import { plural } from './format';
import { statusInfo } from './offerStatus';

const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);

export function changeWords(change: QueuedChange): string {
  switch (change.kind) {
    case 'create':
      return 'Create';
    case 'update': {
      if (change.fields.length !== 1) return `Update ${plural(change.fields.length, 'field')}`;
      const label = fieldLabel(change.fields[0]!);
      return label ? `Update ${lowerFirst(label)}` : 'Update';
    }
    case 'status':
      return `Set ${statusInfo[change.status as OfferStatusValue]?.name ?? 'a new status'}`;
    case 'delete':
      return 'Delete';
    case 'credentials':
      return change.replace
        ? `Replace credentials with ${plural(change.count, 'credential')}`
        : `Add ${plural(change.count, 'credential')}`;
    case 'upload':
      return `Upload ${plural(change.count, 'screenshot')}`;
    case 'links':
      return `Attach ${plural(change.count, 'screenshot link')}`;
    case 'detach':
      return `Remove ${plural(change.count, 'screenshot')}`;
  }
}

/** "Update price per step, Set Not Active": every change of one offer, in order. */
export function changesWords(changes: readonly QueuedChange[]): string {
  return changes.length === 0 ? 'Update' : changes.map(changeWords).join(', ');
}
