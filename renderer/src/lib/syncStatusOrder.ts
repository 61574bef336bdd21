// The sync status reaches the window two ways: as the answer to a call and as the core's event.
// In the browser host they travel apart, so an answer the core made before a sync ended could
// arrive after the end's event and put back "Syncing…" without the refusal it just recorded.
import type { SyncStatus } from '../../../electron/contract/ipc/models';

/** Whether `next` may replace `shown`: it is not a status the core made before it. */
export const isNewerStatus = (shown: SyncStatus | null, next: SyncStatus): boolean =>
  shown?.seq === undefined || next.seq === undefined || next.seq >= shown.seq;
