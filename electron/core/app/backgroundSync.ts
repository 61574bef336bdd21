// The seller's other connected profiles, synced while another one is shown: each opened with its
// own token (its sealed file), behind its own seller guard, with its own limiter and ledger (the
// profile's), its own scheduler and the same `syncNow` use case as the shown profile. What the
// renderer sees of them is a line in the account switcher: connection (waiting for the rate limit
// with its deadline, unreachable with the next retry, token refused), counts, and notifications
// that name the profile. A background profile that cannot reach the marketplace retries with the
// same growing pause as the shown one (connection.ts). The shown profile keeps the full
// machinery of the app core (index.ts).
import type { ProfileConnection } from '../../contract/ipc';
import { toFailure } from '../usecases/failure';
import { sellerGuard } from '../usecases/profiles';
import { profileSettings } from '../usecases/settings';
import { backgroundRound, status } from '../usecases/sync';
import type { Clock } from '../util/clock';
import type { AppCoreOptions } from './options';
import { openProfile, type Profile } from './profile';
import {
  createConnectionTracker,
  unreachableReason,
  type RateWait,
  type WaitPool,
} from '../usecases/sync/connection';
import type { Locale } from '../../contract/i18n';
import { alertAfterRound } from './alerts';
import { refusedNotice, stockAlertNotice, tokenRefusedNotice } from './syncNotices';
import { notificationGate, stockNotificationKind } from './preferences';
import type { NotificationKind } from '../../contract/ipc/preferenceModels';
import {
  createSyncScheduler,
  type SyncScheduler,
  type SyncTrigger,
} from '../usecases/sync/scheduler';

export interface BackgroundConnection {
  state: ProfileConnection;
  /** Why it waits or cannot reach the marketplace, in the Sync view's words. */
  reason: string | null;
  /** The rate limit's next slot or the next retry. */
  countdown: { label: string; until: string } | null;
}

export interface BackgroundProfile {
  readonly file: string;
  /** Where this profile stands with the marketplace, as the switcher shows it. */
  connection(): BackgroundConnection;
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
  /** The app's language: notifications and the switcher's reasons are written in it. */
  locale?: () => Locale;
}

export async function openBackgroundProfile(
  input: BackgroundProfileOptions,
): Promise<BackgroundProfile> {
  const { options, file } = input;
  const locale = input.locale ?? ((): Locale => 'en');
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
  let tokenRefused = false;
  let wait: RateWait | null = null;
  let cancel: AbortController | null = null;
  // Assigned below; the tracker's retry only fires after a run, when the scheduler exists.
  let scheduler: SyncScheduler | null = null;
  const tracker = createConnectionTracker({
    clock: input.clock,
    retry: () => void scheduler?.runNow('retry'),
    ...(options.retryDelaysMs && { delaysMs: options.retryDelaysMs }),
  });
  const gate = notificationGate(options.dataDir, options.notify);
  const notify = (kind: NotificationKind, title: string, body: string) =>
    gate(kind, `${input.name()}: ${title}`, body);

  async function run(_trigger: SyncTrigger) {
    tracker.cancelRetry();
    cancel = new AbortController();
    running = true;
    wait = null;
    input.onChange();
    try {
      const found = await backgroundRound(profile.seller, {
        signal: cancel.signal,
        ...(options.syncHoldMs !== undefined && { holdFreshMs: options.syncHoldMs }),
        onProgress(event) {
          const waited = wait !== null;
          wait = event.waitingMs
            ? {
                pool: (event.waitReason ?? 'requests') as WaitPool,
                until: input.clock.now() + event.waitingMs,
                ...(event.waitingOffers && { offers: event.waitingOffers }),
              }
            : null;
          if (wait || waited) input.onChange();
        },
      });
      alertAfterRound(options, profile.seller, locale(), { findings: found });
      const told = refusedNotice(found.refused, found.newConflicts, locale());
      if (told) notify('syncRefusals', told.title, told.body);
      for (const alert of found.stockAlerts) {
        const stock = stockAlertNotice(alert, locale());
        notify(stockNotificationKind(alert), stock.title, stock.body);
      }
      tracker.succeeded();
      tokenRefused = false;
    } catch (error) {
      const failure = toFailure(error);
      alertAfterRound(options, profile.seller, locale(), { failure });
      if (failure.kind === 'unauthorized') {
        tracker.succeeded(); // it answered: the way out is a new token, not a retry
        if (!tokenRefused) {
          const told = tokenRefusedNotice(locale(), 'background');
          notify('connectionLost', told.title, told.body);
        }
        tokenRefused = true;
      } else if (failure.kind === 'unreachable') {
        const said = failure.detail.marketplace;
        tracker.failed(unreachableReason(said?.kind, said?.networkCode));
      } else if (failure.kind !== 'cancelled') {
        options.log?.('background sync failed', failure.detail.unexpected ?? failure);
      }
    } finally {
      running = false;
      wait = null;
      cancel = null;
      input.onChange();
    }
  }

  const started: SyncScheduler = createSyncScheduler({
    run,
    clock: input.clock,
    intervalMs:
      options.syncIntervalMs ??
      (() => profileSettings(profile.seller).syncIntervalMinutes * 60_000),
    onError: (error) => options.log?.('background sync failed', error),
  });
  scheduler = started;
  started.start();

  return {
    file,
    connection() {
      const view = tracker.view(
        { hasProfile: true, tokenRefused, running, wait, locale: locale() },
        input.clock.now(),
      );
      return {
        state: view.state === 'offline' ? 'online' : view.state,
        reason: view.reason,
        countdown: view.countdown,
      };
    },
    counts() {
      const current = status(profile.seller);
      return { attention: current.needsSeller, toSend: current.changesToSend };
    },
    runNow: () => started.runNow('timer'),
    async stop() {
      cancel?.abort();
      tracker.cancelRetry();
      await started.stop();
      await profile.close();
    },
  };
}
