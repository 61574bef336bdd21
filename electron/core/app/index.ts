/**
 * The app core: every use case of the IPC contract, on top of the store, the sync engine, the
 * client and the importers. Electron main and the browser host are thin shells around it:
 * they give it ports to the platform (token vault, keychain, dialogs, notifications, file
 * references, the sandbox) and forward `handlers` and events.
 *
 * - `createAppCore(options)` → `{ handlers, on, start, close, status }`
 * - Background sync: at start, every few minutes, when the network comes back, and shortly
 *   after each local change (see syncScheduler), through the same `syncNow` use case
 *   (core/usecases/sync) as the command line's pull and push.
 */
import type { EventName, EventPayload, Handlers } from '../../contract/ipc';
import { AppFailure } from '../../contract/ipc';
import type { SyncProgressEvent } from '../usecases/sync';
import { toFailure } from '../usecases/failure';
import { syncNow } from '../usecases/sync';
import { systemClock } from '../util/clock';
import { settingsHandlers } from './commandLineAccess';
import { changeHandlers } from './handlers/changeHandlers';
import { settingsFile } from './settings';
import { requireProfile, type AppContext } from './context';
import { createEventBus } from './events';
import { withFailures } from './failures';
import { activityHandlers } from './handlers/activityHandlers';
import { catalogueHandlers } from './handlers/catalogueHandlers';
import { credentialHandlers } from './handlers/credentialHandlers';
import { offerHandlers } from './handlers/offerHandlers';
import { syncQueueHandlers } from './handlers/syncQueueHandlers';
import { screenshotHandlers } from './handlers/screenshotHandlers';
import { transferHandlers } from './handlers/transferHandlers';
import { tcpReachable } from './network';
import type { AppCoreOptions } from './options';
import { createSession } from './session';
import { syncStatusOf, waitReasonText, type LiveSyncState } from './syncStatus';
import { createSyncScheduler, type SyncTrigger } from './syncScheduler';

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
}

const OFFLINE_PROBE_MS = 15_000;

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const bus = createEventBus((error) => log('event listener failed', error));
  const live: LiveSyncState = { online: true, running: false, waiting: null };
  let cancelRun: AbortController | null = null;
  let offlineProbe: ReturnType<typeof setInterval> | null = null;

  const onProgress = (event: SyncProgressEvent) => {
    let waitReason: string | null = null;
    if (event.waitingMs) {
      waitReason = waitReasonText(event.waitReason, session.profile()?.limiter.pause() ?? null);
      live.waiting = {
        ms: event.waitingMs,
        reason: waitReason,
        until: clock.now() + event.waitingMs,
      };
    }
    bus.emit('sync.progress', {
      phase: event.phase === 'push' ? 'push' : 'pull',
      done: event.done,
      total: event.total,
      waitingMs: event.waitingMs ?? null,
      waitReason,
    });
  };

  const session = createSession(options);
  const status = () => syncStatusOf(session.profile()?.seller ?? null, live, clock.now());
  const publishStatus = () => bus.emit('sync.status', status());

  function setOnline(online: boolean) {
    if (live.online === online) return;
    live.online = online;
    bus.emit('network.online', { online });
    if (online) {
      if (offlineProbe) clearInterval(offlineProbe);
      offlineProbe = null;
      scheduler.cameOnline();
    } else if (!offlineProbe) {
      offlineProbe = setInterval(() => {
        const profile = session.profile();
        if (profile) void tcpReachable(profile.baseUrl).then((up) => up && setOnline(true));
      }, OFFLINE_PROBE_MS);
      offlineProbe.unref?.();
    }
  }

  const settings = settingsFile(options.dataDir);
  const holdMs = () => options.syncHoldMs ?? settings.read().holdSeconds * 1000;

  async function runSync(trigger: SyncTrigger) {
    const profile = session.profile();
    if (!profile) return;
    cancelRun = new AbortController();
    live.running = true;
    publishStatus();
    try {
      // "Sync now" sends everything; the background sync holds fresh changes (undo time) and,
      // with "Send changes automatically" off, only reads.
      const manual = trigger === 'manual';
      const outcome = await syncNow(profile.seller, {
        signal: cancelRun.signal,
        onProgress,
        holdFreshMs: manual ? 0 : holdMs(),
        send: manual || settings.read().sendAutomatically,
      });
      setOnline(true);
      if (outcome.needsAttention > 0 || outcome.conflicts > 0) {
        options.notify?.(
          'Some offers need your attention',
          `${outcome.needsAttention} refused, ${outcome.conflicts} in conflict. Open the sync panel to fix them.`,
        );
      }
      if (trigger !== 'start' && outcome.wentNotActive > 0) {
        const n = outcome.wentNotActive;
        options.notify?.(
          `${n} offer${n === 1 ? '' : 's'} went Not Active`,
          'Sold out or hidden on the marketplace; add credentials or change the status to sell again.',
        );
      }
    } catch (error) {
      const failure = toFailure(error);
      if (failure.kind === 'unauthorized') {
        session.markTokenInvalid();
        bus.emit('session.changed', session.status());
        options.notify?.(
          'Seller Desk needs a new token',
          'The marketplace no longer accepts your API token. Your changes are kept; paste a new token to send them.',
        );
      } else if (failure.kind === 'unreachable') {
        if (failure.detail.marketplace?.kind.startsWith('network')) setOnline(false);
      } else if (failure.kind !== 'cancelled') {
        log('sync failed', failure.detail.unexpected ?? failure);
      }
    } finally {
      live.running = false;
      live.waiting = null;
      cancelRun = null;
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
    intervalMs: options.syncIntervalMs,
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
      scheduler.localChange();
    },
  };

  async function sessionChanged() {
    const current = session.status();
    bus.emit('session.changed', current);
    if (session.profile()) void scheduler.runNow('start');
    return current;
  }

  /** What a failure must never repeat: the token the vault holds, if it can be read now. */
  const tokenOfTheMoment = (): string[] => {
    try {
      return [options.tokenVault.get() ?? ''];
    } catch {
      return [];
    }
  };

  const handlers: Handlers = withFailures(tokenOfTheMoment, {
    async 'session.status'() {
      return session.status();
    },
    async 'session.connect'({ token }) {
      await session.connect(token);
      return sessionChanged();
    },
    async 'session.acceptPlainTextStorage'({ token }) {
      await session.connect(token, true);
      return sessionChanged();
    },
    async 'session.useSandbox'() {
      await session.useSandbox();
      return sessionChanged();
    },
    async 'session.disconnect'() {
      cancelRun?.abort();
      await session.disconnect();
      return sessionChanged();
    },
    ...settingsHandlers(options.dataDir, options.keychain),
    ...changeHandlers(ctx),
    ...catalogueHandlers(ctx),
    ...offerHandlers(ctx),
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
    ...screenshotHandlers(ctx),
    ...transferHandlers(ctx),
    ...activityHandlers(ctx),
    async 'dialogs.pickFiles'({ purpose }) {
      return options.dialogs.pickFiles(purpose);
    },
    async 'shell.openExternal'({ url }) {
      if (!url.startsWith('https://')) {
        throw new AppFailure('bad_input', 'Only https links open in the browser.');
      }
      await options.openExternal(url);
      return { message: 'Opened in your browser.' };
    },
  });

  return {
    handlers,
    on: (event, listener) => bus.on(event, listener),
    async start() {
      await session.resume();
      bus.emit('session.changed', session.status());
      scheduler.start();
    },
    async close() {
      cancelRun?.abort();
      if (offlineProbe) clearInterval(offlineProbe);
      await scheduler.stop();
      await session.close();
    },
  };
}
