// The seller's connected profiles in the app: the one shown (the session's, synced by the app
// core's own machinery) and the others, synced in the background (backgroundSync.ts), each with
// its own token, guard, limiter and ledger. It answers the account switcher: list, switch, add,
// rename, remove, through the profiles use cases (core/usecases/profiles) as the CLI does.
import { createHash } from 'node:crypto';
import type {
  ProfileList,
  ProfileRemoveOutcome,
  ProfileReplaceTokenOutcome,
  SyncStatus,
} from '../../contract/ipc';
import {
  listProfiles,
  removeProfile,
  renameProfile,
  replaceProfileToken,
  waitingWork,
  type ProfileSummary as StoredProfile,
} from '../usecases/profiles';
import type { Clock } from '../util/clock';
import { openBackgroundProfile, type BackgroundProfile } from './backgroundSync';
import type { EventBus } from './events';
import type { AppCoreOptions } from './options';
import type { Session } from './session';
import { translate, type Locale } from '../../contract/i18n';
import { refusal } from './failures';
import { settingsFile } from './settings';

export interface ProfileDeskDeps {
  options: AppCoreOptions;
  clock: Clock;
  session: Session;
  bus: EventBus;
  /** The shown profile's sync status (the Sync view's). */
  activeStatus: () => SyncStatus;
  /** The app's language, for the background profiles' notifications and reasons. */
  locale?: () => Locale;
  /** The shown profile changed: tell the renderer and sync it (the core's sessionChanged). */
  showActive: () => Promise<unknown>;
  /** Ends the shown profile's run, if one goes on, before its profile is closed. */
  quiesce: () => Promise<void>;
}

export interface ProfileDesk {
  list(): ProfileList;
  /** Starts or stops background syncs so that every connected profile but the shown one runs. */
  refresh(): Promise<void>;
  /** Runs `change` (which may open another profile) with no background profile open. */
  whileClosed<T>(change: () => Promise<T>): Promise<T>;
  switchTo(name: string): Promise<ProfileList>;
  rename(name: string, to: string): Promise<ProfileList>;
  remove(name: string, confirmed: boolean): Promise<ProfileRemoveOutcome>;
  /** A new token for one profile (profiles/replaceToken.ts); once taken, that profile is shown. */
  replaceToken(
    name: string,
    token: string,
    confirmed: boolean,
  ): Promise<ProfileReplaceTokenOutcome>;
  /** "Gold shop: …" when the seller has several profiles connected; the title as it is else. */
  named(title: string): string;
  /** The switcher's figures changed (a run ended, a change was queued): told soon, once. */
  publishSoon(): void;
  /** Every token kept, for failures that must never repeat one. */
  tokens(): string[];
  close(): Promise<void>;
}

const PUBLISH_DELAY_MS = 300;

export function createProfileDesk(deps: ProfileDeskDeps): ProfileDesk {
  const { options, session, bus } = deps;
  const background = new Map<string, BackgroundProfile>();
  let publishTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshing: Promise<void> = Promise.resolve();
  let closed = false;
  let revision = 0;

  const stored = (): StoredProfile[] => {
    const market = session.marketUrl();
    return market ? listProfiles(options.dataDir, market) : [];
  };
  const nameOf = (file: string) => stored().find((p) => p.file === file)?.name ?? 'Profile';

  function byName(name: string): StoredProfile {
    const found = stored().find((p) => p.name === name);
    if (!found) throw refusal('not_found', 'refusals.app.noProfileNamed', { name });
    return found;
  }

  const idOf = (file: string) => createHash('sha256').update(file).digest('hex').slice(0, 12);

  function list(): ProfileList {
    const market = session.marketUrl();
    const active = session.activeFile();
    revision += 1;
    if (!market || !active) {
      return { profiles: [], canManage: false, revision };
    }
    const status = deps.activeStatus();
    const profiles = stored().map((p) => {
      if (p.file === active) {
        return {
          id: idOf(p.file),
          name: p.name,
          sellerId: p.userId,
          connection: status.connection.state,
          reason: status.connection.reason,
          countdown: status.connection.countdown,
          attention: status.needsSeller,
          toSend: status.queued,
          active: true,
        };
      }
      const running = background.get(p.file);
      const counts = running ? running.counts() : waitingWork(p.file);
      const connection = running
        ? running.connection()
        : { state: 'no_token' as const, reason: null, countdown: null };
      return {
        id: idOf(p.file),
        name: p.name,
        sellerId: p.userId,
        connection: connection.state,
        reason: connection.reason,
        countdown: connection.countdown,
        ...counts,
        active: false,
      };
    });
    return { profiles, canManage: true, revision };
  }

  function publish() {
    if (closed) return;
    try {
      bus.emit('profiles.changed', list());
    } catch (error) {
      options.log?.('profiles list failed', error);
    }
  }

  function publishSoon() {
    if (publishTimer || closed) return;
    publishTimer = setTimeout(() => {
      publishTimer = null;
      publish();
    }, PUBLISH_DELAY_MS);
    publishTimer.unref?.();
  }

  async function stopAll() {
    const running = [...background.values()];
    background.clear();
    await Promise.all(running.map((p) => p.stop()));
  }

  async function refreshNow() {
    const market = session.marketUrl();
    const active = session.activeFile();
    const wanted = new Set(
      market && !closed ? session.connectedFiles().filter((f) => f !== active) : [],
    );
    for (const [file, running] of [...background]) {
      if (!wanted.has(file)) {
        background.delete(file);
        await running.stop();
      }
    }
    for (const file of wanted) {
      if (background.has(file) || !market) continue;
      try {
        background.set(
          file,
          await openBackgroundProfile({
            options,
            clock: deps.clock,
            marketUrl: market,
            file,
            token: () => session.tokenOf(file) ?? '',
            name: () => nameOf(file),
            onChange: publishSoon,
            ...(deps.locale && { locale: deps.locale }),
          }),
        );
      } catch (error) {
        options.log?.('a background profile could not be opened', error);
      }
    }
    publish();
  }

  function refresh(): Promise<void> {
    refreshing = refreshing.then(refreshNow, refreshNow);
    return refreshing;
  }

  async function whileClosed<T>(change: () => Promise<T>): Promise<T> {
    await refreshing;
    await stopAll();
    try {
      return await change();
    } finally {
      await refresh();
    }
  }

  return {
    list,
    refresh,
    whileClosed,

    async switchTo(name) {
      const target = byName(name);
      if (target.file !== session.activeFile()) {
        if (session.tokenOf(target.file) === null) {
          throw refusal('unauthorized', 'refusals.app.profileNoToken', { name: target.name });
        }
        await deps.quiesce();
        await whileClosed(async () => {
          await session.switchTo(target.file);
          await deps.showActive();
        });
      }
      return list();
    },

    async rename(name, to) {
      const market = session.marketUrl();
      if (!market) throw refusal('not_found', 'refusals.app.sandboxOneProfile');
      renameProfile(options.dataDir, market, name, to);
      publish();
      return list();
    },

    async remove(name, confirmed) {
      const market = session.marketUrl();
      if (!market) throw refusal('not_found', 'refusals.app.sandboxOneProfile');
      const target = byName(name);
      const preview = removeProfile(options.dataDir, market, name, false);
      const changes = preview.lost.queuedOperations;
      // In the app's language: the question the seller answers before anything goes, the answer.
      const locale = deps.locale?.() ?? 'en';
      const lostCounts = { count: changes, offers: preview.lost.offersWithLocalChanges };
      if (!confirmed) {
        const lost =
          changes > 0
            ? translate(locale, 'profiles.removeLost', lostCounts)
            : translate(locale, 'profiles.removeNothingLost');
        return {
          name,
          removed: false,
          queuedChanges: changes,
          offersWithLocalChanges: preview.lost.offersWithLocalChanges,
          message: `${translate(locale, 'profiles.removeQuestion', { name })} ${lost}`,
        };
      }
      const wasActive = target.file === session.activeFile();
      if (wasActive) await deps.quiesce();
      const outcome = await whileClosed(async () => {
        if (wasActive) await session.closeActive();
        const removed = removeProfile(options.dataDir, market, name, true);
        if (wasActive) {
          const next = session.connectedFiles()[0];
          if (next) await session.switchTo(next);
          else await session.disconnect();
          await deps.showActive();
        }
        return removed;
      });
      return {
        name,
        removed: outcome.removed,
        queuedChanges: outcome.lost.queuedOperations,
        offersWithLocalChanges: outcome.lost.offersWithLocalChanges,
        message: [
          translate(locale, 'profiles.removed', { name }),
          changes > 0 ? translate(locale, 'profiles.removedLost', lostCounts) : '',
        ]
          .filter(Boolean)
          .join(' '),
      };
    },

    async replaceToken(name, token, confirmed) {
      const market = session.marketUrl();
      if (!market) throw refusal('not_found', 'refusals.app.sandboxOneProfile');
      const target = byName(name);
      const locale = deps.locale?.() ?? 'en';
      const outcome = await replaceProfileToken({
        dataDir: options.dataDir,
        baseUrl: market,
        name,
        token,
        confirmed,
        keeper: options.tokenVault.forProfile(target.file),
        plainTextAccepted: settingsFile(options.dataDir).read().plainTextAccepted,
        open: {
          clock: deps.clock,
          ...(options.windowMs !== undefined && { windowMs: options.windowMs }),
        },
      });
      if (!outcome.taken) {
        const { key, values } = outcome.question;
        return { name, taken: false, message: translate(locale, key, values), list: list() };
      }
      // Shown with its new token, as a regenerated token reopens its seller's profile.
      await deps.quiesce();
      await whileClosed(async () => {
        await session.switchTo(target.file);
        await deps.showActive();
      });
      return {
        name,
        taken: true,
        message: translate(locale, 'profiles.replaced', { name }),
        list: list(),
      };
    },

    named(title) {
      const active = session.activeFile();
      if (!active || session.connectedFiles().length < 2) return title;
      return `${nameOf(active)}: ${title}`;
    },

    publishSoon,

    tokens() {
      return stored().flatMap((p) => {
        const token = session.tokenOf(p.file);
        return token ? [token] : [];
      });
    },

    async close() {
      closed = true;
      if (publishTimer) clearTimeout(publishTimer);
      await refreshing;
      await stopAll();
    },
  };
}
