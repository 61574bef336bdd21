// The seller's other connected profiles, synced while another one is shown: each opened with its
// own token (its sealed file), behind its own seller guard, with its own limiter and ledger (the
// profile's), its own scheduler and the same `syncNow` use case as the shown profile. What the
// renderer sees of them is a line in the account switcher: connection, counts, and notifications
// that name the profile. The shown profile keeps the full machinery of the app core (index.ts).
import type { ProfileConnection } from '../../contract/ipc';
import { toFailure } from '../usecases/failure';
import { sellerGuard } from '../usecases/profiles';
import { profileSettings } from '../usecases/settings';
import { status, syncNow } from '../usecases/sync';
import type { Clock } from '../util/clock';
import type { AppCoreOptions } from './options';
import { openProfile, type Profile } from './profile';
import { refusedNotice } from './syncNotices';
import { createSyncScheduler, type SyncScheduler, type SyncTrigger } from './syncScheduler';

export interface BackgroundProfile {
  readonly file: string;
  /** Where this profile stands with the marketplace, as the switcher shows it. */
  connection(): ProfileConnection;
  counts(): { attention: number; toSend: number };
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundProfileOptions {
  options: AppCoreOptions;
  clock: Clock;
  marketUrl: string;
  file: string;
  token: () => string;
  /** The profile's name as the seller sees it now (they may rename it meanwhile). */
  name: () => string;
  /** Something the switcher shows changed (a run started or ended). */
  onChange: () => void;
}

export async function openBackgroundProfile(
  input: BackgroundProfileOptions,
): Promise<BackgroundProfile> {
  const { options, file } = input;
  const profile: Profile = await openProfile({
    dataDir: options.dataDir,
    baseUrl: input.marketUrl,
    file,
    guard: sellerGuard({ dataDir: options.dataDir, marketUrl: input.marketUrl, file }),
    token: input.token,
    keychain: options.keychain,
    clock: input.clock,
    windowMs: options.windowMs,
  });
  let running = false;
  let state: ProfileConnection = 'online';
  let cancel: AbortController | null = null;
  const notify = (title: string, body: string) =>
    options.notify?.(`${input.name()}: ${title}`, body);

  async function run(_trigger: SyncTrigger) {
    cancel = new AbortController();
    running = true;
    input.onChange();
    try {
      const before = status(profile.seller);
      const refusedBefore = new Set(before.refused.map((o) => o.localId));
      // The profile's own hold and automatic sending, as its seller set them.
      const own = profileSettings(profile.seller);
      const outcome = await syncNow(profile.seller, {
        signal: cancel.signal,
        holdFreshMs: options.syncHoldMs ?? own.holdSeconds * 1000,
        send: own.sendAutomatically,
      });
      const refused = outcome.attention.filter(
        (o) => o.syncState === 'attention' && !refusedBefore.has(o.localId),
      );
      const newConflicts = Math.max(0, outcome.conflicts - before.bySyncState.conflict);
      const told = refusedNotice(refused, newConflicts);
      if (told) notify(told.title, told.body);
      state = 'online';
    } catch (error) {
      const failure = toFailure(error);
      if (failure.kind === 'unauthorized') {
        if (state !== 'token_refused') {
          notify(
            'Seller Desk needs a new token',
            "The marketplace no longer accepts this profile's API token. Its changes are kept; add the token again to send them.",
          );
        }
        state = 'token_refused';
      } else if (failure.kind === 'unreachable') {
        state = 'unreachable';
      } else if (failure.kind !== 'cancelled') {
        options.log?.('background sync failed', failure.detail.unexpected ?? failure);
      }
    } finally {
      running = false;
      cancel = null;
      input.onChange();
    }
  }

  const scheduler: SyncScheduler = createSyncScheduler({
    run,
    clock: input.clock,
    intervalMs: options.syncIntervalMs,
    onError: (error) => options.log?.('background sync failed', error),
  });
  scheduler.start();

  return {
    file,
    connection: () => (running ? 'syncing' : state),
    counts() {
      const current = status(profile.seller);
      return { attention: current.needsSeller, toSend: current.changesToSend };
    },
    runNow: () => scheduler.runNow('timer'),
    async stop() {
      cancel?.abort();
      await scheduler.stop();
      await profile.close();
    },
  };
}
