/**
 * The app core: every use case of the IPC contract, on top of the store, the sync engine, the
 * client and the importers. Electron main and the browser host are thin shells around it:
 * they give it ports to the platform (token vault, keychain, dialogs, notifications, file
 * references, the sandbox) and forward `handlers` and events.
 *
 * - `createAppCore(options)` → `{ handlers, on, start, close, status }`
 * - Background sync: at start, every few minutes, when the network comes back, and shortly
 *   after each local change (see usecases/sync/scheduler), through the same `backgroundRound` use case
 *   (core/usecases/sync) as the command line's pull and push.
 */
import type {
  EventName,
  EventPayload,
  Handlers,
  LastRunSummary,
  SyncStatus,
} from '../../contract/ipc';
import type { SyncProgressEvent } from '../usecases/sync';
import { toFailure } from '../usecases/failure';
import { backgroundRound } from '../usecases/sync';
import { limits } from '../../contract/marketplace/limits';
import { systemClock } from '../util/clock';
import { settingsHandlers } from './commandLineAccess';
import { notificationGate, preferenceHandlers, stockNotificationKind } from './preferences';
import type { NotificationKind } from '../../contract/ipc/preferenceModels';
import { moveSettingsIntoProfiles, settingsFile } from './settings';
import { DEFAULT_PROFILE_SETTINGS, profileSettings } from '../usecases/settings';
import { moveStagedScreenshotsIntoProfiles } from '../usecases/screenshots';
import { changeHandlers } from './handlers/changeHandlers';
import { requireProfile, type AppContext } from './context';
import { createEventBus } from './events';
import { withFailures } from './failures';
import { activityHandlers } from './handlers/activityHandlers';
import { profitHandlers } from './handlers/profitHandlers';
import { salesHandlers } from './handlers/salesHandlers';
import { alertHandlers } from './handlers/alertHandlers';
import { alertAfterRound, appAlertContext } from './alerts';
import { alertStopping } from '../usecases/alerts';
import { stockHandlers } from './handlers/stockHandlers';
import { catalogueHandlers } from './handlers/catalogueHandlers';
import { credentialHandlers } from './handlers/credentialHandlers';
import { offerHandlers } from './handlers/offerHandlers';
import { syncQueueHandlers } from './handlers/syncQueueHandlers';
import { screenshotHandlers } from './handlers/screenshotHandlers';
import { transferHandlers } from './handlers/transferHandlers';
import { jobsOf } from './jobs';
import { createConnectionTracker, unreachableReason } from '../usecases/sync/connection';
import { tcpReachable } from './network';
import type { AppCoreOptions } from './options';
import { createSession } from './session';
import { createAppLanguage } from './language';
import type { Locale } from '../../contract/i18n';
import { createProfileDesk } from './profileDesk';
import {
  keptSummary,
  lastRunSummary,
  refusedNotice,
  stockAlertNotice,
  tokenRefusedNotice,
  unreachableNotice,
  wentNotActiveNotice,
} from './syncNotices';
import { pauseWords, syncStatusOf, waitReasonText, type LiveSyncState } from './syncStatus';
import { createSyncScheduler, type SyncTrigger } from '../usecases/sync/scheduler';
import { refusal } from './failures';

export type { AppCoreOptions, Dialogs, SandboxPort } from './options';
export type { TokenVault, TokenEncryption } from './tokenVault';
export { createEncryptedTokenVault } from './tokenVault';
export {
  defaultDataDir,
  profileFile,
  profileKeyFiles,
  legacyCredentialsKeyFile,
  hostKeyFile,
} from '../usecases/paths';

export interface AppCore {
  handlers: Handlers;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Reopens the last session and starts the background sync. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** The app's language now (the seller's choice or the OS's): core sentences, menus, notifications. */
  locale(): Locale;
}

const OFFLINE_PROBE_MS = 15_000;

/**
 * The offers that go out when the offers-per-minute window has room again: what is left of the
 * push, up to a window's worth (a push that filled the window finds all of it free at once).
 */
function offersGoingNext(event: SyncProgressEvent): number {
  const left = event.phase === 'push' ? Math.max(0, event.total - event.done) : 0;
  return Math.max(event.waitingOffers ?? 0, Math.min(left, limits.manageOffersPerWindow));
}

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const bus = createEventBus((error) => log('event listener failed', error));
  const language = createAppLanguage(options.dataDir, options.systemLanguages, (changed) => {
    bus.emit('app.languageChanged', changed);
    // The connection line and the sync summary are the core's words: said again in the new one.
    publishStatus();
  });
  const live: LiveSyncState = { running: false, wait: null, tokenRefused: false, lastRun: null };
  let cancelRun: AbortController | null = null;
  let offlineProbe: ReturnType<typeof setInterval> | null = null;
  let budgetSentAt = -Infinity;
  const connection = createConnectionTracker({
    clock,
    retry: () => void scheduler.runNow('retry'),
    ...(options.retryDelaysMs && { delaysMs: options.retryDelaysMs }),
  });

  const onProgress = (event: SyncProgressEvent) => {
    let waitReason: string | null = null;
    const wasWaiting = live.wait !== null;
    if (event.waitingMs) {
      const pause = session.profile()?.limiter.pause() ?? null;
      waitReason = waitReasonText(event.waitReason, pause, language.locale());
      live.wait = {
        pool: event.waitReason ?? 'requests',
        until: clock.now() + event.waitingMs,
        ...(event.waitReason === 'manage_offers' && { offers: offersGoingNext(event) }),
        ...(pause && { pauseText: pauseWords(pause, language.locale()) }),
      };
    } else {
      live.wait = null;
    }
    bus.emit('sync.progress', {
      phase: event.phase === 'push' ? 'push' : 'pull',
      done: event.done,
      total: event.total,
      waitingMs: event.waitingMs ?? null,
      waitReason,
    });
    // The connection line and the budget follow the limiter's ledger while the run goes on:
    // at every wait, at its end, and about once a second in between.
    const now = clock.now();
    if (event.waitingMs || wasWaiting || now - budgetSentAt >= 1_000) {
      budgetSentAt = now;
      publishStatus();
    }
  };

  const session = createSession(options);
  // From the wall clock, so that a restarted core's statuses still count as newer than its
  // predecessor's (one status a millisecond would be needed to catch up with it).
  let statusSeq = Date.now();
  const status = (): SyncStatus => ({
    ...syncStatusOf(
      session.profile()?.seller ?? null,
      live,
      connection,
      clock.now(),
      language.locale(),
    ),
    seq: ++statusSeq,
  });
  const publishStatus = () => {
    bus.emit('sync.status', status());
    desk.publishSoon();
  };
  // With several sellers connected, a notification names the profile it is about.
  // Each event the seller may silence in Settings (core/app/preferences: notificationGate).
  const gate = notificationGate(options.dataDir, options.notify);
  const notify = (kind: NotificationKind, title: string, body: string) =>
    gate(kind, desk.named(title), body);

  function stopProbe() {
    if (offlineProbe) clearInterval(offlineProbe);
    offlineProbe = null;
  }

  /** A TCP knock while the marketplace's host is away: a sync the moment it answers again. */
  function probeUntilBack() {
    if (offlineProbe) return;
    offlineProbe = setInterval(() => {
      const profile = session.profile();
      if (!profile) return;
      void tcpReachable(profile.baseUrl).then((up) => {
        if (up && offlineProbe && !scheduler.running) {
          stopProbe();
          connection.cancelRetry();
          void scheduler.runNow('online');
        }
      });
    }, options.reachabilityProbeMs ?? OFFLINE_PROBE_MS);
    offlineProbe.unref?.();
  }

  function reached() {
    stopProbe();
    if (connection.succeeded()) bus.emit('network.online', { online: true });
  }

  function unreachable(failure: ReturnType<typeof toFailure>) {
    const said = failure.detail.marketplace;
    const reason = unreachableReason(said?.kind, said?.networkCode);
    if (connection.failed(reason)) {
      bus.emit('network.online', { online: false });
      const queued = failure.detail.queue?.kept ?? 0;
      const why = connection.view(facts(), clock.now()).reason ?? '';
      const told = unreachableNotice(why, queued, language.locale());
      notify('connectionLost', told.title, told.body);
    }
    if (reason !== 'marketplace_error') probeUntilBack();
  }

  const facts = () => ({
    hasProfile: session.profile() !== null,
    tokenRefused: live.tokenRefused,
    running: live.running,
    wait: null,
    locale: language.locale(),
  });

  /** The shown profile's own settings (each seller's hold and automatic sending). */
  const shownSettings = () => {
    const shown = session.profile();
    return shown ? profileSettings(shown.seller) : DEFAULT_PROFILE_SETTINGS;
  };
  const holdMs = () => options.syncHoldMs ?? shownSettings().holdSeconds * 1000;

  async function runSync(trigger: SyncTrigger) {
    const profile = session.profile();
    if (!profile) return;
    connection.cancelRetry();
    cancelRun = new AbortController();
    live.running = true;
    live.wait = null;
    publishStatus();
    let failed: LastRunSummary['failure'] = null;
    try {
      // "Sync now" sends everything; the background sync holds fresh changes (undo time) and,
      // with "Send changes automatically" off, only reads.
      const manual = trigger === 'manual';
      const { outcome, refused, newConflicts, stockAlerts } = await backgroundRound(
        profile.seller,
        {
          signal: cancelRun.signal,
          onProgress,
          holdFreshMs: manual ? 0 : holdMs(),
          ...(manual && { send: true }),
        },
      );
      reached();
      live.tokenRefused = false;
      alertAfterRound(options, profile.seller, language.locale(), {
        findings: { outcome, refused, newConflicts, stockAlerts },
      });
      const told = refusedNotice(refused, newConflicts, language.locale());
      if (told) notify('syncRefusals', told.title, told.body);
      // Once per offer per episode (low, then sold out): the store keeps the alert given.
      for (const alert of stockAlerts) {
        const told = stockAlertNotice(alert, language.locale());
        notify(stockNotificationKind(alert), told.title, told.body);
      }
      // Offers whose sell-out was just told by name are not counted again.
      const soldOutTold = stockAlerts.filter((a) => a.kind === 'sold_out').length;
      if (trigger !== 'start' && outcome.wentNotActive > soldOutTold) {
        const told = wentNotActiveNotice(outcome.wentNotActive, language.locale());
        notify('sales', told.title, told.body);
      }
    } catch (error) {
      const failure = toFailure(error);
      alertAfterRound(options, profile.seller, language.locale(), { failure });
      if (failure.kind === 'unauthorized') {
        failed = 'token_refused';
        reached(); // it answered: the way out is a new token, not a retry
        session.markTokenInvalid();
        bus.emit('session.changed', session.status());
        if (!live.tokenRefused) {
          const told = tokenRefusedNotice(language.locale());
          notify('connectionLost', told.title, told.body);
        }
        live.tokenRefused = true;
      } else if (failure.kind === 'unreachable') {
        failed = 'unreachable';
        unreachable(failure);
      } else if (failure.kind === 'cancelled') {
        failed = 'cancelled';
      } else {
        failed = 'error';
        log('sync failed', failure.detail.unexpected ?? failure);
      }
    } finally {
      live.running = false;
      live.wait = null;
      cancelRun = null;
      live.lastRun = keptSummary(live.lastRun, lastRunSummary(profile.seller, failed, clock.now()));
      bus.emit('offers.changed', { localIds: null });
      bus.emit('sync.progress', {
        phase: 'idle',
        done: 0,
        total: 0,
        waitingMs: null,
        waitReason: null,
      });
      publishStatus();
    }
  }

  const scheduler = createSyncScheduler({
    run: runSync,
    clock,
    // The seller's interval (Settings, per profile), read at each timer.
    intervalMs: options.syncIntervalMs ?? (() => shownSettings().syncIntervalMinutes * 60_000),
    // A change goes out right after its hold ends, not at the next timer.
    debounceMs: () => Math.max(options.syncDebounceMs ?? 2_000, holdMs() > 0 ? holdMs() + 250 : 0),
    onError: (error) => log('sync failed', error),
  });

  const ctx: AppContext = {
    options,
    bus,
    scheduler,
    profile: () => requireProfile(session.profile()),
    seller: () => requireProfile(session.profile()).seller,
    currentProfile: () => session.profile(),
    changed(localIds) {
      bus.emit('offers.changed', { localIds });
      // What waits to be sent and what needs the seller changed with it: the badge follows.
      publishStatus();
      scheduler.localChange();
    },
  };

  async function sessionChanged() {
    const current = session.status();
    // A new token or another marketplace: what the last one answered no longer holds.
    live.tokenRefused = false;
    live.lastRun = null;
    connection.succeeded();
    stopProbe();
    bus.emit('session.changed', current);
    if (session.profile()) void scheduler.runNow('start');
    return current;
  }

  /** Ends the shown profile's run before its profile is closed (a switch, a new token). */
  async function quiesce() {
    cancelRun?.abort();
    for (let i = 0; i < 500 && scheduler.running; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const desk = createProfileDesk({
    options,
    clock,
    session,
    bus,
    activeStatus: status,
    locale: language.locale,
    showActive: sessionChanged,
    quiesce,
  });

  /** What a failure must never repeat: the tokens the vaults hold, if they can be read now. */
  const tokenOfTheMoment = (): string[] => {
    try {
      return [options.tokenVault.get() ?? '', ...desk.tokens()];
    } catch {
      return [];
    }
  };

  const failuresSay = { secrets: tokenOfTheMoment, locale: language.locale };
  const handlers: Handlers = withFailures(failuresSay, {
    async 'session.status'() {
      return session.status();
    },
    async 'session.connect'({ token }) {
      await quiesce();
      await desk.whileClosed(() => session.connect(token));
      return sessionChanged();
    },
    async 'session.acceptPlainTextStorage'({ token }) {
      await quiesce();
      await desk.whileClosed(() => session.connect(token, true));
      return sessionChanged();
    },
    async 'session.useSandbox'() {
      await quiesce();
      await desk.whileClosed(() => session.useSandbox());
      return sessionChanged();
    },
    async 'session.disconnect'() {
      await quiesce();
      await desk.whileClosed(async () => {
        await session.disconnect();
        // Another seller still connected is shown next (the last one shown, after the sandbox).
        const connected = session.connectedFiles();
        const last = settingsFile(options.dataDir).read().activeProfile;
        const next = last && connected.includes(last) ? last : connected[0];
        if (next) await session.switchTo(next);
      });
      return sessionChanged();
    },
    async 'profiles.list'() {
      return desk.list();
    },
    async 'profiles.switch'({ name }) {
      return desk.switchTo(name);
    },
    async 'profiles.add'({ token }) {
      await quiesce();
      await desk.whileClosed(() => session.connect(token));
      await sessionChanged();
      return desk.list();
    },
    async 'profiles.rename'({ name, to }) {
      return desk.rename(name, to);
    },
    async 'profiles.remove'({ name, confirmed }) {
      return desk.remove(name, confirmed);
    },
    async 'profiles.replaceToken'({ name, token, confirmed }) {
      return desk.replaceToken(name, token, confirmed);
    },
    ...language.handlers,
    ...settingsHandlers(options.keychain, () => session.profile()?.seller ?? null),
    ...preferenceHandlers(options, (changed) => bus.emit('app.preferencesChanged', changed)),
    ...changeHandlers(ctx, language.locale),
    ...catalogueHandlers(ctx),
    ...offerHandlers(ctx, language.locale),
    ...jobsOf(bus).handlers,
    ...syncQueueHandlers(ctx),
    async 'sync.status'() {
      return status();
    },
    async 'sync.now'() {
      ctx.profile();
      void scheduler.runNow('manual');
      return status();
    },
    async 'sync.cancel'() {
      cancelRun?.abort();
      return status();
    },
    ...credentialHandlers(ctx),
    ...screenshotHandlers(ctx, language.locale),
    ...transferHandlers(ctx, language.locale),
    ...activityHandlers(ctx),
    ...salesHandlers(ctx),
    ...profitHandlers(ctx),
    ...alertHandlers(ctx, () => language.locale()),
    ...stockHandlers(ctx),
    async 'dialogs.pickFiles'({ purpose }) {
      return options.dialogs.pickFiles(purpose);
    },
    async 'shell.openExternal'({ url }) {
      if (!url.startsWith('https://')) {
        throw refusal('bad_input', 'refusals.app.httpsOnly');
      }
      await options.openExternal(url);
      return { message: 'Opened in your browser.' };
    },
  });

  return {
    handlers,
    on: (event, listener) => bus.on(event, listener),
    locale: language.locale,
    async start() {
      moveSettingsIntoProfiles(options.dataDir, log);
      moveStagedScreenshotsIntoProfiles(options.dataDir, log);
      await session.resume();
      bus.emit('session.changed', session.status());
      scheduler.start();
      await desk.refresh();
    },
    async close() {
      cancelRun?.abort();
      stopProbe();
      connection.cancelRetry();
      await scheduler.stop();
      const shown = session.profile();
      if (shown) {
        // The seller's channels hear that nothing syncs or restocks until the app runs again.
        try {
          const seller = shown.seller;
          await alertStopping(seller, 'app', appAlertContext(options, seller, language.locale()));
        } catch (error) {
          log('alerts failed', error);
        }
      }
      await desk.close();
      await session.close();
    },
  };
}
