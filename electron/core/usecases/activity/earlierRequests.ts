// Requests a token sends before its profile is open — the check that the marketplace takes it,
// the question whose it is — belong in that profile's activity log like every other: they are
// written down as they happen (redacted the same way) and kept once the profile they chose opens.
import type { MarketplaceClient } from '../../api';
import type { ActivityInput, ActivityLog } from '../../store';
import type { SellerProfile } from '../profile';
import { recordingClient } from './recordActivity';

export interface EarlierRequests {
  /** The client, noting each request it sends for the profile that opens next. */
  watch(client: MarketplaceClient, token: string): MarketplaceClient;
  /** Writes what was noted into the profile's log, once. */
  keepIn(profile: SellerProfile): void;
}

export function earlierRequests(now: () => number = Date.now): EarlierRequests {
  const noted: ActivityInput[] = [];
  const buffer: ActivityLog = {
    record: (entry) => void noted.push(entry),
    list: () => [],
  };
  return {
    watch: (client, token) => recordingClient(client, () => buffer, { token: () => token, now }),
    keepIn(profile) {
      const log = profile.store().activityLog();
      for (const entry of noted.splice(0)) {
        try {
          log.record(entry);
        } catch {
          // The log is a record, never a reason for connecting to fail.
        }
      }
    },
  };
}
