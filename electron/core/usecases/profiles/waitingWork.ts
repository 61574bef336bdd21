// What waits in a profile the app does not have open (no token kept for it): the figures the
// account switcher shows beside its name, read from its file without opening a session.
import { existsSync } from 'node:fs';
import { openStore } from '../../store';

export interface WaitingWork {
  /** Offers that need the seller: refused, or changed here and on the marketplace. */
  attention: number;
  /** Offers with changes to send. */
  toSend: number;
}

export function waitingWork(file: string): WaitingWork {
  if (!existsSync(file)) return { attention: 0, toSend: 0 };
  const store = openStore(file);
  try {
    const { bySyncState } = store.countOffers();
    return {
      attention: bySyncState.attention + bySyncState.conflict,
      toSend: bySyncState.local + bySyncState.sending,
    };
  } finally {
    store.close();
  }
}
